package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

// TestResultThreads: Result.Threads says how many threads the proof search
// ran on: one by default and under PN* (which has no parallel search), two
// when asked for two on a search long enough (about 4 300 expansions) for
// the second thread to start after the first one's solo start.
func TestResultThreads(t *testing.T) {
	const sfen = "8k/9/9/9/9/9/9/9/9 b B2S 1" // no mate
	cases := []struct {
		name string
		o    Options
		want int
	}{
		{"default", Options{}, 1},
		{"pn* ignores threads", Options{Algorithm: PNStar, Threads: 2}, 1},
		{"two threads", Options{Threads: 2}, 2},
	}
	for _, tc := range cases {
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		tc.o.HashMB = 16
		r, err := Solve(context.Background(), pos, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Kind != NoMate || r.Threads != tc.want {
			t.Errorf("%s: %v on %d threads, want nomate on %d", tc.name, r.Kind, r.Threads, tc.want)
		}
	}
}
