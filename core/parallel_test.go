package core

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// cloneGraph is a graphGame that can be cloned for other threads: the
// clones share the graph (read only) and keep their own position.
type cloneGraph struct{ *graphGame }

func (g cloneGraph) Clone() Game {
	c := *g.graphGame
	c.stack = append([]int(nil), g.stack...)
	return cloneGraph{&c}
}

// cloneDelayed is a delayedGraph that can be cloned (without the record
// of expanded nodes, which the threads would otherwise share).
type cloneDelayed struct{ *delayedGraph }

func (g cloneDelayed) Clone() Game {
	c := *g.graphGame
	c.stack = append([]int(nil), g.stack...)
	return cloneDelayed{&delayedGraph{graphGame: &c, wait: g.wait}}
}

// endless is an infinite binary AND/OR tree without terminal nodes: no
// search ever decides it.
type endless struct {
	cur   uint64
	stack []uint64
}

func (g *endless) Key() Key     { return Key{Board: (g.cur + 1) * 0x9e3779b97f4a7c15} }
func (g *endless) OrNode() bool { return len(g.stack)%2 == 0 }
func (g *endless) Terminal() Outcome {
	return Unknown
}
func (g *endless) Moves(buf []Move, step int) []Move { return append(buf, 1, 2) }
func (g *endless) Do(m Move) {
	g.stack = append(g.stack, g.cur)
	g.cur = 2*g.cur + uint64(m)
}
func (g *endless) Undo(m Move) {
	g.cur = g.stack[len(g.stack)-1]
	g.stack = g.stack[:len(g.stack)-1]
}
func (g *endless) Estimate() (PN, PN)    { return 1, 1 }
func (g *endless) CycleOutcome() Outcome { return Disproven }
func (g *endless) Clone() Game {
	return &endless{cur: g.cur, stack: append([]uint64(nil), g.stack...)}
}

// noClone refuses to clone.
type noClone struct{ *graphGame }

func (noClone) Clone() Game { return nil }

// parallelVariants are the df-pn configurations run with several threads.
var parallelVariants = []struct {
	name string
	o    Options
}{
	{"dfpn", Options{}},
	{"dfpn+tca", Options{TCA: true}},
	{"dfpn+tca+snda(or)+eps", Options{TCA: true, SNDA: true, SNDAOROnly: true, Epsilon: 0.25}},
	{"dfpn+tca+wpns", Options{TCA: true, WPNS: true}},
	{"dfpn(r)", Options{DFPNR: true}},
}

// TestParallelDifferentialRandomGraphs runs the random-graph differential
// test with 2 and 3 threads: every answer must agree with the exhaustive
// solver, trees and DAGs must finish, and so must cyclic graphs with TCA.
func TestParallelDifferentialRandomGraphs(t *testing.T) { parallelDifferential(t, 120, 7) }

// TestParallelDifferentialRandomGraphsHeavy runs many more graphs.
func TestParallelDifferentialRandomGraphsHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: run without -short")
	}
	parallelDifferential(t, 3000, 77)
}

// allThreadsSearcher is NewSearcher for a Searcher whose parallel
// searches start all their threads at once (see defaultSoloNodes), so small
// graphs are searched in parallel too.
func allThreadsSearcher(t *Table, o Options) (*Searcher, error) {
	x, err := NewSearcher(t, o)
	if x != nil {
		x.solo = 0
	}
	return x, err
}

// solveAllThreads is Solve with allThreadsSearcher.
func solveAllThreads(g Game, t *Table, o Options) Result {
	x, err := allThreadsSearcher(t, o)
	if err != nil {
		return Result{Err: err}
	}
	return x.Solve(nil, g)
}

