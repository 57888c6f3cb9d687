package core

import "math"

// PN is a proof or disproof number. Arithmetic saturates at MaxPN, strictly
// below Infinity, so a huge but finite sum never reads as "disproven"
// (Kishimoto lost most TCA failures to a 32-bit infinity reached by sums).
type PN uint64

const (
	// Infinity marks a proven (dn) or disproven (pn) node. Only the
	// solver sets it, never an addition.
	Infinity PN = math.MaxUint64
	// MaxPN is the largest finite proof number; sums saturate here.
	MaxPN PN = Infinity - 1
)

// Add returns a+b, saturating: Infinity if either is Infinity, else at most
// MaxPN.
func (a PN) Add(b PN) PN {
	if a == Infinity || b == Infinity {
		return Infinity
	}
	s := a + b
	if s < a || s > MaxPN { // wrapped, or reached Infinity
		return MaxPN
	}
	return s
}

// SubFloor returns a-b for finite values, floored at 0. Infinity minus a
// finite value stays Infinity.
func (a PN) SubFloor(b PN) PN {
	if a == Infinity {
		return Infinity
	}
	if b >= a {
		return 0
	}
	return a - b
}

// AddOne returns a+1 saturating below Infinity (Infinity stays Infinity).
func (a PN) AddOne() PN { return a.Add(1) }

// IsInf reports whether a is Infinity.
func (a PN) IsInf() bool { return a == Infinity }

// mulSat returns a×b for finite values, saturating at MaxPN.
func mulSat(a, b PN) PN {
	if a == 0 || b == 0 {
		return 0
	}
	if a == Infinity || b == Infinity {
		return Infinity
	}
	if a > MaxPN/b {
		return MaxPN
	}
	return a * b
}
