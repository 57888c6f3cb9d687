package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestRepairLine gives repairLine the first proof's main line, and the same
// line with the first defence replaced by each other one (continued by the
// proof's main line), on our own mates and every antma problem of 5 plies or more:
// the result must be a line the verifier accepts, no shorter than the exact
// length. A replaced defence is usually a shorter one, so the repair must
// find an escaping defence and switch to it; after a switch every other
// defence must be asked again (antma:68 failed when only those before the
// escape in move order had been).
func TestRepairLine(t *testing.T) {
	switched, lines := 0, 0
	for _, tc := range boundedCases(t) {
		if tc.n < 3 {
			continue
		}
		g, s, bounded := caseSolver(t, tc, true)
		pv, _ := s.completeLine(context.Background(), g, maxRepairLine)
		cands := [][]shogi.Move{pv}
		if len(pv) >= 2 {
			// Each other defence at ply 2, with the main line from there.
			g.pos.Do(pv[0])
			var buf [shogi.MaxMoves]shogi.Move
			for _, m := range g.generate(buf[:0]) {
				if m != pv[1] {
					g.pos.Do(m)
					tail, _ := s.completeLine(context.Background(), g, maxRepairLine)
					g.pos.Undo(m)
					cands = append(cands, append([]shogi.Move{pv[0], m}, tail...))
				}
			}
			g.pos.Undo(pv[0])
		}
		for i, l := range cands {
			lines++
			got := s.repairLine(context.Background(), g, l, bounded)
			if got == nil {
				t.Errorf("%s line %d: not repaired", tc.name, i)
				continue
			}
			if len(got) < tc.n || len(got)%2 != tc.n%2 {
				t.Errorf("%s line %d: %d plies, exact length %d", tc.name, i, len(got), tc.n)
			}
			if v := Verify(g.pos, g.attacker, tc.rules, got); !v.OK {
				t.Errorf("%s line %d: %s", tc.name, i, v.Problem)
			}
			if i > 0 && len(got) > 1 && got[1] != l[1] {
				switched++
			}
		}
		s.Close()
	}
	if switched == 0 && len(boundedCases(t)) > 10 {
		t.Error("no repair switched to an escaping defence: the test exercises nothing")
	}
	t.Logf("%d lines, %d repairs switched the defence", lines, switched)
}

// TestSettleByRepair walks the line of a proof within a horizon well above
// the exact length (as the shortening's first root search does on a long
// problem) and lets settleByRepair repair it, once because the line is
// shorter than the horizon and once because its early verification is
// marked unsettled: each result must be verified, no shorter than the
// exact length and no longer than the horizon. A settled line as long as
// its horizon is left alone.
func TestSettleByRepair(t *testing.T) {
	repaired := 0
	for _, tc := range shortSample(boundedCases(t), 3) {
		if tc.n < 3 {
			continue
		}
		g, s, bounded := caseSolver(t, tc, true)
		never := func() bool { return false }
		h := tc.n + 8
		if bounded(h, 0).Outcome != core.Proven {
			t.Fatalf("%s: not proven within %d", tc.name, h)
		}
		line := s.walkLine(g, h, bounded)
		if line == nil {
			t.Fatalf("%s: no line within %d", tc.name, h)
		}
		s.early.v = Verification{OK: true}
		if r := s.settleByRepair(context.Background(), g, line, len(line), bounded, never); r != nil {
			t.Errorf("%s: a settled line as long as its horizon was repaired", tc.name)
		}
		for _, c := range []struct {
			early Verification
			hi    int
		}{{Verification{OK: true}, h}, {Verification{Unsettled: 1}, len(line)}} {
			s.early.v = c.early
			if c.hi == len(line) && len(line) == h {
				continue
			}
			r := s.settleByRepair(context.Background(), g, line, c.hi, bounded, never)
			if r == nil {
				t.Errorf("%s (%+v, horizon %d, line %d): not repaired", tc.name, c.early, c.hi, len(line))
				continue
			}
			repaired++
			if len(r) < tc.n || len(r) > h || len(r)%2 != tc.n%2 {
				t.Errorf("%s: %d plies, exact length %d, horizon %d", tc.name, len(r), tc.n, h)
			}
			if v := Verify(g.pos, g.attacker, tc.rules, r); !v.OK {
				t.Errorf("%s: %s", tc.name, v.Problem)
			}
		}
		s.Close()
	}
	if repaired == 0 {
		t.Error("nothing repaired: the test exercises nothing")
	}
	t.Logf("%d repairs", repaired)
}

