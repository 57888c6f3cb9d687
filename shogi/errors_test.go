package shogi

import (
	"errors"
	"testing"
)

// TestErrIllegalClassification checks that rule violations match ErrIllegal
// and syntax errors do not, for positions and for moves.
func TestErrIllegalClassification(t *testing.T) {
	tests := []struct {
		in      string
		illegal bool
	}{
		{"4k4/9/9/9/9/9/9/9/9 b - 1", false}, // valid: no error at all is checked below
		{"4k4/9/9/9/9/9/9/9 b - 1", false},
		{"4k4/9/9/9/9/9/9/9/4X4 b - 1", false},
		{"4k4/9/9/9/9/9/9/9/9 x - 1", false},
		{"4k4/9/9/9/9/9/9/9/9 b 2Q 1", false},
		{"4k4/9/9/9/9/9/9/9/4k4 b - 1", true},                      // second king
		{"4k4/9/9/9/9/4P4/4P4/9/9 b - 1", true},                    // nifu
		{"P3k4/9/9/9/9/9/9/9/9 b - 1", true},                       // pawn that can never move
		{"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", true},                    // side not to move in check
		{"4k4/9/9/9/9/4P4/9/9/9 b 18P 1", true},                    // too many pawns
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h 5a5b 5h5a", true}, // illegal move in the list
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5z", false},          // malformed move
	}
	for _, tc := range tests {
		_, err := ParseSFEN(tc.in)
		if tc.in == "4k4/9/9/9/9/9/9/9/9 b - 1" {
			if err != nil {
				t.Fatalf("%q: unexpected error %v", tc.in, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%q: no error", tc.in)
			continue
		}
		if got := errors.Is(err, ErrIllegal); got != tc.illegal {
			t.Errorf("%q: errors.Is(ErrIllegal) = %v, want %v (err: %v)", tc.in, got, tc.illegal, err)
		}
	}
}
