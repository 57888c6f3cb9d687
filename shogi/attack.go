package shogi

// noIgnore is an "ignore" argument that matches no square (not even the wall).
const noIgnore Square = 0xFE

// isColor reports whether pc is a real piece of colour c (not empty, not wall).
func isColor(pc Piece, c Color) bool { return pc != Empty && pc>>4 == Piece(c) }

// nearByC and farByC are nearBy and farBy restricted to pieces of one
// colour (zero for the other colour, empty squares and the wall), so the
// attack tests need no colour branch. tables.go's init fills them, after
// nearBy and farBy (init order follows file names).
var nearByC, farByC [2][33]uint16

// attackedBy reports whether any piece of colour c attacks s, treating the
// square ignore as empty (used for king moves: the king must not shield
// its own destination from a slider).
func (p *Position) attackedBy(s Square, c Color, ignore Square) bool {
	near, far := &nearByC[c], &farByC[c]
	for d := 8; d < numDirs; d++ {
		if near[p.board[stepTo[s][d]]]>>d&1 != 0 {
			return true
		}
	}
	for d := 0; d < 8; d++ {
		t := stepTo[s][d]
		pc := p.board[t]
		if pc != Empty && t != ignore {
			if near[pc]>>d&1 != 0 {
				return true
			}
			continue
		}
		if lineFrom[s][d].And(p.sliders[c]).IsEmpty() {
			continue
		}
		for {
			t = stepTo[t][d]
			pc = p.board[t]
			if pc != Empty && t != ignore {
				break
			}
		}
		if far[pc]>>d&1 != 0 {
			return true
		}
	}
	return false
}

// checkers returns how many pieces of colour c attack s (0, 1 or 2; it
// stops counting at 2) and the square of the first one found.
func (p *Position) checkers(s Square, c Color) (int, Square) {
	n, first := 0, NoSquare
	for d := 0; d < 8; d++ {
		t := stepTo[s][d]
		pc := p.board[t]
		if pc != Empty {
			if isColor(pc, c) && nearBy[pc]>>d&1 != 0 {
				if n++; n == 1 {
					first = t
				} else {
					return n, first
				}
			}
			continue
		}
		if lineFrom[s][d].And(p.sliders[c]).IsEmpty() {
			continue
		}
		for {
			t = stepTo[t][d]
			if pc = p.board[t]; pc != Empty {
				break
			}
		}
		if isColor(pc, c) && farBy[pc]>>d&1 != 0 {
			if n++; n == 1 {
				first = t
			} else {
				return n, first
			}
		}
	}
	for d := 8; d < numDirs; d++ {
		t := stepTo[s][d]
		pc := p.board[t]
		if isColor(pc, c) && nearBy[pc]>>d&1 != 0 {
			if n++; n == 1 {
				first = t
			} else {
				return n, first
			}
		}
	}
	return n, first
}

// pinned returns c's pieces that shield c's king from an enemy slider.
func (p *Position) pinned(c Color) Bitboard {
	var b Bitboard
	k := p.king[c]
	if k == NoSquare {
		return b
	}
	for d := 0; d < 8; d++ {
		if lineFrom[k][d].And(p.sliders[c^1]).IsEmpty() {
			continue
		}
		t := stepTo[k][d]
		for p.board[t] == Empty {
			t = stepTo[t][d]
		}
		if !isColor(p.board[t], c) {
			continue
		}
		u := stepTo[t][d]
		for p.board[u] == Empty {
			u = stepTo[u][d]
		}
		if pc := p.board[u]; isColor(pc, c^1) && farBy[pc]>>d&1 != 0 {
			b.Set(t)
		}
	}
	return b
}

// InCheck reports whether the side to move is in check (false if it has no king).
func (p *Position) InCheck() bool {
	k := p.king[p.side]
	return k != NoSquare && p.attackedBy(k, p.side^1, noIgnore)
}

// Attacked reports whether any piece of colour c attacks s.
func (p *Position) Attacked(s Square, c Color) bool { return p.attackedBy(s, c, noIgnore) }
