package mate

import "github.com/tsume-solver/tsume/core"

// proofOptions adjusts the core options of the proof search (the first
// proof or disproof, not the line phase's searches) to the rule set r.
//
// Under mate-search rules the default df-pn sums the disproof numbers of
// an attacker's children instead of taking SNDA's max over the children
// it marks as reaching a common descendant. The marks follow parent
// pointers that name a board, not a hand, so they are loose; under tsume
// rules, where the defender holds every spare piece and the same boards
// recur behind many interpositions, the loose max curbs the double
// counting that inflates proof numbers (see core.Options.SNDAOROnly).
// In positions from real games, with few spare pieces, the max made an
// attacker's node look almost disproven when one of its marked checks was
// (probably marks between checks whose continuations share a board but
// not a hand, as in tsume, but here without the double counting to
// offset), and a defender's node kept returning to it; KomoringHeights
// marks only paths that match board and hand. Measured (proof-search
// expansions, 256 MiB, a fresh table per position, limit 1.5 M): the 58 positions of
// gen-shogi seeds 21, 31, 61 and 71 that took 20 k or more either way,
// 55 decided by both with the same answers, 3 more decided without SNDA
// (seed 21 #50, a no-mate KomoringHeights disproves in 1.2 s: 0.38 M,
// 4.74 M with SNDA; seed 61 #11, a mate; seed 71 #91, a no-mate), none
// lost; on the 55, no-mates 5.92 M -> 5.99 M, mates 3.77 M -> 3.18 M.
// SNDA at both node types: 1 undecided, mates 5.38 M; without SNDA, ε = 0
// instead of 0.25: 4 undecided; ε = 0.5: all decided, mates 4.36 M.
func proofOptions(co core.Options, r Rules) core.Options {
	if r == MateSearch && co.SNDA && co.SNDAOROnly {
		co.SNDA, co.SNDAOROnly = false, false
	}
	return co
}
