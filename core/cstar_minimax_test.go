package core

import (
	"context"
	"math/rand/v2"
	"testing"
)

// mmTree is an explicit game tree: node i has children kids[i] and static
// value eval[i] from the view of the side to move there. Moves are
// child+1.
type mmTree struct {
	kids  [][]int
	eval  []int
	cur   int
	stack []int
}

func (g *mmTree) Key() Key { return Key{Board: uint64(g.cur+1) * 0x9e3779b97f4a7c15} }
func (g *mmTree) Moves(buf []Move, step int) []Move {
	for _, c := range g.kids[g.cur] {
		buf = append(buf, Move(c+1))
	}
	return buf
}
func (g *mmTree) Do(m Move)     { g.stack = append(g.stack, g.cur); g.cur = int(m) - 1 }
func (g *mmTree) Undo(m Move)   { g.cur = g.stack[len(g.stack)-1]; g.stack = g.stack[:len(g.stack)-1] }
func (g *mmTree) Evaluate() int { return g.eval[g.cur] }

// add appends a node and returns its index.
func (g *mmTree) add(eval int, kids ...int) int {
	g.kids = append(g.kids, kids)
	g.eval = append(g.eval, eval)
	return len(g.kids) - 1
}

// minimax is the reference: the value of node n at depth d (MAX at even
// depths) with the horizon at depth, from MAX's view.
func (g *mmTree) minimax(n, d, depth int) int {
	if d == depth {
		if d%2 == 1 {
			return -g.eval[n]
		}
		return g.eval[n]
	}
	if len(g.kids[n]) == 0 {
		return int(lostMax(d))
	}
	best := 0
	for i, c := range g.kids[n] {
		v := g.minimax(c, d+1, depth)
		if i == 0 || (d%2 == 0 && v > best) || (d%2 == 1 && v < best) {
			best = v
		}
	}
	return best
}

// randomMMTree makes a tree of the given depth: 1 to 4 children per node
// (some interior nodes have none: the side to move has lost), static
// values from -range to range at every node.
func randomMMTree(r *rand.Rand, depth, valRange int) *mmTree {
	g := &mmTree{}
	var build func(d int) int
	build = func(d int) int {
		n := g.add(r.IntN(2*valRange+1) - valRange)
		if d == depth || (d > 0 && r.IntN(25) == 0) {
			return n
		}
		k := 1 + r.IntN(4)
		for range k {
			c := build(d + 1)
			g.kids[n] = append(g.kids[n], c)
		}
		return n
	}
	build(0)
	return g
}

// figure31 is the thesis's Figure 3.1 (the figure is missing from the
// text; Table 3.1 gives it): A (MAX) over B and C (MIN); B over leaves
// D = 3 and E = 1, C over F = 4 and G = 5. The leaves' values are from
// MAX's view; at depth 2 MAX is to move, so they are also the side to
// move's.
func figure31() (g *mmTree, a, b, c int) {
	g = &mmTree{}
	d, e, f, gg := g.add(3), g.add(1), g.add(4), g.add(5)
	b = g.add(0, d, e)
	c = g.add(0, f, gg)
	a = g.add(0, b, c)
	g.cur = a
	return g, a, b, c
}

// TestFigure31ConspiracyNumbers checks ConspiracyNumbers against the
// thesis's Table 3.1 for every node of Figure 3.1 and v = 0..6.
func TestFigure31ConspiracyNumbers(t *testing.T) {
	g, a, b, c := figure31()
	if v := g.minimax(a, 0, 2); v != 4 {
		t.Fatalf("root value %d, want 4", v)
	}
	// Table 3.1: ↓CN (MIN-CN) and ↑CN (MAX-CN) for v = 0..6.
	rows := []struct {
		name       string
		node       int
		depth      int // plies from the node to the leaves
		maxAtNode  bool
		down, up   [7]PN
		leafValue  int
		isLeafNode bool
	}{
		{"A", a, 2, true, [7]PN{2, 1, 1, 1, 0, 0, 0}, [7]PN{0, 0, 0, 0, 0, 1, 2}, 0, false},
		{"B", b, 1, false, [7]PN{1, 0, 0, 0, 0, 0, 0}, [7]PN{0, 0, 1, 1, 2, 2, 2}, 0, false},
		{"C", c, 1, false, [7]PN{1, 1, 1, 1, 0, 0, 0}, [7]PN{0, 0, 0, 0, 0, 1, 2}, 0, false},
		{"D", 0, 0, true, [7]PN{1, 1, 1, 0, 0, 0, 0}, [7]PN{0, 0, 0, 0, 1, 1, 1}, 3, true},
		{"E", 1, 0, true, [7]PN{1, 0, 0, 0, 0, 0, 0}, [7]PN{0, 0, 1, 1, 1, 1, 1}, 1, true},
		{"F", 2, 0, true, [7]PN{1, 1, 1, 1, 0, 0, 0}, [7]PN{0, 0, 0, 0, 0, 1, 1}, 4, true},
		{"G", 3, 0, true, [7]PN{1, 1, 1, 1, 1, 0, 0}, [7]PN{0, 0, 0, 0, 0, 0, 1}, 5, true},
	}
	for _, row := range rows {
		for v := 0; v <= 6; v++ {
			g.cur = row.node
			// At a MIN node the children are MAX-to-move leaves; cnRec
			// takes the parity of the node's depth.
			d0 := 0
			if !row.maxAtNode {
				d0 = 1
			}
			up, down := cnRec(g, d0, d0+row.depth, int32(v))
			if up != row.up[v] || down != row.down[v] {
				t.Errorf("%s, v=%d: MAX-CN %d MIN-CN %d, Table 3.1 says %d %d", row.name, v, up, down, row.up[v], row.down[v])
			}
		}
	}
	g.cur = a
	if up, down := ConspiracyNumbers(g, 2, 0); up != 0 || down != 2 {
		t.Errorf("ConspiracyNumbers(A, 0) = %d %d, want 0 2 (conspirators (D or E) and (F or G))", up, down)
	}
}

