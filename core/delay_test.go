package core

import "testing"

// TestDelayedChildrenWaitForTheirPredecessor builds nodes where the
// delayed sibling is the cheaper-looking one, so undelayed df-pn expands it
// first; with the delay it must not be expanded while its predecessor
// decides the node on its own.
func TestDelayedChildrenWaitForTheirPredecessor(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, tc := range []struct {
		name string
		g    *graphGame
		wait [][]int16
		want Outcome
		late int // the delayed child, never expanded with the delay
	}{
		{
			// AND node 1: child 2 (dn 3: three defences, each a long
			// escape) and child 3 (dn 1), which waits for 2. 2 is
			// disproven, so 1 is: 3 is never needed.
			name: "and",
			g: &graphGame{
				or:    []bool{true, false, true, true, false, false, false, true, true, true, false},
				edges: [][]int{{1}, {2, 3}, {4, 5, 6}, {10}, {7}, {8}, {9}, {}, {}, {}, {}},
				cycle: Disproven,
			},
			wait: [][]int16{nil, {-1, 0}, nil, nil, nil, nil, nil, nil, nil, nil, nil},
			want: Disproven,
			late: 3,
		},
		{
			// OR root 0: child 1 (pn 3: three defences, each mated) and
			// child 2 (pn 1), which waits for 1 to be disproven. 1 is
			// proven, so 2 is never needed.
			name: "or",
			g: &graphGame{
				or:       []bool{true, false, false, true, true, true, false, false, false},
				edges:    [][]int{{1, 2}, {3, 4, 5}, {8}, {6}, {7}, {6}, {}, {}, {}},
				cycle:    Disproven,
				estMoves: true,
			},
			wait: [][]int16{{-1, 0}, nil, nil, nil, nil, nil, nil, nil, nil},
			want: Proven,
			late: 2,
		},
	} {
		for _, delay := range []bool{false, true} {
			tab.Clear()
			tc.g.cur, tc.g.stack = 0, nil
			dg := &delayedGraph{graphGame: tc.g, wait: tc.wait, expanded: make([]bool, len(tc.g.or))}
			var g Game = tc.g
			if delay {
				g = dg
			} else {
				g = &undelayed{dg}
			}
			r := Solve(nil, g, tab, Options{TCA: true, SNDA: true, NodeLimit: 1000})
			if r.Outcome != tc.want {
				t.Fatalf("%s delay=%v: %v, want %v", tc.name, delay, r.Outcome, tc.want)
			}
			if dg.expanded[tc.late] == delay {
				t.Errorf("%s delay=%v: node %d expanded %v", tc.name, delay, tc.late, dg.expanded[tc.late])
			}
		}
	}
}

// undelayed records expanded nodes like delayedGraph but hides Delays.
type undelayed struct{ d *delayedGraph }

func (u *undelayed) Key() Key                        { return u.d.Key() }
func (u *undelayed) OrNode() bool                    { return u.d.OrNode() }
func (u *undelayed) Terminal() Outcome               { return u.d.Terminal() }
func (u *undelayed) Moves(b []Move, step int) []Move { return u.d.Moves(b, step) }
func (u *undelayed) Do(m Move)                       { u.d.Do(m) }
func (u *undelayed) Undo(m Move)                     { u.d.Undo(m) }
func (u *undelayed) Estimate() (PN, PN)              { return u.d.Estimate() }
func (u *undelayed) CycleOutcome() Outcome           { return u.d.CycleOutcome() }

// TestDelaysIgnoresBadWaits: waits on itself or on a later move would let
// two moves wait for each other forever; the core drops them.
func TestDelaysIgnoresBadWaits(t *testing.T) {
	for _, tc := range []struct {
		in, want []int16
	}{
		{[]int16{-1, 0, 1}, []int16{-1, 0, 1}},
		{[]int16{0, 1, 2}, []int16{-1, -1, -1}},
		{[]int16{1, 0, -5}, []int16{-1, 0, -1}},
		{[]int16{-1, 7, 0}, []int16{-1, -1, 0}},
	} {
		s := &searcher{}
		s.del = fixedWaits(tc.in)
		p := &ply{moves: make([]Move, len(tc.in))}
		any := s.setDelays(p)
		for i := range tc.want {
			if p.wait[i] != tc.want[i] {
				t.Errorf("waits %v: got %v, want %v", tc.in, p.wait, tc.want)
				break
			}
		}
		wantAny := false
		for _, w := range tc.want {
			wantAny = wantAny || w >= 0
		}
		if any != wantAny {
			t.Errorf("waits %v: any %v, want %v", tc.in, any, wantAny)
		}
	}
}

type fixedWaits []int16

func (f fixedWaits) Delays(moves []Move, wait []int16) { copy(wait, f) }
func (f fixedWaits) Patience() PN                      { return testPatience }

// testPatience is the patience of the test games that delay moves.
const testPatience PN = 16

// TestWaitingUntilPatienceRunsOut: a delayed child is due once its
// predecessor is decided against the mover or its summed number reaches
// the game's patience.
func TestWaitingUntilPatienceRunsOut(t *testing.T) {
	for _, tc := range []struct {
		name    string
		or      bool
		pred    child
		waiting bool
	}{
		{"and, predecessor open", false, child{pn: 3, dn: 2}, true},
		{"and, predecessor just below patience", false, child{pn: testPatience - 1, dn: 2}, true},
		{"and, predecessor hard to prove", false, child{pn: testPatience, dn: 2}, false},
		{"and, predecessor proven", false, child{pn: 0, dn: Infinity}, false},
		{"and, predecessor disproven", false, child{pn: Infinity, dn: 0}, false},
		{"or, predecessor open", true, child{pn: 2, dn: 3}, true},
		{"or, predecessor hard to disprove", true, child{pn: 2, dn: testPatience}, false},
		{"or, predecessor disproven", true, child{pn: Infinity, dn: 0}, false},
	} {
		p := &ply{or: tc.or, kids: []child{tc.pred, {pn: 1, dn: 1}}, wait: []int16{-1, 0}, delays: true}
		if got := waiting(p, 1, testPatience); got != tc.waiting {
			t.Errorf("%s: waiting %v, want %v", tc.name, got, tc.waiting)
		}
		if waiting(p, 0, testPatience) {
			t.Errorf("%s: a move that waits for nothing is waiting", tc.name)
		}
	}
}
