package shogitest

import (
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

func TestBruteMate(t *testing.T) {
	for _, tc := range []struct {
		sfen  string
		plies int
		want  bool
	}{
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1", 3, true},  // S*1b 2a1b G*2b
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1", 1, false}, // no mate in one
		{"8k/9/9/9/9/9/9/9/K8 b G 1", 3, false},
	} {
		p, err := shogi.ParseSFEN(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := BruteMate(p, tc.plies); got != tc.want {
			t.Errorf("%s within %d: %v, want %v", tc.sfen, tc.plies, got, tc.want)
		}
	}
}
