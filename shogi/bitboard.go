package shogi

import "math/bits"

// Bitboard is a set of squares: bit s of word s>>6.
type Bitboard [2]uint64

// fullBoard holds all 81 squares.
var fullBoard = Bitboard{^uint64(0), (1 << (81 - 64)) - 1}

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard {
	var b Bitboard
	b[s>>6] = 1 << (s & 63)
	return b
}

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b[s>>6]>>(s&63)&1 != 0 }

// Set adds s.
func (b *Bitboard) Set(s Square) { b[s>>6] |= 1 << (s & 63) }

// Clear removes s.
func (b *Bitboard) Clear(s Square) { b[s>>6] &^= 1 << (s & 63) }

// IsEmpty reports whether the set is empty.
func (b Bitboard) IsEmpty() bool { return b[0]|b[1] == 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }

// And returns the intersection.
func (b Bitboard) And(o Bitboard) Bitboard { return Bitboard{b[0] & o[0], b[1] & o[1]} }

// Or returns the union.
func (b Bitboard) Or(o Bitboard) Bitboard { return Bitboard{b[0] | o[0], b[1] | o[1]} }

// AndNot returns b minus o.
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b[0] &^ o[0], b[1] &^ o[1]} }

// Pop removes and returns the lowest square; the set must not be empty.
func (b *Bitboard) Pop() Square {
	if b[0] != 0 {
		s := bits.TrailingZeros64(b[0])
		b[0] &= b[0] - 1
		return Square(s)
	}
	s := bits.TrailingZeros64(b[1])
	b[1] &= b[1] - 1
	return Square(64 + s)
}

func trailingZeros16(x uint16) int { return bits.TrailingZeros16(x) }
