package core

import (
	"math/rand/v2"
	"testing"
)

// previewGraph is a graphGame that previews some of its children: those
// that are open (Terminal Unknown) and whose number passes a per-graph
// filter, so that one node mixes previewed and played children.
type previewGraph struct {
	*graphGame
	skip int // a child t is not previewed when t%skip == 0
}

func (g previewGraph) PreviewKey(m Move) (Key, bool, bool) {
	if int(m)%(2*g.skip) == 1 {
		return Key{}, false, false // some children keyless too
	}
	g.Do(m)
	k, or := g.Key(), g.OrNode()
	g.Undo(m)
	return k, or, true
}

func (g previewGraph) PreviewEstimate(m Move, k Key) (PN, PN, bool) {
	t := int(m) - 1
	if t%g.skip == 0 || g.term != nil && g.term[t] != Unknown {
		return 0, 0, false
	}
	g.Do(m)
	if g.Key() != k {
		panic("PreviewEstimate asked with another child's key")
	}
	pn, dn := g.Estimate()
	g.Undo(m)
	return pn, dn, true
}

// previewDelayed is previewGraph with delayed moves.
type previewDelayed struct {
	*delayedGraph
	pv previewGraph
}

func (g previewDelayed) PreviewKey(m Move) (Key, bool, bool) { return g.pv.PreviewKey(m) }
func (g previewDelayed) PreviewEstimate(m Move, k Key) (PN, PN, bool) {
	return g.pv.PreviewEstimate(m, k)
}

// TestPreviewEqualsPlaying: a search whose game previews children expands
// exactly the nodes of one that plays every child, with the same answer,
// iterations and root numbers, for every algorithm on random cyclic graphs
// (some with delayed moves and varied estimates).
func TestPreviewEqualsPlaying(t *testing.T) {
	tab := newTestTable(t, 2)
	r := rand.New(rand.NewPCG(33, 7))
	configs := make([]Options, 0, len(terminating)+len(delayVariants))
	for _, v := range terminating {
		configs = append(configs, v.o)
	}
	configs = append(configs, delayVariants...)
	graphs := 1500
	if testing.Short() {
		graphs = 400
	}
	differ, previewed := 0, 0
	for it := range graphs {
		var g *graphGame
		if it%5 == 4 {
			g = bigCyclicGraph(r, 13+r.IntN(4))
		} else {
			g = randomGraph(r, 2)
		}
		g.estMoves = it%2 == 1
		pg := previewGraph{g, 2 + r.IntN(3)}
		plain, preview := Game(g), Game(pg)
		if it%3 == 2 {
			dg := &delayedGraph{graphGame: g, wait: randomWaits(r, g)}
			plain, preview = dg, previewDelayed{dg, pg}
		}
		for ci, o := range configs {
			o.NodeLimit = 3000
			var res [2]Result
			for i, game := range []Game{plain, preview} {
				tab.Clear()
				g.salt = uint64(it*len(configs)+ci) << 32
				res[i] = Solve(nil, game, tab, o)
			}
			a, b := res[0], res[1]
			if a.Stats.Expanded > 1 {
				previewed++
			}
			if a.Outcome != b.Outcome || a.Stats.Expanded != b.Stats.Expanded || a.Stats.Generated != b.Stats.Generated ||
				a.Stats.Iterations != b.Stats.Iterations || a.RootPN != b.RootPN || a.RootDN != b.RootDN {
				differ++
				if differ <= 5 {
					t.Errorf("graph %d, options %+v: played %v after %d nodes (%d iterations, root %d/%d), previewed %v after %d (%d, %d/%d) on %s",
						it, o, a.Outcome, a.Stats.Expanded, a.Stats.Iterations, a.RootPN, a.RootDN,
						b.Outcome, b.Stats.Expanded, b.Stats.Iterations, b.RootPN, b.RootDN, g)
				}
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d searches differ", differ)
	}
	if previewed < graphs {
		t.Errorf("only %d searches went past the root", previewed)
	}
}
