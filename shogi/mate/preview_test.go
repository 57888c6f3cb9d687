package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

// previewPositions are attacker's positions with some depth of checks and
// evasions (drops, captures, promotions on both sides).
var previewPositions = []string{
	"7sk/9/7PP/9/9/9/9/9/9 b GS 1",
	"7nl/7k1/6pp1/8p/9/9/9/9/9 b RBG2S 1",
	"4k4/9/4P4/9/9/9/9/9/9 b 2G 1",
	"8k/7pl/6N2/9/9/9/9/9/R8 b b 1",
}

// TestPreviewAgreesWithDo walks random lines of checks and evasions and,
// at every node, values each child as the core's expansion does (Do, Key,
// OrNode, Terminal, Estimate, Undo), which fills the move cache; the walks
// repeat, so the preview is asked again of children valued before.
// Wherever PreviewKey answers, its key and side must be those of Do;
// wherever PreviewEstimate does, its numbers must be Estimate's, and
// Terminal must leave the child open.
func TestPreviewAgreesWithDo(t *testing.T) {
	rng := uint64(777)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	answered, orAnswered := 0, 0
	for _, sfen := range previewPositions {
		for _, rules := range []Rules{Tsume, MateSearch} {
			pos, err := shogi.ParseSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			p, attacker, err := prepare(pos, &Options{Rules: rules})
			if err != nil {
				t.Fatal(err)
			}
			g := NewGame(p, attacker, rules)
			for walk := 0; walk < 80; walk++ {
				var played []core.Move
				for depth := 0; depth < 9; depth++ {
					ms := g.Moves(nil, 0)
					for _, m := range ms {
						k, or, keyed := g.PreviewKey(m)
						var pn, dn core.PN
						ok := false
						if keyed {
							pn, dn, ok = g.PreviewEstimate(m, k)
						}
						g.Do(m)
						if keyed && (k != g.Key() || or != g.OrNode()) {
							t.Fatalf("%s %v after %v %v: preview key %v %v, Do gives %v %v", sfen, rules, played, m, k, or, g.Key(), g.OrNode())
						}
						term := g.Terminal()
						wpn, wdn := g.Estimate()
						if ok {
							answered++
							if !or {
								orAnswered++
							}
							if k != g.Key() || or != g.OrNode() || term != core.Unknown || pn != wpn || dn != wdn {
								t.Fatalf("%s %v after %v %v: preview %v %v %d %d, Do gives %v %v %v %d %d",
									sfen, rules, played, m, k, or, pn, dn, g.Key(), g.OrNode(), term, wpn, wdn)
							}
						}
						g.Undo(m)
					}
					if len(ms) == 0 {
						break
					}
					m := ms[next(len(ms))]
					g.Do(m)
					played = append(played, m)
				}
				for i := len(played) - 1; i >= 0; i-- {
					g.Undo(played[i])
				}
			}
		}
	}
	if answered < 1000 || orAnswered < 200 {
		t.Errorf("Preview answered %d children (%d after checks): too few to test", answered, orAnswered)
	}
}

// TestBoundedGamePreviewsNothing: the bounded game salts its keys and
// decides horizons in Terminal, so the Game's Preview, which it embeds,
// would give the core wrong children.
func TestBoundedGamePreviewsNothing(t *testing.T) {
	for _, sfen := range previewPositions {
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		p, attacker, err := prepare(pos, &Options{})
		if err != nil {
			t.Fatal(err)
		}
		b := newBoundedGame(NewGame(p, attacker, Tsume), 9, nil)
		var pv core.Previewer = b
		ms := b.Moves(nil, 0)
		b.Do(ms[0])
		for _, m := range b.Moves(nil, 0) { // defender's moves: Game would answer
			_, _, keyed := pv.PreviewKey(m)
			if _, _, ok := pv.PreviewEstimate(m, b.Key()); keyed || ok {
				t.Fatalf("%s: the bounded game previewed %v", sfen, m)
			}
		}
	}
}

// TestPreviewKeepsTheSearch: a proof search with Preview expands exactly
// the nodes of one without it and returns the same result.
func TestPreviewKeepsTheSearch(t *testing.T) {
	type problem struct {
		name  string
		sfen  string
		moves []string
	}
	problems := []problem{
		{"mate in 3", "7sk/9/7PP/9/9/9/9/9/9 b GS 1", nil},
		{"futile interposition", "8k/7pl/6N2/9/9/9/9/9/R8 b b 1", nil},
		{"perpetual check", "4k4/9/9/9/9/9/9/9/8R b - 1", nil},
	}
	if sharedtest.Dir() != "" {
		start, mc := sharedtest.Microcosmos(t)
		problems = append(problems, problem{"Microcosmos tail 31", start, mc[:len(mc)-31]})
	}
	for _, pr := range problems {
		var got [2]core.Result
		for i, off := range []bool{false, true} {
			pos, err := shogi.ParseSFEN(pr.sfen)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range pr.moves {
				m, err := shogi.ParseUSIMove(pos, u)
				if err != nil {
					t.Fatal(err)
				}
				pos.Do(m)
			}
			p, attacker, err := prepare(pos, &Options{})
			if err != nil {
				t.Fatal(err)
			}
			g := NewGame(p, attacker, Tsume)
			g.noPreview = off
			tab, err := core.NewTable(16, core.TableOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got[i] = core.Solve(context.Background(), g, tab, coreOptions(Options{}))
			tab.Close()
		}
		a, b := got[0], got[1]
		if a.Outcome != b.Outcome || a.Length != b.Length || a.BestMove != b.BestMove ||
			a.Stats.Expanded != b.Stats.Expanded || a.Stats.Generated != b.Stats.Generated {
			t.Errorf("%s: with Preview %v in %d (%d expansions, %d children), without %v in %d (%d, %d)", pr.name,
				a.Outcome, a.Length, a.Stats.Expanded, a.Stats.Generated, b.Outcome, b.Length, b.Stats.Expanded, b.Stats.Generated)
		}
		if pr.name != "perpetual check" && a.Outcome != core.Proven {
			t.Errorf("%s: %v", pr.name, a.Outcome)
		}
	}
}
