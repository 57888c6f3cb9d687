package shogi

import "math/bits"

// Counting evasions without listing them. A mate search values each new
// child of an attacker's node by its number of evasions, and expands only
// a small part of those children (on the 201-ply Microcosmos tail about
// one in six), so the count is asked for far more often than the list.

// CountEvasions returns the number of legal moves of the side to move in
// check, split into board moves (king moves, captures of the checker and
// interpositions by board moves) and drops: board+drops is
// len(GenerateEvasions). It returns 0, 0 when the side is not in check or
// has no king. It allocates nothing.
func (p *Position) CountEvasions() (board, drops int) {
	ksq := p.king[p.side]
	if ksq == NoSquare {
		return 0, 0
	}
	a := p.kingCheckers()
	if a.IsEmpty() {
		return 0, 0
	}
	esc, _ := p.safeNeighbours(p.side)
	board = esc.Count()
	if a.Count() > 1 {
		return board, 0
	}
	c := a.Pop()
	us := p.side
	mid := between[ksq][c]
	target := mid
	target.Set(c)
	// The pieces that may answer, as genEvasions finds them.
	movers := p.sliders[us]
	for t := target; !t.IsEmpty(); {
		s := t.Pop()
		if near := p.occ[us].And(stepAny[us][s]); !near.IsEmpty() {
			movers = movers.Or(p.stepAttackers(s, us).And(near))
		}
	}
	movers.Clear(ksq)
	if !movers.IsEmpty() {
		movers = movers.AndNot(p.pinned(us))
		z := &zones[us]
		for own := movers; !own.IsEmpty(); {
			from := own.Pop()
			pc := p.board[from]
			reach := attacksFrom(pc, from, p.all).And(target)
			if reach.IsEmpty() {
				continue
			}
			board += reach.Count()
			// A promotable piece also promotes on entering, leaving or
			// moving inside the zone, and must on its dead squares.
			switch k := pc.Kind(); {
			case k > Rook:
			case z.zone.Has(from):
				board += reach.Count()
				board -= reach.And(deadSquares(z, k)).Count()
			default:
				board += reach.And(z.zone).Count()
				board -= reach.And(deadSquares(z, k)).Count()
			}
		}
	}
	return board, p.countDrops(mid)
}

// deadSquares returns the squares of z where a piece of kind k must
// promote: the last rank for pawns and lances, the last two for knights.
func deadSquares(z *promotionZones, k Kind) Bitboard {
	switch k {
	case Pawn, Lance:
		return z.last1
	case Knight:
		return z.last2
	}
	return Bitboard{}
}

// countDrops returns len(genDrops(target)) for empty squares target.
func (p *Position) countDrops(target Bitboard) int {
	us := p.side
	h := p.hands[us]
	if h == 0 || target.IsEmpty() {
		return 0
	}
	z := &zones[us]
	n := 0
	for _, k := range [4]Kind{Silver, Gold, Bishop, Rook} {
		if h.Has(k) {
			n++
		}
	}
	n *= target.Count()
	if h.Has(Lance) {
		n += target.AndNot(z.last1).Count()
	}
	if h.Has(Knight) {
		n += target.AndNot(z.last2).Count()
	}
	if h.Has(Pawn) {
		t := target.AndNot(z.last1)
		for f := p.pawnFiles[us]; f != 0; f &= f - 1 {
			t = t.AndNot(fileBB[bits.TrailingZeros16(f)])
		}
		n += t.Count()
		// Only the square in front of the enemy king can be a pawn-drop
		// mate.
		if ek := p.king[us^1]; ek != NoSquare {
			fwd := 1
			if us == White {
				fwd = 0
			}
			if s := stepTo[ek][fwd]; t.Has(s) && p.isPawnDropMate(s) {
				n--
			}
		}
	}
	return n
}

// fileBB[f] holds the squares of file f+1.
var fileBB = func() (t [9]Bitboard) {
	for s := Square(0); s < NoSquare; s++ {
		t[s/9].Set(s)
	}
	return t
}()
