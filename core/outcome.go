package core

// Outcome is the value of a position for the OR player (the attacker).
type Outcome uint8

const (
	// Unknown means not (yet) decided.
	Unknown Outcome = iota
	// Proven means the OR player wins.
	Proven
	// Disproven means the OR player cannot win.
	Disproven
)

// String returns "unknown", "proven" or "disproven".
func (o Outcome) String() string {
	switch o {
	case Unknown:
		return "unknown"
	case Proven:
		return "proven"
	case Disproven:
		return "disproven"
	}
	return "invalid-outcome"
}
