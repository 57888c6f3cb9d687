package main

import (
	"testing"

	"github.com/tsume-solver/tsume/go_capture/reading"
)

func TestCaptureQuestionErrors(t *testing.T) {
	tests := []struct {
		name string
		q    captureQuery
		want Status
	}{
		{"lists", captureQuery{boardSize: 9, black: "C4 E4 D3", white: "D4", target: "D4"}, StatusOK},
		{"sgf", captureQuery{hasSGF: true, sgf: "(;FF[4]SZ[9]AB[cf][dg][ee]AW[df])", target: "D4"}, StatusOK},
		{"sgf moves", captureQuery{hasSGF: true, sgf: "(;SZ[9];B[ee];W[df])", target: "D4"}, StatusOK},
		{"sgf stop before move 2", captureQuery{hasSGF: true, sgf: "(;SZ[9];B[ee];W[df])", moveNumber: 2, target: "D4"}, StatusIllegalPosition},
		{"sgf unclosed", captureQuery{hasSGF: true, sgf: "(;SZ[9]AW[dd", target: "D4"}, StatusParse},
		{"sgf junk", captureQuery{hasSGF: true, sgf: "hello", target: "D4"}, StatusParse},
		{"sgf occupied", captureQuery{hasSGF: true, sgf: "(;SZ[9];B[ee];W[ee])", target: "E5"}, StatusIllegalPosition},
		{"target syntax", captureQuery{boardSize: 9, white: "D4", target: "D"}, StatusParse},
		{"target off board", captureQuery{boardSize: 9, white: "D4", target: "K10"}, StatusParse},
		{"target pass", captureQuery{boardSize: 9, white: "D4", target: "pass"}, StatusParse},
		{"target empty", captureQuery{boardSize: 9, white: "D4", target: "E5"}, StatusIllegalPosition},
		{"stone list syntax", captureQuery{boardSize: 9, black: "C4 ??", white: "D4", target: "D4"}, StatusParse},
		{"stone pass", captureQuery{boardSize: 9, black: "pass", white: "D4", target: "D4"}, StatusParse},
		{"both colours", captureQuery{boardSize: 9, black: "D4", white: "D4", target: "D4"}, StatusIllegalPosition},
		{"no liberty", captureQuery{boardSize: 9, black: "A2 B1", white: "A1", target: "A1"}, StatusIllegalPosition},
		{"widening name", captureQuery{boardSize: 9, white: "D4", target: "D4", algo: algoAPS, widening: "nope"}, StatusInvalidArgument},
		{"widening number", captureQuery{boardSize: 9, white: "D4", target: "D4", algo: algoAPS, widening: "3"}, StatusOK},
		{"widening with default (df-pn)", captureQuery{boardSize: 9, white: "D4", target: "D4", widening: "3"}, StatusOK},
		{"widening with pnstar", captureQuery{boardSize: 9, white: "D4", target: "D4", algo: algoPNStar, widening: "nope"}, StatusInvalidArgument},
	}
	for _, tc := range tests {
		_, err := newCaptureQuestion(tc.q)
		if got := statusOf(err); got != tc.want {
			t.Errorf("%s: status %d, want %d (%v)", tc.name, got, tc.want, err)
		}
	}
}

func TestCaptureCacheKey(t *testing.T) {
	key := func(q captureQuery) string {
		cq, err := newCaptureQuestion(q)
		if err != nil {
			t.Fatal(err)
		}
		return cq.cacheKey()
	}
	lists := captureQuery{boardSize: 9, black: "C4 D3 E5", white: "D4", target: "D4"}
	sgf := captureQuery{hasSGF: true, sgf: "(;FF[4]SZ[9]AB[cf][dg][ee]AW[df])", target: "D4"}
	if key(lists) != key(sgf) {
		t.Error("the same board from lists and from SGF gave different keys")
	}
	defend := lists
	defend.mode = modeDefend
	if key(lists) == key(defend) {
		t.Error("attack and defend share a key")
	}
	if lists.textKey() == sgf.textKey() {
		t.Error("different query texts share a text key")
	}
}

