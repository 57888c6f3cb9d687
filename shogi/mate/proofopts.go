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
// Positions from real games hold few spare pieces, the attacker's checks
// are mostly distinct threats, and there the max makes an attacker's node
// look almost disproven when one of its marked checks is: a defender's
// node then keeps returning to it. Measured (proof-search expansions, 256
// MiB, gen-shogi seed 21, 100 positions, limit 1 M): the 94 decided either
// way the same answers, the 50 no-mates 1.07 M -> 0.69 M, the 44 mates
// 0.57 M -> 0.49 M, and #50, a no-mate KomoringHeights disproves in 1.2 s,
// decided in 0.40 M expansions (4.74 M before).
func proofOptions(co core.Options, r Rules) core.Options {
	if r == MateSearch && co.SNDA && co.SNDAOROnly {
		co.SNDA, co.SNDAOROnly = false, false
	}
	return co
}
