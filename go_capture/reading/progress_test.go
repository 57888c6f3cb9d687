package reading

import (
	"context"
	"testing"
	"time"
)

// TestProgressAndTimeLimit: every algorithm reports progress at its
// interval, with nodes that never decrease, and ends the whole question
// (ko passes and a defence's attacker-first search included) near its
// time limit.
func TestProgressAndTimeLimit(t *testing.T) {
	rows := []string{
		".........",
		".........",
		".........",
		"...O.....",
		"..OXO....",
		"...X.....",
		".........",
		".........",
		".........",
	}
	const limit, every = 300 * time.Millisecond, 20 * time.Millisecond
	for _, algo := range []string{AlgoAPS, AlgoDFPN, AlgoPNStar} {
		for _, mode := range []Mode{Attack, Defend} {
			t.Run(algo+" "+mode.String(), func(t *testing.T) {
				b := diagram(t, rows...)
				var calls int
				var last uint64
				var lastAt time.Duration
				maxGap := time.Duration(0)
				opts := Options{Algorithm: algo, TimeLimit: limit, Nodes: 1 << 40, Progress: &Progress{Every: every,
					Func: func(nodes uint64, elapsed time.Duration) {
						if nodes < last {
							t.Errorf("nodes went down: %d after %d", nodes, last)
						}
						maxGap = max(maxGap, elapsed-lastAt)
						calls++
						last, lastAt = nodes, elapsed
					}}}
				res, err := Solve(context.Background(), b, vertex(t, b, "D5"), mode, opts)
				if err != nil {
					t.Fatal(err)
				}
				// Generous slack: the test runs under -race on shared CI
				// cores; a search that ignored its limit would run for
				// minutes (Nodes is 1<<40).
				if res.Stats.Time > limit+1500*time.Millisecond {
					t.Errorf("question took %v with a %v limit", res.Stats.Time, limit)
				}
				if res.Stats.Time > 5*every && calls == 0 {
					t.Errorf("no progress call in %v (interval %v)", res.Stats.Time, every)
				}
				// The slack absorbs the stalls of a loaded machine under
				// -race (gaps of 0.4 s measured on two shared cores, and
				// one failure of this test at 0.5 s).
				if maxGap > every+1500*time.Millisecond {
					t.Errorf("progress calls %v apart (interval %v)", maxGap, every)
				}
			})
		}
	}
}

func TestProgressRejectsNegativeInterval(t *testing.T) {
	if _, err := NewSolver(Options{Progress: &Progress{Every: -time.Second}}); err == nil {
		t.Fatal("negative progress interval accepted")
	}
}
