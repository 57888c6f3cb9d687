package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

// TestMateRulesRootSearchesShareOpenEntries: under mate rules the
// shortening's searches from the root meet each other's undecided entries
// (rootEpochs). The position (tsume gen-shogi --seed 21, its 68th, with
// the yaneuraou5m_heads_mate3_5_7 starts) is a mate in 13 whose first
// line has 35 plies; with an epoch per root search, the line phase was
// still at 27 plies after 200 k line nodes (13 after 513 k); without, it
// reaches 13 after 79 k.
func TestMateRulesRootSearchesShareOpenEntries(t *testing.T) {
	if testing.Short() {
		t.Skip("a second or two")
	}
	pos, err := shogi.ParseSFEN("l7l/3G1k3/p3g2pp/4+B1p2/2P2p1P1/3P2P1P/+r2GP4/2+s1K1R2/LN6L w 2N4Pbg3sn3p 88")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(256)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const limit = 200_000
	r, err := s.Solve(context.Background(), pos, Options{Rules: MateSearch, AutoDefender: true, LineNodeLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != Mate || len(r.Moves) != 13 {
		t.Fatalf("%v, %d plies after %d line nodes (limit %d), want the mate in 13", r.Kind, len(r.Moves), r.LineNodes, limit)
	}
	if s.epochN == 0 || s.ep != (epochs{}) {
		t.Errorf("%d searches from the root, epoch salt %#x: want root searches without epochs under mate rules", s.epochN, s.ep.cur)
	}
	t.Logf("%d plies after %d line nodes", len(r.Moves), r.LineNodes)
}
