package shogi

import "math/bits"

// Bitboard is a set of squares: squares 0..63 are bits of lo, 64..80 bits
// of hi. It is a struct of two words rather than an array because the Go
// compiler keeps small structs in registers but every array longer than
// one in memory: with [2]uint64 each bitboard operation went through the
// stack, and perft ran at half the speed.
type Bitboard struct{ lo, hi uint64 }

// fullBoard holds all 81 squares.
var fullBoard = Bitboard{^uint64(0), (1 << (81 - 64)) - 1}

// sqBB[s] holds only s for every square, and nothing for NoSquare and the
// values above it (256 entries: a Square indexes it with no bounds test).
var sqBB = func() (t [256]Bitboard) {
	for s := 0; s < 64; s++ {
		t[s].lo = 1 << s
	}
	for s := 64; s < 81; s++ {
		t[s].hi = 1 << (s - 64)
	}
	return t
}()

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard { return sqBB[s] }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool {
	w := b.lo
	if s >= 64 {
		w = b.hi
	}
	return w>>(s&63)&1 != 0
}

// Set adds s.
func (b *Bitboard) Set(s Square) {
	m := sqBB[s]
	b.lo |= m.lo
	b.hi |= m.hi
}

// Clear removes s.
func (b *Bitboard) Clear(s Square) {
	m := sqBB[s]
	b.lo &^= m.lo
	b.hi &^= m.hi
}

// or adds the squares of m, andNot removes them, in place (Position's
// place and lift).
func (b *Bitboard) or(m Bitboard)     { b.lo |= m.lo; b.hi |= m.hi }
func (b *Bitboard) andNot(m Bitboard) { b.lo &^= m.lo; b.hi &^= m.hi }

// xor flips the squares of m in place.
func (b *Bitboard) xor(m Bitboard) { b.lo ^= m.lo; b.hi ^= m.hi }

// IsEmpty reports whether the set is empty.
func (b Bitboard) IsEmpty() bool { return b.lo|b.hi == 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// And returns the intersection.
func (b Bitboard) And(o Bitboard) Bitboard { return Bitboard{b.lo & o.lo, b.hi & o.hi} }

// Or returns the union.
func (b Bitboard) Or(o Bitboard) Bitboard { return Bitboard{b.lo | o.lo, b.hi | o.hi} }

// AndNot returns b minus o.
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.lo &^ o.lo, b.hi &^ o.hi} }

// Pop removes and returns the lowest square; the set must not be empty.
func (b *Bitboard) Pop() Square {
	if b.lo != 0 {
		s := bits.TrailingZeros64(b.lo)
		b.lo &= b.lo - 1
		return Square(s)
	}
	s := bits.TrailingZeros64(b.hi)
	b.hi &= b.hi - 1
	return Square(64 + s)
}

func trailingZeros16(x uint16) int { return bits.TrailingZeros16(x) }
