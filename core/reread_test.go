package core

import (
	"math/rand/v2"
	"testing"
)

// sharedBoards gives some nodes of g one board with different hands, so
// that the table answers some children through dominance (domGame).
func sharedBoards(r *rand.Rand, g *graphGame) {
	n := len(g.or)
	g.board = make([]uint64, n)
	g.hand = make([]uint32, n)
	for i := range n {
		g.board[i] = uint64(i+1) * 0x9e3779b97f4a7c15
		if i > 0 && r.IntN(3) == 0 {
			g.board[i] = g.board[r.IntN(i)]
		}
		g.hand[i] = uint32(r.IntN(4))
	}
}

// TestChangedReadsEqualFullReads: re-reading only the children whose
// bucket this search wrote (refreshChanged) searches exactly as re-reading
// every child: the same answer, nodes, iterations and root numbers for
// every algorithm on random cyclic graphs, some with dominance, parallel
// edges and delayed moves. Counting no write in store, or none in
// storePathDependent, changes the search on some of them.
func TestChangedReadsEqualFullReads(t *testing.T) {
	tab := newTestTable(t, 2)
	r := rand.New(rand.NewPCG(21, 4))
	configs := make([]Options, 0, len(terminating)+len(delayVariants))
	for _, v := range terminating {
		configs = append(configs, v.o)
	}
	configs = append(configs, delayVariants...)
	graphs := 3000
	if testing.Short() {
		graphs = 800
	}
	differ := 0
	for it := range graphs {
		var g *graphGame
		if it%5 == 4 {
			g = bigCyclicGraph(r, 13+r.IntN(4))
		} else {
			g = randomGraph(r, 2)
		}
		var game Game = g
		switch it % 3 {
		case 1:
			sharedBoards(r, g)
			game = domGame{g}
		case 2:
			game = &delayedGraph{graphGame: g, wait: randomWaits(r, g)}
		}
		for ci, o := range configs {
			o.NodeLimit = 3000
			var res [2]Result
			for full := range 2 {
				tab.Clear()
				g.salt = uint64(it*len(configs)+ci) << 32
				x, err := NewSearcher(tab, o)
				if err != nil {
					t.Fatal(err)
				}
				x.s.fullReads = full == 1
				res[full] = x.Solve(nil, game)
			}
			a, b := res[0], res[1]
			if a.Outcome != b.Outcome || a.Stats.Expanded != b.Stats.Expanded ||
				a.Stats.Iterations != b.Stats.Iterations || a.RootPN != b.RootPN || a.RootDN != b.RootDN {
				differ++
				if differ <= 5 {
					t.Errorf("graph %d, options %+v: changed reads %v after %d nodes (%d iterations, root %d/%d), full reads %v after %d (%d, %d/%d) on %s",
						it, o, a.Outcome, a.Stats.Expanded, a.Stats.Iterations, a.RootPN, a.RootDN,
						b.Outcome, b.Stats.Expanded, b.Stats.Iterations, b.RootPN, b.RootDN, g)
				}
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d searches differ", differ)
	}
}

// TestChangedReadsAfterLayoutChange: after garbage collection or growth
// moves or removes entries without a store, a node reads its children
// again, located in the buckets where they now are: removed entries read
// as absent, and entries the search writes after growth (into their new
// buckets) are seen.
func TestChangedReadsAfterLayoutChange(t *testing.T) {
	for _, change := range []string{"gc", "grow"} {
		tab := newTestTable(t, 8)
		tab.active.Store(256)
		s := &searcher{t: tab}
		p := s.plyAt(0)
		p.or = true
		const n = 64
		for i := range n {
			k := Key{Board: uint64(i+1) * 0x9e3779b97f4a7c15}
			tab.Store(&Entry{Key: k, PN: PN(i + 2), DN: 3, Amount: 1})
			p.kids = append(p.kids, child{key: k, pn: 1, dn: 1})
		}
		s.refreshChanged(0) // the first read: every child, located
		for i := range p.kids {
			if c := &p.kids[i]; !c.inTT || c.pn != PN(i+2) {
				t.Fatalf("%s: child %d not read: %+v", change, i, *c)
			}
		}
		switch change {
		case "gc":
			tab.GC() // every entry costs 1: all are removed
			s.refreshChanged(0)
			for i := range p.kids {
				if p.kids[i].inTT {
					t.Fatalf("gc removed every entry, child %d still read as in the table", i)
				}
			}
		case "grow":
			tab.grow(4096)
			for i := range p.kids {
				// As searcher.store writes: counted in the new bucket.
				e := Entry{Key: p.kids[i].key, PN: PN(i + 100), DN: 3, Amount: 1}
				b := tab.bucketNo(e.Key.Board)
				s.noteWrite(b)
				_, _ = tab.storeIn(b, &e, e.Key, false)
			}
			s.refreshChanged(0)
			for i := range p.kids {
				if c := &p.kids[i]; c.pn != PN(i+100) {
					t.Fatalf("after growth child %d reads pn %d, the table has %d", i, c.pn, i+100)
				}
			}
		}
	}
}
