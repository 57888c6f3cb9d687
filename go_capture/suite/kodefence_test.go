package suite

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/go_capture/reading"
)

// TestKoDefencesNameAMove: defences that succeed only by ko must name
// the owner's move in the ko, as GNU Go does; each of these was
// answered "2 PASS" or "3 PASS" before.
func TestKoDefencesNameAMove(t *testing.T) {
	byID := sharedSuiteByID(t)
	cases := []struct {
		id   int
		algo string
	}{
		{32, reading.AlgoDFPN}, {79, reading.AlgoDFPN}, {98, reading.AlgoDFPN},
		{81, reading.AlgoAPS}, {81, reading.AlgoDFPN},
	}
	for _, c := range cases {
		tc, ok := byID[c.id]
		if !ok {
			t.Fatalf("test %d missing from the suite", c.id)
		}
		rows, _, err := Run(context.Background(), []Test{tc}, reading.Options{Algorithm: c.algo, TimeLimit: 5 * time.Second}, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rows[0]
		if strings.Contains(r.Reply, "PASS") || !r.Pass {
			t.Errorf("test %d (%s): reply %q, want a move matching %q", c.id, c.algo, r.Reply, tc.Pattern)
		}
	}
}
