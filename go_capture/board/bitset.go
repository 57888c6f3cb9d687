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

// Or adds every point of o.
func (s *Bitset) Or(o *Bitset) {
	for i := range s {
		s[i] |= o[i]
	}
}

// Count returns the number of points in the set.
func (s *Bitset) Count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
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
