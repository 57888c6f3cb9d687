package core

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"
)

// terminating lists the configurations that must decide every finite
// graph: every algorithm a front end offers (shogi/mate's dfpn, dfpn-tca,
// dfpn-wpns, dfpnr and pnstar; the capture game's df-pn and PN*) and the
// other TCA combinations. Plain df-pn, df-pn+SNDA, WPNS without TCA and
// df-pn(r) without TCA are comparison options that may loop
// (TestComparisonOptionsMayLoop).
var terminating = []struct {
	name string
	o    Options
}{
	{"dfpn+tca+snda(or)+eps (shogi default)", Options{TCA: true, SNDA: true, SNDAOROnly: true, Epsilon: 0.25}},
	{"dfpn+tca+snda", Options{TCA: true, SNDA: true}},
	{"dfpn+tca", Options{TCA: true}},
	{"dfpn+tca+wpns", Options{TCA: true, WPNS: true}},
	{"dfpn(r)+tca", Options{TCA: true, DFPNR: true}},
	{"dfpn+tca+eps (capture game)", Options{TCA: true, Epsilon: 0.25}},
	{"pn*", Options{Algorithm: PNStar}},
}

// issue13Graph is the 12-node graph of issue 13: the root is disproven,
// node 9's disproof depends on nodes above it on the path, and the proof
// numbers of nodes 2, 11 and 3 feed each other through the cycle. Every
// TCA variant searched it for millions of expansions while a path-
// dependent disproof was discarded after each visit.
func issue13Graph() *graphGame {
	T, F := true, false
	return &graphGame{
		or:    []bool{T, T, F, T, T, T, T, T, T, T, F, F},
		edges: [][]int{{2, 5}, {}, {9, 8, 11}, {2, 9}, {8}, {11, 5}, {11, 11}, {4, 1, 6}, {7, 5}, {3, 1, 5}, {2, 7, 0}, {3, 8}},
		term:  []Outcome{0, Disproven, 0, 0, 0, 0, Disproven, Disproven, 0, 0, 0, 0},
		cycle: Disproven,
	}
}

// pnstarLoopGraph made PN* iterate forever: node 8 (AND) reads node 4's
// stored number, which came from node 8 itself through 4 -> 3 -> 8, so
// its sum exceeded every threshold and the repetition below it that
// disproves the root was never searched.
func pnstarLoopGraph() *graphGame {
	T, F := true, false
	g := &graphGame{or: []bool{T, T, F, T, T, F, F, T, F},
		edges: [][]int{{8, 8, 4}, {}, {0}, {8, 2}, {3, 1}, {8}, {5, 8, 3}, {3}, {6, 4}},
		term:  make([]Outcome, 9), cycle: Disproven}
	g.term[2] = Disproven
	return g
}

// dfpnrLoopGraph: df-pn(r) without TCA loops on it (the proof numbers of
// the OR nodes on the cycles 0-5-8-1-4 and 4-3 rise with the thresholds and
// node 7's repetition, which disproves AND node 3, is never searched).
func dfpnrLoopGraph() *graphGame {
	T := true
	g := &graphGame{or: []bool{T, T, T, false, T, T, T, T, T},
		edges: [][]int{{5, 6, 8}, {4}, {}, {8, 7, 1}, {5, 3, 0}, {3, 5, 8}, {4, 8}, {7}, {2, 1}},
		term:  make([]Outcome, 9), cycle: Disproven}
	g.term[2] = Disproven
	return g
}

func TestIssue13GraphDecidedByEveryAlgorithm(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, tc := range []struct {
		name string
		g    *graphGame
	}{{"issue13", issue13Graph()}, {"pnstarLoop", pnstarLoopGraph()}, {"dfpnrLoop", dfpnrLoopGraph()}} {
		want := tc.g.exhaustive(0, make([]bool, len(tc.g.or)))
		if want != Disproven {
			t.Fatalf("%s: reference value %v, the test graph changed", tc.name, want)
		}
		for _, v := range terminating {
			tab.Clear()
			o := v.o
			o.NodeLimit = 100000
			r := Solve(nil, tc.g, tab, o)
			if r.Outcome != want {
				t.Errorf("%s, %s: %v (%v) after %d expansions, want %v", tc.name, v.name, r.Outcome, r.Stop, r.Stats.Expanded, want)
				continue
			}
			t.Logf("%s, %s: %v in %d expansions", tc.name, v.name, r.Outcome, r.Stats.Expanded)
		}
	}
}

