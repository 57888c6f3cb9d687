package core

import (
	"math/rand/v2"
	"testing"
)

// bigGraph is a random cyclic graph of n nodes with one to four moves per
// node and a few terminals: its searches store far more entries than a
// tiny table holds, so stores are refused.
func bigGraph(r *rand.Rand, n int) *graphGame {
	g := &graphGame{or: make([]bool, n), edges: make([][]int, n), term: make([]Outcome, n), cycle: Disproven}
	if r.IntN(2) == 0 {
		g.cycle = Proven
	}
	for i := range n {
		g.or[i] = r.IntN(2) == 0
		for range 1 + r.IntN(4) {
			g.edges[i] = append(g.edges[i], r.IntN(n))
		}
		if i > 0 && r.IntN(16) == 0 {
			g.term[i] = Outcome(1 + r.IntN(2))
		}
	}
	g.or[0] = true
	g.estMoves = r.IntN(2) == 0
	return g
}

// tinyTable is a table of 64 buckets (256 slots) that never grows, so
// that a search of a few thousand nodes has stores refused.
func tinyTable(t *testing.T) *Table {
	tab := newTestTable(t, 2)
	tab.nBuckets = 64
	tab.active.Store(64)
	return tab
}

// TestResetSearcherActsAsNew runs the same sequence of searches (varied
// options, graphs and node limits, the table kept between them) twice:
// with a new Searcher for each, and with one Searcher reset for each. Every
// result and statistic must be the same, and the path sets empty after
// every search. The table is tiny, so searches leave refused-store tags
// behind: a reused searcher that kept them would force stores a new one
// does not make.
func TestResetSearcherActsAsNew(t *testing.T) {
	fresh, reused := tinyTable(t), tinyTable(t)
	var x *Searcher
	var g *graphGame
	r := rand.New(rand.NewPCG(13, 7))
	refusals, differ := 0, 0
	for it := range 400 {
		// Each graph is searched a few times (as a game asks one position
		// under several limits), so that the keys a search had refused
		// come back in the next.
		if it%4 == 0 {
			g = bigGraph(r, 200+r.IntN(3000))
			g.salt = uint64(it) << 40
		}
		v := variants[r.IntN(len(variants))]
		o := v.o
		if r.IntN(3) == 0 {
			o.NodeLimit = uint64(50 + r.IntN(2000)) // stopped mid-search
		} else {
			o.NodeLimit = 20000
		}
		a, err := NewSearcher(fresh, o)
		if err != nil {
			t.Fatal(err)
		}
		g.cur, g.stack = 0, g.stack[:0]
		ra := a.Solve(nil, g)
		if x == nil {
			x, err = NewSearcher(reused, o)
		} else {
			err = x.Reset(o)
		}
		if err != nil {
			t.Fatal(err)
		}
		g.cur, g.stack = 0, g.stack[:0]
		rb := x.Solve(nil, g)
		for _, s := range a.s.refused {
			if s != 0 {
				refusals++
				break
			}
		}
		if x.s.path.n != 0 || x.s.reps.n != 0 {
			t.Fatalf("search %d (%s): %d keys left on the path set, %d on the repetition set", it, v.name, x.s.path.n, x.s.reps.n)
		}
		ra.Stats.Elapsed, rb.Stats.Elapsed = 0, 0
		if !sameResult(ra, rb) {
			differ++
			if differ <= 5 {
				t.Errorf("search %d (%s, limit %d): new searcher %+v, reset searcher %+v", it, v.name, o.NodeLimit, ra, rb)
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of 400 searches differ", differ)
	}
	if refusals < 40 {
		t.Errorf("only %d searches had a store refused: the test no longer exercises the refused tags", refusals)
	}
	t.Logf("%d searches left refused tags", refusals)
}

// TestResetRefusesBadOptions: Reset validates as NewSearcher does and
// keeps the old options on error.
func TestResetRefusesBadOptions(t *testing.T) {
	x, err := NewSearcher(newTestTable(t, 2), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Reset(Options{Epsilon: -1}); err == nil {
		t.Fatal("Reset accepted a negative epsilon")
	}
	if x.o.Epsilon != 0 {
		t.Fatalf("options changed by a refused Reset: %+v", x.o)
	}
}

// sameResult compares two results field by field (Steps is a slice).
func sameResult(a, b Result) bool {
	if len(a.Steps) != len(b.Steps) {
		return false
	}
	for i := range a.Steps {
		if a.Steps[i] != b.Steps[i] {
			return false
		}
	}
	a.Steps, b.Steps = nil, nil
	return a.Outcome == b.Outcome && a.BestMove == b.BestMove && a.Length == b.Length &&
		a.RootPN == b.RootPN && a.RootDN == b.RootDN && a.Stats == b.Stats && a.Stop == b.Stop &&
		a.Threads == b.Threads && a.Err == b.Err
}
