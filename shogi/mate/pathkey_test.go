package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
)

// keysOnly hides boundedGame's PathKey: the core then compares path
// positions by their salted keys, which never repeat.
type keysOnly struct{ *boundedGame }

func (k keysOnly) PathKey(key core.Key, _ int) core.Key { return key }

// TestBoundedRepetitions asks "mate within n?" of a Microcosmos tail
// (tokin shuffles: many cycles) just below and at its length, with the
// path compared by the game's own keys (PathKey) and by the salted keys:
// the same answers, and the repetitions cut the disproof's work.
func TestBoundedRepetitions(t *testing.T) {
	p := microcosmosTail(t, 31)
	pos, att, err := prepare(p, &Options{Rules: Tsume})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(pos, att, Tsume)
	co := core.Options{TCA: true, SNDA: true, SNDAOROnly: true, Epsilon: 0.25}
	run := func(limit int, hide bool) core.Result {
		tab, err := core.NewTable(64, core.TableOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer tab.Close()
		var bg core.Game = newBoundedGame(g, limit, nil)
		if hide {
			bg = keysOnly{bg.(*boundedGame)}
		}
		return core.Solve(context.Background(), bg, tab, co)
	}
	for _, lim := range []int{29, 31} {
		with, without := run(lim, false), run(lim, true)
		want := core.Proven
		if lim < 31 {
			want = core.Disproven
		}
		if with.Outcome != want || without.Outcome != want {
			t.Errorf("mate within %d: %v with path keys, %v without, want %v", lim, with.Outcome, without.Outcome, want)
		}
		t.Logf("within %d: %d expansions with path keys, %d without", lim, with.Stats.Expanded, without.Stats.Expanded)
		if lim == 29 && with.Stats.Expanded >= without.Stats.Expanded {
			t.Errorf("no mate within 29: %d expansions with path keys, %d without: repetitions not cut", with.Stats.Expanded, without.Stats.Expanded)
		}
	}
}
