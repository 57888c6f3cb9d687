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

// knightFrom[c] holds the two jump directions (8..11), seen from a target,
// in which one of c's knights could stand; the other two never matter.
var knightFrom [2][2]int

// allRays[s] is the union of the eight rays from s: when it misses every
// slider of a colour, no ray walk can find one.
var allRays [81]Bitboard

// initAttack fills knightFrom and allRays; tables.go's init calls it once
// nearByC and lineFrom are ready.
func initAttack() {
	for c := Black; c <= White; c++ {
		i := 0
		for d := 8; d < numDirs; d++ {
			if nearByC[c][MakePiece(c, Knight)]>>d&1 != 0 {
				knightFrom[c][i] = d
				i++
			}
		}
	}
	for s := 0; s < 81; s++ {
		for d := 0; d < 8; d++ {
			allRays[s] = allRays[s].Or(lineFrom[s][d])
		}
	}
}

// attackedBy reports whether any piece of colour c attacks s, treating the
// square ignore as empty (used for king moves: the king must not shield
// its own destination from a slider).
func (p *Position) attackedBy(s Square, c Color, ignore Square) bool {
	near, far := &nearByC[c], &farByC[c]
	kd := &knightFrom[c]
	if near[p.board[stepTo[s][kd[0]]]]>>kd[0]&1 != 0 || near[p.board[stepTo[s][kd[1]]]]>>kd[1]&1 != 0 {
		return true
	}
	sl := p.sliders[c].And(allRays[s])
	for d := 0; d < 8; d++ {
		t := stepTo[s][d]
		pc := p.board[t]
		if pc != Empty && t != ignore {
			if near[pc]>>d&1 != 0 {
				return true
			}
			continue
		}
		if sl.IsEmpty() || lineFrom[s][d].And(sl).IsEmpty() {
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
	near, far := &nearByC[c], &farByC[c]
	sl := p.sliders[c].And(allRays[s])
	for d := 0; d < 8; d++ {
		t := stepTo[s][d]
		pc := p.board[t]
		if pc != Empty {
			if near[pc]>>d&1 != 0 {
				if n++; n == 1 {
					first = t
				} else {
					return n, first
				}
			}
			continue
		}
		if sl.IsEmpty() || lineFrom[s][d].And(sl).IsEmpty() {
			continue
		}
		for {
			t = stepTo[t][d]
			if pc = p.board[t]; pc != Empty {
				break
			}
		}
		if far[pc]>>d&1 != 0 {
			if n++; n == 1 {
				first = t
			} else {
				return n, first
			}
		}
	}
	for _, d := range knightFrom[c] {
		t := stepTo[s][d]
		pc := p.board[t]
		if near[pc]>>d&1 != 0 {
			if n++; n == 1 {
				first = t
			} else {
				return n, first
			}
		}
	}
	return n, first
}

// attackersTo returns c's pieces (king included) that attack s, pins ignored.
func (p *Position) attackersTo(s Square, c Color) Bitboard {
	var b Bitboard
	near, far := &nearByC[c], &farByC[c]
	for _, d := range knightFrom[c] {
		if t := stepTo[s][d]; near[p.board[t]]>>d&1 != 0 {
			b.Set(t)
		}
	}
	sl := p.sliders[c].And(allRays[s])
	for d := 0; d < 8; d++ {
		t := stepTo[s][d]
		pc := p.board[t]
		if pc != Empty {
			if near[pc]>>d&1 != 0 {
				b.Set(t)
			}
			continue
		}
		if sl.IsEmpty() || lineFrom[s][d].And(sl).IsEmpty() {
			continue
		}
		for {
			t = stepTo[t][d]
			if pc = p.board[t]; pc != Empty {
				break
			}
		}
		if far[pc]>>d&1 != 0 {
			b.Set(t)
		}
	}
	return b
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
