package core

import "testing"

// compactGraph builds a graphGame from a string of node types (T: OR, F:
// AND), edges, and a string of terminal values (.: none, P: proven, D:
// disproven); a repetition is Disproven.
func compactGraph(types string, edges [][]int, terms string, estMoves bool) *graphGame {
	g := &graphGame{edges: edges, cycle: Disproven, estMoves: estMoves}
	for i := range types {
		g.or = append(g.or, types[i] == 'T')
		switch terms[i] {
		case 'P':
			g.term = append(g.term, Proven)
		case 'D':
			g.term = append(g.term, Disproven)
		default:
			g.term = append(g.term, Unknown)
		}
	}
	return g
}

// TestRulesSaveExpansions: each rule below was removed in turn (see
// MUTATIONS.md), random graphs were searched with and without it, and the
// graph where removing it cost most is kept here with a bound between the
// two counts. The rules change effort, not answers, so effort is what a
// test can see; the counts are deterministic.
func TestRulesSaveExpansions(t *testing.T) {
	tab := newTestTable(t, 2)
	for _, tc := range []struct {
		rule  string
		o     Options
		g     *graphGame
		want  Outcome
		bound uint64 // with the rule / without it, measured
	}{
		{"TCA resets inc at a node expanded for the first time (Kishimoto's Figure 3: 19 / 42)", Options{TCA: true, WPNS: true},
			compactGraph("TFTFTFTFTFTFTFT", [][]int{{3, 7, 7, 10}, {13, 8}, {9, 7}, {4, 4, 0, 6}, {5, 11, 9, 9}, {12, 6, 12, 10}, {13, 3, 7, 1}, {10, 6, 12}, {0, 13, 11, 11}, {12, 14, 4}, {2}, {10, 12, 3}, {2, 4, 13, 0}, {5, 3, 5}, {2, 6}}, "...........D...", true),
			Disproven, 30},
		{"TCA raises thresholds on a visit's first pass only (22 / 29)", Options{TCA: true, DFPNR: true},
			compactGraph("TFTFTFTFTFTFTFTF", [][]int{{7, 1}, {6, 4, 8}, {9, 9}, {6}, {7, 9, 5, 7}, {4, 0}, {7, 5, 3, 11}, {14, 10}, {9, 13}, {12, 0, 14, 6}, {13, 9, 11, 1}, {0, 12}, {15, 13, 13, 13}, {0, 12, 2, 4}, {1, 15, 9}, {4, 6, 10, 4}}, "...........P....", true),
			Disproven, 25},
		{"df-pn(r) re-reads every child after each child search (50 / undecided at 20000)", Options{DFPNR: true},
			compactGraph("TFTFTFTFTFTFTFT", [][]int{{5, 3, 10}, {6, 8, 4}, {12, 5, 3}, {4, 13}, {5, 9}, {12}, {9, 7}, {10, 8, 12, 4}, {13, 0, 5, 0}, {10, 10}, {2, 2}, {14}, {11}, {5, 14, 5}, {4, 2, 2, 4}}, "........D......", true),
			Disproven, 1000},
		{"minimal distance: read from the node's entry (24 / 38) and stored as the minimum seen (24 / undecided at 20000)", Options{DFPNR: true},
			compactGraph("TFTFTFTFTFTFT", [][]int{{1, 5}, {2, 6, 4}, {5, 9, 5, 3}, {11, 8, 11}, {5, 9}, {12, 6, 10, 8}, {9}, {8}, {2}, {12}, {2, 4, 4, 11}, {3}, {0, 2, 4}}, ".............", true),
			Disproven, 30},
		{"PN* orders an AND node's children worst first (13 / 61)", Options{Algorithm: PNStar},
			compactGraph("TFTFTFTFTFTFTFTF", [][]int{{15, 3}, {2, 2}, {1, 9, 9, 1}, {14, 8}, {15}, {12, 8, 10, 10}, {7}, {10}, {5, 11, 5}, {10, 10}, {1, 11}, {12, 0, 8, 2}, {1, 15}, {4, 0}, {5, 15, 5, 5}, {0, 6}}, ".............D..", true),
			Disproven, 30},
		{"PN* skips an OR node's children above the threshold (5 / 18)", Options{Algorithm: PNStar},
			compactGraph("TTFTT", [][]int{{1, 3, 3}, {2, 3, 3}, {3}, {4, 4}, {}}, ".....", false),
			Disproven, 10},
	} {
		tab.Clear()
		o := tc.o
		o.NodeLimit = 20000
		if want := tc.g.exhaustive(0, make([]bool, len(tc.g.or))); want != tc.want {
			t.Fatalf("%s: exhaustive %v, want %v: the graph changed", tc.rule, want, tc.want)
		}
		r := Solve(nil, tc.g, tab, o)
		if r.Outcome != tc.want || r.Stats.Expanded > tc.bound {
			t.Errorf("%s: %v in %d expansions, want %v in at most %d", tc.rule, r.Outcome, r.Stats.Expanded, tc.want, tc.bound)
		}
	}
}

// TestFinalOfPrefersPathIndependentChild: an AND node disproven both by a
// repetition of the root and by a lost child is disproven independently of
// the path, so it is stored under its own key (finalOf takes the deciding
// child that relies least on the path).
func TestFinalOfPrefersPathIndependentChild(t *testing.T) {
	tab := newTestTable(t, 2)
	// 0 (OR) -> 1 (AND) -> {0: a repetition, 2: lost (terminal)}.
	g := compactGraph("TFT", [][]int{{1}, {0, 2}, {}}, "..D", false)
	for _, v := range terminating {
		tab.Clear()
		if r := Solve(nil, g, tab, v.o); r.Outcome != Disproven {
			t.Fatalf("%s: %v", v.name, r.Outcome)
		}
		g.cur = 1
		if e, ok := tab.Lookup(g.Key(), false); !ok || e.DN != 0 {
			t.Errorf("%s: node 1's disproof not stored under its own key (%v %+v)", v.name, ok, e)
		}
		g.cur = 0
	}
}

// TestUsableFinal: a parallel thread takes another thread's decision from
// the table only if it was computed at its own widening step or holds at
// every step.
func TestUsableFinal(t *testing.T) {
	s := &searcher{step: 1}
	for _, tc := range []struct {
		e    Entry
		want bool
	}{
		{Entry{PN: 0, DN: Infinity, Step: 1}, true},
		{Entry{PN: 0, DN: Infinity, Step: 0}, false},
		{Entry{PN: 0, DN: Infinity, Step: 0, Sound: true}, true},
		{Entry{PN: Infinity, DN: 0, Step: 2}, false},
		{Entry{PN: 3, DN: 4, Step: 1}, false},
	} {
		if got := s.usableFinal(&tc.e); got != tc.want {
			t.Errorf("usableFinal(%+v) = %v, want %v", tc.e, got, tc.want)
		}
	}
}
