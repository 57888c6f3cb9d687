package mate

import (
	"context"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

// TestAttackerInCheckNoEvasion: an attacker to move that is in check and
// has no checking answer has no move. Under mate-search rules that is a
// proven NoMate (not an error); under tsume rules the problem is refused.
// With a checking answer the question is searched as usual.
func TestAttackerInCheckNoEvasion(t *testing.T) {
	// Black to move, checked by the rook on 5e; no king move checks the
	// king on 9a.
	const stuck = "k8/9/9/9/4r4/9/9/9/4K4 b - 1"
	pos, err := shogi.ParseSFEN(stuck)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(context.Background(), pos, Options{Rules: MateSearch, HashMB: 16})
	if err != nil {
		t.Fatalf("mate rules: %v, want a proven no-mate", err)
	}
	if r.Kind != NoMate || r.Length != 0 || r.Proven {
		t.Fatalf("mate rules: %v (length %d, proven %v), want nomate", r.Kind, r.Length, r.Proven)
	}
	_, err = Solve(context.Background(), pos, Options{Rules: Tsume, HashMB: 16})
	if err == nil || !strings.Contains(err.Error(), "in check") {
		t.Fatalf("tsume rules: err %v, want the refusal naming the check", err)
	}
	// With a checking answer (the bishop takes the rook on 5e and checks
	// 9a) the question is searched as usual.
	const answered = "k8/9/9/9/4r4/9/9/9/B3K4 b - 1" // 9i bishop takes 5e, checking 9a
	pos, err = shogi.ParseSFEN(answered)
	if err != nil {
		t.Fatal(err)
	}
	r, err = Solve(context.Background(), pos, Options{Rules: MateSearch, HashMB: 16, NodeLimit: 100_000})
	if err != nil {
		t.Fatalf("answered check: %v", err)
	}
	if r.Stats.Expanded == 0 {
		t.Fatalf("answered check: %v without a search, want the question searched", r.Kind)
	}
}
