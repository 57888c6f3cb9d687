package core

import (
	"math/rand/v2"
	"testing"
)

// TestChildCacheSearchesIdentically checks that the child cache changes
// only the cost of a search: on random graphs (trees, DAGs, cycles) and a
// big tree, a search with the cache expands exactly the same nodes and
// returns the same value as one without, while its game plays fewer moves.
func TestChildCacheSearchesIdentically(t *testing.T) {
	tab := newTestTable(t, 2)
	r := rand.New(rand.NewPCG(7, 7))
	games := []*graphGame{bigTree(7, 3)}
	for i := 0; i < 300; i++ {
		games = append(games, randomGraph(r, i%3))
	}
	for _, base := range []Options{{TCA: true, SNDA: true}, {DFPNR: true}, {Algorithm: PNStar}} {
		cached := base
		cached.ChildCache = 1
		for gi, g := range games {
			base.NodeLimit, cached.NodeLimit = 5000, 5000
			tab.Clear()
			g.moves = 0
			a := Solve(nil, g, tab, base)
			playedA := g.moves
			tab.Clear()
			g.moves = 0
			b := Solve(nil, g, tab, cached)
			playedB := g.moves
			if a.Outcome != b.Outcome || a.Stats.Expanded != b.Stats.Expanded || a.Length != b.Length || a.BestMove != b.BestMove {
				t.Fatalf("%+v game %d: without cache %v/%d nodes/len %d, with %v/%d nodes/len %d",
					base, gi, a.Outcome, a.Stats.Expanded, a.Length, b.Outcome, b.Stats.Expanded, b.Length)
			}
			if playedB > playedA {
				t.Fatalf("game %d: the cache made the game play more moves (%d > %d)", gi, playedB, playedA)
			}
			if gi == 0 && a.Stats.ReExpanded > 0 && playedB >= playedA {
				t.Errorf("%+v: big tree with %d re-expansions played %d moves with the cache, %d without",
					base, a.Stats.ReExpanded, playedB, playedA)
			}
		}
	}
}

func TestChildCacheRing(t *testing.T) {
	c := newChildCache(1)
	k := func(i int) Key { return Key{Board: uint64(i) * 0x9e3779b97f4a7c15, Hand: uint32(i)} }
	run := c.put(k(1), true, 0, 3)
	for i := range run {
		run[i].move = Move(10 + i)
	}
	tests := []struct {
		name string
		key  Key
		or   bool
		step int
		hit  bool
	}{
		{"same node", k(1), true, 0, true},
		{"other type", k(1), false, 0, false},
		{"other step", k(1), true, 1, false},
		{"other key", k(2), true, 0, false},
	}
	for _, tc := range tests {
		got := c.get(tc.key, tc.or, tc.step)
		if (got != nil) != tc.hit || (got != nil && (len(got) != 3 || got[2].move != 12)) {
			t.Errorf("%s: got %v", tc.name, got)
		}
	}
	// Filling the ring past the run overwrites it: it must then miss.
	for i := 2; c.cursor < uint64(len(c.ring))+10; i++ {
		c.put(k(i), false, 0, 50)
	}
	if c.get(k(1), true, 0) != nil {
		t.Error("an overwritten run was returned")
	}
	// reset forgets everything.
	c.put(k(5), true, 0, 2)
	c.reset()
	if c.get(k(5), true, 0) != nil {
		t.Error("a run survived reset")
	}
}
