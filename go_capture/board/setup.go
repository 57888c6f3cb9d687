package board

import "fmt"

// Place sets the content of p directly, as an SGF AB/AW/AE property does:
// nothing is captured and the move history is cleared. It rebuilds the
// strings from scratch, so it is for setting up positions, not for search.
func (b *Board) Place(p Point, c Color) error {
	if !b.OnBoard(p) {
		return ErrOffBoard
	}
	if c != Empty && c != Black && c != White {
		return ErrColor
	}
	b.color[p] = c
	b.rebuild()
	return nil
}

// Clear empties the board and forgets the history and the ko ban.
func (b *Board) Clear() {
	for p := 0; p < b.n; p++ {
		b.color[p] = Empty
	}
	b.captured = [3]int16{}
	b.rebuild()
}

// rebuild recomputes strings, liberties and the hash from the colours.
func (b *Board) rebuild() {
	b.Commit()
	b.ko, b.koColor = NoPoint, Empty
	b.hash = 0
	b.points = [3]Bitset{}
	for p := 0; p < b.n; p++ {
		b.sid[p] = NoPoint
		c := b.color[p]
		b.points[c].Set(Point(p))
		if c != Empty {
			b.hash ^= zobrist[c][p]
		}
	}
	var stack [MaxPoints]Point
	for p0 := Point(0); int(p0) < b.n; p0++ {
		c := b.color[p0]
		if c == Empty || b.sid[p0] != NoPoint {
			continue
		}
		s := &b.strs[p0]
		*s = str{color: c, lo: int8(p0 >> 6), hi: int8(p0 >> 6)}
		top := 0
		stack[top] = p0
		top++
		b.sid[p0] = p0
		for top > 0 {
			top--
			q := stack[top]
			s.stones.Set(q)
			s.lo, s.hi = min(s.lo, int8(q>>6)), max(s.hi, int8(q>>6))
			s.hash ^= zobrist[c][q]
			s.nStones++
			for _, r := range b.nbr[q][:b.nnbr[q]] {
				switch {
				case b.color[r] == Empty:
					s.libs.Set(r)
				case b.color[r] == c && b.sid[r] == NoPoint:
					b.sid[r] = p0
					stack[top] = r
					top++
				}
			}
		}
		s.nLibs = int16(s.libs.Count())
	}
	b.history, b.histKey = b.history[:0], 0
	if b.superko {
		b.remember()
	}
}

// checkLiberties returns an error naming a string that has no liberty
// (a set-up position no game could reach).
func (b *Board) checkLiberties() error {
	for p := Point(0); int(p) < b.n; p++ {
		if b.color[p] != Empty && b.strs[b.sid[p]].nLibs == 0 {
			return fmt.Errorf("the %s string at %s has no liberty", b.color[p], b.Vertex(p))
		}
	}
	return nil
}