// TestCapturePlaysBudget: limits.plays reaches reading.Options.Plays. The
// question (can White save L10, next to black K10 and L11, black N10 a
// point away, on an empty 19x19 board?) is asked once without a budget,
// then with a third of the plays that took (which must leave it unknown,
// stopped near the budget) and with a large budget. The tiny budget is
// read from the unbudgeted run, not written down, so that a search that
// needs fewer plays (the rules change) keeps the test meaningful; below
// 30 plays the fixture is too easy to tell a budget from a finished
// search, and the test says so.
func TestCapturePlaysBudget(t *testing.T) {
	q := captureQuery{boardSize: 19, black: "K10 L11 N10", white: "L10", target: "L10", mode: modeDefend}
	ask := func(plays int64) *result {
		s := newTestSolver(t, 0) // no result cache: every ask searches
		r, err := s.solve(q.textKey(), func() (question, error) { return newCaptureQuestion(q) }, limits{plays: plays})
		if err != nil {
			t.Fatalf("budget %d: %v", plays, err)
		}
		return r
	}
	free := ask(0)
	if !free.finished() || free.kind != KindProven || len(free.moves) == 0 {
		t.Fatalf("no budget: kind %d moves %v, want the string saved with a move", free.kind, free.moves)
	}
	need := int64(free.stats.generated)
	if need < 30 {
		t.Fatalf("the question takes %d plays: too few to test a budget; pick a harder one", need)
	}
	tests := []struct {
		name     string
		plays    int64
		finished bool
	}{
		{"tiny budget", need / 3, false},
		{"large budget", 1_000_000, true},
	}
	for _, tc := range tests {
		r := ask(tc.plays)
		if r.finished() != tc.finished {
			t.Fatalf("%s (%d): kind %d after %d plays, want finished=%v", tc.name, tc.plays, r.kind, r.stats.generated, tc.finished)
		}
		// The reading package stops at the first check after the budget is
		// reached, a few plays of a game-definition function later.
		if slack := uint64(tc.plays)/4 + 100; r.stats.generated > uint64(tc.plays)+slack {
			t.Errorf("%s: %d plays spent, far over the budget of %d", tc.name, r.stats.generated, tc.plays)
		}
		if !tc.finished && r.stats.generated < uint64(tc.plays)/2 {
			t.Errorf("%s: stopped after %d plays, well before the budget of %d", tc.name, r.stats.generated, tc.plays)
		}
		if tc.finished && (r.kind != KindProven || len(r.moves) == 0 || r.stats.generated != free.stats.generated) {
			t.Errorf("%s: kind %d moves %v after %d plays, want the string saved with a move, as without a budget (%d plays)",
				tc.name, r.kind, r.moves, r.stats.generated, free.stats.generated)
		}
	}
}

// TestCaptureDefaultIsDFPN: TSUME_ALGO_DEFAULT is df-pn, the strongest
// algorithm on GNU Go's reading suite. The question of TestCapturePlaysBudget
// asked under a play budget gives the same answer and the same work (plays,
// nodes) by default as with DFPN, and other work under APS, so the default
// really runs df-pn.
func TestCaptureDefaultIsDFPN(t *testing.T) {
	for algo, want := range map[int32]string{algoDefault: reading.AlgoDFPN, algoDFPN: reading.AlgoDFPN,
		algoAPS: reading.AlgoAPS, algoPNStar: reading.AlgoPNStar} {
		if got := captureAlgo(algo); got != want {
			t.Errorf("captureAlgo(%d) = %q, want %q", algo, got, want)
		}
	}
	solve := func(algo int32) *result {
		s := newTestSolver(t, 0)
		q := captureQuery{boardSize: 19, black: "K10 L11 N10", white: "L10", target: "L10", mode: modeDefend, algo: algo}
		r, err := s.solve(q.textKey(), func() (question, error) { return newCaptureQuestion(q) }, limits{plays: 200_000})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	def, dfpn, aps := solve(algoDefault), solve(algoDFPN), solve(algoAPS)
	if def.kind != dfpn.kind || def.stats.generated != dfpn.stats.generated || def.stats.expanded != dfpn.stats.expanded {
		t.Errorf("default: kind %d, %d plays, %d nodes; df-pn: kind %d, %d plays, %d nodes",
			def.kind, def.stats.generated, def.stats.expanded, dfpn.kind, dfpn.stats.generated, dfpn.stats.expanded)
	}
	if def.stats.generated == aps.stats.generated && def.stats.expanded == aps.stats.expanded {
		t.Errorf("default and APS did the same work (%d plays, %d nodes): the fixture cannot tell them apart",
			def.stats.generated, def.stats.expanded)
	}
	if def.kind != KindProven || !def.proven {
		t.Errorf("default: kind %d proven %v, want the string saved", def.kind, def.proven)
	}
}
