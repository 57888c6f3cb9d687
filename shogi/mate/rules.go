package mate

import "fmt"

// Rules selects the rule set a problem is solved under.
type Rules uint8

const (
	// Tsume is the composers' rule set: the defender owns every piece not on
	// the board or in the attacker's hand, futile interpositions (無駄合) do
	// not count, and the answer is the composers' line (shortest mate,
	// longest defence, no spare pieces at the end among equal defences).
	Tsume Rules = iota
	// MateSearch is the engines' rule set: hands exactly as given, no
	// futile-interposition rule, and the length is plain minimax length.
	MateSearch
)

// String returns "tsume" or "mate".
func (r Rules) String() string {
	switch r {
	case Tsume:
		return "tsume"
	case MateSearch:
		return "mate"
	}
	return fmt.Sprintf("rules(%d)", uint8(r))
}

// ParseRules parses "tsume" or "mate".
func ParseRules(s string) (Rules, error) {
	switch s {
	case "tsume":
		return Tsume, nil
	case "mate":
		return MateSearch, nil
	}
	return 0, fmt.Errorf("mate: unknown rules %q (want tsume or mate)", s)
}

// Algorithm selects the proof-number search that finds the first proof.
type Algorithm uint8

const (
	// DFPN is df-pn with TCA and SNDA (the default).
	DFPN Algorithm = iota
	// PNStar is PN* (Seo, Iida and Uiterwijk 2001).
	PNStar
	// DFPNR is df-pn(r) (Kishimoto 2010) with TCA's threshold control,
	// which keeps it finite, for comparison tables.
	DFPNR
	// DFPNTCA is df-pn with TCA only, for comparison tables.
	DFPNTCA
	// DFPNWPNS is df-pn with TCA and WPNS, for comparison tables.
	DFPNWPNS
	// CStar is C* (Seo 1995): conspiracy-number iterative deepening.
	CStar
)

var algorithmNames = [...]string{DFPN: "dfpn", PNStar: "pnstar", DFPNR: "dfpnr", DFPNTCA: "dfpn-tca", DFPNWPNS: "dfpn-wpns", CStar: "cstar"}

// String returns the algorithm's command-line name.
func (a Algorithm) String() string {
	if int(a) < len(algorithmNames) {
		return algorithmNames[a]
	}
	return fmt.Sprintf("algorithm(%d)", uint8(a))
}

// ParseAlgorithm parses an algorithm's command-line name (dfpn, pnstar,
// dfpnr, dfpn-tca, dfpn-wpns, cstar).
func ParseAlgorithm(s string) (Algorithm, error) {
	for i, n := range algorithmNames {
		if n == s {
			return Algorithm(i), nil
		}
	}
	return 0, fmt.Errorf("mate: unknown algorithm %q (want dfpn, pnstar, dfpnr, dfpn-tca, dfpn-wpns or cstar)", s)
}

// Algorithms lists every algorithm, in the order of the comparison table.
func Algorithms() []Algorithm { return []Algorithm{DFPNR, DFPNTCA, DFPNWPNS, DFPN, PNStar, CStar} }
