package core

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCStarDifferentialRandomGraphs checks C* against the exhaustive solver
// on the random trees, DAGs and cyclic graphs of the differential tests
// (randomGraph, and bigCyclicGraph every tenth cyclic graph), with both
// cycle outcomes and with the games' varied estimates, which C* must
// ignore: it must decide every graph within the budget, with the
// reference's value.
func TestCStarDifferentialRandomGraphs(t *testing.T) {
	graphs := 3000
	if testing.Short() {
		graphs = 1500
	}
	cstarDifferential(t, graphs, 1)
}

// TestCStarDifferentialRandomGraphsHeavy runs many more graphs.
func TestCStarDifferentialRandomGraphsHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: run without -short")
	}
	for _, seed := range []uint64{2, 3, 4} {
		cstarDifferential(t, 60000, seed)
	}
}

// cstarVariants are the thesis's C* and its two extensions, alone and
// together (the shogi solver's choice).
var cstarVariants = []Options{
	{Algorithm: CStar},
	{Algorithm: CStar, CStarANDCost: true},
	{Algorithm: CStar, CStarBestFirst: true},
	{Algorithm: CStar, CStarANDCost: true, CStarBestFirst: true},
}

func cstarDifferential(t *testing.T, graphs int, seed uint64) {
	tab := newTestTable(t, 2)
	var xs []*Searcher
	for _, o := range cstarVariants {
		o.NodeLimit = terminationBudget
		x, err := NewSearcher(tab, o)
		if err != nil {
			t.Fatal(err)
		}
		xs = append(xs, x)
	}
	r := rand.New(rand.NewPCG(seed, 16))
	var most, total uint64
	per := [3]int{}
	for it := range graphs {
		kind := it % 3
		var g *graphGame
		if kind == 2 && it%30 == 29 {
			g = bigCyclicGraph(r, 13+r.IntN(4))
		} else {
			g = randomGraph(r, kind)
		}
		g.estMoves = it%2 == 1
		want := g.exhaustive(0, make([]bool, len(g.or)))
		for xi, x := range xs {
			g.salt = uint64(it*len(xs)+xi) << 32
			res := x.Solve(nil, g)
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			if g.cur != 0 || len(g.stack) != 0 {
				t.Fatal("game not restored")
			}
			if res.Outcome != want {
				t.Fatalf("graph %d (kind %d): C* %+v says %v (%v after %d expansions), exhaustive %v on %s",
					it, kind, cstarVariants[xi], res.Outcome, res.Stop, res.Stats.Expanded, want, g)
			}
			most = max(most, res.Stats.Expanded)
			total += res.Stats.Expanded
		}
		per[kind]++
	}
	t.Logf("seed %d: trees, DAGs, cyclic decided %v; most expansions on one graph %d, %d in all", seed, per, most, total)
}

// TestCStarKnownGraphs: the small trees (with the proof's move, length,
// principal variation and leaf count) and the graphs that once made PN* or
// df-pn loop.
func TestCStarKnownGraphs(t *testing.T) {
	tab := newTestTable(t, 2)
	r := Solve(context.Background(), smallTree(), tab, Options{Algorithm: CStar, ProofLeaves: true})
	if r.Outcome != Proven || r.BestMove != 2 || r.Length != 3 || r.Stats.Terminal != 2 {
		t.Errorf("small tree: %v move %d length %d leaves %d, want proven by 2 in 3 with 2 leaves",
			r.Outcome, r.BestMove, r.Length, r.Stats.Terminal)
	}
	if pv := PrincipalVariation(smallTree(), tab, 100, nil); len(pv) != 3 || pv[0] != 2 || pv[1] != 4 || pv[2] != 6 {
		t.Errorf("small tree: principal variation %v, want [2 4 6]", pv)
	}
	tab.Clear()
	if r := Solve(nil, disprovenTree(), tab, Options{Algorithm: CStar}); r.Outcome != Disproven {
		t.Errorf("disproven tree: %v", r.Outcome)
	}
	for _, tc := range []struct {
		name string
		g    *graphGame
	}{{"issue13", issue13Graph()}, {"pnstarLoop", pnstarLoopGraph()}, {"dfpnrLoop", dfpnrLoopGraph()}, {"loop", loopGraph()}, {"ghi", ghiGraph()}} {
		want := tc.g.exhaustive(0, make([]bool, len(tc.g.or)))
		tab.Clear()
		r := Solve(nil, tc.g, tab, Options{Algorithm: CStar, NodeLimit: 100000})
		if r.Outcome != want {
			t.Errorf("%s: %v (%v) after %d expansions, want %v", tc.name, r.Outcome, r.Stop, r.Stats.Expanded, want)
		}
	}
}

