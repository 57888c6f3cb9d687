package core

import (
	"context"
	"math/rand/v2"
	"testing"
)

// deferredGraph is a graphGame some of whose nodes are decided only by
// the deferred test (DeferredTerminal): Terminal answers Unknown there,
// ExpandTerminal the node's value. Such a node has no moves, so a search
// that ignored ExpandTerminal would value it as a node without moves
// (an OR node disproven, an AND node proven); the random values are
// drawn mostly against that (an AND node "saved", as in the capture
// game, an OR node proven), so that ignoring or inverting the deferred
// answer changes the root's value on many graphs.
type deferredGraph struct {
	*graphGame
	late []Outcome // per node: the deferred test's answer
	// hooked counts ExpandTerminal calls per node; movesAtLate counts
	// Moves asked at a node the deferred test decides (a search that
	// heeds the hook never asks).
	hooked      []int
	movesAtLate int
}

func (g *deferredGraph) ExpandTerminal() Outcome {
	g.hooked[g.cur]++
	return g.late[g.cur]
}

func (g *deferredGraph) Moves(buf []Move, step int) []Move {
	if g.late[g.cur] != Unknown {
		g.movesAtLate++
	}
	return g.graphGame.Moves(buf, step)
}

// randomDeferred makes a random graph of kind (0 tree, 1 DAG, 2 cyclic)
// and moves some of its open nodes' values into the deferred test.
func randomDeferred(r *rand.Rand, kind int) *deferredGraph {
	g := randomGraph(r, kind)
	n := len(g.or)
	d := &deferredGraph{graphGame: g, late: make([]Outcome, n), hooked: make([]int, n)}
	for i := 1; i < n; i++ {
		if g.term[i] != Unknown || r.IntN(2) != 0 {
			continue
		}
		// Against "no moves" three times in four.
		v := Disproven
		if g.or[i] {
			v = Proven
		}
		if r.IntN(4) == 0 {
			v = Proven + Disproven - v
		}
		d.late[i] = v
		g.edges[i] = nil // decided: the game offers no moves there
	}
	return d
}

// reference is the exhaustive value with the deferred answers as
// terminal values (late true), or as a search ignoring them would see the
// graph (late false: the nodes have no moves).
func (d *deferredGraph) reference(late bool) Outcome {
	g := *d.graphGame
	g.term = append([]Outcome(nil), d.term...)
	if late {
		for i, v := range d.late {
			if v != Unknown {
				g.term[i] = v
			}
		}
	}
	return g.exhaustive(0, make([]bool, len(g.or)))
}

// generated reports whether node i is a move of a node that was
// expanded (the deferred test runs at every expansion).
func (d *deferredGraph) generated(i int) bool {
	for p, es := range d.edges {
		for _, c := range es {
			if c == i && d.hooked[p] > 0 {
				return true
			}
		}
	}
	return false
}

// TestDeferredTerminal: every algorithm (df-pn variants, PN*, C*) values
// a node the deferred test decides by its answer, and never asks its
// moves. On random trees, DAGs and cyclic graphs each answer agrees with
// the exhaustive solver that takes the deferred answers as terminal
// values; the graphs where ignoring the hook (the nodes would be
// leaves without moves) would change the answer are counted and must be
// many, so a core that ignores or inverts ExpandTerminal's answer fails.
// The test also asserts that the deferred test is lazy: some nodes
// decided only by it are generated (a parent was expanded) and never
// asked.
func TestDeferredTerminal(t *testing.T) {
	tab := newTestTable(t, 2)
	var configs []Options
	for _, v := range terminating {
		configs = append(configs, v.o)
	}
	configs = append(configs, cstarVariants...)
	xs := make([]*Searcher, len(configs))
	for i, o := range configs {
		o.NodeLimit = terminationBudget
		x, err := NewSearcher(tab, o)
		if err != nil {
			t.Fatal(err)
		}
		xs[i] = x
	}
	r := rand.New(rand.NewPCG(15, 49))
	graphs := 1500
	if testing.Short() {
		graphs = 500
	}
	matters, skipped, hooks := 0, 0, 0
	for it := range graphs {
		kind := it % 3
		d := randomDeferred(r, kind)
		d.estMoves = it%2 == 1
		want := d.reference(true)
		if d.reference(false) != want {
			matters++
		}
		for xi, x := range xs {
			d.salt = uint64(it*len(xs)+xi) << 32
			clear(d.hooked)
			res := x.Solve(nil, d)
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			if d.cur != 0 || len(d.stack) != 0 {
				t.Fatal("game not restored")
			}
			if res.Outcome != want {
				t.Fatalf("graph %d (kind %d), options %+v: %v (%v after %d expansions), exhaustive %v on %s late=%v",
					it, kind, configs[xi], res.Outcome, res.Stop, res.Stats.Expanded, want, d.graphGame, d.late)
			}
			for i, v := range d.late {
				if v == Unknown {
					continue
				}
				hooks += d.hooked[i]
				if d.hooked[i] == 0 && d.generated(i) {
					skipped++
				}
			}
		}
		if d.movesAtLate > 0 {
			t.Fatalf("graph %d: Moves asked %d times at nodes the deferred test decides", it, d.movesAtLate)
		}
	}
	t.Logf("%d graphs: the deferred answers decide %d; %d deferred tests run, %d decided nodes never asked (over all searches)",
		graphs, matters, hooks, skipped)
	if matters < graphs/10 {
		t.Errorf("the deferred answers change the root's value on only %d of %d graphs", matters, graphs)
	}
	if hooks == 0 || skipped == 0 {
		t.Errorf("deferred tests run %d, decided nodes never asked %d: want both > 0", hooks, skipped)
	}
}

// TestDeferredProofLeaves: an OR node proven at its expansion (its table
// move is NoMove) is a leaf of the proof tree Options.ProofLeaves counts.
// Root (OR) -> 1 (AND) -> {2, 3} (OR, each proven by the deferred test):
// two leaves.
func TestDeferredProofLeaves(t *testing.T) {
	g := &graphGame{or: []bool{true, false, true, true}, edges: [][]int{{1}, {2, 3}, nil, nil},
		term: []Outcome{Unknown, Unknown, Unknown, Unknown}, cycle: Disproven}
	d := &deferredGraph{graphGame: g, late: []Outcome{Unknown, Unknown, Proven, Proven}, hooked: make([]int, 4)}
	r := Solve(context.Background(), d, newTestTable(t, 2), Options{TCA: true, ProofLeaves: true})
	if r.Err != nil || r.Outcome != Proven || r.Stats.Terminal != 2 {
		t.Fatalf("%v %v: %d proof leaves, want 2", r.Err, r.Outcome, r.Stats.Terminal)
	}
}
