package core

import (
	"context"
	"math"
	"testing"
	"time"
)

// smallTree: 0 OR -> 1,2 (AND); 1 -> 3,4 (OR); 3 -> 5, 4 -> 6 (AND, no
// moves: mated); 2 -> 7 (OR, no moves: attacker fails). Proven in 3 plies
// by move 2 (to node 1).
func smallTree() *graphGame {
	return &graphGame{
		or:    []bool{true, false, false, true, true, false, false, true},
		edges: [][]int{{1, 2}, {3, 4}, {7}, {5}, {6}, {}, {}, {}},
		cycle: Disproven,
	}
}

// disprovenTree: the attacker's only move leads to a defender who escapes.
func disprovenTree() *graphGame {
	return &graphGame{
		or:    []bool{true, false, true, false},
		edges: [][]int{{1}, {2, 3}, {}, {}},
		cycle: Disproven,
	}
}

func TestTreesEveryAlgorithm(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, v := range variants {
		for _, tc := range []struct {
			name   string
			g      *graphGame
			want   Outcome
			move   Move
			length uint32
		}{
			{"proven", smallTree(), Proven, 2, 3},
			{"disproven", disprovenTree(), Disproven, 0, 0},
		} {
			tab.Clear()
			o := v.o
			o.ProofLeaves = true
			r := Solve(context.Background(), tc.g, tab, o)
			if r.Outcome != tc.want {
				t.Fatalf("%s %s: outcome %v, want %v", v.name, tc.name, r.Outcome, tc.want)
			}
			if tc.want != Proven {
				continue
			}
			if r.BestMove != tc.move || r.Length != tc.length {
				t.Errorf("%s %s: move %d length %d, want %d %d", v.name, tc.name, r.BestMove, r.Length, tc.move, tc.length)
			}
			if r.Stats.Terminal != 2 {
				t.Errorf("%s: proof tree leaves %d, want 2", v.name, r.Stats.Terminal)
			}
			tab.Clear()
			if r := Solve(context.Background(), tc.g, tab, v.o); r.Stats.Terminal != 0 {
				t.Errorf("%s: proof tree leaves counted (%d) without ProofLeaves", v.name, r.Stats.Terminal)
			}
			pv := PrincipalVariation(tc.g, tab, 100, nil)
			if len(pv) != 3 || pv[0] != 2 || pv[1] != 4 || pv[2] != 6 {
				t.Errorf("%s: principal variation %v, want [2 4 6]", v.name, pv)
			}
			if tc.g.cur != 0 {
				t.Errorf("%s: PrincipalVariation moved the game", v.name)
			}
			if r.Stats.Expanded == 0 || r.Stats.Generated < r.Stats.Expanded || r.Stats.BranchingFactor() <= 0 {
				t.Errorf("%s: implausible stats %+v", v.name, r.Stats)
			}
		}
	}
}

// loopGraph was found by searching random cyclic graphs: plain df-pn keeps
// cycling between the same nodes under thresholds it can never exceed,
// while TCA terminates (the root is disproven: the attacker cannot avoid
// repetitions or escapes).
func loopGraph() *graphGame {
	return &graphGame{
		or:    []bool{true, false, false, false, true, false, true},
		edges: [][]int{{1, 3}, {4, 2, 6}, {4, 2}, {6, 4}, {4, 1}, {5, 4}, {5, 5}},
		cycle: Disproven,
	}
}

func TestPlainDFPNLoopsTCATerminates(t *testing.T) {
	tab := newTestTable(t, 2)
	g := loopGraph()
	if want := g.exhaustive(0, make([]bool, len(g.or))); want != Disproven {
		t.Fatalf("reference value %v, the test graph changed", want)
	}
	r := Solve(nil, g, tab, Options{NodeLimit: 50000})
	if r.Outcome != Unknown || r.Stop != NodeLimitReached || r.Stats.Expanded < 50000 {
		t.Fatalf("plain df-pn: %v %v after %d nodes; expected it to loop until the node limit", r.Outcome, r.Stop, r.Stats.Expanded)
	}
	for _, o := range []Options{{TCA: true}, {TCA: true, SNDA: true}} {
		tab.Clear()
		o.NodeLimit = 50000
		r = Solve(nil, g, tab, o)
		if r.Outcome != Disproven {
			t.Errorf("%+v: %v (%v) after %d nodes, want disproven", o, r.Outcome, r.Stop, r.Stats.Expanded)
		}
		t.Logf("TCA %+v: disproven after %d nodes", o.SNDA, r.Stats.Expanded)
	}
}

