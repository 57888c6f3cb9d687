package suite

import (
	"context"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/go_capture/reading"
)

// TestRoundThreeAnswers holds the suite tests that the third round
// fixed, each answered within 0.1 s, to their patterns: snapback
// recaptures (175 234), owner candidates that make a capture a snapback
// or rescue cutting stones (138 180 183 186; 172, fixed too, takes
// 0.4 s and would hit the limit under -race), captures that give a
// joinable string its liberty back (132), captures by ko that send the
// search on to the other ko modes (128 211), ko defences that name the
// move pressing the attacker or saving a string that guards a liberty
// (133 213 215 225), moves that turn a capture into a ko (135) and the
// approach moves of a capturing race (30 94 95 96).
func TestRoundThreeAnswers(t *testing.T) {
	byID := sharedSuiteByID(t)
	for _, id := range []int{30, 94, 95, 96, 128, 132, 133, 135, 138, 175, 180, 183, 186, 211, 213, 215, 225, 234} {
		tc, ok := byID[id]
		if !ok {
			t.Fatalf("test %d missing from the suite", id)
		}
		rows, _, err := Run(context.Background(), []Test{tc}, reading.Options{Algorithm: reading.AlgoDFPN, TimeLimit: 5 * time.Second}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r := rows[0]; !r.Pass {
			t.Errorf("test %d (%s %s): reply %q, want %q", id, tc.Command, tc.Args[0], r.Reply, tc.Pattern)
		}
	}
}
