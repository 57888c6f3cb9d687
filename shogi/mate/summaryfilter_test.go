package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
)

// TestSummaryFilterChangesNothing asks a Microcosmos tail "mate within
// n?" at its length, below, above and further below, on one table, with
// the summary filter and without: the filter only skips probes that find
// nothing, so the outcomes and the expansions must be the same, and the
// summaries must have answered the later questions (else the test
// compares nothing).
func TestSummaryFilterChangesNothing(t *testing.T) {
	p := microcosmosTail(t, 31)
	pos, att, err := prepare(p, &Options{Rules: Tsume})
	if err != nil {
		t.Fatal(err)
	}
	co := core.Options{TCA: true, SNDA: true, SNDAOROnly: true, Epsilon: boundedEpsilon}
	type run struct {
		out      []core.Outcome
		expanded []uint64
	}
	solve := func(filtered bool) run {
		tab, err := core.NewTable(64, core.TableOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer tab.Close()
		g := NewGame(pos.Clone(), att, Tsume)
		var f *summaryFilter
		if filtered {
			f = newSummaryFilter(64)
		}
		var r run
		for _, lim := range []int{31, 29, 33, 27} {
			bg := newBoundedGame(g, lim, tab)
			bg.seen = f
			res := core.Solve(context.Background(), bg, tab, co)
			r.out = append(r.out, res.Outcome)
			r.expanded = append(r.expanded, res.Stats.Expanded)
		}
		return r
	}
	with, without := solve(true), solve(false)
	for i := range with.out {
		if with.out[i] != without.out[i] || with.expanded[i] != without.expanded[i] {
			t.Errorf("search %d: %v after %d expansions with the filter, %v after %d without", i, with.out[i], with.expanded[i], without.out[i], without.expanded[i])
		}
	}
	if with.out[0] != core.Proven || with.out[1] != core.Disproven {
		t.Errorf("tail 31: within 31 %v, within 29 %v", with.out[0], with.out[1])
	}
	// "Within 33" after 31, and 27 after 29, are answered at the root's
	// children by the summaries (the filter lets those probes through).
	if with.expanded[2]*10 >= with.expanded[0] || with.expanded[3]*10 >= with.expanded[1] {
		t.Errorf("expansions %v: the summaries answered little", with.expanded)
	}
	t.Logf("expansions %v", with.expanded)
}

// TestSummaryFilterNotes: a board noted may have a summary; of boards never
// noted, most are reported absent.
func TestSummaryFilterNotes(t *testing.T) {
	f := newSummaryFilter(1)
	x := uint64(0x9e3779b97f4a7c15)
	for i := uint64(0); i < 200; i++ {
		f.note(x * (2*i + 1))
	}
	for i := uint64(0); i < 200; i++ {
		if !f.may(x * (2*i + 1)) {
			t.Fatalf("board %d noted, not reported", i)
		}
	}
	present := 0
	for i := uint64(0); i < 10000; i++ {
		if f.may(0x2545f4914f6cdd1d * (2*i + 7)) {
			present++
		}
	}
	if present > 1000 {
		t.Errorf("%d of 10000 boards never noted reported present (%d bits)", present, f.mask+1)
	}
	f.clear()
	if f.may(x) {
		t.Error("a cleared filter reports a board")
	}
}
