package core

import (
	"math/rand/v2"
	"testing"
)

// bigCyclicGraph is a random cyclic graph of n nodes whose AND nodes
// estimate pn by their number of moves; most of its values need cycles.
func bigCyclicGraph(r *rand.Rand, n int) *graphGame {
	g := &graphGame{or: make([]bool, n), edges: make([][]int, n), term: make([]Outcome, n), cycle: Disproven, estMoves: true}
	for i := range n {
		g.or[i] = i%2 == 0
		for range 1 + r.IntN(4) {
			// Edges go to the other node type, so play alternates as in a
			// game; nearby nodes make many short cycles.
			t := (i + 1 + 2*r.IntN(4)) % n
			if r.IntN(6) == 0 {
				t = (i + n - 1 - 2*r.IntN(3)) % n
			}
			g.edges[i] = append(g.edges[i], t)
		}
	}
	for i := 1; i < n; i++ {
		if r.IntN(10) == 0 {
			g.term[i] = Proven
		} else if r.IntN(12) == 0 {
			g.term[i] = Disproven
		}
	}
	return g
}

// TestTCAFinishesOnCyclicGraphsWithEstimates checks that df-pn with TCA
// (alone and with SNDA) finishes, with the exhaustive
// solver's value, on larger cyclic graphs whose AND estimates vary and
// whose nodes may have two moves to the same child. Graph 54 is such a
// graph on which TCA+SNDA looped while SNDA summed a doubly reached child
// twice.
func TestTCAFinishesOnCyclicGraphsWithEstimates(t *testing.T) {
	tab := newTestTable(t, 8)
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 60; i++ {
		g := bigCyclicGraph(r, 14+r.IntN(6))
		want := g.exhaustive(0, make([]bool, len(g.or)))
		for _, o := range []Options{{TCA: true}, {TCA: true, SNDA: true}} {
			tab.Clear()
			o.NodeLimit = 100000
			res := Solve(nil, g, tab, o)
			if res.Outcome == Unknown {
				t.Errorf("%+v did not finish on graph %d (%d nodes)", o, i, res.Stats.Expanded)
				continue
			}
			if res.Outcome != want {
				t.Errorf("graph %d: %v, exhaustive %v", i, res.Outcome, want)
			}
		}
	}
}