// TestComparisonOptionsMayLoop documents the combinations kept only for
// comparison: they do not finish on some finite graphs, which is why no
// front end offers them.
func TestComparisonOptionsMayLoop(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, tc := range []struct {
		name string
		g    *graphGame
		o    Options
	}{
		{"plain df-pn", loopGraph(), Options{}},
		{"df-pn(r)", dfpnrLoopGraph(), Options{DFPNR: true}},
	} {
		tab.Clear()
		o := tc.o
		o.NodeLimit = 50000
		if r := Solve(nil, tc.g, tab, o); r.Outcome != Unknown || r.Stop != NodeLimitReached {
			t.Errorf("%s: %v (%v) after %d expansions; the graph no longer shows the loop", tc.name, r.Outcome, r.Stop, r.Stats.Expanded)
		}
	}
}

// TestPathDependentResultsKept: the path-dependent disproof of the
// issue-13 graph is stored under its path key and read back by the next
// visit along the same path, and never under the node's own key.
func TestPathDependentResultsKept(t *testing.T) {
	tab := newTestTable(t, 2)
	g := issue13Graph()
	x, err := NewSearcher(tab, Options{TCA: true, NodeLimit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	r := x.Solve(nil, g)
	if r.Outcome != Disproven {
		t.Fatalf("%v after %d expansions", r.Outcome, r.Stats.Expanded)
	}
	if !x.s.ghi.used {
		t.Fatal("no path-dependent value was stored")
	}
	// Node 9 is disproven only through repetitions of nodes above it:
	// its own key must not hold a disproof.
	g.cur = 9
	if e, ok := tab.Lookup(g.Key(), g.or[9]); ok && e.DN == 0 {
		t.Errorf("node 9's path-dependent disproof stored under its own key: %+v", e)
	}
	g.cur = 0
}

// terminationGraphs is how many random cyclic graphs per seed
// TestHeavyTerminationRandomGraphs decides with every algorithm:
// TSUME_TERMINATION_GRAPHS overrides the default (100000 is the full run
// issue 13 asks for; about two minutes on one core).
func terminationGraphs(t *testing.T) int {
	n := 100000
	if s := os.Getenv("TSUME_TERMINATION_GRAPHS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 1 {
			t.Fatalf("TSUME_TERMINATION_GRAPHS=%q: want a positive count", s)
		}
	}
	return n
}

// terminationBudget is the node budget per graph: an algorithm that has
// not decided a graph of at most 12 nodes by then counts as undecided.
const terminationBudget = 20000

// TestHeavyTerminationRandomGraphs: every terminating configuration
// decides every random cyclic graph (3 to 12 nodes, both cycle outcomes,
// varied estimates) within terminationBudget expansions, with the
// exhaustive solver's value, for three seeds. Before the path-dependent
// entries (ghi.go) and PN*'s threshold control, about 1 in 5000 graphs
// was left undecided by TCA and 1 in 400 by PN*.
func TestHeavyTerminationRandomGraphs(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: run without -short")
	}
	graphs := terminationGraphs(t)
	start := time.Now()
	tab := newTestTable(t, 4)
	searchers := make([]*Searcher, len(terminating))
	for i, v := range terminating {
		o := v.o
		o.NodeLimit = terminationBudget
		x, err := NewSearcher(tab, o)
		if err != nil {
			t.Fatal(err)
		}
		searchers[i] = x
	}
	for _, seed := range []uint64{1, 2, 3} {
		tab.Clear() // salts repeat across seeds
		r := rand.New(rand.NewPCG(seed, 13))
		var most, total [16]uint64
		for it := range graphs {
			var g *graphGame
			if it%10 == 9 {
				g = bigCyclicGraph(r, 13+r.IntN(4))
			} else {
				g = randomGraph(r, 2)
			}
			want := g.exhaustive(0, make([]bool, len(g.or)))
			for i, x := range searchers {
				g.salt = uint64(it*len(searchers)+i) << 32
				res := x.Solve(nil, g)
				if res.Outcome != want {
					t.Fatalf("seed %d graph %d, %s: %v (%v, %d expansions), exhaustive %v on %s",
						seed, it, terminating[i].name, res.Outcome, res.Stop, res.Stats.Expanded, want, g)
				}
				most[i] = max(most[i], res.Stats.Expanded)
				total[i] += res.Stats.Expanded
			}
		}
		var s string
		for i, v := range terminating {
			s += fmt.Sprintf(" %s %d (%d in all);", v.name, most[i], total[i])
		}
		t.Logf("seed %d: %d graphs decided by every algorithm; most expansions on one graph:%s", seed, graphs, s)
	}
	t.Logf("%d graphs x %d algorithms x 3 seeds in %v", graphs, len(terminating), time.Since(start).Round(time.Second))
}