// TestProofWalk walks the first proof from the root of our own mates and
// antma (a sample under -short): it must never show a mate within fewer
// plies than the exact length; it must show one within a generous horizon
// (the proof's own line may be longer than the shortest), also after the
// table lost every entry (it re-proves what it misses); what it shows is
// stored as bounded proofs, after which the bounded searches still agree
// with the exact length, and in the horizon summary that the bounded
// searches' Terminal reads. A stopped walk shows nothing.
func TestProofWalk(t *testing.T) {
	walked := 0
	for _, tc := range shortSample(boundedCases(t), 3) {
		if tc.n < 3 {
			continue
		}
		g, s, _ := caseSolver(t, tc, true)
		key := g.Key()
		if s.newProofWalk(context.Background(), g).mates(tc.n - 2) {
			t.Errorf("%s: walk shows a mate within %d, exact length %d", tc.name, tc.n-2, tc.n)
		}
		far := 4*tc.n + 9
		s.stop.Store(true)
		if s.newProofWalk(context.Background(), g).mates(far) {
			t.Errorf("%s: a stopped walk showed a mate", tc.name)
		}
		s.stop.Store(false)
		for _, lost := range []bool{false, true} {
			if lost {
				s.table.Clear()
			}
			w := s.newProofWalk(context.Background(), g)
			if !w.mates(far) {
				t.Errorf("%s (table cleared %v): no mate within %d shown", tc.name, lost, far)
				continue
			}
			walked++
			if e, ok := s.table.Probe(boundedKey(key, far), true, g); !ok || e.PN != 0 {
				t.Errorf("%s: the walk's proof within %d was not stored", tc.name, far)
			}
			if e, ok := s.table.Probe(lengthsKey(key, true), true, g); !ok || e.PN != 0 || int(e.Length) > far {
				t.Errorf("%s: the walk's proof within %d is not in the horizon summary", tc.name, far)
			}
			if lost && w.reproved == 0 {
				t.Errorf("%s: a walk over an empty table re-proved nothing", tc.name)
			}
		}
		for _, h := range []int{tc.n - 2, tc.n} {
			r := core.Solve(context.Background(), newBoundedGame(g, h, s.table), s.table, core.Options{TCA: true, SNDA: true})
			if want := h >= tc.n; (r.Outcome == core.Proven) != want {
				t.Errorf("%s: after the walks, mate within %d: %v", tc.name, h, r.Outcome)
			}
		}
		s.Close()
	}
	if walked == 0 {
		t.Error("no walk succeeded: the test exercises nothing")
	}
	t.Logf("%d walks", walked)
}

// TestProofWalkReusesShownLengths: a walk keeps the length of the mate it
// walked (at least the exact length, at most the plies it was given), and
// a later walk given only that many plies reads it instead of walking the
// proof again; the horizon summary keeps the plies given.
func TestProofWalkReusesShownLengths(t *testing.T) {
	reused := 0
	for _, tc := range shortSample(boundedCases(t), 3) {
		if tc.n < 3 {
			continue
		}
		g, s, _ := caseSolver(t, tc, true)
		far := 4*tc.n + 9
		n := s.newProofWalk(context.Background(), g).mateIn(far)
		if n < tc.n || n > far {
			t.Errorf("%s: the walk within %d showed a mate in %d, exact length %d", tc.name, far, n, tc.n)
			s.Close()
			continue
		}
		if e, ok := s.table.Probe(lengthsKey(g.Key(), true), true, g); !ok || e.PN != 0 || int(e.Length) != far {
			t.Errorf("%s: the summary holds %+v, want a mate within %d", tc.name, e, far)
		}
		w := s.newProofWalk(context.Background(), g)
		if m := w.mateIn(n); m != n || w.nodes != 1 {
			t.Errorf("%s: a second walk within %d: %d after %d nodes, want %d read from the summary", tc.name, n, m, w.nodes, n)
		}
		if n < far {
			reused++
		}
		s.Close()
	}
	if reused == 0 {
		t.Error("no walk showed a mate shorter than its plies: the test shows nothing")
	}
	t.Logf("%d walks", reused)
}
