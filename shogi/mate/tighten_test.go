package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

// TestTightenPass gives tightenPass proven lines that are too long: the
// first proof's main line with, at one of the attacker's nodes after the
// first, another check (continued by the proof's main line from there and
// repaired, so every defence is mated within the plies it leaves). Passes
// run until one finds nothing: each line a pass returns must be shorter
// than the one it was given, no shorter than the exact length, and
// accepted by the verifier; and some pass must shorten a line, or the test
// exercises nothing.
func TestTightenPass(t *testing.T) {
	given, shortened, exact := 0, 0, 0
	for _, tc := range shortSample(boundedCases(t), 4) {
		if tc.n < 5 {
			continue
		}
		g, s, bounded := caseSolver(t, tc, true)
		s.shortened = true // the hints read the bounded searches' entries, as in Solve
		stopped := func() bool { return false }
		for _, long := range longLines(t, s, g, bounded, tc.n, 3) {
			given++
			line := long
			for {
				next := s.tightenPass(context.Background(), g, line, bounded, tightenBudget, stopped)
				if next == nil {
					break
				}
				if len(next) >= len(line) || len(next) < tc.n || len(next)%2 != tc.n%2 {
					t.Fatalf("%s: a %d-ply line tightened to %d plies (exact %d)", tc.name, len(line), len(next), tc.n)
				}
				if v := verifyFull(g.pos, g.attacker, tc.rules, next, s.hint(context.Background(), g), stopped, nil); !v.OK {
					t.Fatalf("%s: tightened %d-ply line rejected: %s", tc.name, len(next), v.Problem)
				}
				shortened++
				line = next
			}
			if len(line) == tc.n {
				exact++
			}
		}
		s.Close()
	}
	if given == 0 && sharedtest.Dir() == "" {
		// The built-in problems' repaired lines are all exact already;
		// the long ones come from the antma set.
		t.Skip("no repaired line longer than the exact length without ../shared (the antma set)")
	}
	if shortened == 0 {
		t.Fatalf("%d long lines given, none shortened", given)
	}
	t.Logf("%d long lines given, %d passes shortened one, %d ended at the exact length", given, shortened, exact)
}

// longLines returns up to k repaired lines longer than the exact length n
// (see TestTightenPass).
func longLines(t *testing.T, s *Solver, g *Game, bounded func(int, uint64) core.Result, n, k int) [][]shogi.Move {
	t.Helper()
	ctx := context.Background()
	pv, _ := s.completeLine(ctx, g, maxRepairLine)
	var out [][]shogi.Move
	var buf [shogi.MaxMoves]shogi.Move
	played := 0
	for j := 0; j < len(pv) && len(out) < k; j++ {
		if j >= 2 && g.OrNode() {
			for _, m := range g.generate(buf[:0]) {
				if m == pv[j] || len(out) >= k {
					continue
				}
				g.pos.Do(m)
				tail, _ := s.completeLine(ctx, g, maxRepairLine)
				g.pos.Undo(m)
				if tail == nil {
					continue
				}
				for i := j - 1; i >= 0; i-- {
					g.pos.Undo(pv[i])
				}
				cand := append(append(append([]shogi.Move(nil), pv[:j]...), m), tail...)
				if rep := s.repairLine(ctx, g, cand, bounded); rep != nil && len(rep) > n {
					out = append(out, rep)
				}
				for i := 0; i < j; i++ {
					g.pos.Do(pv[i])
				}
			}
		}
		g.pos.Do(pv[j])
		played++
	}
	for i := played - 1; i >= 0; i-- {
		g.pos.Undo(pv[i])
	}
	return out
}
