package mate

import (
	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// The killers of PN* section 5.2 (Seo, Iida, Uiterwijk), taken from the
// transposition table as the paper does. Two kinds of OR nodes have
// siblings that are nearly the same position:
//
//   - interposition (合駒): after the defender interposes, the positions
//     after the other interpositions on the same line (another piece on the
//     same square, the same piece on another square) are usually mated the
//     same way;
//   - non-promotion (不成): after the attacker's move p and the defender's
//     reply r, the position after p's promotion twin (promoting instead of
//     not, or the reverse) followed by the same r is usually mated the same
//     way.
//
// When such a sibling is already proven in the table, its proving move is
// tried first here. This is move ordering only: no move is removed, so the
// search's answers are unchanged whatever the killer says.

// maxKillerProbes bounds the sibling positions looked up per OR node, so
// the killer costs a few table reads, not a scan of every interposition.
const maxKillerProbes = 12

// killerMove returns the move of ms that the killers suggest at the current
// OR node, or false. It leaves the position as it found it and allocates
// nothing.
func (g *Game) killerMove(ms []shogi.Move) (shogi.Move, bool) {
	if g.killers == nil || len(ms) < 2 {
		return shogi.NoMove, false
	}
	r := g.pos.LastMove()
	if r == shogi.NoMove {
		return shogi.NoMove, false
	}
	if m, ok := g.interpositionKiller(r, ms); ok {
		return m, true
	}
	return g.nonPromotionKiller(r, ms)
}

// provenMove returns the proving move stored for the current position (an
// OR node), if it is proven in the table.
func (g *Game) provenMove() (shogi.Move, bool) {
	e, ok := g.killers.Probe(g.Key(), true, g)
	if !ok || e.PN != 0 || e.Move == core.Move(shogi.NoMove) {
		return shogi.NoMove, false
	}
	return shogi.Move(e.Move), true
}

// interpositionKiller handles the defender's interposition r: it looks up
// the sibling interpositions and translates a proven sibling's move to
// this node (a capture of the interposed piece on the sibling's square
// becomes the same capture on r's square).
func (g *Game) interpositionKiller(r shogi.Move, ms []shogi.Move) (shogi.Move, bool) {
	if r.Kind() == shogi.King || r.Captured() != shogi.NoKind {
		return shogi.NoMove, false
	}
	k, ok := g.pos.KingSquare(g.pos.SideToMove().Opponent())
	if !ok {
		return shogi.NoMove, false
	}
	to := r.To()
	df, dr := to.File()-k.File(), to.Rank()-k.Rank()
	if df != 0 && dr != 0 && df != dr && df != -dr {
		return shogi.NoMove, false // not on a line through the king
	}
	df, dr = sign(df), sign(dr)
	g.pos.Undo(r)
	m, ok := g.siblingKillers(r, ms, k, df, dr)
	g.pos.Do(r)
	return m, ok
}

// siblingKillers is interpositionKiller's search of the siblings of r
// (the defender's interposition on a line of direction df, dr from its
// king on k), from the position before r.
func (g *Game) siblingKillers(r shogi.Move, ms []shogi.Move, k shogi.Square, df, dr int) (shogi.Move, bool) {
	to := r.To()
	hand := g.pos.Hand(g.pos.SideToMove())
	probes := 0
	// Other pieces on the same square first: the closest siblings.
	for _, kd := range shogi.HandKinds {
		if hand.Has(kd) {
			if m, ok := g.siblingKiller(shogi.NewDrop(kd, to), r, ms, &probes); ok {
				return m, true
			}
		}
	}
	// The same piece on the other empty squares of the line.
	if r.IsDrop() {
		for f, rk := k.File()+df, k.Rank()+dr; f >= 1 && f <= 9 && rk >= 1 && rk <= 9; f, rk = f+df, rk+dr {
			s := shogi.NewSquare(f, rk)
			if s != to && g.pos.PieceAt(s) != shogi.Empty {
				break
			}
			if m, ok := g.siblingKiller(shogi.NewDrop(r.Kind(), s), r, ms, &probes); ok {
				return m, true
			}
		}
	}
	return shogi.NoMove, false
}

// siblingKiller probes the sibling interposition sib of r (probes counts
// the probes made) and translates its proving move to this node: a move
// onto the sibling's square was aimed at the interposed piece, and is
// aimed at r's.
func (g *Game) siblingKiller(sib, r shogi.Move, ms []shogi.Move, probes *int) (shogi.Move, bool) {
	if sib == r || *probes >= maxKillerProbes || !g.pos.IsLegal(sib) {
		return shogi.NoMove, false
	}
	*probes++
	g.pos.Do(sib)
	km, ok := g.provenMove()
	g.pos.Undo(sib)
	if !ok {
		return shogi.NoMove, false
	}
	if !km.IsDrop() && km.To() == sib.To() {
		return matchMove(ms, km.From(), r.To(), false, km.Kind())
	}
	return matchMove(ms, km.From(), km.To(), km.IsDrop(), km.Kind())
}

// nonPromotionKiller handles the attacker's board move p (the move before
// the defender's reply r) by a piece that could promote: it looks up the
// position after p's promotion twin and the same reply r.
//
// The early exits read p from the history (MoveBack) rather than taking r
// back: most nodes have no twin, and the Undo and Do would also drop the
// position's cached checkers and king squares. On Microcosmos tail 201
// (500 k expansions) this cut the killer's instructions from 142 M to
// 16 M.
func (g *Game) nonPromotionKiller(r shogi.Move, ms []shogi.Move) (shogi.Move, bool) {
	p := g.pos.MoveBack(1)
	if p == shogi.NoMove || p.IsDrop() || !p.Kind().CanPromote() {
		return shogi.NoMove, false
	}
	// A reply that captured the moved piece would capture a different kind
	// in the twin position: not the same move, skip.
	if !r.IsDrop() && r.To() == p.To() {
		return shogi.NoMove, false
	}
	twin := shogi.NewMove(p.From(), p.To(), p.Kind(), p.Captured(), !p.IsPromotion())
	g.pos.Undo(r)
	g.pos.Undo(p)
	km, ok := g.twinProof(twin, r)
	g.pos.Do(p)
	g.pos.Do(r)
	if !ok {
		return shogi.NoMove, false
	}
	// The moved piece's kind differs between the twins; match it loosely.
	return matchMove(ms, km.From(), km.To(), km.IsDrop(), km.Kind())
}

// twinProof returns the proving move of the position after twin and r
// from the current position, when both are legal and it is proven; it
// leaves the position as it found it.
func (g *Game) twinProof(twin, r shogi.Move) (shogi.Move, bool) {
	if !g.pos.IsLegal(twin) {
		return shogi.NoMove, false
	}
	g.pos.Do(twin)
	defer g.pos.Undo(twin)
	if !g.pos.IsLegal(r) {
		return shogi.NoMove, false
	}
	g.pos.Do(r)
	km, ok := g.provenMove()
	g.pos.Undo(r)
	return km, ok
}

// matchMove returns the first move of ms from from to to (for a drop: of
// kind k on to). ms is ordered, so a promotion comes before its
// non-promotion.
func matchMove(ms []shogi.Move, from, to shogi.Square, drop bool, k shogi.Kind) (shogi.Move, bool) {
	for _, m := range ms {
		if m.To() != to || m.IsDrop() != drop {
			continue
		}
		if drop && m.Kind() == k || !drop && m.From() == from {
			return m, true
		}
	}
	return shogi.NoMove, false
}
