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
	// The pieces that may answer: those a step or jump away from a target
	// square, and the sliders (few); not the king. Each one's reach is
	// read from the step tables and, when a slide could meet the target,
	// its rays.
	var near Bitboard
	for t := target; !t.IsEmpty(); {
		near = near.Or(stepAny[us][t.Pop()])
	}
	movers := p.occ[us].And(near.Or(p.sliders[us]))
	movers.Clear(ksq)
	z := &zones[us]
	for own := movers; !own.IsEmpty(); {
		from := own.Pop()
		pc := p.board[from]
		reach := stepAttacks[pc][from].And(target)
		if !slideLines[pc][from].And(target).IsEmpty() {
			for slides := farMask[pc]; slides != 0; slides &= slides - 1 {
				d := trailingZeros16(slides)
				if !lineFrom[from][d].And(target).IsEmpty() {
					reach = reach.Or(rayAttacks(from, d, p.all).And(target))
				}
			}
		}
		if reach.IsEmpty() || p.pinnedPiece(from, ksq, us) {
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
	return board, p.countDrops(mid)
}

// pinnedPiece reports whether us's piece on from shields us's king on ksq
// from an enemy slider (pinned() for one piece: a piece that answers a
// check is rarely on a line with its king, and the test stops there).
func (p *Position) pinnedPiece(from, ksq Square, us Color) bool {
	d := lineDir[ksq][from]
	if d < 0 || !between[ksq][from].And(p.all).IsEmpty() {
		return false
	}
	q := firstPiece(from, int(d), p.all)
	sl := p.board[q] // Empty beyond the board's squares
	return isColor(sl, us^1) && farBy[sl]>>d&1 != 0
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
