package suite

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/reading"
)

// TestReusedSolverSameWorkHeavy: bench-go answers GNU Go's suite with
// one Solver; each question must get the same reply after the same
// plays as it gets alone, from a fresh Solver (reading's
// TestSameBudgetSameWork checks this on small positions, which never
// fill the gi cache; before the cache forgot earlier questions exactly,
// 31 of the 234 questions did other work here).
func TestReusedSolverSameWorkHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: the suite twice")
	}
	tests := sharedSuite(t)
	o := reading.Options{Plays: 1000000}
	rows, _, err := Run(context.Background(), tests, o, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tests {
		alone, _, err := Run(context.Background(), tests[i:i+1], o, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, r := alone[0], rows[i]
		if a.Reply != r.Reply || a.Result.Stats.Plays != r.Result.Stats.Plays || a.Result.Stats.Nodes != r.Result.Stats.Nodes {
			t.Errorf("test %d: alone %q after %d plays, %d nodes; after the tests before it %q after %d plays, %d nodes",
				tests[i].ID, a.Reply, a.Result.Stats.Plays, a.Result.Stats.Nodes, r.Reply, r.Result.Stats.Plays, r.Result.Stats.Nodes)
		}
	}
}