// TestCStarDominance: C* reads an AND node's child again before searching
// it, so a sibling's proof answers a dominated position from the table.
func TestCStarDominance(t *testing.T) {
	tab := newTestTable(t, 2)
	var nodes [2]uint64
	for i, g := range []Game{dominanceGraph(), domGame{dominanceGraph()}} {
		tab.Clear()
		r := Solve(nil, g, tab, Options{Algorithm: CStar})
		if r.Outcome != Proven {
			t.Fatalf("game %d: %v", i, r.Outcome)
		}
		nodes[i] = r.Stats.Expanded
	}
	if nodes[1] >= nodes[0] || nodes[1] > 10 {
		t.Errorf("expanded %d nodes with dominance, %d without", nodes[1], nodes[0])
	}
}

// chainAND is the thesis's §4.1 situation: the root's only move leads to an
// AND node with three replies, each answered by one mating move; its
// conspiracy number is 3.
func chainAND() *graphGame {
	T, F := true, false
	return &graphGame{
		or:    []bool{T, F, T, T, T, F, F, F},
		edges: [][]int{{1}, {2, 3, 4}, {5}, {6}, {7}, {}, {}, {}},
		cycle: Disproven,
	}
}

// TestCStarIterationsFollowTheConspiracyNumber: iteration 1 expands the
// root and the AND node, whose three tips sum to 3 > 1 (each tip counts one
// whatever the game estimates); iterations 2 and 3 end at the root's table
// entry, whose stored 3 reaches their thresholds (c ≥ t); iteration 4
// searches the AND node with slack 1 and solves its three children, two
// expansions each: 4 iterations and 10 expansions.
func TestCStarIterationsFollowTheConspiracyNumber(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, est := range []bool{false, true} {
		tab.Clear()
		g := chainAND()
		g.estMoves = est
		r := Solve(nil, g, tab, Options{Algorithm: CStar})
		if r.Outcome != Proven || r.Stats.Iterations != 4 || r.Stats.Expanded != 10 {
			t.Errorf("estimates %v: %v in %d iterations and %d expansions, want proven in 4 and 10",
				est, r.Outcome, r.Stats.Iterations, r.Stats.Expanded)
		}
	}
}

// TestCStarStrictSumAndSlack: an AND node whose children's numbers sum to
// exactly its threshold is searched (the thesis gives up only when the sum
// exceeds it), and a child whose stored number equals the threshold it is
// given is not entered (c ≥ t) until the next step of the child's
// iterative deepening.
func TestCStarStrictSumAndSlack(t *testing.T) {
	if cstarSkips(&child{inTT: true, pn: 3}, 3) != true || cstarSkips(&child{inTT: true, pn: 2}, 3) {
		t.Error("c ≥ t should skip a child read from the table, c < t enter it")
	}
	if cstarSkips(&child{inTT: false, pn: 3}, 1) {
		t.Error("a child not in the table is always entered")
	}
}

// slackGraph: the root's move leads to AND node X over A and B (both OR).
// A's only move leads to AND node Y with two replies, each mated at once;
// B mates at once. CN(X) = CN(A) + CN(B) = 2 + 1.
func slackGraph() *graphGame {
	T, F := true, false
	return &graphGame{
		or:    []bool{T, F, T, T, F, T, T, F, F, F},
		edges: [][]int{{1}, {2, 3}, {4}, {9}, {5, 6}, {7}, {8}, {}, {}, {}},
		cycle: Disproven,
	}
}

// TestCStarAndChildGetsTheSlack: at iteration 3 X's children sum to 2, so A
// is given the threshold 3 − CN(B) = 2 (the slack plus its own 1) and
// solved in one visit: 12 expansions in all. Starting A at its own number,
// as PN*'s pseudo-code does, visits A three times (15). Estimates that
// differ from one do not change C*: every tip counts one.
func TestCStarAndChildGetsTheSlack(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, g := range []Game{slackGraph(), hugeEstimates{slackGraph()}} {
		tab.Clear()
		r := Solve(nil, g, tab, Options{Algorithm: CStar})
		if r.Outcome != Proven || r.Stats.Iterations != 3 || r.Stats.Expanded != 12 {
			t.Errorf("%T: %v in %d iterations and %d expansions, want proven in 3 and 12",
				g, r.Outcome, r.Stats.Iterations, r.Stats.Expanded)
		}
	}
}

