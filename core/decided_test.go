package core

import (
	"context"
	"slices"
	"testing"
)

// notingGraph records the nodes the core reports decided (DecidedNoter),
// checking that the game is at the node whose entry it is given.
type notingGraph struct {
	*graphGame
	noted []int
	wrong int
}

func (n *notingGraph) Decided(e Entry) {
	k := n.Key()
	if e.Key.Board != k.Board || e.OrNode != n.OrNode() || e.PN != 0 && e.DN != 0 || !e.Sound {
		n.wrong++
	}
	n.noted = append(n.noted, n.cur)
}

// TestDecidedNoter: the core reports every decided node it stores as
// holding on every path, at that node, and not the one whose value rests
// on a repetition (node 2, through node 0 on the path).
func TestDecidedNoter(t *testing.T) {
	g := &notingGraph{graphGame: &graphGame{
		or:    []bool{true, false, false, true},
		edges: [][]int{{2, 1}, {3}, {0}, {}},
		term:  []Outcome{Unknown, Unknown, Unknown, Proven},
		cycle: Disproven,
	}}
	tab := newTestTable(t, 1)
	r := Solve(context.Background(), g, tab, Options{TCA: true, SNDA: true})
	if r.Outcome != Proven {
		t.Fatalf("outcome %v, want proven", r.Outcome)
	}
	slices.Sort(g.noted)
	if !slices.Equal(g.noted, []int{0, 1}) || g.wrong != 0 {
		t.Errorf("noted %v (%d at the wrong node or undecided), want [0 1]", g.noted, g.wrong)
	}
}

// notingWide is wideGame with a DecidedNoter that keeps what it is told.
type notingWide struct {
	*wideGame
	noted []Entry
}

func (n *notingWide) Decided(e Entry) { n.noted = append(n.noted, e) }

// TestDecidedNoterSoundOnly: under widening, a disproof at a step that
// narrows the OR player's moves holds only for that move set; the core
// stores it (for that step) but must not report it as decided.
func TestDecidedNoterSoundOnly(t *testing.T) {
	late := &graphGame{
		or:    []bool{true, false, false, true},
		edges: [][]int{{1, 2}, {3}, {}, {}},
		cycle: Disproven,
	}
	g := &notingWide{wideGame: &wideGame{late, NarrowOR}}
	tab := newTestTable(t, 1)
	r := Solve(context.Background(), g, tab, Options{Widen: true, TCA: true})
	if r.Outcome != Proven || len(r.Steps) != 2 {
		t.Fatalf("%v after %d steps, want proven after 2 (step 0 disproves the root unsoundly)", r.Outcome, len(r.Steps))
	}
	for _, e := range g.noted {
		if !e.Sound || e.PN != 0 && e.DN != 0 {
			t.Errorf("reported %+v: not a sound decided entry", e)
		}
	}
}
