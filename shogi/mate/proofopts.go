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
//
// The first proof's shape decides how far the line phase has to go, and
// either option loses on some positions: gen-shogi seed 21 #68 (a mate in
// 13) has a 25-ply first line with SNDA and reaches 13 after 31 k line
// nodes, and a 35-ply line without, which took 513 k with an epoch per
// search from the root (79 k without, see rootEpochs; its searches from
// the root, "mate within 25?" and "19?", cost 235 k and 208 k, where
// "mate within 15?" after the proof with SNDA cost 19 k: the bounded
// searches reuse the proven entries whose stored length fits the plies
// left, and this proof's are long); seed 91 #70 33 k and 517 k. On the 36
// generated mates below, it is the other way: 3.76 M line nodes to the
// final lengths with SNDA in the proof, 2.42 M without (with those two and
// seed 51 #95: 3.85 M and 3.49 M; 256 MiB, a 2 M line-node limit, an
// epoch per search from the root).
//
// The line phase's searches keep SNDA under both rule sets. Measured
// under mate rules (line nodes until the answer's length, 256 MiB, a
// line-node limit of 1 M; gen-shogi seed 81 #3, seed 91 #79, seed 51 #95
// and 36 generated mates): the bounded searches without SNDA reached the
// same lengths in 13 % more line nodes (geometric mean of 24 that took
// 1 k or more; 1.55 M -> 1.89 M in all) and lost one line (a mate in 15,
// proven minimal at 0.54 M, ended at 23), although seeds 81 #3 and 91 #79
// took 0.38 M -> 0.27 M and 0.43 M -> 0.32 M; another generated mate went
// from 41 k to 0.51 M ("mate within 21?" from the root: 17 k -> 0.21 M).
// The walker's re-proofs, the first line's completion and the verifier's
// hint searches without SNDA as well: no change at equal lengths; those
// alone (the first 12 positions): seed 81 #3 0.38 M -> 0.49 M, the others
// within 1 %, and a mate in 15 was no longer proven minimal within 1 M.
// With the proof search as it is now (no SNDA under these rules), the
// bounded searches without SNDA took the 36 generated mates from 2.42 M
// to 3.45 M line nodes (one fewer proven minimal), seeds 21 #68 and 91 #70
// from 0.51 M and 0.52 M to 0.48 M and 0.50 M.
func proofOptions(co core.Options, r Rules) core.Options {
	if r == MateSearch && co.SNDA && co.SNDAOROnly {
		co.SNDA, co.SNDAOROnly = false, false
	}
	return co
}