// positionalCycle is a graph whose CycleOutcome depends on the position
// the game is at, which the Game contract forbids; it counts the calls.
type positionalCycle struct {
	*graphGame
	proven []bool // the outcome the game would give at each node
	calls  int
}

func (g *positionalCycle) CycleOutcome() Outcome {
	g.calls++
	if g.proven[g.cur] {
		return Proven
	}
	return Disproven
}

// TestCycleOutcomeAskedOncePerSearch: the core values every repetition of
// a search with the outcome the game gave at the root, so a game cannot
// express a position-dependent outcome, and every algorithm's answer is the
// exhaustive solver's under that one outcome. (Asked per repetition, an
// outcome that depends on the position gave wrong answers with df-pn+TCA
// and PN*.) An outcome other than Proven or Disproven is refused.
func TestCycleOutcomeAskedOncePerSearch(t *testing.T) {
	tab := newTestTable(t, 2)
	r := rand.New(rand.NewPCG(5, 8))
	for it := range 3000 {
		g := randomGraph(r, 2)
		pg := &positionalCycle{graphGame: g, proven: make([]bool, len(g.or))}
		for i := range pg.proven {
			pg.proven[i] = r.IntN(2) == 0
		}
		g.cycle = Disproven
		if pg.proven[0] {
			g.cycle = Proven
		}
		want := g.exhaustive(0, make([]bool, len(g.or)))
		for vi, v := range terminating {
			g.salt = uint64(it*len(terminating)+vi) << 32
			pg.calls = 0
			res := Solve(nil, pg, tab, v.o)
			if res.Outcome != want {
				t.Fatalf("graph %d, %s: %v, exhaustive with the root's outcome %v, on %s (outcomes %v)", it, v.name, res.Outcome, want, g, pg.proven)
			}
			if pg.calls != 1 {
				t.Fatalf("%s: CycleOutcome asked %d times in one search", v.name, pg.calls)
			}
		}
	}
	g := smallTree()
	g.cycle = Unknown
	if res := Solve(nil, g, tab, Options{TCA: true}); res.Err == nil {
		t.Errorf("a cycle outcome of %v was accepted: %+v", g.cycle, res)
	}
}

// subsetWords is a Dominance over words read as bit sets: a dominates b
// when a holds every bit of b (a shogi hand that holds every piece of
// another).
type subsetWords struct{}

func (subsetWords) Dominates(a, b uint32) bool { return a&b == b }

