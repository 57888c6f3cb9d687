package shogi

// noIgnore is an "ignore" argument that matches no square (not even the wall).
const noIgnore Square = 0xFE

// isColor reports whether pc is a real piece of colour c (not empty, not wall).
func isColor(pc Piece, c Color) bool { return pc != Empty && pc>>4 == Piece(c) }

// attackedBy reports whether any piece of colour c attacks s, treating the
// square ignore as empty (used for king moves: the king must not shield
// its own destination from a slider).
func (p *Position) attackedBy(s Square, c Color, ignore Square) bool {
	if near := p.occ[c].And(stepAny[c][s]); !near.IsEmpty() && !p.stepAttackers(s, c).And(near).IsEmpty() {
		return true
	}
	return !p.sliderAttackers(s, c, ignore).IsEmpty()
}

// checkers returns how many of the opponent's pieces check the side to
// move's king, which must exist (0, 1 or 2; it stops counting at 2), and
// the square of one of them. The checkers are computed once per position:
// a solver asks InCheck and then for the evasions.
func (p *Position) checkers() (int, Square) {
	a := p.kingCheckers()
	switch a.Count() {
	case 0:
		return 0, NoSquare
	case 1:
		return 1, a.Pop()
	}
	return 2, a.Pop()
}

// kingCheckers returns the opponent's pieces that attack the side to
// move's king, which must exist, from the cache when it is of this
// position (version, bumped by every Do and Undo). After a move they are
// found from the move alone (checkersAfter); the position as parsed gets
// the full scan.
func (p *Position) kingCheckers() Bitboard {
	if p.checkVersion != p.version+1 {
		if n := len(p.stack); n > 0 {
			p.checkBB = p.checkersAfter(p.stack[n-1].move)
		} else {
			p.checkBB = p.attackersTo(p.king[p.side], p.side^1)
		}
		p.checkVersion = p.version + 1
	}
	return p.checkBB
}

// checkersAfter returns the pieces checking the side to move's king
// right after the opponent played m. Before m that king was not in check
// (every position reached by Do is legal: ParseSFEN refuses the side not
// to move in check, and Do takes legal moves only), so a checker is
// either the moved piece or the slider whose line m's origin opened.
func (p *Position) checkersAfter(m Move) Bitboard {
	k := p.king[p.side]
	to := m.To()
	pc := p.board[to]
	var a Bitboard
	if d := adjDir[to][k]; d >= 0 && nearMask[pc]>>d&1 != 0 {
		a.Set(to)
	} else if d := lineDir[to][k]; d >= 0 && farMask[pc]>>d&1 != 0 && between[to][k].And(p.all).IsEmpty() {
		a.Set(to)
	}
	if m.IsDrop() {
		return a
	}
	// The first piece beyond the king on the line through the origin: if
	// it attacks the king it is a checker (one that stood there before m
	// would have been checking already, which cannot be).
	if d := lineDir[k][m.From()]; d >= 0 {
		if q := firstPiece(k, int(d), p.all); q < NoSquare {
			if sl := p.board[q]; isColor(sl, p.side^1) && farBy[sl]>>d&1 != 0 {
				a.Set(q)
			}
		}
	}
	return a
}

// attackersTo returns c's pieces (king included) that attack s, pins ignored.
func (p *Position) attackersTo(s Square, c Color) Bitboard {
	a := p.sliderAttackers(s, c, noIgnore)
	if near := p.occ[c].And(stepAny[c][s]); !near.IsEmpty() {
		a = a.Or(p.stepAttackers(s, c).And(near))
	}
	return a
}

// pinned returns c's pieces that shield c's king from an enemy slider.
func (p *Position) pinned(c Color) Bitboard {
	k := p.king[c]
	if k == NoSquare {
		return Bitboard{}
	}
	return p.lineBlockers(k, c, c^1)
}

// InCheck reports whether the side to move is in check (false if it has no king).
func (p *Position) InCheck() bool {
	return p.king[p.side] != NoSquare && !p.kingCheckers().IsEmpty()
}

// Attacked reports whether any piece of colour c attacks s.
func (p *Position) Attacked(s Square, c Color) bool { return p.attackedBy(s, c, noIgnore) }