// TestCStarOrderPutsNewChildrenFirst: an AND node's children never
// expanded come first, each group in the game's order (§4.2.3).
func TestCStarOrderPutsNewChildrenFirst(t *testing.T) {
	var s searcher
	p := &ply{kids: []child{{inTT: true, pn: 5}, {pn: 1}, {inTT: true, pn: 2}, {pn: 1}}}
	s.cstarOrder(p)
	if want := []int32{1, 3, 0, 2}; fmt.Sprint(p.order) != fmt.Sprint(want) {
		t.Errorf("order %v, want %v", p.order, want)
	}
}

// forcedChain appends to g a line of n forced plies from node from (which
// must be an OR node): each OR node has one move, each AND node one reply;
// the last node, an OR node without moves, is an escape. It returns the
// first node of the line.
func forcedChain(g *graphGame, from, n int) {
	prev := from
	for k := 1; k <= n; k++ {
		g.or = append(g.or, k%2 == 0)
		g.edges = append(g.edges, nil)
		c := len(g.or) - 1
		g.edges[prev] = append(g.edges[prev], c)
		prev = c
	}
}

// deepTrapGraph: the root's first move leads to an AND node whose only
// reply starts a forced line of 400 plies ending in an escape; its second
// move to an AND node with two replies, each mated at once.
func deepTrapGraph() *graphGame {
	T, F := true, false
	g := &graphGame{or: []bool{T, F, F, T, T, F, F, T}, edges: [][]int{{1, 2}, {7}, {3, 4}, {5}, {6}, {}, {}, nil}, cycle: Disproven}
	forcedChain(g, 7, 400)
	return g
}

// TestCStarANDCostBoundsDepth: C* as the thesis states it follows the
// forced line to its end at iteration 1 (its conspiracy number stays 1),
// about 400 expansions; with a cost per AND node the threshold stops it
// within a few plies and the mate in 3 is found first.
func TestCStarANDCostBoundsDepth(t *testing.T) {
	tab := newTestTable(t, 2)
	var nodes [2]uint64
	for i, o := range []Options{{Algorithm: CStar}, {Algorithm: CStar, CStarANDCost: true}} {
		tab.Clear()
		r := Solve(nil, deepTrapGraph(), tab, o)
		if r.Outcome != Proven || r.BestMove != 3 {
			t.Fatalf("%+v: %v by %d, want proven by 3", o, r.Outcome, r.BestMove)
		}
		nodes[i] = r.Stats.Expanded
	}
	t.Logf("expansions: %d as the thesis, %d with a cost per AND node", nodes[0], nodes[1])
	if nodes[0] < 400 || nodes[1] > 40 {
		t.Errorf("expansions: %d as the thesis (want the whole line, 400+), %d with a cost per AND node (want < 40)", nodes[0], nodes[1])
	}
}

// orderGraph: the root's only move leads to AND node X over P and S (OR).
// S mates at once. P's first move leads to AND node A with three replies,
// each starting a forced line of 60 plies that ends in an escape; its
// second to AND node B with two replies, each mated at once. With a cost
// per AND node, X fails at iterations 1 and 4; at iteration 6 S is solved
// first (never expanded) and P gets threshold 5, under which both A (4)
// and B (3) may be entered: the game's order enters A and searches its
// lines first, best-first enters B and proves P at once.
func orderGraph() *graphGame {
	T, F := true, false
	g := &graphGame{
		or:    []bool{T, F, T, T, F, F, T, T, T, T, T, F, F},
		edges: [][]int{{1}, {2, 3}, {4, 5}, {11}, {7, 8, 9}, {6, 10}, {12}, nil, nil, nil, {12}, {}, {}},
		cycle: Disproven,
	}
	for _, n := range []int{7, 8, 9} {
		forcedChain(g, n, 60)
	}
	return g
}

func TestCStarBestFirstOrNodes(t *testing.T) {
	tab := newTestTable(t, 2)
	var nodes [2]uint64
	for i, o := range []Options{{Algorithm: CStar, CStarANDCost: true}, {Algorithm: CStar, CStarANDCost: true, CStarBestFirst: true}} {
		tab.Clear()
		r := Solve(nil, orderGraph(), tab, o)
		if r.Outcome != Proven {
			t.Fatalf("%+v: %v, want proven", o, r.Outcome)
		}
		nodes[i] = r.Stats.Expanded
	}
	t.Logf("expansions: %d in the game's order, %d best-first", nodes[0], nodes[1])
	if nodes[1] >= nodes[0] {
		t.Errorf("expansions: %d in the game's order, %d best-first", nodes[0], nodes[1])
	}
}