// bruteCN counts by enumeration the least number of horizon values that
// must rise (to MateValue-1) for the root's value to reach v, and that must
// fall for it to become at most v: over every subset of the tips, smallest
// first. Nodes without moves are decided and never change.
func bruteCN(g *mmTree, depth, v int) (up, down PN) {
	var tips []int
	var collect func(n, d int)
	collect = func(n, d int) {
		if d == depth {
			tips = append(tips, n)
			return
		}
		for _, c := range g.kids[n] {
			collect(c, d+1)
		}
	}
	collect(0, 0)
	saved := append([]int(nil), g.eval...)
	defer copy(g.eval, saved)
	best := func(rise bool) PN {
		bestK := Infinity
		for mask := 0; mask < 1<<len(tips); mask++ {
			k := PN(0)
			copy(g.eval, saved)
			for i, n := range tips {
				if mask&(1<<i) == 0 {
					continue
				}
				k++
				// MAX's view at the tip: flip for a MIN-to-move tip.
				big := MateValue - 1
				if (rise) == (depth%2 == 1) {
					big = -big
				}
				g.eval[n] = big
			}
			if k >= bestK {
				continue
			}
			val := g.minimax(0, 0, depth)
			if (rise && val >= v) || (!rise && val <= v) {
				bestK = k
			}
		}
		return bestK
	}
	return best(true), best(false)
}

// TestConspiracyNumbersMatchBruteForce: on small random trees, for every
// value around the root's, the recursive counts equal the enumeration.
func TestConspiracyNumbersMatchBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 1))
	checked := 0
	for it := 0; checked < 300 && it < 5000; it++ {
		depth := 1 + r.IntN(3)
		g := randomMMTree(r, depth, 5)
		nTips := 0
		var count func(n, d int)
		count = func(n, d int) {
			if d == depth {
				nTips++
				return
			}
			for _, c := range g.kids[n] {
				count(c, d+1)
			}
		}
		count(0, 0)
		if nTips > 10 {
			continue
		}
		checked++
		for v := -6; v <= 6; v++ {
			g.cur = 0
			up, down := ConspiracyNumbers(g, depth, v)
			bu, bd := bruteCN(g, depth, v)
			if up != bu || down != bd {
				t.Fatalf("tree %v evals %v depth %d v %d: MAX-CN %d MIN-CN %d, enumeration %d %d", g.kids, g.eval, depth, v, up, down, bu, bd)
			}
		}
	}
	if checked < 300 {
		t.Fatalf("only %d small trees", checked)
	}
}

// trueBest reports whether m is a best root move of the tree bounded by
// depth, and the root's value.
func trueBest(g *mmTree, depth int, m Move) (bool, int) {
	best := g.minimax(0, 0, depth)
	return g.minimax(int(m)-1, 1, depth) == best, best
}

