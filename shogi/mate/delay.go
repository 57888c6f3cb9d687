package mate

import (
	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// Delayed expansion (core.Delaying), after KomoringHeights v0.5.0 (合駒の
// 遅延展開). At a defender node, drops on one square form a chain in the
// generator's order (pawn, lance, knight, silver, gold, bishop, rook; KH
// uses pawn, knight, lance, silver, bishop, rook, gold): a later drop is
// counted only once the earlier one is proven (mated), since the attacker
// usually mates the same way against any piece and a refutation is usually
// found with the cheapest one. At an attacker node, a non-promoting move
// of a pawn, bishop or rook waits until its promoting twin is disproven
// (the promotion is almost always at least as strong; the exceptions, such
// as a pawn-drop mate the promotion would make illegal later, still get
// searched, only later). The core keeps this sound: no move is removed.

// Which delays the game declares (tests and measurements turn them off).
const (
	delayDrops   = 1 << iota // interpositions by drops on one square
	delayNoPromo             // non-promotions of pawn, bishop and rook
	delayFar                 // drops on squares the defender does not guard, across squares
	delayAll     = delayDrops | delayNoPromo | delayFar
)

// defaultDelays is what NewGame turns on: both. Measured with df-pn+TCA,
// SNDA at OR nodes and ε = 1/4, non-promotions only -> both: Kotobuki
// (611 plies) proven in 4.65 M -> 1.97 M expansions (46.8 s -> 9.7 s),
// Microcosmos tail 201 4.39 M -> 3.21 M, ten tails 31..151 (cap 1.5 M)
// geometric mean 287 k -> 270 k, though the 61-ply tail went from 249 k to
// more than 1.5 M (when the pawn interposition is not the refutation, the
// AND node's disproof waits on it while a cheaper refutation among the
// other drops goes unseen); KomoringHeights' no-mate example
// (TestDelaysShrinkNoMateSearch) 18.6 k -> 0.6 k. Before ε and SNDA at OR
// nodes only, the drop chains had measured worse on the tails (324 k ->
// 391 k). Chaining the unguarded squares' drops across squares (delayFar)
// then took the first proofs of the Microcosmos tails 41, 61, 81, 101,
// 151, 201, 301 and 401 from 38 k, 171 k, 938 k, 374 k, 1.71 M, 2.54 M,
// 10.1 M and 8.99 M expansions to 42 k, 209 k, 271 k, 284 k, 1.46 M,
// 2.14 M, 8.14 M and 7.73 M (tail 601: proven in 18.7 M, unknown at 30 M
// before: root pn 98, dn 22 425), and the 97 positions of 100 generated ones
// (gen-shogi seed 21, mate rules) decided within 2 M expansions each from
// 2.80 M expansions in all to 2.67 M (seed 13: 99 decided, 1.85 M -> 1.59
// M). Tail 601 is sensitive to the table size: with 512 MiB 22.2 M ->
// 19.0 M, with 2 GiB unknown at 30 M either way (proven at 33.5 M after).
// Tail 301 with 512 MiB: 9.90 M -> 8.44 M.
const defaultDelays = delayAll

// delayedNoPromo marks the kinds whose non-promotion waits for the
// promotion.
var delayedNoPromo = [16]bool{shogi.Pawn: true, shogi.Bishop: true, shogi.Rook: true}

// Patience implements core.Delaying: a delayed move is also due once the
// move it waits for looks hard to decide that way (its proof number at an
// AND node, its disproof number at an OR node, reaches 16). Without it,
// the interposition chains left the 61-ply tail of Microcosmos unsolved
// after 5.3 M expansions (249 k with non-promotions delayed only), because
// the AND node's refutation was another drop than the pawn; with 16: 243 k.
// Ten tails 31..151 (cap 1.5 M), geometric mean: no patience 270 k, 16:
// 280 k, 32: 280 k; Kotobuki 1.97 M -> 2.17 M, tail 201 3.21 M -> 2.83 M.
func (g *Game) Patience() core.PN { return 16 }

// Delays implements core.Delaying for the moves Moves just returned.
func (g *Game) Delays(moves []core.Move, wait []int16) {
	if g.OrNode() {
		if g.delays&delayNoPromo != 0 {
			noPromoWaits(moves, wait)
		}
		return
	}
	if g.delays&delayDrops != 0 {
		dropWaits(g.pos, moves, wait, &g.lastDrop, g.delays&delayFar != 0)
	}
}

// dropWaits chains the drops on each square: each waits for the drop
// before it on its square (orderEvasions keeps the generator's order). last
// is scratch, one entry per square; it is left all -1.
//
// With far, the drops on squares that no defender's piece (king included)
// guards form one chain across all their squares instead: such an
// interposition is captured for nothing, and the attacker's answer to one
// usually answers them all, as it does for every kind on one square
// (KomoringHeights chains unguarded interpositions the same way). A drop
// there that checks the attacker's king waits for nothing: it is no
// interposition like the others.
func dropWaits(pos *shogi.Position, moves []core.Move, wait []int16, last *[81]int16, far bool) {
	const unguarded = -2 // last[sq]: sq's drops are in the chain across squares
	def := pos.SideToMove()
	loose := int16(-1) // the last drop of that chain
	for i, cm := range moves {
		m := shogi.Move(cm)
		if !m.IsDrop() {
			continue
		}
		to := m.To()
		if far && last[to] == -1 && !pos.Attacked(to, def) {
			last[to] = unguarded
		}
		if last[to] == unguarded {
			if !pos.GivesCheck(m) {
				wait[i] = loose
				loose = int16(i)
			}
			continue
		}
		wait[i] = last[to]
		last[to] = int16(i)
	}
	for _, cm := range moves {
		if m := shogi.Move(cm); m.IsDrop() {
			last[m.To()] = -1
		}
	}
}

// noPromoWaits makes each delayed non-promotion wait for its promoting
// twin when the twin comes first (the killer may have put it in front).
func noPromoWaits(moves []core.Move, wait []int16) {
	for i, cm := range moves {
		m := shogi.Move(cm)
		if m.IsDrop() || m.IsPromotion() || !delayedNoPromo[m.Kind()] {
			continue
		}
		for j := range i {
			t := shogi.Move(moves[j])
			if t.IsPromotion() && !t.IsDrop() && t.From() == m.From() && t.To() == m.To() {
				wait[i] = int16(j)
				break
			}
		}
	}
}
