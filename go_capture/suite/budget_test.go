package suite

import (
	"context"
	"math"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/reading"
)

// TestBudgetSweepKoQuestions asks suite questions whose answers are ko
// codes (several ko passes, attacker-first searches and ko defence
// hunts) under play budgets swept up to what each needs: an answer cut
// short is undecided, never another code than the unlimited answer's
// (Heavy: every algorithm, thirty questions).
func TestBudgetSweepKoQuestionsHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: thirty questions, each asked under some thirty budgets by every algorithm")
	}
	budgetSweep(t, []string{reading.AlgoDFPN, reading.AlgoPNStar, reading.AlgoAPS},
		45, 79, 12, 30, 32, 59, 62, 69, 81, 94, 96, 98, 128, 133, 138, 146, 148, 168, 180, 188, 4, 31, 37, 56, 74, 95, 125, 135, 182, 207)
}

// TestBudgetSweepKoQuestions is the short run: in 45 and 79 some budgets
// stop the attacker-first search of the second ko pass after a failure
// proven in the first (which was once reported as a proven 0).
func TestBudgetSweepKoQuestions(t *testing.T) {
	budgetSweep(t, []string{reading.AlgoDFPN}, 45, 79)
}

func budgetSweep(t *testing.T, algos []string, ids ...int) {
	byID := sharedSuiteByID(t)
	for _, algo := range algos {
		for _, id := range ids {
			tc := byID[id]
			b, target, err := tc.Position()
			if err != nil {
				t.Fatal(err)
			}
			mode := reading.Attack
			if tc.Command == "defend" {
				mode = reading.Defend
			}
			full, err := reading.Solve(context.Background(), b, target, mode, reading.Options{Algorithm: algo, Nodes: math.MaxInt64, Plays: 1 << 24})
			if err != nil {
				t.Fatal(err)
			}
			if !full.Decided() {
				continue
			}
			for k := int64(50); k < full.Stats.Plays+64; k = k*9/8 + 1 {
				res, err := reading.Solve(context.Background(), b, target, mode, reading.Options{Algorithm: algo, Nodes: math.MaxInt64, Plays: k})
				if err != nil {
					t.Fatal(err)
				}
				if res.Decided() && res.Code != full.Code {
					t.Errorf("%s test %d (%s %s): %d plays give code %d (%s), without a limit %d (%s)", algo, id, tc.Command, tc.Args[0], k, res.Code, b.Vertex(res.Move), full.Code, b.Vertex(full.Move))
					break
				}
			}
		}
	}
}