// TestMinimaxCStarFindsABestMove: with the horizon's evaluations fixed and
// the separation run to Infinity, C*'s move is a true best move of the
// bounded tree on random trees, and its value is at most the root's
// (the best move's value is established from below). With finite
// separation thresholds it reports how often it agrees.
func TestMinimaxCStarFindsABestMove(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 1))
	trees := 600
	if testing.Short() {
		trees = 300
	}
	agree := map[PN]int{}
	var nodes = map[PN]uint64{}
	for it := range trees {
		depth := 2 + it%4
		g := randomMMTree(r, depth, 20)
		if len(g.kids[0]) == 0 {
			continue
		}
		res := BestMove(context.Background(), g, MinimaxOptions{Depth: depth, FixedHorizon: true})
		if res.Err != nil {
			t.Fatal(res.Err)
		}
		if g.cur != 0 || len(g.stack) != 0 {
			t.Fatal("game not restored")
		}
		nodes[Infinity] += res.Stats.Expanded
		ok, want := trueBest(g, depth, res.Move)
		if !ok || !res.Decided || res.Separation != Infinity || res.Value > want {
			t.Fatalf("tree %d (depth %d): move %d value %d decided %v separation %d; root value %d, the move's %d",
				it, depth, res.Move, res.Value, res.Decided, res.Separation, want, g.minimax(int(res.Move)-1, 1, depth))
		}
		for _, sep := range []PN{1, 2, 4} {
			res := BestMove(context.Background(), g, MinimaxOptions{Depth: depth, Separation: sep})
			if ok, _ := trueBest(g, depth, res.Move); ok {
				agree[sep]++
			}
			if res.Decided && res.Separation < sep {
				t.Fatalf("decided with separation %d below %d", res.Separation, sep)
			}
			nodes[sep] += res.Stats.Expanded
		}
		ab := BestMove(context.Background(), g, MinimaxOptions{Algorithm: MinimaxAlphaBeta, Depth: depth})
		if ok, want := trueBest(g, depth, ab.Move); !ok || ab.Value != want || !ab.Decided {
			t.Fatalf("alpha-beta on tree %d: move %d value %d, root value %d", it, ab.Move, ab.Value, want)
		}
		nodes[0] += ab.Stats.Expanded
	}
	t.Logf("%d trees: C* with separation 1, 2, 4 (tips changeable) picks a true best move %d, %d, %d times (%d, %d, %d nodes); to separation ∞ with fixed tips %d nodes; alpha-beta %d nodes",
		trees, agree[1], agree[2], agree[4], nodes[1], nodes[2], nodes[4], nodes[Infinity], nodes[0])
}

// TestMinimaxCStarSeparationGrows: on Figure 3.1 searched to depth 2 with
// changeable leaves, the best move is C (value 4): to make B better, both
// of B's leaves must rise above 4 (Rise = MAX-CN(B, 5) = 2); to make C fall
// below 4 one leaf (F) must fall (Fall = MIN-CN(C, 3) = 1). Separation 1.
func TestMinimaxCStarSeparationGrows(t *testing.T) {
	g, _, _, c := figure31()
	res := BestMove(context.Background(), g, MinimaxOptions{Depth: 2, Separation: 5})
	if res.Move != Move(c+1) || res.Value != 4 || res.Fall != 1 || res.Rise != 2 || res.Separation != 1 || res.Decided {
		t.Errorf("move %d value %d fall %d rise %d separation %d decided %v; want C, 4, 1, 2, 1, undecided",
			res.Move, res.Value, res.Fall, res.Rise, res.Separation, res.Decided)
	}
	res = BestMove(context.Background(), g, MinimaxOptions{Depth: 2, FixedHorizon: true})
	if res.Move != Move(c+1) || res.Value != 4 || res.Separation != Infinity || !res.Decided {
		t.Errorf("fixed leaves: move %d value %d separation %d decided %v", res.Move, res.Value, res.Separation, res.Decided)
	}
}

func TestMinimaxBadOptions(t *testing.T) {
	g, _, _, _ := figure31()
	for _, o := range []MinimaxOptions{{Depth: 0}, {Depth: 2, TableBits: 30}, {Depth: 2, Algorithm: 9}, {Depth: 2, TimeLimit: -1}} {
		if r := BestMove(nil, g, o); r.Err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	if r := BestMove(nil, nil, MinimaxOptions{Depth: 1}); r.Err == nil {
		t.Error("nil game: no error")
	}
}

// TestMinimaxCStarRuleCounts pins the expansions of C* on 40 seeded random
// trees of depth 6 (to separation Infinity with fixed tips, and to
// separations 3 and 8 with changeable ones): each of the thesis's rules
// changes them. Measured when written: 3145, 6067, 6551; without the
// return when a node's number exceeds its threshold 4260, 7095, 7854;
// without the slack at MAX nodes (each child given the node's own
// threshold for D) 3114, 5896, 6380; at MIN nodes 2970, 6034, 6501;
// without the cutoffs (a MAX node returning once a child comes back above
// the split, a MIN node at or below it) 3145, 22822, 24140. (The slack
// costs a few nodes here; it is the thesis's rule.)
func TestMinimaxCStarRuleCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	var n [3]uint64
	for range 40 {
		g := randomMMTree(r, 6, 50)
		for i, o := range []MinimaxOptions{{Depth: 6, FixedHorizon: true}, {Depth: 6, Separation: 3}, {Depth: 6, Separation: 8}} {
			n[i] += BestMove(context.Background(), g, o).Stats.Expanded
		}
	}
	if n != [3]uint64{3145, 6067, 6551} {
		t.Errorf("expansions %v, want [3145 6067 6551]", n)
	}
}