// ghiGraph (found by random search) is answered wrongly when results that
// depend on a repetition higher on the path are stored as final.
func ghiGraph() *graphGame {
	g := &graphGame{
		or:    []bool{true, false, false, false, true, false, true, true, true, true},
		edges: [][]int{{9, 8, 5}, {3, 3}, {5, 9, 7}, {5}, {}, {3, 5, 2}, {}, {}, {2}, {6, 5, 6}},
		term:  make([]Outcome, 10),
		cycle: Proven,
	}
	g.term[6] = Disproven
	return g
}

func TestGHIPathDependentResultsNotStored(t *testing.T) {
	tab := newTestTable(t, 2)
	g := ghiGraph()
	want := g.exhaustive(0, make([]bool, len(g.or)))
	if want != Disproven {
		t.Fatalf("reference value %v, the test graph changed", want)
	}
	o := Options{TCA: true, NodeLimit: 100000}
	x, err := NewSearcher(tab, o)
	if err != nil {
		t.Fatal(err)
	}
	x.s.naiveGHI = true
	r := x.Solve(nil, g)
	if r.Outcome == want || r.Outcome == Unknown {
		t.Fatalf("naive storage gave %v; the graph no longer shows the GHI problem", r.Outcome)
	}
	tab.Clear()
	if r = Solve(nil, g, tab, o); r.Outcome != want {
		t.Fatalf("got %v, want %v", r.Outcome, want)
	}
}

// figure2 is the right DAG of Kishimoto's Figure 2: G (OR) has two AND
// children H and I that both lead to J only, so plain df-pn counts dn(J)
// twice in dn(G). J has three AND children with two OR children each, every
// one the start of a long single-move chain: dn(J) = 3, pn(J) = 2, and
// nothing is decided within the node limit.
func figure2() *graphGame {
	const chain = 100
	g := &graphGame{cycle: Disproven}
	add := func(or bool, edges ...int) int {
		g.or = append(g.or, or)
		g.edges = append(g.edges, edges)
		return len(g.or) - 1
	}
	add(true, 1, 2) // 0 G
	add(false, 3)   // 1 H
	add(false, 3)   // 2 I
	j := add(true)  // 3 J
	for range 3 {
		k := add(false)
		g.edges[j] = append(g.edges[j], k)
		for range 2 {
			prev := add(true)
			g.edges[k] = append(g.edges[k], prev)
			for n := 1; n < chain; n++ {
				c := add(n%2 == 0)
				g.edges[prev] = []int{c}
				prev = c
			}
		}
	}
	return g
}

func TestSNDAFigure2(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, tc := range []struct {
		o      Options
		factor PN
	}{
		{Options{}, 2},
		{Options{SNDA: true}, 1},
		{Options{TCA: true}, 2},
		{Options{TCA: true, SNDA: true}, 1},
	} {
		tab.Clear()
		g := figure2()
		tc.o.NodeLimit = 200
		r := Solve(nil, g, tab, tc.o)
		if r.Outcome != Unknown {
			t.Fatalf("%+v: decided (%v); the test needs an undecided DAG", tc.o, r.Outcome)
		}
		eg, ok1 := tab.Lookup(g.Key(), true)
		g.Do(2)
		g.Do(4)
		ej, ok2 := tab.Lookup(g.Key(), true)
		g.Undo(4)
		g.Undo(2)
		if !ok1 || !ok2 {
			t.Fatalf("%+v: G or J not in the table", tc.o)
		}
		if ej.DN != 3 || eg.DN != tc.factor*ej.DN {
			t.Errorf("%+v: dn(G) = %d, dn(J) = %d; want dn(G) = %d x dn(J) = 3", tc.o, eg.DN, ej.DN, tc.factor)
		}
	}
}

