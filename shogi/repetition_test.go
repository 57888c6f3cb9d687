package shogi

import "testing"

// TestRepetition plays a king shuffle and a rook perpetual check.
func TestRepetition(t *testing.T) {
	cases := []struct {
		name  string
		sfen  string
		cycle []string // played repeatedly
		want  []RepetitionResult
	}{
		{"quiet shuffle", "4k4/9/9/9/9/9/9/9/4K4 b - 1",
			[]string{"5i4i", "5a4a", "4i5i", "4a5a"},
			[]RepetitionResult{NoRepetition, RepetitionDraw}},
		{"perpetual check by black, checker moved last", "R2k5/9/9/9/9/9/9/9/4K4 w - 1",
			[]string{"6a6b", "9a9b", "6b6a", "9b9a"},
			[]RepetitionResult{NoRepetition, PerpetualCheckByMover}},
		{"perpetual check by black, checker to move", "R8/3k5/9/9/9/9/9/9/4K4 b - 1",
			[]string{"9a9b", "6b6a", "9b9a", "6a6b"},
			[]RepetitionResult{NoRepetition, PerpetualCheckBySideToMove}},
		{"perpetual check by white", "4k4/9/9/9/9/9/9/3K5/r8 w - 1",
			[]string{"9i9h", "6h6i", "9h9i", "6i6h"},
			[]RepetitionResult{NoRepetition, PerpetualCheckBySideToMove}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.sfen)
			r := NewRepetition(64)
			r.PushPosition(p)
			var got []RepetitionResult
			for round := 0; round < 3; round++ {
				for _, s := range c.cycle {
					m, err := ParseUSIMove(p, s)
					if err != nil {
						t.Fatal(err)
					}
					p.Do(m)
					r.PushPosition(p)
				}
				got = append(got, r.Check(4))
			}
			// After 3 cycles the start position has occurred 4 times.
			if r.Count() != 4 {
				t.Errorf("Count = %d, want 4", r.Count())
			}
			if got[0] != c.want[0] || got[2] != c.want[1] {
				t.Errorf("verdicts %v, want %v after round 1 and %v after round 3", got, c.want[0], c.want[1])
			}
			// One more move: the mover's position repeats for the 4th time from its side.
			r.Pop()
			if r.Count() != 3 {
				t.Errorf("after Pop, Count = %d, want 3", r.Count())
			}
		})
	}
}

func TestPerpetualCheckByMover(t *testing.T) {
	// Checking side moves last: positions after its checking moves are recorded.
	p := mustParse(t, "3k5/9/9/9/9/9/9/9/R3K4 b - 1")
	r := NewRepetition(64)
	r.PushPosition(p)
	moves := []string{"9i9a", "6a6b", "9a9b", "6b6a", "9b9a"}
	for i := 0; i < 3; i++ {
		moves = append(moves, "6a6b", "9a9b", "6b6a", "9b9a")
	}
	for _, s := range moves {
		m, err := ParseUSIMove(p, s)
		if err != nil {
			t.Fatal(err)
		}
		p.Do(m)
		r.PushPosition(p)
	}
	if got := r.Check(4); got != PerpetualCheckByMover {
		t.Errorf("Check = %v, want PerpetualCheckByMover (count %d)", got, r.Count())
	}
}
