package board

import "math/bits"

// bitsetWords is the number of 64-bit words needed for MaxPoints bits.
const bitsetWords = (MaxPoints + 63) / 64

// Bitset holds one bit per point. Stones and liberties of a string are
// bitsets so that merging strings and counting liberties are a few word
// operations rather than list walks.
type Bitset [bitsetWords]uint64

// Set adds p.
func (s *Bitset) Set(p Point) { s[p>>6] |= 1 << (uint(p) & 63) }

// Clear removes p.
func (s *Bitset) Clear(p Point) { s[p>>6] &^= 1 << (uint(p) & 63) }

// Has reports whether p is in the set.
func (s *Bitset) Has(p Point) bool { return s[p>>6]&(1<<(uint(p)&63)) != 0 }

// The set operations that Play and the searches call for every move
// (Or, Count) are written out word by word: the loops the compiler
// makes of them spend more on the counter and the bounds checks than on
// the words, and they run several times per board play (3% of the
// instructions of GNU Go's reading suite). The assertion keeps them in
// step with the board's largest size.
const _ uint = (bitsetWords - 6) * (6 - bitsetWords)

// Or adds every point of o.
func (s *Bitset) Or(o *Bitset) {
	s[0] |= o[0]
	s[1] |= o[1]
	s[2] |= o[2]
	s[3] |= o[3]
	s[4] |= o[4]
	s[5] |= o[5]
}

// Count returns the number of points in the set.
func (s *Bitset) Count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) +
		bits.OnesCount64(s[3]) + bits.OnesCount64(s[4]) + bits.OnesCount64(s[5])
}

// Next returns the smallest point of the set that is >= from, or NoPoint.
// Iterate with `for p := s.Next(0); p >= 0; p = s.Next(p + 1)`.
func (s *Bitset) Next(from Point) Point {
	if from < 0 {
		from = 0
	}
	i := int(from) >> 6
	if i >= bitsetWords {
		return NoPoint
	}
	w := s[i] >> (uint(from) & 63)
	if w != 0 {
		return from + Point(bits.TrailingZeros64(w))
	}
	for i++; i < bitsetWords; i++ {
		if s[i] != 0 {
			return Point(i<<6 + bits.TrailingZeros64(s[i]))
		}
	}
	return NoPoint
}

// Empty reports whether the set has no point.
func (s *Bitset) Empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// AndNot removes every point of o.
func (s *Bitset) AndNot(o *Bitset) {
	for i := range s {
		s[i] &^= o[i]
	}
}

// And keeps only the points also in o.
func (s *Bitset) And(o *Bitset) {
	for i := range s {
		s[i] &= o[i]
	}
}

// span returns the indices of the first and the last non-zero word (0,
// -1 for an empty set).
func (s *Bitset) span() (lo, hi int) {
	lo, hi = 0, bitsetWords-1
	for lo <= hi && s[lo] == 0 {
		lo++
	}
	for hi >= lo && s[hi] == 0 {
		hi--
	}
	if lo > hi {
		return 0, -1
	}
	return lo, hi
}
