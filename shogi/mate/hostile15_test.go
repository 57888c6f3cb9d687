package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

// TestThreadsAgreeOnShortSets: the visible short sets solved on one
// thread and on 2 to 4 (each clone with its own children's-key scratch)
// under small node budgets: a proven answer never contradicts another
// thread count's (mate against nomate), a mate always carries a verified
// line, and two lengths both proven minimal are equal. Run it under
// -race to check the clones share nothing they write.
func TestThreadsAgreeOnShortSets(t *testing.T) {
	probs := shortSetProblems(t)
	if testing.Short() {
		// Every fourth problem: the later sets' longer searches are
		// the ones where threads overlap.
		var some []shortProblem
		for i := 0; i < len(probs); i += 4 {
			some = append(some, probs[i])
		}
		probs = some
	}
	compared := 0
	for _, pr := range probs {
		var first Result
		for _, th := range []int{1, 2, 3, 4} {
			pos, err := shogi.ParseSFEN(pr.sfen)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Solve(context.Background(), pos, Options{Rules: pr.rules, Threads: th, HashMB: 8, NodeLimit: 60000})
			if err != nil {
				t.Fatal(err)
			}
			if r.Kind == Mate && (!r.Verified || len(r.Moves) != r.Length || r.Length == 0) {
				t.Errorf("%s on %d threads: mate of %d plies, %d moves, verified %v", pr.sfen, th, r.Length, len(r.Moves), r.Verified)
			}
			if th == 1 {
				first = r
				continue
			}
			if first.Kind != Unknown && r.Kind != Unknown {
				compared++
				if first.Kind != r.Kind {
					t.Errorf("%s: %v on one thread, %v on %d", pr.sfen, first.Kind, r.Kind, th)
				}
				if first.Kind == Mate && first.Minimal && r.Minimal && first.Length != r.Length {
					t.Errorf("%s: minimal %d plies on one thread, %d on %d", pr.sfen, first.Length, r.Length, th)
				}
			}
		}
	}
	if compared < len(probs) {
		t.Fatalf("only %d answers compared for %d problems", compared, len(probs))
	}
	t.Logf("%d answers compared for %d problems", compared, len(probs))
}
