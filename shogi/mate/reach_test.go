package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestReachSummariesHold asks "mate within h?" for horizons around the
// exact length n (n-2, n and n+2, one table, with and without the
// unbounded proof in it) and then checks, for every position below the
// root that has a horizon summary (and the root's children), what the horizon summary says against the exact
// search: no mate within its largest disproven horizon, a mate within its
// smallest proven one. The summaries hold what the searches established
// and how far their disproofs reach (disproofReach); some must reach
// beyond the horizons asked, or the test would not exercise them. An
// attacker's node taking its checks' largest reach fails here.
func TestReachSummariesHold(t *testing.T) {
	exact := make([]exactEntry, 1<<16)
	positions, beyond := 0, 0
	for _, tc := range shortSample(boundedCases(t), 3) {
		if tc.n < 3 {
			continue
		}
		for _, unbounded := range []bool{false, true} {
			g := preparedGame(t, tc.sfen, tc.rules)
			tab, err := core.NewTable(4, core.TableOptions{})
			if err != nil {
				t.Fatal(err)
			}
			opts := core.Options{TCA: true, SNDA: true, NodeLimit: 2_000_000}
			if unbounded {
				if r := core.Solve(context.Background(), g, tab, opts); r.Outcome != core.Proven {
					t.Fatalf("%s: unbounded %v", tc.name, r.Outcome)
				}
			}
			for _, h := range []int{tc.n - 2, tc.n, tc.n + 2} {
				if h < 1 {
					continue
				}
				core.Solve(context.Background(), newBoundedGame(g, h, tab), tab, opts)
			}
			// check compares the summaries of the current position, depth
			// plies below the root, with its exact length; it reports
			// whether the position has a summary.
			check := func(depth int) bool {
				k := g.Key()
				or := g.OrNode()
				asked := tc.n + 2 - depth // the largest horizon a root search gave it
				clear(exact)
				e := newExactSearch(g.pos, g.attacker, tc.rules, exact, 2_000_000, nil)
				found := false
				if en, ok := tab.Probe(lengthsKey(k, false), or, g); ok && en.DN == 0 {
					positions++
					found = true
					d := int(en.Length)
					if d > asked {
						beyond++
					}
					if v := e.solve(min(d, tc.n+6)); !e.stopped && v != noMate {
						t.Errorf("%s (unbounded %v), %d plies down: no mate within %d recorded, exact mate in %d", tc.name, unbounded, depth, d, v)
					}
				}
				if en, ok := tab.Probe(lengthsKey(k, true), or, g); ok && en.PN == 0 {
					positions++
					found = true
					p := int(en.Length)
					if v := e.solve(p); !e.stopped && v == noMate {
						t.Errorf("%s (unbounded %v), %d plies down: a mate within %d recorded, exact length above it", tc.name, unbounded, depth, p)
					}
				}
				return found
			}
			// Every position with a summary, down the moves from those
			// that have one (and the root's children).
			seen := map[uint64]bool{}
			var visit func(depth int)
			visit = func(depth int) {
				if seen[g.pos.Key()] || depth > tc.n {
					return
				}
				seen[g.pos.Key()] = true
				if !check(depth) && depth > 1 {
					return
				}
				for _, m := range append([]shogi.Move(nil), g.gen(nil, false)...) {
					g.pos.Do(m)
					visit(depth + 1)
					g.pos.Undo(m)
				}
			}
			visit(0)
			tab.Close()
		}
	}
	t.Logf("%d summaries checked, %d disproofs beyond the horizons asked", positions, beyond)
	if beyond == 0 {
		t.Errorf("no disproof reaches past the horizons asked: the test exercises nothing")
	}
}

// TestReachRecurrence checks disproofReach's arithmetic on records written
// by hand: an attacker's node reaches one more than its checks' smallest
// recorded reach (its own horizon when a check has none), a defender's
// node one more than its defences' largest, rounded to the horizon's
// parity.
func TestReachRecurrence(t *testing.T) {
	tab, err := core.NewTable(1, core.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	g := preparedGame(t, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume)
	// record writes, for child i of the current node, a disproven summary
	// of value v(i) (negative: none).
	record := func(v func(i int) int) {
		t.Helper()
		for i, m := range append([]shogi.Move(nil), g.gen(nil, false)...) {
			g.pos.Do(m)
			if x := v(i); x >= 0 {
				e := core.Entry{OrNode: g.OrNode(), PN: core.Infinity, DN: 0, Sound: true}
				noteHorizon(tab, nil, g.Key(), x, e)
			}
			g.pos.Undo(m)
		}
	}
	n := len(g.gen(nil, false))
	if n < 3 {
		t.Fatalf("%d checks", n)
	}
	b := newBoundedGame(g, 1, tab)
	if got := b.disproofReach(1); got != 1 {
		t.Errorf("attacker, no check recorded: reach %d, want 1", got)
	}
	record(func(i int) int {
		if i == n-1 {
			return -1
		}
		return 10 + 2*i
	})
	if got := b.disproofReach(1); got != 1 {
		t.Errorf("attacker, one check unrecorded: reach %d, want 1", got)
	}
	record(func(i int) int { return 10 + 2*i })
	if got := b.disproofReach(1); got != 11 {
		t.Errorf("attacker, checks from 10 up: reach %d, want 11", got)
	}
	if got := b.disproofReach(3); got != 11 {
		t.Errorf("attacker at horizon 3, checks from 10 up: reach %d, want 11", got)
	}

	// A defender's node: the first check's child.
	m := g.gen(nil, false)[0]
	g.pos.Do(m)
	defer g.pos.Undo(m)
	k := len(g.gen(nil, false))
	if k < 2 {
		t.Fatalf("%d defences", k)
	}
	d := newBoundedGame(g, 2, tab)
	record(func(i int) int {
		if i == 0 {
			return 7
		}
		return -1
	})
	if got := d.disproofReach(2); got != 8 {
		t.Errorf("defender, one defence at 7: reach %d, want 8", got)
	}
	record(func(i int) int { return 3 })
	if got := d.disproofReach(2); got != 8 {
		t.Errorf("defender, one defence at 7, the others at 3: reach %d, want 8", got)
	}
	if got := d.disproofReach(10); got != 10 {
		t.Errorf("defender at horizon 10: reach %d, want 10", got)
	}
}

// TestReachOfAnEscapeWithoutChecks: a defender's node one of whose
// defences leaves the attacker no check at all is not mated at any length,
// whatever the horizon it was disproven at (childReach), under both rule
// sets; without that rule the reach stays at the node's horizon.
func TestReachOfAnEscapeWithoutChecks(t *testing.T) {
	for _, rules := range []Rules{Tsume, MateSearch} {
		tab, err := core.NewTable(1, core.TableOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g := preparedGame(t, "4k4/9/9/9/9/9/9/9/9 b N 1", rules)
		found := false
		for _, m := range append([]shogi.Move(nil), g.gen(nil, false)...) {
			g.pos.Do(m)
			for _, d := range append([]shogi.Move(nil), g.gen(nil, false)...) {
				g.pos.Do(d)
				none := len(g.pos.GenerateChecks(nil)) == 0
				g.pos.Undo(d)
				if none {
					found = true
				}
			}
			if found {
				if got := newBoundedGame(g, 2, tab).disproofReach(2); got != unboundedReach {
					t.Errorf("%v: a defence leaves no check: reach %d, want %d", rules, got, unboundedReach)
				}
			}
			g.pos.Undo(m)
			if found {
				break
			}
		}
		if !found {
			t.Fatalf("%v: no defence leaves the attacker without a check", rules)
		}
		tab.Close()
	}
}
