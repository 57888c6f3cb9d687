package mate

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

// boundedCase is a position with its exact mate length under its rules.
type boundedCase struct {
	name  string
	sfen  string
	rules Rules
	n     int
}

// preparedGame parses sfen, prepares it under rules as Solve would, and
// wraps it in a Game.
func preparedGame(t *testing.T, sfen string, rules Rules) *Game {
	t.Helper()
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	p, att, err := prepare(pos, &Options{Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	return NewGame(p, att, rules)
}

// caseSolver prepares tc's position on a fresh solver (the caller closes
// it), proves it first when prove is set, and returns the game, the
// solver and the bounded search ("mate within limit?") over its table.
func caseSolver(t *testing.T, tc boundedCase, prove bool) (*Game, *Solver, func(limit int, nodes uint64) core.Result) {
	t.Helper()
	g := preparedGame(t, tc.sfen, tc.rules)
	s, err := NewSolver(8)
	if err != nil {
		t.Fatal(err)
	}
	if prove {
		if r := core.Solve(context.Background(), g, s.table, core.Options{TCA: true, SNDA: true}); r.Outcome != core.Proven {
			t.Fatalf("%s: %v", tc.name, r.Outcome)
		}
	}
	bounded := func(limit int, nodes uint64) core.Result {
		return core.Solve(context.Background(), newBoundedGame(g, limit, s.table), s.table, core.Options{TCA: true, SNDA: true, NodeLimit: nodes})
	}
	return g, s, bounded
}

// boundedCases returns our own mates and, when ../shared is present, the
// antma problems of 5 plies or more (published lengths).
func boundedCases(t *testing.T) []boundedCase {
	var cs []boundedCase
	for _, tc := range ownProblems {
		if tc.kind == Mate && !tc.and {
			cs = append(cs, boundedCase{tc.name, tc.sfen, tc.rules, tc.length})
		}
	}
	dir := sharedtest.Dir()
	if dir == "" {
		return cs
	}
	f, err := os.Open(filepath.Join(dir, "problems", "shogi", "antma_tsume_1to9.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 1; sc.Scan(); i++ {
		fs := strings.Split(sc.Text(), "\t")
		if strings.HasPrefix(fs[0], "#") || len(fs) < 2 {
			continue
		}
		if n, err := strconv.Atoi(fs[1]); err == nil && n >= 5 {
			cs = append(cs, boundedCase{"antma:" + strconv.Itoa(i), fs[0], Tsume, n})
		}
	}
	return cs
}

// shortSample keeps every k-th shared case (all of our own) under -short,
// so the race-detector run stays short; the Heavy tests take them all.
func shortSample(cs []boundedCase, k int) []boundedCase {
	if !testing.Short() {
		return cs
	}
	var out []boundedCase
	for i, c := range cs {
		if !strings.HasPrefix(c.name, "antma:") || i%k == 0 {
			out = append(out, c)
		}
	}
	return out
}

// TestBoundedReuseAgrees asks "mate within h?" for horizons around the
// exact length, in descending and in ascending order, in one table that
// also holds the unbounded proof (so Terminal reuses other horizons'
// results and the proof's disproofs), and checks every answer against
// the exact length: reuse must never change an answer.
// Under -short it takes a sample (TestHeavyBoundedReuse takes all).
func TestBoundedReuseAgrees(t *testing.T) { boundedReuseAgrees(t, shortSample(boundedCases(t), 6)) }

// TestHeavyBoundedReuse is TestBoundedReuseAgrees on every case.
func TestHeavyBoundedReuse(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: every antma problem at five horizons, twice")
	}
	cases := boundedCases(t)
	if sharedtest.Dir() != "" && len(cases) < 20 {
		t.Fatalf("only %d cases", len(cases))
	}
	boundedReuseAgrees(t, cases)
}

func boundedReuseAgrees(t *testing.T, cases []boundedCase) {
	for _, tc := range cases {
		for _, descending := range []bool{true, false} {
			g := preparedGame(t, tc.sfen, tc.rules)
			tab, err := core.NewTable(4, core.TableOptions{})
			if err != nil {
				t.Fatal(err)
			}
			opts := core.Options{TCA: true, SNDA: true, NodeLimit: 2_000_000}
			if r := core.Solve(context.Background(), g, tab, opts); r.Outcome != core.Proven {
				t.Fatalf("%s: unbounded %v", tc.name, r.Outcome)
			}
			var hs []int
			for h := tc.n + 4; h >= max(tc.n-4, 1); h -= 2 {
				hs = append(hs, h)
			}
			if !descending {
				for i, j := 0, len(hs)-1; i < j; i, j = i+1, j-1 {
					hs[i], hs[j] = hs[j], hs[i]
				}
			}
			for _, h := range hs {
				r := core.Solve(context.Background(), newBoundedGame(g, h, tab), tab, opts)
				want := core.Proven
				if h < tc.n {
					want = core.Disproven
				}
				if r.Outcome != want {
					t.Errorf("%s (descending %v): within %d %v, want %v", tc.name, descending, h, r.Outcome, want)
				}
			}
			tab.Close()
		}
	}
}

// TestWalkLineLengths proves "mate within n+2" and then "within n", with
// the walker taking the line each time: a verified mate of n or n+2 plies
// after the first (the attacker's moves follow upper bounds, not exact
// lengths), of exactly n after the second (the defender's choices are made
// exact by the tightening searches), also when the table's entries come
// from the other horizon.
func TestWalkLineLengths(t *testing.T) {
	for _, tc := range shortSample(boundedCases(t), 2) {
		if tc.n < 3 {
			continue
		}
		g, s, bounded := caseSolver(t, tc, false)
		for _, h := range []int{tc.n + 2, tc.n} {
			if r := bounded(h, 0); r.Outcome != core.Proven {
				t.Fatalf("%s: within %d %v", tc.name, h, r.Outcome)
			}
			line := s.walkLine(g, h, bounded)
			if len(line) != tc.n && (h == tc.n || len(line) != h) {
				t.Errorf("%s: horizon %d: line of %d plies, want %d", tc.name, h, len(line), tc.n)
				continue
			}
			if v := Verify(g.pos, g.attacker, tc.rules, line); !v.OK {
				t.Errorf("%s: horizon %d: line rejected: %s", tc.name, h, v.Problem)
			}
		}
		s.Close()
	}
}

// TestBoundsReadUnboundedProofs: a horizon proven from the unbounded
// proof's length (boundedGame.Terminal, no bounded entries below it) gives
// the walker an upper bound, and the line walked from it is a verified
// mate within the horizon. Without the unbounded length in bounds, the
// walker finds no bound at the root and re-searches every child.
func TestBoundsReadUnboundedProofs(t *testing.T) {
	n := 0
	for _, tc := range shortSample(boundedCases(t), 3) {
		if tc.n < 3 {
			continue
		}
		g, s, bounded := caseSolver(t, tc, true)
		e, ok := s.table.Probe(g.Key(), true, g)
		if !ok || e.PN != 0 || int(e.Length)%2 != 1 {
			s.Close()
			continue
		}
		h := int(e.Length)
		if r := bounded(h, 0); r.Outcome != core.Proven || r.Stats.Expanded != 0 {
			t.Fatalf("%s: within %d (the proof's length): %v after %d expansions, want proven from the table", tc.name, h, r.Outcome, r.Stats.Expanded)
		}
		if b := s.bounds(g, h); b.ub > h {
			t.Errorf("%s: bounds at %d: upper bound %d, want at most %d (the unbounded proof's length)", tc.name, h, b.ub, h)
		}
		line := s.walkLine(g, h, bounded)
		if len(line) == 0 || len(line) > h {
			t.Errorf("%s: walked %d plies from a proof of length %d", tc.name, len(line), h)
		} else if v := Verify(g.pos, g.attacker, tc.rules, line); !v.OK {
			t.Errorf("%s: walked line rejected: %s", tc.name, v.Problem)
		}
		n++
		s.Close()
	}
	if n == 0 {
		t.Fatal("no case had an unbounded proof to read")
	}
	t.Logf("%d cases", n)
}

// TestWalkSearchesAttackerMovesInRounds: with nothing in the table, the
// walker finds the root's mating move by small bounded searches of every
// check (walkBudgets) before any search without a node limit, so that a
// hard disproof of one check cannot hold up its siblings.
func TestWalkSearchesAttackerMovesInRounds(t *testing.T) {
	n := 0
	for _, tc := range shortSample(boundedCases(t), 3) {
		if tc.n < 3 {
			continue
		}
		g, s, bounded := caseSolver(t, tc, false)
		unlimited, calls := 0, 0
		counted := func(limit int, nodes uint64) core.Result {
			calls++
			if nodes == 0 {
				unlimited++
			}
			return bounded(limit, nodes)
		}
		m, ub := s.lineMove(g, tc.n, counted, tightenNodes)
		if m == shogi.NoMove || ub > tc.n-1 {
			t.Errorf("%s: move %v, bound %d", tc.name, m, ub)
		}
		if unlimited > 0 {
			t.Errorf("%s: %d of %d child searches had no node limit", tc.name, unlimited, calls)
		}
		n += calls
		s.Close()
	}
	if n == 0 {
		t.Fatal("the walker searched no child")
	}
}

// TestBoundsReadHorizonSummary: the walker's bounds read the horizon
// summary (boundedGame.Decided), which holds results of every epoch and
// horizon: no mate within 9 bounds a question at 5 from below, a mate
// within 7 one at 9 from above, and neither says anything at the other.
func TestBoundsReadHorizonSummary(t *testing.T) {
	s, err := NewSolver(1)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := preparedGame(t, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume)
	s.ep = epochs{}.next(5) // the summary is read whatever the epoch
	note := func(limit int, proven bool) {
		e := core.Entry{Key: g.Key(), OrNode: true, PN: core.Infinity, DN: 0, Sound: true}
		if proven {
			e.PN, e.DN = 0, core.Infinity
		}
		newBoundedGame(g, limit, s.table).Decided(e)
	}
	note(9, false)
	if b := s.bounds(g, 5); b.lb != 11 || b.ub != noMate {
		t.Errorf("no mate within 9, bounds at 5: %+v, want lb 11 and no upper bound", b)
	}
	note(15, true)
	if b := s.bounds(g, 13); b.ub != noMate {
		t.Errorf("a mate within 15, bounds at 13: %+v, want no upper bound", b)
	}
	if b := s.bounds(g, 17); b.ub != 15 || b.lb != 11 {
		t.Errorf("a mate within 15, bounds at 17: %+v, want ub 15, lb 11", b)
	}
}

// TestHintReadsHorizonSummary: the verifier's hint takes the move of a
// mate within the plies left from the horizon summary, whatever the epoch
// that proved it (the bounded searches' Terminal proves nodes from the
// summary, so the current epochs' entries may lack them). The summary's
// move is planted (G*2b, not the mating S*1b that a search of its own
// would give).
func TestHintReadsHorizonSummary(t *testing.T) {
	s, err := NewSolver(1)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := preparedGame(t, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume)
	s.shortened = true
	s.ep = epochs{}.next(9)
	want := usiLine(t, g.pos, "G*2b")[0]
	e := core.Entry{Key: g.Key(), OrNode: true, PN: 0, DN: core.Infinity, Move: core.Move(want), Sound: true}
	newBoundedGame(g, 3, s.table).Decided(e)
	if got := s.hint(context.Background(), g)(g.pos, 5); got != want {
		t.Errorf("hint within 5 after a summary's mate within 3 by %v: %v", want, got)
	}
}

// TestWalkAsksFailedTighteningOnce: a tightening question of the walker
// (a defender's length, asked with tightenNodes) that ended undecided is
// not asked again when a line is walked again in the same line search.
// The bounded search is wrapped so that every tightening question ends
// undecided; the second walk of the same horizon must ask none of them.
func TestWalkAsksFailedTighteningOnce(t *testing.T) {
	asked := 0
	for _, tc := range shortSample(boundedCases(t), 2) {
		if tc.n < 5 {
			continue
		}
		g, s, bounded := caseSolver(t, tc, false)
		calls := 0
		undecided := func(limit int, nodes uint64) core.Result {
			if nodes == tightenNodes {
				calls++
				return core.Result{Outcome: core.Unknown}
			}
			return bounded(limit, nodes)
		}
		if r := bounded(tc.n, 0); r.Outcome != core.Proven {
			t.Fatalf("%s: within %d %v", tc.name, tc.n, r.Outcome)
		}
		first := s.walkLine(g, tc.n, undecided)
		n1 := calls
		second := s.walkLine(g, tc.n, undecided)
		if n2 := calls - n1; n2 != 0 {
			t.Errorf("%s: the second walk asked %d tightening questions again (the first asked %d)", tc.name, n2, n1)
		}
		if !slices.Equal(first, second) {
			t.Errorf("%s: walks differ: %v and %v", tc.name, first, second)
		}
		asked += n1
		s.Close()
	}
	if asked == 0 {
		t.Fatal("no walk asked a tightening question: the test shows nothing")
	}
	t.Logf("%d tightening questions in the first walks", asked)
}

// TestEscalatedWalkAsksAgain: a question that ended undecided with
// tightenNodes is asked again by a walk with the larger
// escalatedTightenNodes (Solver.shorten walks a horizon again so when its
// first line was short and could not be repaired), and that walk makes the
// defender's choices exact: its line has the exact length. The bounded
// search is wrapped so that every question of tightenNodes ends undecided.
func TestEscalatedWalkAsksAgain(t *testing.T) {
	asked := 0
	for _, tc := range shortSample(boundedCases(t), 2) {
		if tc.n < 5 {
			continue
		}
		g, s, bounded := caseSolver(t, tc, false)
		small, large := 0, 0
		undecided := func(limit int, nodes uint64) core.Result {
			switch nodes {
			case tightenNodes:
				small++
				return core.Result{Outcome: core.Unknown}
			case escalatedTightenNodes:
				large++
			}
			return bounded(limit, nodes)
		}
		if r := bounded(tc.n, 0); r.Outcome != core.Proven {
			t.Fatalf("%s: within %d %v", tc.name, tc.n, r.Outcome)
		}
		s.walkLine(g, tc.n, undecided)
		again := s.walkLineWith(g, tc.n, undecided, escalatedTightenNodes)
		if small > 0 && large == 0 {
			t.Errorf("%s: the escalated walk asked none of the %d questions left undecided", tc.name, small)
		}
		if len(again) != tc.n {
			t.Errorf("%s: the escalated walk gave %d plies, want %d", tc.name, len(again), tc.n)
		} else if v := Verify(g.pos, g.attacker, tc.rules, again); !v.OK {
			t.Errorf("%s: the escalated walk's line rejected: %s", tc.name, v.Problem)
		}
		asked += small
		s.Close()
	}
	if asked == 0 {
		t.Fatal("no walk asked a tightening question: the test shows nothing")
	}
	t.Logf("%d tightening questions left undecided in the first walks", asked)
}
