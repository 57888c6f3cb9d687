package mate

import (
	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// Proof and disproof hands (core.HandProofs). The piece total is fixed
// within a search (see Game.salt), so the defender holds whatever the
// board and the attacker's hand leave: a smaller attacker hand means more
// defender pieces. The rules below keep every step sound under that.
//
// Proof hand (the least attacker hand the mate needs):
//   - OR node proven by m: the child's proof hand, plus the piece m drops,
//     minus the piece m captures (when the child's hand counts it).
//   - AND node: the union (per-kind maximum) of the children's proof hands.
//     If the defender could drop a piece here (an interposable check, or
//     no check at all), every kind it holds none of keeps the attacker's
//     whole count: with fewer, the defender would hold one and gain a drop
//     the proof never refuted. Kinds it already holds add no move.
//
// Disproof hand (the largest attacker hand the escape still works with):
//   - AND node refuted by m: the child's disproof hand; if m drops a kind,
//     the attacker may hold at most as many of it as leaves the defender one.
//   - OR node: the per-kind minimum over the children of their disproof
//     hands, less the piece each drop used, plus the piece each capture
//     took. A kind the attacker holds none of stays at none (its first
//     piece would add drops); more of a kind already held adds no move.
//     With no checks at all, held kinds may grow to their maximum.

// ProofHand implements core.HandProofs for the current, proven position.
func (g *Game) ProofHand(ms []core.Move, hs []uint32) uint32 {
	own := g.pos.Hand(g.attacker)
	if g.OrNode() {
		if len(ms) != 1 {
			return uint32(own)
		}
		m, h := shogi.Move(ms[0]), shogi.Hand(hs[0])
		switch {
		case m.IsDrop():
			h = h.Add(m.Kind())
		case m.Captured() != shogi.NoKind:
			if k := m.Captured().Unpromote(); h.Has(k) {
				h = h.Sub(k)
			}
		}
		return uint32(h)
	}
	var need [8]int
	for _, x := range hs {
		h := shogi.Hand(x)
		for _, k := range shogi.HandKinds {
			need[k] = max(need[k], h.Count(k))
		}
	}
	if !g.pos.InCheck() || g.pos.Interposable() {
		def := g.pos.Hand(g.attacker.Opponent())
		for _, k := range shogi.HandKinds {
			if !def.Has(k) {
				need[k] = own.Count(k)
			}
		}
	}
	return uint32(shogi.NewHand(need))
}

// LeafHand implements core.HandProofs for a position Terminal decided:
// a defender without a defence (mate) is proven with the proof hand of a
// node without moves; anything else keeps its own hand.
func (g *Game) LeafHand(o core.Outcome) uint32 {
	if o == core.Proven && !g.OrNode() && len(g.generate(g.fut.est[:0])) == 0 {
		return g.ProofHand(nil, nil)
	}
	return uint32(g.pos.Hand(g.attacker))
}

// handLimit is the largest count a hand field holds, per kind.
var handLimit = [8]int{shogi.Pawn: 18, shogi.Lance: 4, shogi.Knight: 4, shogi.Silver: 4, shogi.Gold: 4, shogi.Bishop: 2, shogi.Rook: 2}

// DisproofHand implements core.HandProofs for the current, disproven
// position.
func (g *Game) DisproofHand(ms []core.Move, hs []uint32) uint32 {
	own := g.pos.Hand(g.attacker)
	if !g.OrNode() {
		if len(ms) != 1 {
			return uint32(own)
		}
		m, h := shogi.Move(ms[0]), shogi.Hand(hs[0])
		if !m.IsDrop() {
			return uint32(h)
		}
		k := m.Kind()
		limit := own.Count(k) + g.pos.Hand(g.attacker.Opponent()).Count(k) - 1
		var c [8]int
		for _, j := range shogi.HandKinds {
			c[j] = h.Count(j)
		}
		c[k] = min(c[k], max(limit, own.Count(k)))
		return uint32(shogi.NewHand(c))
	}
	w := handLimit
	for i, x := range hs {
		m, h := shogi.Move(ms[i]), shogi.Hand(x)
		var c [8]int
		for _, k := range shogi.HandKinds {
			c[k] = h.Count(k)
		}
		switch {
		case m.IsDrop():
			c[m.Kind()]++
		case m.Captured() != shogi.NoKind:
			c[m.Captured().Unpromote()]--
		}
		for _, k := range shogi.HandKinds {
			w[k] = min(w[k], c[k])
		}
	}
	for _, k := range shogi.HandKinds {
		if !own.Has(k) {
			w[k] = 0
		}
		w[k] = max(min(w[k], handLimit[k]), own.Count(k))
	}
	return uint32(shogi.NewHand(w))
}
