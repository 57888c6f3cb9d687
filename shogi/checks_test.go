package shogi

import (
	"slices"
	"testing"
)

// TestGenerateChecksCases pins down the check generator's paths one by
// one: discovery by the king and by a stepping piece, a pinned piece that
// may check only along its pin line, a check only the promoted form
// gives, and an attacker without a king (board moves in direction order:
// N, S, E, W, NE, NW, SE, SW). Each list is also compared with
// the legal moves filtered by playing them.
func TestGenerateChecksCases(t *testing.T) {
	cases := []struct {
		name, sfen string
		want       []string // exact, in order
		sorted     bool     // compare as sets (drops have an order of their own)
	}{
		{"king steps off the rook's file", "4k4/9/9/9/4K4/9/9/9/4R4 b - 1",
			[]string{"5e4e", "5e6e", "5e4d", "5e6d", "5e4f", "5e6f"}, false},
		{"silver steps off the rook's file", "4k4/9/9/9/4S4/9/9/9/4R3K b - 1",
			[]string{"5e4d", "5e6d", "5e4f", "5e6f"}, false},
		{"pinned rook checks along its pin line only", "4l4/9/5k3/9/4R4/9/9/9/4K4 b - 1",
			[]string{"5e5c+", "5e5c", "5e5b+"}, false},
		{"pinned rook cannot leave the diagonal", "8b/9/9/9/4Rp1k1/9/9/9/K8 b - 1",
			nil, false},
		{"only the promoted silver checks", "4k4/6S2/9/9/9/9/9/9/4K4 b - 1",
			[]string{"3b4a+"}, false},
		{"no attacker king: pawn push and gold drops", "4k4/9/4P4/9/9/9/9/9/9 b G 1",
			[]string{"5c5b+", "5c5b", "G*4a", "G*6a", "G*4b", "G*5b", "G*6b"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.sfen)
			var got []string
			for _, m := range p.GenerateChecks(nil) {
				got = append(got, m.USI())
			}
			want := slices.Clone(c.want)
			if c.sorted {
				slices.Sort(got)
				slices.Sort(want)
			}
			if !slices.Equal(got, want) {
				t.Errorf("GenerateChecks = %v, want %v", got, want)
			}
			var oracle []string
			for _, m := range p.GenerateLegal(nil) {
				p.Do(m)
				if p.InCheck() {
					oracle = append(oracle, m.USI())
				}
				p.Undo(m)
			}
			slices.Sort(oracle)
			slices.Sort(want)
			if !slices.Equal(oracle, want) {
				t.Errorf("legal moves that check = %v, the case expects %v", oracle, want)
			}
		})
	}
}