// TestCStarDoesNotAllocatePerNode: a reused Searcher runs C* without
// allocating per node.
func TestCStarDoesNotAllocatePerNode(t *testing.T) {
	tab := newTestTable(t, 16)
	g := bigTree(7, 3)
	for _, o := range cstarVariants {
		x, err := NewSearcher(tab, o)
		if err != nil {
			t.Fatal(err)
		}
		x.Solve(nil, g)
		var nodes uint64
		allocs := testing.AllocsPerRun(3, func() {
			tab.Clear()
			nodes = x.Solve(nil, g).Stats.Expanded
		})
		if nodes < 250 || allocs > 4 {
			t.Errorf("%+v: %.0f allocations for %d nodes", o, allocs, nodes)
		}
	}
}

// TestCStarProofHands: C* stores a proof under the game's proof hand, as
// df-pn and PN* do (hands_test.go), so it answers positions with other
// hands.
func TestCStarProofHands(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, tc := range []struct {
		name      string
		word      func(own uint32) uint32
		wantStore uint32
	}{
		{"empty proof hand", func(uint32) uint32 { return 0 }, 0},
		{"own hand", func(own uint32) uint32 { return own }, 0b10},
		{"word breaking the contract", func(uint32) uint32 { return 0b100 }, 0b10},
	} {
		for _, o := range cstarVariants {
			tab.Clear()
			r := Solve(nil, handGame{domGame{handGraph()}, tc.word}, tab, o)
			if r.Outcome != Proven {
				t.Fatalf("%s %+v: %v", tc.name, o, r.Outcome)
			}
			if e, ok := tab.Lookup(Key{Board: 7, Hand: tc.wantStore}, true); !ok || e.PN != 0 {
				t.Errorf("%s %+v: Z's proof not stored under %b (found %v, %+v)", tc.name, o, tc.wantStore, ok, e)
			}
		}
	}
}

// TestCStarIterativeWidening: the widening driver runs C* at each step and
// reuses only sound results (the cases of TestIterativeWidening).
func TestCStarIterativeWidening(t *testing.T) {
	tab := newTestTable(t, 2)
	late := &graphGame{or: []bool{true, false, false, true}, edges: [][]int{{1, 2}, {3}, {}, {}}, cycle: Disproven}
	escape := &graphGame{or: []bool{true, false, false, true}, edges: [][]int{{1}, {2, 3}, {}, {}}, cycle: Disproven}
	for _, tc := range []struct {
		name  string
		g     *wideGame
		want  Outcome
		steps int
	}{
		{"narrow OR then widen", &wideGame{late, NarrowOR}, Proven, 2},
		{"narrow OR proves at once", &wideGame{smallTree(), NarrowOR}, Proven, 1},
		{"narrow AND unsound proof widens", &wideGame{escape, NarrowAND}, Disproven, 2},
		{"narrow AND disproof is sound", &wideGame{disprovenTree(), NarrowAND}, Disproven, 1},
	} {
		for _, o := range cstarVariants {
			tab.Clear()
			o.Widen = true
			r := Solve(nil, tc.g, tab, o)
			if r.Outcome != tc.want || len(r.Steps) != tc.steps {
				t.Errorf("%s %+v: %v after %d steps, want %v after %d", tc.name, o, r.Outcome, len(r.Steps), tc.want, tc.steps)
			}
		}
	}
}

// TestCStarLimits: a node limit and a cancelled context end C* with
// Unknown and the reason.
func TestCStarLimits(t *testing.T) {
	tab := newTestTable(t, 2)
	g := bigTree(8, 3)
	r := Solve(nil, g, tab, Options{Algorithm: CStar, NodeLimit: 50})
	if r.Outcome != Unknown || r.Stop != NodeLimitReached || r.Stats.Expanded > 50 {
		t.Errorf("node limit: %v %v after %d", r.Outcome, r.Stop, r.Stats.Expanded)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tab.Clear()
	if r := Solve(ctx, g, tab, Options{Algorithm: CStar}); r.Outcome != Unknown || r.Stop != Cancelled {
		t.Errorf("cancelled: %v %v", r.Outcome, r.Stop)
	}
	if g.cur != 0 || len(g.stack) != 0 {
		t.Error("game not restored")
	}
}
