package core

import "testing"

// TestSumOtherRules checks how a node's summed number (dn at OR, pn at AND)
// combines its children under each rule, including WPNS's (b-1)×h(n) and
// the 1+ε threshold.
func TestSumOtherRules(t *testing.T) {
	// Three unproven children of an AND node with pn 4, 7, 2, and one
	// proven child (pn 0), which contributes nothing.
	kids := []child{{pn: 4, dn: 1}, {pn: 7, dn: 3}, {pn: 0, dn: Infinity}, {pn: 2, dn: 5}}
	tests := []struct {
		name string
		or   bool // at an OR node the summed numbers are dn 1, 3, 5
		o    Options
		h    PN
		snda uint32
		wait []int16
		want PN
	}{
		{"sum", false, Options{}, 1, 0, nil, 13},
		{"sum at or", true, Options{}, 1, 0, nil, 9},
		{"wpns h=1", false, Options{WPNS: true}, 1, 0, nil, 7 + 2},
		{"wpns h=5", false, Options{WPNS: true}, 5, 0, nil, 7 + 2*5},
		{"wpns saturates", false, Options{WPNS: true}, MaxPN / 2, 0, nil, MaxPN},
		{"snda max over marked", false, Options{SNDA: true}, 1, 1<<0 | 1<<1, nil, 7 + 2},
		{"snda max over marked at or", true, Options{SNDA: true}, 1, 1<<0 | 1<<1, nil, 3 + 5},
		{"snda or-only sums at and", false, Options{SNDA: true, SNDAOROnly: true}, 1, 1<<0 | 1<<1, nil, 13},
		{"snda or-only max at or", true, Options{SNDA: true, SNDAOROnly: true}, 1, 1<<0 | 1<<1, nil, 3 + 5},
		// Child 1 waits for child 0 (unproven): not counted. Child 3
		// waits for the proven child 2: counted.
		{"delayed child", false, Options{}, 1, 0, []int16{-1, 0, -1, 2}, 4 + 2},
		// Child 3 waits for child 1, whose pn 7 is below the patience.
		{"delayed child, patient", false, Options{}, 1, 0, []int16{-1, -1, -1, 1}, 4 + 7},
	}
	for _, tc := range tests {
		s := &searcher{o: tc.o, patience: testPatience}
		p := &ply{or: tc.or, kids: kids, h: tc.h, snda: tc.snda, wait: tc.wait, delays: tc.wait != nil}
		if got := s.sumOther(p, true); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestSecondThreshold(t *testing.T) {
	tests := []struct {
		eps    float64
		second PN
		want   PN
	}{
		{0, 1, 2},
		{0, 100, 101},
		{0.25, 1, 2},
		{0.25, 3, 4},
		{0.25, 100, 125},
		{0.25, MaxPN - 1, MaxPN},
		{0.25, Infinity, Infinity},
		{1e6, MaxPN / 4, MaxPN},
	}
	for _, tc := range tests {
		s := &searcher{o: Options{Epsilon: tc.eps}}
		if got := s.secondThreshold(tc.second); got != tc.want {
			t.Errorf("eps %v second %d: %d, want %d", tc.eps, tc.second, got, tc.want)
		}
	}
}
