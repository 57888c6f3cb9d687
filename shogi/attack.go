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

// checkers returns how many pieces of colour c attack s (0, 1 or 2; it
// stops counting at 2) and the square of one of them.
func (p *Position) checkers(s Square, c Color) (int, Square) {
	a := p.attackersTo(s, c)
	switch a.Count() {
	case 0:
		return 0, NoSquare
	case 1:
		return 1, a.Pop()
	}
	return 2, a.Pop()
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
	k := p.king[p.side]
	return k != NoSquare && p.attackedBy(k, p.side^1, noIgnore)
}

// Attacked reports whether any piece of colour c attacks s.
func (p *Position) Attacked(s Square, c Color) bool { return p.attackedBy(s, c, noIgnore) }
