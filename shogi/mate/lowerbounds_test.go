package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestTightenPassLowerBounds gives tightenPass the published line of a
// Microcosmos tail (minimal) after the unbounded proof, on a fresh solver
// each time, with tightenBudget per node and with the lower-bound pass's
// budget (lowerBoundNodes under tsume rules): neither finds a shorter
// line, and the lower-bound pass settles the line's lower bounds ("no
// mate within r-2" at the attacker's node with r plies left, read back
// from the horizon summary, which the root's search reads through
// Terminal) further back from the end than the cheap pass.
func TestTightenPassLowerBounds(t *testing.T) {
	const n = 41
	cheap := settledLowerBounds(t, n, tightenBudget)
	lower := settledLowerBounds(t, n, lowerBoundNodes(Tsume))
	t.Logf("tail %d: lower bounds settled for the last %d plies with %d per node, %d with %d", n, cheap, tightenBudget, lower, lowerBoundNodes(Tsume))
	if lower <= cheap {
		t.Errorf("tail %d: the lower-bound pass settled the last %d plies, the cheap pass %d", n, lower, cheap)
	}
}

// settledLowerBounds runs a pass with budget per node over the published
// line of the Microcosmos tail of n plies, after the unbounded proof, and
// returns how many plies from the end the line's lower bounds are settled.
func settledLowerBounds(t *testing.T, n int, budget uint64) int {
	t.Helper()
	_, moves := microcosmosFile(t)
	p, att, err := prepare(microcosmosTail(t, n), &Options{Rules: Tsume})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(256)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := newGame(p, att, Tsume, s.evasionCache())
	co := coreOptions(Options{})
	if r := core.Solve(context.Background(), g, s.table, co); r.Outcome != core.Proven {
		t.Fatalf("tail %d: proof %v", n, r.Outcome)
	}
	line := make([]shogi.Move, 0, n)
	for _, u := range moves[len(moves)-n:] {
		m, err := shogi.ParseUSIMove(g.pos, u)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		g.pos.Do(m)
	}
	for i := len(line) - 1; i >= 0; i-- {
		g.pos.Undo(line[i])
	}
	bco := co
	bco.Epsilon = boundedEpsilon
	bounded := func(limit int, nodes uint64) core.Result {
		o := bco
		o.NodeLimit = nodes
		return core.Solve(context.Background(), s.boundedGame(g, limit), s.table, o)
	}
	s.shortened = true
	if short := s.tightenPass(context.Background(), g, line, bounded, budget, func() bool { return false }); short != nil {
		t.Fatalf("tail %d: a pass shortened the minimal line to %d plies", n, len(short))
	}
	settled := 0
	for _, m := range line {
		g.pos.Do(m)
	}
	for i := n - 1; i > 0; i-- {
		g.pos.Undo(line[i])
		lim := n - i - 2
		if !g.OrNode() || lim < 1 {
			continue
		}
		if e, ok := s.table.Probe(lengthsKey(g.Key(), false), true, g); !ok || e.DN != 0 || int(e.Length) < lim {
			break
		}
		settled = n - i
	}
	g.pos.Undo(line[0])
	return settled
}

// TestTightenPassGivesUp runs a pass with a large budget over the
// published line of a Microcosmos tail, every question left undecided (a
// stand-in for the bounded search): the first tightenOpenRun questions
// get the pass's budget, the rest tightenBudget.
func TestTightenPassGivesUp(t *testing.T) {
	const n, budget = 31, 50_000
	_, moves := microcosmosFile(t)
	p, att, err := prepare(microcosmosTail(t, n), &Options{Rules: Tsume})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(8)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := newGame(p, att, Tsume, s.evasionCache())
	line := make([]shogi.Move, 0, n)
	for _, u := range moves[len(moves)-n:] {
		m, err := shogi.ParseUSIMove(g.pos, u)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		g.pos.Do(m)
	}
	for i := len(line) - 1; i >= 0; i-- {
		g.pos.Undo(line[i])
	}
	var asked []uint64
	undecided := func(limit int, nodes uint64) core.Result {
		asked = append(asked, nodes)
		return core.Result{Outcome: core.Unknown}
	}
	if s.tightenPass(context.Background(), g, line, undecided, budget, func() bool { return false }) != nil {
		t.Fatal("a line from undecided questions")
	}
	if len(asked) <= tightenOpenRun {
		t.Fatalf("%d questions asked", len(asked))
	}
	for i, b := range asked {
		want := uint64(budget)
		if i >= tightenOpenRun {
			want = tightenBudget
		}
		if b != want {
			t.Fatalf("question %d asked with %d expansions, want %d (all: %v)", i, b, want, asked)
		}
	}
}
