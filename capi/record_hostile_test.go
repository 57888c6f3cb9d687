package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/gen"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// replayRecord plays moves from sfen (prepared as tsume_shogi_record does)
// and returns the final position.
func replayRecord(t *testing.T, sfen, moves string, composers bool) *shogi.Position {
	t.Helper()
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	if composers {
		if pos, err = mate.Prepared(pos, mate.Options{Rules: mate.Tsume}); err != nil {
			t.Fatal(err)
		}
	}
	for _, u := range strings.Fields(moves) {
		m, err := shogi.ParseUSIMove(pos, u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		pos.Do(m)
	}
	return pos
}

// TestHostileRecordMateMarkNeedsAMate: tsume_shogi_record puts the mate
// mark (詰み, %TSUMI) only on a line that ends in mate; it wrote it on any
// line, even an empty one or one ending with the defender's move.
func TestHostileRecordMateMarkNeedsAMate(t *testing.T) {
	ex := "7sk/9/7PP/9/9/9/9/9/9 b GS 1"
	for _, tc := range []struct {
		sfen, moves string
		composers   bool
		want        string
	}{
		{ex, "S*1b 2a1b G*2b", true, ""},
		{ex, "S*1b 2a1b G*2b", false, ""},
		{ex, "", true, "not in check"},
		{ex, "S*1b", true, "escapes with 2a1b"},
		{ex, "S*1b 2a1b", true, "not in check"},
		{ex, "G*2b", true, "escapes"},
		{ex, "S*1b 2a1b G*3b", true, "not in check"},
	} {
		err := endsInMate(replayRecord(t, tc.sfen, tc.moves, tc.composers), tc.composers)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || statusOf(err) != StatusIllegalPosition) {
			t.Errorf("%q under composers %v: %v, want %q", tc.moves, tc.composers, err, tc.want)
		}
	}
}

// TestHostileRecordMateMarkAcceptsVerifiedLines: every verified mate the
// solver gives (engine positions under mate rules, and their composers'
// versions, whose ends may leave futile drops) passes endsInMate, so the
// check never refuses a PROVEN result's record.
func TestHostileRecordMateMarkAcceptsVerifiedLines(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 12
	}
	ps, err := gen.Positions(23, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	ps = append(ps, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", "9/3k5/9/3P5/9/9/9/9/9 b 2G 1", "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
	mates := 0
	for _, sfen := range ps {
		for _, rules := range []mate.Rules{mate.MateSearch, mate.Tsume} {
			pos, _ := shogi.ParseSFEN(sfen)
			r, err := mate.Solve(context.Background(), pos, mate.Options{Rules: rules, HashMB: 16, TimeLimit: 300 * time.Millisecond, AutoDefender: true})
			if err != nil || r.Kind != mate.Mate || !r.Verified {
				continue
			}
			mates++
			q := replayRecord(t, sfen, strings.Join(r.USI, " "), rules == mate.Tsume)
			if err := endsInMate(q, rules == mate.Tsume); err != nil {
				t.Errorf("%s under %v: verified line %v: %v", sfen, rules, r.USI, err)
			}
		}
	}
	if mates < 4 {
		t.Fatalf("only %d verified mates: the test checks too little", mates)
	}
	t.Logf("%d verified mate lines end in mate", mates)
}