func parallelDifferential(t *testing.T, graphs int, seed uint64) {
	tab := newTestTable(t, 2)
	r := rand.New(rand.NewPCG(seed, 3))
	type run struct {
		name    string
		o       Options
		x       *Searcher
		delayed bool
	}
	var runs []run
	for _, threads := range []int{2, 3} {
		for _, v := range parallelVariants {
			o := v.o
			o.NodeLimit, o.Threads = 20000, threads
			for _, delayed := range []bool{false, true} {
				x, err := allThreadsSearcher(tab, o)
				if err != nil {
					t.Fatal(err)
				}
				runs = append(runs, run{v.name, o, x, delayed})
			}
		}
	}
	parallelRuns := 0
	for iter := range graphs {
		kind := iter % 3
		g := randomGraph(r, kind)
		want := g.exhaustive(0, make([]bool, len(g.or)))
		waits := randomWaits(r, g)
		for ri, rn := range runs {
			g.salt = uint64(iter*len(runs)+ri) << 32
			var game Game = cloneGraph{g}
			if rn.delayed {
				game = cloneDelayed{&delayedGraph{graphGame: g, wait: waits}}
			}
			res := rn.x.Solve(nil, game)
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			if g.cur != 0 || len(g.stack) != 0 {
				t.Fatalf("%s: game not restored", rn.name)
			}
			if res.Threads == rn.o.Threads {
				parallelRuns++
			}
			if res.Outcome == Unknown {
				if kind < 2 || (rn.o.TCA && !rn.o.WPNS) {
					t.Errorf("%s (%d threads, delayed %v) did not finish on %s (stop %v)", rn.name, rn.o.Threads, rn.delayed, g, res.Stop)
				}
				continue
			}
			if res.Outcome != want {
				t.Errorf("%s (%d threads, delayed %v) says %v, exhaustive %v on %s", rn.name, rn.o.Threads, rn.delayed, res.Outcome, want, g)
			}
		}
	}
	if parallelRuns == 0 {
		t.Fatal("no search ran on several threads")
	}
}

// bigRandomGraph is a layered random game: layers of width nodes, OR
// and AND layers alternating from an OR root, each node with 2..4 moves to
// the next layer and, when cyclic, now and then one back to the layer
// above; the last layer's nodes are won or lost at random.
func bigRandomGraph(r *rand.Rand, layers, width int, cyclic bool) *graphGame {
	n := 1 + (layers-1)*width
	g := &graphGame{or: make([]bool, n), edges: make([][]int, n), term: make([]Outcome, n), cycle: Disproven}
	id := func(l, k int) int {
		if l == 0 {
			return 0
		}
		return 1 + (l-1)*width + k
	}
	for l := range layers {
		cnt := width
		if l == 0 {
			cnt = 1
		}
		for k := range cnt {
			i := id(l, k)
			g.or[i] = l%2 == 0
			if l == layers-1 {
				g.term[i] = Disproven
				if r.IntN(5) < 2 {
					g.term[i] = Proven
				}
				continue
			}
			for range 2 + r.IntN(3) {
				g.edges[i] = append(g.edges[i], id(l+1, r.IntN(width)))
			}
			if cyclic && l > 1 && r.IntN(10) == 0 {
				g.edges[i] = append(g.edges[i], id(l-1, r.IntN(width)))
			}
		}
	}
	g.estMoves = true
	return g
}

// dagValue is the exhaustive value of node i of a DAG, memoised (without
// cycles a value does not depend on the path; memo holds Unknown for
// nodes not yet valued).
func dagValue(g *graphGame, i int, memo []Outcome) Outcome {
	if memo[i] != Unknown {
		return memo[i]
	}
	v := g.term[i]
	if v == Unknown {
		win, lose := Proven, Disproven
		if !g.or[i] {
			win, lose = Disproven, Proven
		}
		v = lose // no move wins (or no moves at all)
		for _, c := range g.edges[i] {
			if dagValue(g, c, memo) == win {
				v = win
				break
			}
		}
	}
	memo[i] = v
	return v
}