// TestRepetitionOfInferiorPosition: a child repeats a position of the path
// when the board is the same and the path's word dominates the child's
// (the attacker came back with no more in hand), and only under a
// Disproven cycle outcome with a Dominance; the deepest such position is
// the one returned.
func TestRepetitionOfInferiorPosition(t *testing.T) {
	var s searcher
	s.path.init(64)
	s.dom, s.cycle = subsetWords{}, Disproven
	path := []Key{{Board: 1, Hand: 0b111}, {Board: 2}, {Board: 1, Hand: 0b011}, {Board: 3, Hand: 0b100}}
	for d, k := range path {
		s.path.push(k, d)
	}
	cases := []struct {
		k    Key
		want int
	}{
		{Key{Board: 3, Hand: 0b100}, 3},  // the same key
		{Key{Board: 3, Hand: 0b000}, 3},  // fewer in hand than at depth 3
		{Key{Board: 3, Hand: 0b110}, -1}, // more in hand: progress
		{Key{Board: 1, Hand: 0b001}, 2},  // dominated at depths 0 and 2: the deepest
		{Key{Board: 1, Hand: 0b101}, 0},  // dominated at depth 0 only
		{Key{Board: 4}, -1},
	}
	for _, c := range cases {
		if got := s.repetition(c.k, 5); got != c.want {
			t.Errorf("repetition(%+v) = %d, want %d", c.k, got, c.want)
		}
	}
	// Without a Dominance, or when repetitions win for the OR player, only
	// the same key repeats.
	for _, tc := range []struct {
		dom   Dominance
		cycle Outcome
	}{{nil, Disproven}, {subsetWords{}, Proven}} {
		s.dom, s.cycle = tc.dom, tc.cycle
		if got := s.repetition(Key{Board: 3, Hand: 0b000}, 5); got != -1 {
			t.Errorf("dom %v cycle %v: an inferior position repeats at %d", tc.dom, tc.cycle, got)
		}
		if got := s.repetition(Key{Board: 3, Hand: 0b100}, 5); got != 3 {
			t.Errorf("dom %v cycle %v: the same key repeats at %d, want 3", tc.dom, tc.cycle, got)
		}
	}
}

// depthSalted is a PathKeyer for keys salted with their depth (a horizon
// game's plies left): the path key takes the salt off.
type depthSalted struct{}

func depthSalt(d int) uint64 { return uint64(d+1) * 0x9e3779b97f4a7c15 }

func (depthSalted) PathKey(k Key, d int) Key { k.Board ^= depthSalt(d); return k }

// TestRepetitionByPathKey: under a PathKeyer the path is compared by path
// keys, so a position repeats although its key (salted with the depth)
// differs from the one on the path; the table's keys stay on path (which
// SNDA's parent pointers are matched against).
func TestRepetitionByPathKey(t *testing.T) {
	var s searcher
	s.path.init(64)
	s.reps.init(64)
	s.pk, s.dom, s.cycle = depthSalted{}, subsetWords{}, Disproven
	boards := []uint64{1, 2, 1, 3}
	for d, b := range boards {
		s.pushPath(Key{Board: b ^ depthSalt(d), Hand: 0b11}, d)
	}
	cases := []struct {
		board uint64
		hand  uint32
		want  int
	}{
		{1, 0b11, 2},   // board 1 at depths 0 and 2: the deepest
		{3, 0b01, 3},   // an inferior hand
		{3, 0b111, -1}, // progress
		{4, 0b11, -1},
	}
	for _, c := range cases {
		if got := s.repetition(Key{Board: c.board ^ depthSalt(4), Hand: c.hand}, 4); got != c.want {
			t.Errorf("board %d hand %b at depth 4: repetition at %d, want %d", c.board, c.hand, got, c.want)
		}
	}
	if j := s.path.findBoard(3 ^ depthSalt(3)); j != 3 {
		t.Errorf("the table's key of depth 3 found at %d on the path", j)
	}
	for d := len(boards) - 1; d >= 0; d-- {
		s.popPath(Key{Board: boards[d] ^ depthSalt(d), Hand: 0b11}, d)
	}
	if got := s.repetition(Key{Board: 1 ^ depthSalt(1), Hand: 0b11}, 1); got != -1 {
		t.Errorf("after the path was taken off: repetition at %d", got)
	}
}