// TestMinimaxCStarSumsAtMaxNodes: the root's first move leads to X (MIN),
// whose only move leads to Y (MAX) over two leaves valued 8; the second to
// Z (MIN) over W (MAX) over leaves 1 and 2. The best move is X, value 8;
// for it to fall below 8 both of Y's leaves must fall (Fall = MIN-CN(X, 7)
// = 2, a sum at the MAX node Y); for Z to rise above 8 one of W's leaves
// must rise (Rise = 1).
func TestMinimaxCStarSumsAtMaxNodes(t *testing.T) {
	g := &mmTree{}
	l1, l2 := g.add(-8), g.add(-8) // MIN to move at depth 3: MAX's 8
	y := g.add(0, l1, l2)
	x := g.add(0, y)
	l3, l4 := g.add(-1), g.add(-2)
	w := g.add(0, l3, l4)
	z := g.add(0, w)
	a := g.add(0, x, z)
	g.cur = a
	res := BestMove(context.Background(), g, MinimaxOptions{Depth: 3, Separation: 9})
	if res.Move != Move(x+1) || res.Value != 8 || res.Fall != 2 || res.Rise != 1 {
		t.Errorf("move %d value %d fall %d rise %d; want X, 8, 2, 1", res.Move, res.Value, res.Fall, res.Rise)
	}
	if up, down := cnRec(g, 0, 3, 7); up != 0 || down != 2 {
		t.Errorf("MIN-CN(A, 7) = %d (MAX-CN %d), want 2", down, up)
	}
}

// TestBestMoveAllocatesPerSearchOnly: the allocations of a best-move
// search do not grow with its nodes.
func TestBestMoveAllocatesPerSearchOnly(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	g := &mmTree{}
	var build func(d int) int
	build = func(d int) int {
		n := g.add(r.IntN(101) - 50)
		if d < 7 {
			for range 3 {
				c := build(d + 1)
				g.kids[n] = append(g.kids[n], c)
			}
		}
		return n
	}
	g.cur = build(0)
	for _, a := range []MinimaxAlgorithm{MinimaxCStar, MinimaxAlphaBeta} {
		var counts [2]float64
		var nodes [2]uint64
		for i, limit := range []uint64{50, 3000} {
			o := MinimaxOptions{Algorithm: a, Depth: 7, NodeLimit: limit, TableBits: 10}
			counts[i] = testing.AllocsPerRun(3, func() { nodes[i] = BestMove(context.Background(), g, o).Stats.Expanded })
		}
		if nodes[1] < 500 || counts[1] > counts[0]+4 {
			t.Errorf("%v: %.0f allocations for %d nodes, %.0f for %d", a, counts[0], nodes[0], counts[1], nodes[1])
		}
	}
}

// TestBestMoveLimits: the node limit and a cancelled context end both
// searches with their reason and a move.
func TestBestMoveLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	g := &mmTree{}
	var build func(d int) int
	build = func(d int) int {
		n := g.add(r.IntN(101) - 50)
		if d < 8 {
			for range 3 {
				c := build(d + 1)
				g.kids[n] = append(g.kids[n], c)
			}
		}
		return n
	}
	g.cur = build(0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, a := range []MinimaxAlgorithm{MinimaxCStar, MinimaxAlphaBeta} {
		res := BestMove(context.Background(), g, MinimaxOptions{Algorithm: a, Depth: 8, NodeLimit: 100})
		if res.Stop != NodeLimitReached || res.Stats.Expanded > 101 || res.Move == NoMove {
			t.Errorf("%v, 100 nodes: %v after %d, move %d", a, res.Stop, res.Stats.Expanded, res.Move)
		}
		res = BestMove(ctx, g, MinimaxOptions{Algorithm: a, Depth: 8})
		if res.Stop != Cancelled || res.Move == NoMove {
			t.Errorf("%v, cancelled: %v after %d, move %d", a, res.Stop, res.Stats.Expanded, res.Move)
		}
		if len(g.stack) != 0 {
			t.Fatalf("%v: game not restored", a)
		}
	}
}