// TestParallelAgreesOnLargeGraphs searches random graphs large enough for
// the threads to overlap: answers must match one thread's (and, on DAGs,
// the exhaustive value), and the helper threads must have done work.
func TestParallelAgreesOnLargeGraphs(t *testing.T) {
	tab := newTestTable(t, 16)
	r := rand.New(rand.NewPCG(11, 5))
	o := Options{TCA: true, SNDA: true, SNDAOROnly: true, Epsilon: 0.25, NodeLimit: 400000}
	one, err := allThreadsSearcher(tab, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Threads = 2
	two, err := allThreadsSearcher(tab, o)
	if err != nil {
		t.Fatal(err)
	}
	helped, compared := 0, 0
	for iter := range 16 {
		kind := 1 + iter%2
		g := bigRandomGraph(r, 12+r.IntN(6), 100+r.IntN(200), kind == 2)
		g.salt = uint64(2*iter) << 32
		want := one.Solve(nil, g).Outcome
		if kind == 1 {
			if ex := dagValue(g, 0, make([]Outcome, len(g.or))); want != ex {
				t.Fatalf("one thread says %v, exhaustive %v", want, ex)
			}
		}
		g.salt = uint64(2*iter+1) << 32 // a fresh part of the table
		res := two.Solve(nil, cloneGraph{g})
		if res.Threads != 2 {
			t.Fatalf("%d threads searched, want 2", res.Threads)
		}
		if want != Unknown && res.Outcome != Unknown {
			compared++
			if res.Outcome != want {
				t.Errorf("graph %d (kind %d, %d nodes): 2 threads say %v, 1 thread %v", iter, kind, len(g.or), res.Outcome, want)
			}
		}
		if two.par.results[1].Stats.Expanded > 0 {
			helped++
		}
	}
	if compared < 12 || helped < 6 {
		t.Fatalf("only %d answers compared, helper thread worked on %d graphs", compared, helped)
	}
}

func TestParallelLimitsAndCancellation(t *testing.T) {
	tab := newTestTable(t, 2)
	forever := Options{Threads: 2}
	tests := []struct {
		name    string
		o       Options
		cancel  func(ctx context.CancelFunc, x *Searcher)
		want    StopReason
		threads int // 0: not checked
	}{
		{"node limit", Options{Threads: 2, NodeLimit: 5000}, nil, NodeLimitReached, 2},
		{"node limit within the solo part", Options{Threads: 2, NodeLimit: 1000}, nil, NodeLimitReached, 1},
		{"node limit, 4 threads", Options{Threads: 4, NodeLimit: 5000}, nil, NodeLimitReached, 4},
		{"time limit", Options{Threads: 2, TimeLimit: 30 * time.Millisecond}, nil, TimeLimitReached, 0},
		{"context", forever, func(c context.CancelFunc, _ *Searcher) { c() }, Cancelled, 0},
		{"stop", forever, func(_ context.CancelFunc, x *Searcher) { x.Stop() }, Cancelled, 0},
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
		r := x.Solve(ctx, &endless{})
		cancel()
		if r.Outcome != Unknown || r.Stop != tc.want {
			t.Errorf("%s: %v %v, want unknown %v", tc.name, r.Outcome, r.Stop, tc.want)
		}
		// Thread 0 searches alone for its first defaultSoloNodes nodes; how far
		// a timed search gets depends on the machine.
		if tc.threads > 0 && r.Threads != tc.threads {
			t.Errorf("%s: %d threads, want %d", tc.name, r.Threads, tc.threads)
		}
		if el := time.Since(start); el > 2*time.Second {
			t.Errorf("%s: took %v to stop", tc.name, el)
		}
		if r.Stats.Expanded == 0 || r.Stats.Elapsed <= 0 {
			t.Errorf("%s: no statistics: %+v", tc.name, r.Stats)
		}
		// The limit counts every thread's nodes: exactly the limit.
		if tc.o.NodeLimit > 0 && r.Stats.Expanded != tc.o.NodeLimit {
			t.Errorf("%s: node limit %d, expanded %d", tc.name, tc.o.NodeLimit, r.Stats.Expanded)
		}
	}
}

// TestParallelFallsBackToOneThread: a game without Cloner, a Cloner that
// cannot clone, and PN* all search on one thread and say so.
func TestParallelFallsBackToOneThread(t *testing.T) {
	tab := newTestTable(t, 2)
	tests := []struct {
		name string
		g    Game
		o    Options
		want int
	}{
		{"no Cloner", smallTree(), Options{Threads: 2, TCA: true}, 1},
		{"Clone gives nil", noClone{smallTree()}, Options{Threads: 2, TCA: true}, 1},
		{"pn*", cloneGraph{smallTree()}, Options{Threads: 2, Algorithm: PNStar}, 1},
		{"cloner", cloneGraph{smallTree()}, Options{Threads: 2, TCA: true}, 2},
		{"one thread", cloneGraph{smallTree()}, Options{Threads: 1, TCA: true}, 1},
		{"zero means one", cloneGraph{smallTree()}, Options{TCA: true}, 1},
	}
	for _, tc := range tests {
		tab.Clear()
		r := solveAllThreads(tc.g, tab, tc.o)
		if r.Err != nil || r.Outcome != Proven || r.Threads != tc.want {
			t.Errorf("%s: %v, %d threads, err %v; want proven on %d", tc.name, r.Outcome, r.Threads, r.Err, tc.want)
		}
	}
}

func TestParallelBadThreads(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, n := range []int{-1, MaxThreads + 1} {
		if _, err := NewSearcher(tab, Options{Threads: n}); err == nil {
			t.Errorf("Threads %d accepted", n)
		}
	}
	if _, err := NewSearcher(tab, Options{Threads: MaxThreads}); err != nil {
		t.Errorf("Threads %d refused: %v", MaxThreads, err)
	}
}

// TestParallelSearchAllocatesPerSearchOnly: a parallel search allocates
// for its threads (goroutines, a context, clones), not per node.
func TestParallelSearchAllocatesPerSearchOnly(t *testing.T) {
	tab := newTestTable(t, 16)
	g := cloneGraph{bigTree(7, 3)}
	x, err := allThreadsSearcher(tab, Options{TCA: true, SNDA: true, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	x.Solve(nil, g) // warm up buffers
	var nodes uint64
	allocs := testing.AllocsPerRun(3, func() {
		tab.Clear()
		nodes = x.Solve(nil, g).Stats.Expanded
	})
	if nodes < 300 || allocs > 40 {
		t.Errorf("%.0f allocations for %d nodes", allocs, nodes)
	}
}

// TestParRefreshKeepsWhatTheVisitKnew: after a child search a parallel
// thread re-reads its children, but a number another thread stored lower
// does not replace a higher one the visit knew, a decision in the table
// is taken, and a decision the visit knew is kept.
func TestParRefreshKeepsWhatTheVisitKnew(t *testing.T) {
	tab := newTestTable(t, 2)
	tests := []struct {
		name             string
		knownPN, knownDN PN
		tablePN, tableDN PN
		wantPN, wantDN   PN
	}{
		{"lower numbers stored by another thread", 9, 4, 2, 3, 9, 4},
		{"higher numbers in the table", 2, 3, 9, 4, 9, 4},
		{"mixed", 9, 3, 2, 4, 9, 4},
		{"proven in the table", 9, 4, 0, Infinity, 0, Infinity},
		{"disproven in the table", 9, 4, Infinity, 0, Infinity, 0},
		{"the visit knew it proven", 0, Infinity, 5, 5, 0, Infinity},
	}
	for i, tc := range tests {
		k := Key{Board: uint64(1000 + i)}
		tab.Store(&Entry{Key: k, OrNode: false, PN: tc.tablePN, DN: tc.tableDN, Length: 7})
		s := &searcher{t: tab, par: &parWorker{cut: -1}}
		p := s.plyAt(0)
		p.or = true
		p.kids = []child{{key: k, pn: tc.knownPN, dn: tc.knownDN}}
		s.parRefresh(0)
		if c := p.kids[0]; c.pn != tc.wantPN || c.dn != tc.wantDN {
			t.Errorf("%s: pn %d dn %d, want %d %d", tc.name, c.pn, c.dn, tc.wantPN, tc.wantDN)
		}
	}
}

func TestCutAt(t *testing.T) {
	tests := []struct {
		cut, d  int
		want    bool
		cutThen int
	}{
		{-1, 4, false, -1},
		{3, 5, true, 3},   // below the decided node: break off
		{3, 3, true, 3},   // the decided node itself
		{3, 2, false, -1}, // its parent: the cut is over
	}
	for _, tc := range tests {
		w := &parWorker{cut: tc.cut}
		if got := w.cutAt(tc.d); got != tc.want || w.cut != tc.cutThen {
			t.Errorf("cut %d at depth %d: %v (cut now %d), want %v (%d)", tc.cut, tc.d, got, w.cut, tc.want, tc.cutThen)
		}
	}
}

// TestParallelSoloStart: a search decided within defaultSoloNodes expansions runs
// on one thread, expanding exactly what a one-thread search does; a larger
// one goes on with every thread, and its statistics include the solo part.
func TestParallelSoloStart(t *testing.T) {
	tab := newTestTable(t, 16)
	small := smallTree()
	one := Solve(nil, small, tab, Options{TCA: true})
	tab.Clear()
	two := Solve(nil, cloneGraph{small}, tab, Options{TCA: true, Threads: 2})
	if two.Threads != 1 || two.Outcome != one.Outcome || two.Stats.Expanded != one.Stats.Expanded {
		t.Errorf("small tree: %v on %d threads after %d nodes; one thread: %v after %d", two.Outcome, two.Threads, two.Stats.Expanded, one.Outcome, one.Stats.Expanded)
	}
	tab.Clear()
	calls := 0
	var last Progress
	r := Solve(nil, &endless{}, tab, Options{Threads: 2, NodeLimit: defaultSoloNodes + 3000,
		ProgressEvery: time.Millisecond, Progress: func(p Progress) { calls++; last = p }})
	if r.Threads != 2 || r.Stats.Expanded != defaultSoloNodes+3000 || r.Stop != NodeLimitReached {
		t.Errorf("endless: %d threads, %d nodes (%v), want 2 threads and %d nodes", r.Threads, r.Stats.Expanded, r.Stop, defaultSoloNodes+3000)
	}
	if calls > 0 && last.Stats.Expanded > defaultSoloNodes+3000 {
		t.Errorf("progress reported %d nodes, more than the limit", last.Stats.Expanded)
	}
}

// busyMarks returns the sum of the shared marks of x's parallel state: 0
// whenever no search runs, however the last one ended.
func busyMarks(x *Searcher) int {
	if x.par.sh == nil {
		return 0
	}
	n := 0
	for i := range x.par.sh.busy {
		n += int(x.par.sh.busy[i].Load())
	}
	return n
}

func TestVirtualNumber(t *testing.T) {
	tests := []struct {
		x    PN
		n    int32
		want PN
	}{
		{5, 0, 5},
		{5, 1, 5 + 3},
		{5, 2, 5 + 6},
		{1, 1, 2},
		{0, 3, 0},
		{Infinity, 1, Infinity},
		{MaxPN, 1, MaxPN},
		{MaxPN - 1, 1, MaxPN},
	}
	for _, tc := range tests {
		if got := virtualNumber(tc.x, tc.n); got != tc.want {
			t.Errorf("virtualNumber(%d, %d) = %d, want %d", tc.x, tc.n, got, tc.want)
		}
	}
}

// TestDivert checks the child choice with marks: a marked best child
// gives way to a close sibling, not to a far one, and never to one whose
// number has reached the node's threshold.
func TestDivert(t *testing.T) {
	keys := []Key{{Board: 11}, {Board: 22}, {Board: 33}}
	tests := []struct {
		name       string
		or         bool
		nums       []PN // pn at OR, dn at AND
		marked     int  // child marked by another thread (-1: none)
		mine       int  // child marked by the choosing thread itself (-1: none)
		th         PN
		wantBest   int
		wantSecond PN
	}{
		{"no marks", true, []PN{4, 5, 9}, -1, -1, 100, 0, 5},
		{"close sibling", true, []PN{4, 5, 9}, 0, -1, 100, 1, 7},
		{"far sibling", true, []PN{4, 20, 30}, 0, -1, 100, 0, 20},
		{"sibling at threshold", true, []PN{4, 5, 9}, 0, -1, 5, 0, 5},
		{"AND node", false, []PN{4, 5, 9}, 0, -1, 100, 1, 7},
		{"marked second", true, []PN{4, 5, 9}, 1, -1, 100, 0, 8},
		{"own mark", true, []PN{4, 5, 9}, -1, 0, 100, 0, 5},
		{"own and other's mark", true, []PN{4, 5, 9}, 0, 0, 100, 1, 7},
	}
	for _, tc := range tests {
		sh := &parShared{busy: make([]atomic.Int32, busySlots)}
		w := &parWorker{sh: sh, cut: -1, marks: make([]int32, busySlots)}
		other := &parWorker{sh: sh, cut: -1, marks: make([]int32, busySlots)}
		s := &searcher{par: w}
		p := s.plyAt(0)
		p.or = tc.or
		for i, x := range tc.nums {
			c := child{key: keys[i], pn: x, dn: 1}
			if !tc.or {
				c.pn, c.dn = 1, x
			}
			p.kids = append(p.kids, c)
		}
		if tc.marked >= 0 {
			other.enter(keys[tc.marked])
		}
		if tc.mine >= 0 {
			w.enter(keys[tc.mine]) // on this thread's own path: ignored
		}
		best, second := s.divert(0, 0, tc.nums[1], tc.th)
		if best != tc.wantBest || second != tc.wantSecond {
			t.Errorf("%s: child %d, second %d; want %d, %d", tc.name, best, second, tc.wantBest, tc.wantSecond)
		}
	}
}

// TestParallelSearchAllocatesPerSearchOnly: a parallel search allocates

// TestParallelMarksAllCleared: after parallel searches, including ones a
// limit stops, no mark is left in the shared array (a leftover mark would
// push the next search's threads off a child for ever).
func TestParallelMarksAllCleared(t *testing.T) {
	tab := newTestTable(t, 16)
	r := rand.New(rand.NewPCG(3, 9))
	for i, limit := range []uint64{0, 2500, 4000, 0} {
		x, err := allThreadsSearcher(tab, Options{TCA: true, Threads: 2, NodeLimit: limit})
		if err != nil {
			t.Fatal(err)
		}
		g := bigRandomGraph(r, 12, 150, i%2 == 1)
		tab.Clear()
		x.Solve(nil, cloneGraph{g})
		if m := busyMarks(x); m != 0 {
			t.Fatalf("search %d (node limit %d): %d marks left", i, limit, m)
		}
	}
}