func TestLimitsAndCancellation(t *testing.T) {
	tab := newTestTable(t, 2)
	forever := Options{NodeLimit: 0} // plain df-pn loops on loopGraph
	tests := []struct {
		name   string
		o      Options
		cancel func(ctx context.CancelFunc, x *Searcher)
		want   StopReason
	}{
		{"node limit", Options{NodeLimit: 5000}, nil, NodeLimitReached},
		{"time limit", Options{TimeLimit: 30 * time.Millisecond}, nil, TimeLimitReached},
		{"context", forever, func(c context.CancelFunc, _ *Searcher) { c() }, Cancelled},
		{"stop", forever, func(_ context.CancelFunc, x *Searcher) { x.Stop() }, Cancelled},
	}
	for _, tc := range tests {
		x, err := NewSearcher(tab, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		if tc.cancel != nil {
			time.AfterFunc(30*time.Millisecond, func() { tc.cancel(cancel, x) })
		}
		start := time.Now()
		r := x.Solve(ctx, loopGraph())
		cancel()
		if r.Outcome != Unknown || r.Stop != tc.want {
			t.Errorf("%s: %v %v, want unknown %v", tc.name, r.Outcome, r.Stop, tc.want)
		}
		if el := time.Since(start); el > 2*time.Second {
			t.Errorf("%s: took %v to stop", tc.name, el)
		}
		if r.Stats.Expanded == 0 || r.Stats.Elapsed <= 0 {
			t.Errorf("%s: no statistics: %+v", tc.name, r.Stats)
		}
		if tc.want == NodeLimitReached && r.Stats.Expanded != 5000 {
			t.Errorf("node limit 5000, expanded %d", r.Stats.Expanded)
		}
	}
}

func TestStopBeforeSolve(t *testing.T) {
	tab := newTestTable(t, 2)
	x, err := NewSearcher(tab, Options{TCA: true})
	if err != nil {
		t.Fatal(err)
	}
	x.Stop()
	if r := x.Solve(nil, smallTree()); r.Outcome != Unknown || r.Stop != Cancelled || r.Stats.Expanded > 1 {
		t.Fatalf("stopped before start: %v %v after %d nodes", r.Outcome, r.Stop, r.Stats.Expanded)
	}
	if r := x.Solve(nil, smallTree()); r.Outcome != Proven {
		t.Fatalf("the stop request outlived its search: %v %v", r.Outcome, r.Stop)
	}
}

func TestProgressCallback(t *testing.T) {
	tab := newTestTable(t, 2)
	calls := 0
	var last Progress
	// Plain df-pn loops on loopGraph until the node limit: a search long
	// enough on any machine and under any load (a time limit would let a
	// starved search end with one report).
	const every = 5 * time.Millisecond
	o := Options{NodeLimit: 300_000, ProgressEvery: every,
		Progress: func(p Progress) { calls++; last = p }}
	start := time.Now()
	Solve(nil, loopGraph(), tab, o)
	if el := time.Since(start); el < 4*every {
		t.Fatalf("fixture: the search took %v, too short to report twice", el)
	}
	if calls < 2 || last.Stats.Expanded == 0 || last.Hashfull < 0 {
		t.Fatalf("progress called %d times, last %+v", calls, last)
	}
}

func TestBadInput(t *testing.T) {
	tab := newTestTable(t, 2)
	closed, _ := NewTable(2, TableOptions{})
	closed.Close()
	tests := []struct {
		name string
		g    Game
		t    *Table
		o    Options
	}{
		{"nil game", nil, tab, Options{}},
		{"nil table", smallTree(), nil, Options{}},
		{"closed table", smallTree(), closed, Options{}},
		{"bad algorithm", smallTree(), tab, Options{Algorithm: 7}},
		{"wpns and snda", smallTree(), tab, Options{WPNS: true, SNDA: true}},
		{"snda at or nodes without snda", smallTree(), tab, Options{TCA: true, SNDAOROnly: true}},
		{"negative time", smallTree(), tab, Options{TimeLimit: -1}},
		{"negative epsilon", smallTree(), tab, Options{Epsilon: -0.5}},
		{"NaN epsilon", smallTree(), tab, Options{Epsilon: math.NaN()}},
	}
	for _, tc := range tests {
		r := Solve(nil, tc.g, tc.t, tc.o)
		if r.Err == nil || r.Outcome != Unknown {
			t.Errorf("%s: no error (outcome %v)", tc.name, r.Outcome)
		}
	}
	if _, err := NewTable(0, TableOptions{}); err == nil {
		t.Error("NewTable(0) gave no error")
	}
	if err := closed.Close(); err == nil {
		t.Error("second Close gave no error")
	}
	// A table closed under a live Searcher is reported, not dereferenced.
	t2, _ := NewTable(2, TableOptions{})
	x, err := NewSearcher(t2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t2.Close()
	if r := x.Solve(nil, smallTree()); r.Err == nil {
		t.Error("search on a closed table gave no error")
	}
}

// bigTree is a complete tree of the given depth and branching whose
// leaves alternate won and lost, so nothing is decided quickly.
func bigTree(depth, branch int) *graphGame {
	g := &graphGame{cycle: Disproven}
	var build func(d int, or bool) int
	build = func(d int, or bool) int {
		id := len(g.or)
		g.or = append(g.or, or)
		g.edges = append(g.edges, nil)
		if d < depth {
			for range branch {
				c := build(d+1, !or)
				g.edges[id] = append(g.edges[id], c)
			}
		} else if id%3 == 0 {
			g.edges[id] = append(g.edges[id], id) // a self-loop: repetition
		}
		return id
	}
	build(0, true)
	return g
}

func TestSearchDoesNotAllocatePerNode(t *testing.T) {
	tab := newTestTable(t, 16)
	g := bigTree(7, 3)
	for _, v := range variants {
		x, err := NewSearcher(tab, v.o)
		if err != nil {
			t.Fatal(err)
		}
		x.Solve(nil, g) // warm up buffers
		var nodes uint64
		allocs := testing.AllocsPerRun(3, func() {
			tab.Clear()
			nodes = x.Solve(nil, g).Stats.Expanded
		})
		if nodes < 300 || allocs > 4 {
			t.Errorf("%s: %.0f allocations for %d nodes", v.name, allocs, nodes)
		}
	}
}

// wideGame offers the attacker only its first move at step 0 (NarrowOR) or
// the defender only its first move (NarrowAND), and everything at step 1.
type wideGame struct {
	*graphGame
	narrow Side
}

func (w *wideGame) Moves(buf []Move, step int) []Move {
	buf = w.graphGame.Moves(buf, step)
	or := w.graphGame.OrNode()
	if step == 0 && len(buf) > 1 && ((or && w.narrow&NarrowOR != 0) || (!or && w.narrow&NarrowAND != 0)) {
		buf = buf[:1]
	}
	return buf
}
func (w *wideGame) Steps() int { return 2 }
func (w *wideGame) Narrows(step int) Side {
	if step == 0 {
		return w.narrow
	}
	return NarrowNone
}

func TestIterativeWidening(t *testing.T) {
	tab := newTestTable(t, 2)
	// Root's first move fails, its second wins: narrowing OR disproves at
	// step 0 (unsound), so the driver widens and proves.
	late := &graphGame{
		or:    []bool{true, false, false, true},
		edges: [][]int{{1, 2}, {3}, {}, {}},
		cycle: Disproven,
	}
	// Root's only move leads to a defender whose second move escapes:
	// narrowing AND proves at step 0, which is unsound without ANDComplete.
	escape := &graphGame{
		or:    []bool{true, false, false, true},
		edges: [][]int{{1}, {2, 3}, {}, {}},
		cycle: Disproven,
	}
	tests := []struct {
		name  string
		g     *wideGame
		want  Outcome
		steps int
	}{
		{"narrow OR then widen", &wideGame{late, NarrowOR}, Proven, 2},
		{"narrow OR proves at once", &wideGame{smallTree(), NarrowOR}, Proven, 1},
		{"narrow AND unsound proof widens", &wideGame{escape, NarrowAND}, Disproven, 2},
		{"narrow AND disproof is sound", &wideGame{disprovenTree(), NarrowAND}, Disproven, 1},
	}
	for _, alg := range []Algorithm{DFPN, PNStar} {
		for _, tc := range tests {
			tab.Clear()
			r := Solve(nil, tc.g, tab, Options{Algorithm: alg, Widen: true, TCA: true})
			if r.Outcome != tc.want || len(r.Steps) != tc.steps {
				t.Errorf("%v %s: %v after %d steps (%+v), want %v after %d", alg, tc.name, r.Outcome, len(r.Steps), r.Steps, tc.want, tc.steps)
			}
			if len(r.Steps) > 0 && r.Steps[0].Narrows != tc.g.narrow {
				t.Errorf("%s: step 0 recorded %v", tc.name, r.Steps[0].Narrows)
			}
		}
	}
}

// domGame declares hands ordered by inclusion.
type domGame struct{ *graphGame }

func (domGame) Dominates(a, b uint32) bool { return a&b == b }

// dominanceGraph: root (OR) -> A (AND) -> Y, X. Y and X share a board; X's
// hand contains Y's. Y is mated at once; X only after a long chain. Once Y
// is proven, dominance proves X without searching it.
func dominanceGraph() *graphGame { return sharedBoardGraph(0b01, 0b11) }

// sharedBoardGraph: root (OR) -> A (AND) -> Q, S, where Q (hand quick) and
// S (hand slow) share a board; Q is mated at once, S only after a long
// chain.
func sharedBoardGraph(quick, slow uint32) *graphGame {
	const chain = 39 // odd: the chain ends at a mated AND node
	g := &graphGame{cycle: Disproven}
	add := func(or bool, board uint64, hand uint32, edges ...int) int {
		g.or = append(g.or, or)
		g.edges = append(g.edges, edges)
		g.board = append(g.board, board)
		g.hand = append(g.hand, hand)
		return len(g.or) - 1
	}
	add(true, 100, 0, 1)       // 0 root
	add(false, 101, 0, 2, 3)   // 1 A
	add(true, 7, quick, 4)     // 2 Q
	prev := add(true, 7, slow) // 3 S
	add(false, 102, 0)         // 4: mated
	for n := 1; n <= chain; n++ {
		c := add(n%2 == 0, uint64(1000+n), 0)
		g.edges[prev] = []int{c}
		prev = c
	}
	return g
}

func TestDominanceAnswersFromTheTable(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, alg := range []Algorithm{DFPN, PNStar} {
		var nodes [2]uint64
		for i, g := range []Game{dominanceGraph(), domGame{dominanceGraph()}} {
			tab.Clear()
			r := Solve(nil, g, tab, Options{Algorithm: alg, TCA: alg == DFPN})
			if r.Outcome != Proven {
				t.Fatalf("game %d %v: %v", i, alg, r.Outcome)
			}
			nodes[i] = r.Stats.Expanded
		}
		// PN* sees the dominance only by reading Y's sibling again after
		// Y's search (the paper's §5.1): without that it expanded the
		// whole chain, 46 nodes.
		t.Logf("%v: expanded %d nodes with dominance, %d without", alg, nodes[1], nodes[0])
		if nodes[1] >= nodes[0] || nodes[1] > 10 {
			t.Errorf("%v: expanded %d nodes with dominance, %d without", alg, nodes[1], nodes[0])
		}
	}
}

// hugeEstimates gives every new node enormous initial numbers, so sums
// saturate at once.
type hugeEstimates struct{ *graphGame }

func (hugeEstimates) Estimate() (PN, PN) { return MaxPN / 3, MaxPN / 2 }

func TestSaturatedSumsNeverReadAsDecided(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, v := range variants {
		g := bigTree(5, 4)
		want := g.exhaustive(0, make([]bool, len(g.or)))
		tab.Clear()
		o := v.o
		o.NodeLimit = 3
		r := Solve(nil, hugeEstimates{g}, tab, o)
		if r.Outcome != Unknown || r.RootPN == Infinity || r.RootDN == Infinity || r.RootPN == 0 || r.RootDN == 0 {
			t.Errorf("%s: after 3 nodes: %v pn %d dn %d", v.name, r.Outcome, r.RootPN, r.RootDN)
		}
		tab.Clear()
		o.NodeLimit = 1 << 20
		if r = Solve(nil, hugeEstimates{g}, tab, o); r.Outcome != want {
			t.Errorf("%s: %v, want %v", v.name, r.Outcome, want)
		}
	}
}
