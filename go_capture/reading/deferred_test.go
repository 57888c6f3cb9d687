package reading

import (
	"context"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/go_capture/board"
)

// TestDeferredValuationSameAnswers: deferring the costly terminal tests to
// the core's expansion (core.DeferredTerminal) changes the work, not the
// answers. On random 5×5 questions and the known positions, with df-pn
// and PN*, a question both the deferred and the eager game decide gets
// the same code from both, and the deferred game plays fewer moves in
// all (the hook is used: the children the search never visits skip their
// threat and gi searches). C* values eagerly (it ignores Estimate).
func TestDeferredValuationSameAnswers(t *testing.T) {
	type q struct {
		name   string
		b      *board.Board
		target board.Point
		mode   Mode
	}
	var qs []q
	for _, k := range knownQuestions(t) {
		qs = append(qs, q{k.name, k.b, k.target, k.mode})
	}
	rng := rand.New(rand.NewSource(15))
	n := 400
	if testing.Short() {
		n = 100
	}
	for len(qs) < n {
		b := randomBoard(rng, 5)
		var weak []board.Point
		for p := board.Point(0); p < 25; p++ {
			if b.At(p) != board.Empty && b.NumLibs(p) <= 3 {
				weak = append(weak, p)
			}
		}
		if len(weak) > 0 {
			qs = append(qs, q{"random", b, weak[rng.Intn(len(weak))], Mode(rng.Intn(2))})
		}
	}
	for _, algo := range []string{AlgoDFPN, AlgoPNStar, AlgoCStar} {
		var plays [2]int64
		compared := 0
		for _, x := range qs {
			var res [2]Result
			for i, eager := range []bool{false, true} {
				o := Options{Algorithm: algo, SafeLibs: 4, Plays: 300000}
				o.eagerTerminal = eager
				r, err := Solve(context.Background(), x.b, x.target, x.mode, o)
				if err != nil {
					t.Fatal(err)
				}
				res[i] = r
				plays[i] += r.Stats.Plays
			}
			d, e := res[0], res[1]
			if !d.Decided() || !e.Decided() {
				continue
			}
			compared++
			if d.Code != e.Code {
				t.Errorf("%s, %s %s %s: deferred code %d (%s), eager %d (%s)\n%s", algo, x.name, x.mode,
					x.b.Vertex(x.target), d.Code, x.b.Vertex(d.Move), e.Code, x.b.Vertex(e.Move), x.b)
			}
		}
		t.Logf("%s: %d questions decided by both; plays deferred %d, eager %d", algo, compared, plays[0], plays[1])
		if compared < len(qs)*3/4 {
			t.Errorf("%s: only %d of %d questions decided by both", algo, compared, len(qs))
		}
		switch {
		case algo == AlgoCStar && plays[0] != plays[1]:
			t.Errorf("C* values eagerly, but played %d moves, %d with eager valuation", plays[0], plays[1])
		case algo != AlgoCStar && plays[0] >= plays[1]:
			t.Errorf("%s: deferred valuation played %d moves, eager %d: the hook saved nothing", algo, plays[0], plays[1])
		}
	}
}

// savedAfterAttack sets up a game at an AND node whose target is saved
// (no capture within three attacker moves even after a pass: a lone
// stone with four liberties), one ply below the root: White has just
// played far away.
func savedAfterAttack(t *testing.T) *captureGame {
	t.Helper()
	b := diagram(t,
		".........",
		".........",
		".........",
		".........",
		"....X....",
		".........",
		".........",
		".........",
		".........")
	target := vertex(t, b, "E5")
	// Without the open-space rules: the threat test of a lone stone on
	// an open board would need no play, and the tests count plays to
	// tell where it ran.
	o, _, err := Options{noOpenSpace: true}.normalize()
	if err != nil {
		t.Fatal(err)
	}
	b.Commit()
	s := newSearcher(b, target, o)
	s.koPower = koModes[0].power(s.attacker, s.owner)
	s.maxNodes = 1 << 62
	g := &captureGame{s: s, steps: 1}
	if !s.play(vertex(t, b, "A1"), s.attacker) {
		t.Fatal("A1 refused")
	}
	g.toMove = s.owner
	return g
}

// TestDeferredTerminalOnlyUnderTheHook: an AND node without a threat is
// saved. Terminal says so at once unless the core is expanding its parent
// (the parent's ExpandTerminal was called), in which case it leaves the
// test to the node's own ExpandTerminal, which says so; and Moves, asked
// at such a node anyway, never returns the empty list that would prove it.
func TestDeferredTerminalOnlyUnderTheHook(t *testing.T) {
	g := savedAfterAttack(t)
	if o := g.Terminal(); o != core.Disproven {
		t.Fatalf("Terminal without an expanded parent: %v, want Disproven (saved)", o)
	}

	g = savedAfterAttack(t) // a fresh gi cache: nothing to peek at
	g.expanded[0] = true    // the core is expanding the root
	plays := g.s.plays
	if o := g.Terminal(); o != core.Unknown || !g.deferred {
		t.Fatalf("Terminal under an expanded parent: %v (deferred %v), want Unknown, deferred", o, g.deferred)
	}
	if g.s.plays != plays {
		t.Fatalf("the deferred Terminal played %d moves", g.s.plays-plays)
	}
	if pn, dn := g.Estimate(); pn <= 4*estScale || dn != 1 {
		t.Errorf("Estimate of a deferred AND child: %d, %d; want pn above a tested child's, dn 1", pn, dn)
	}
	if o := g.ExpandTerminal(); o != core.Disproven {
		t.Fatalf("ExpandTerminal: %v, want Disproven (saved)", o)
	}
	if g.s.plays == plays {
		t.Fatal("ExpandTerminal played nothing: the threat test did not run there")
	}
	if ms := g.Moves(nil, 0); len(ms) != 1 || ms[0] != stopMove || !g.s.stopped {
		t.Fatalf("Moves at a saved AND node: %v (stopped %v), want the stop move", ms, g.s.stopped)
	}
}
