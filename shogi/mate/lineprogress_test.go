package mate

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestLineProgress checks that the line walker and the verifier report
// their progress (Solver.tick): they run between the core searches, which
// report on their own, or without any, and were silent (Ran on two
// threads: 460 s without a report after the proof). The walker reports
// each ply of the horizon it walks; the verifier, every few dozen nodes,
// counts that add up: each alternative met is settled, left open, or the
// one being searched.
func TestLineProgress(t *testing.T) {
	pos := microcosmosTail(t, 41)
	tc := boundedCase{"tail 41", pos.SFEN(), Tsume, 41}
	g, s, bounded := caseSolver(t, tc, true)
	defer s.Close()
	if r := bounded(tc.n, 0); r.Outcome != core.Proven {
		t.Fatalf("mate within %d: %v", tc.n, r.Outcome)
	}
	var reps []Progress
	s.progress = func(p Progress) { reps = append(reps, p) }
	s.progressEvery = 0 // every step reports
	s.start, s.lineStart = time.Now(), time.Now()
	line := s.walkLine(g, tc.n, bounded)
	if len(line) == 0 {
		t.Fatal("no line walked")
	}
	if len(reps) != len(line) {
		t.Errorf("%d line reports for a %d-ply line", len(reps), len(line))
	}
	for i, p := range reps {
		if p.Phase != "line" || p.Length != tc.n || p.Ply != i {
			t.Errorf("report %d: phase %q length %d ply %d", i, p.Phase, p.Length, p.Ply)
		}
	}

	reps = nil
	v := verifyQuick(g.pos, g.attacker, tc.rules, line, s.hint(context.Background(), g), nil, s.verifyProgress(len(line)))
	t.Logf("verification: %d nodes, %d alternatives, %d reports", v.Nodes, v.Alternatives, len(reps))
	if v.Alternatives == 0 || uint64(len(reps)) < v.Nodes/(stopPollMask+1) {
		t.Errorf("%d verifier reports for %d nodes and %d alternatives", len(reps), v.Nodes, v.Alternatives)
	}
	var prev Progress
	for _, p := range reps {
		if p.Phase != "verify" || p.Length != len(line) || p.Ply < 0 || p.Ply >= len(line) {
			t.Errorf("verify report: phase %q length %d ply %d", p.Phase, p.Length, p.Ply)
		}
		if inFlight := p.Alternatives - p.Settled - p.Open; inFlight != 1 ||
			p.Alternatives < prev.Alternatives || p.Nodes < prev.Nodes || p.Alternatives > v.Alternatives {
			t.Errorf("verify report: %d alternatives, %d settled, %d open, %d nodes after %d, %d nodes",
				p.Alternatives, p.Settled, p.Open, p.Nodes, prev.Alternatives, prev.Nodes)
		}
		prev = p
	}
}

// TestSettleNowShorterThanVerified: a line shorter than the verified
// answer, proven a mate within its length, whose early verification left
// alternatives unsettled, is verified again with retries (settleNow) even
// though a verified answer stands: otherwise it waits for the final
// verifier, which the search for a still shorter line leaves no time
// (Ionization, two threads: 795 verified, the 789-ply line found later
// never was).
func TestSettleNowShorterThanVerified(t *testing.T) {
	pos := microcosmosTail(t, 41)
	tc := boundedCase{"tail 41", pos.SFEN(), Tsume, 41}
	g, s, bounded := caseSolver(t, tc, true)
	defer s.Close()
	if r := bounded(tc.n, 0); r.Outcome != core.Proven {
		t.Fatalf("mate within %d: %v", tc.n, r.Outcome)
	}
	s.shortened = true // the hints read the bounded proofs
	line := s.walkLine(g, tc.n, bounded)
	if len(line) != tc.n {
		t.Fatalf("walked %d plies, want %d", len(line), tc.n)
	}
	// Only the verified answer's length matters to settleNow.
	longer := append(slices.Clone(line), make([]shogi.Move, 2)...)
	s.early.sure, s.early.sureV = longer, Verification{OK: true}
	s.early.line, s.early.v = line, Verification{Alternatives: 1, Unsettled: 1}
	s.reserveDeadline = time.Now().Add(time.Minute)
	s.settleNow(context.Background(), g, line, func() bool { return false })
	if !s.early.v.OK || !slices.Equal(s.early.sure, line) {
		t.Errorf("after settleNow: verification %+v, verified answer of %d plies, want the %d-ply line", s.early.v, len(s.early.sure), len(line))
	}
}

// TestRetryUntriedFirst: the alternatives that the first pass never
// searched (its node total spent before them) are searched with its
// budgets before the growing rounds, which go in the line's order and
// spend their budgets on the hard alternatives first. With a first pass
// of one node in all, the retries (10 k nodes in all) must settle every
// alternative that the first pass's budgets settle on their own, but the
// one it tried; in line order they left 25 of 30 unsettled.
func TestRetryUntriedFirst(t *testing.T) {
	pos := microcosmosTail(t, 41)
	tc := boundedCase{"tail 41", pos.SFEN(), Tsume, 41}
	g, s, bounded := caseSolver(t, tc, true)
	defer s.Close()
	if r := bounded(tc.n, 0); r.Outcome != core.Proven {
		t.Fatalf("mate within %d: %v", tc.n, r.Outcome)
	}
	line := s.walkLine(g, tc.n, bounded)
	noHint := func(*shogi.Position, int) shogi.Move { return shogi.NoMove }
	newV := func(total uint64) verifier {
		return verifier{pos: g.pos.Clone(), attacker: g.attacker, rules: tc.rules, memo: newMemo(),
			altBudget: 1000, hintedBudget: 1000, totalBudget: total, hint: noHint, retryNodes: 10_000,
			// The order of the rounds is tested on the depth-first
			// search's budgets alone: the best-first search after it
			// doubles an unsettled alternative's cost, which the 10 k
			// nodes of retries were not sized for.
			noPNS: true}
	}
	ref := newV(1 << 40)
	ref.noRetry = true
	want := ref.run(line)
	v := newV(1)
	got := v.run(line)
	t.Logf("first pass alone: %d of %d unsettled; starved first pass and retries: %d", want.Unsettled, want.Alternatives, got.Unsettled)
	if want.Alternatives < 10 || want.Unsettled >= want.Alternatives/2 {
		t.Fatalf("fixture: %d alternatives, %d unsettled by the first pass's budgets", want.Alternatives, want.Unsettled)
	}
	if got.Wrong || got.Unsettled > want.Unsettled+1 {
		t.Errorf("retries after a starved first pass left %d alternatives unsettled, want at most %d", got.Unsettled, want.Unsettled+1)
	}
}
