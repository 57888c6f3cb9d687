package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

func TestShorterHorizon(t *testing.T) {
	for _, c := range []struct {
		name        string
		n, hi, want int
		verified    bool
	}{
		{"verified line: its own length at once", 21, 27, 21, true},
		{"unverified line: a step down from hi", 21, 27, 25, false},
		{"unverified line one step short: its own length", 25, 27, 25, false},
		{"unverified line of an even root", 18, 24, 22, false},
	} {
		if got := shorterHorizon(c.n, c.hi, c.verified); got != c.want {
			t.Errorf("%s: shorterHorizon(%d, %d, %v) = %d, want %d", c.name, c.n, c.hi, c.verified, got, c.want)
		}
	}
}

func TestSettleRepairNodes(t *testing.T) {
	for _, r := range []Rules{Tsume, MateSearch} {
		for _, c := range []struct {
			n, hi    int
			verified bool
			want     uint64
		}{
			{21, 27, false, repairSearchNodes(r)}, // shorter, unverified: capped
			{21, 27, true, 0},                     // shorter, verified: the repair proves it cheaply
			{27, 27, false, 0},                    // the horizon's own length: the verifier's alternatives
		} {
			if got := settleRepairNodes(r, c.n, c.hi, c.verified); got != c.want {
				t.Errorf("%v: settleRepairNodes(%d, %d, %v) = %d, want %d", r, c.n, c.hi, c.verified, got, c.want)
			}
		}
	}
	// Tsume rules keep the budget the Microcosmos tails were measured
	// with; mate rules give up sooner (see repairSearchNodes).
	if got := repairSearchNodes(Tsume); got != 100_000 {
		t.Errorf("repairSearchNodes(Tsume) = %d, want 100000", got)
	}
	if m, ts := repairSearchNodes(MateSearch), repairSearchNodes(Tsume); m >= ts {
		t.Errorf("repairSearchNodes(MateSearch) = %d, want below tsume rules' %d", m, ts)
	}
}

// TestMateRulesRepairGivesUpSooner: gen-shogi seed 91 #79 under mate rules
// (KomoringHeights: a mate in 17). Two of its capped repairs end
// undecided; at 100 k nodes each the line phase reached 17 plies after
// 432 k nodes, with repairSearchNodes' 40 k after 305 k.
func TestMateRulesRepairGivesUpSooner(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	pos, err := shogi.ParseSFEN("ln1g3+Rl/2s6/p1SpBpk2/6p1p/9/4P1P1P/P1PP1K3/3S5/+r4G1NL w SN3Pb2gnl4p 48")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(256)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const limit = 360_000
	r, err := s.Solve(context.Background(), pos, Options{Rules: MateSearch, AutoDefender: true, LineNodeLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != Mate || len(r.Moves) > 17 {
		t.Fatalf("%v, %d plies after %d line nodes (limit %d), want a mate in 17 or less", r.Kind, len(r.Moves), r.LineNodes, limit)
	}
	t.Logf("%d plies after %d line nodes", len(r.Moves), r.LineNodes)
}

func TestNodeCapped(t *testing.T) {
	var asked []uint64
	capped := nodeCapped(func(limit int, nodes uint64) core.Result {
		asked = append(asked, nodes)
		return core.Result{}
	}, 100)
	capped(5, 0)
	capped(5, 50)
	capped(5, 500)
	if want := []uint64{100, 50, 100}; len(asked) != 3 || asked[0] != want[0] || asked[1] != want[1] || asked[2] != want[2] {
		t.Fatalf("budgets asked %v, want %v (no budget and a larger one both capped)", asked, want)
	}
}

// wrongWalkSFEN is a position of a generated game (tsume gen-shogi --seed
// 41, its 45th position; mate-search rules) where the line walked from the
// proven horizon 27 has 21 plies and is wrong: the mate is 23 plies. The
// shortening reaches 23 only if it neither repairs nor verifies the wrong
// line at length (settleRepairNodes, the verification after the repair)
// nor asks "mate within 21?" next (shorterHorizon), a disproof of 4.7 M
// nodes.
const wrongWalkSFEN = "ln1g4l/2s2+R3/2kp2G2/p1r2pp1p/4S4/P3p1P1P/B2G5/1+p1K3P1/LNN5L b B2SN4Pg3p 95"

func TestHeavyWrongWalkedLineDoesNotHoldTheShortening(t *testing.T) {
	if testing.Short() {
		t.Skip("a proof of 295 k nodes and a line search of 400 k")
	}
	pos, err := shogi.ParseSFEN(wrongWalkSFEN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(256)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// The lines verified early, by length, read as each verification ends.
	var verified []int
	inVerify := false
	s.phaseHook = func(ph string) {
		if inVerify && ph != "verify" {
			verified = append(verified, len(s.early.line))
		}
		inVerify = ph == "verify"
	}
	r, err := s.Solve(context.Background(), pos, Options{Rules: MateSearch, LineNodeLimit: 400_000})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range verified {
		if n == 21 {
			t.Errorf("the wrong 21-ply line went to the verifier before its repair (lines verified early: %v)", verified)
		}
	}
	if r.Kind != Mate || !r.Verified || r.Length != 23 {
		t.Fatalf("got %v, %d plies, verified %v (%s), want the verified 23-ply mate within 400 k line nodes", r.Kind, r.Length, r.Verified, r.Note)
	}
	if r.ExactNodes > 400_000+100_000 {
		t.Errorf("the line search took %d nodes, past its limit of 400 k", r.ExactNodes)
	}
}

func TestLineNodeLimitEndsTheLineSearch(t *testing.T) {
	pos, err := shogi.ParseSFEN(wrongWalkSFEN)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(context.Background(), pos, Options{Rules: MateSearch, HashMB: 256, LineNodeLimit: 1})
	if err != nil {
		t.Fatal(err)
	}
	// The first line (31 plies, repaired to 29 by the tightening's own
	// budget) is all there is.
	if r.Kind != Mate || !r.Verified || r.Minimal || r.ExactNodes > 10_000 {
		t.Fatalf("got %v, %d plies, verified %v, minimal %v, after %d line nodes: want a verified, non-minimal line at once", r.Kind, r.Length, r.Verified, r.Minimal, r.ExactNodes)
	}
}
