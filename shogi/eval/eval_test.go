package eval

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

func mustSFEN(t *testing.T, s string) *shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMaterial(t *testing.T) {
	if v := Material(shogi.NewStartPosition(), shogi.Black); v != 0 {
		t.Errorf("start position: %d, want 0", v)
	}
	// Black has an extra rook in hand and White an extra pawn on the board.
	p := mustSFEN(t, "4k4/9/4p4/9/9/9/9/9/4K4 b R 1")
	if v := Material(p, shogi.Black); v != 1000-100 {
		t.Errorf("rook in hand against a pawn: %d, want 900", v)
	}
	g := New(p)
	if g.Evaluate() != 900 {
		t.Errorf("Evaluate for Black to move: %d", g.Evaluate())
	}
}

// TestBestMoveTakesTheRook: Black's silver can take an undefended rook;
// both searches find it, and leave the position as it was.
func TestBestMoveTakesTheRook(t *testing.T) {
	for _, a := range []core.MinimaxAlgorithm{core.MinimaxCStar, core.MinimaxAlphaBeta} {
		p := mustSFEN(t, "k8/9/9/9/4r4/4S4/9/9/K8 b - 1")
		sfen := p.SFEN()
		r := core.BestMove(context.Background(), New(p), core.MinimaxOptions{Algorithm: a, Depth: 3, Separation: 3, NodeLimit: 200000})
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		if got := shogi.Move(r.Move).USI(); got != "5f5e" || r.Value < 900 {
			t.Errorf("%v: %s value %d, want 5f5e winning the rook", a, got, r.Value)
		}
		if p.SFEN() != sfen {
			t.Errorf("%v: position changed", a)
		}
	}
}

// TestBestMoveMates: a mate in one (gold drop in front of the cornered
// king) is worth MateValue to both searches at depth 2.
func TestBestMoveMates(t *testing.T) {
	for _, a := range []core.MinimaxAlgorithm{core.MinimaxCStar, core.MinimaxAlphaBeta} {
		p := mustSFEN(t, "8k/9/8P/9/9/9/9/9/K8 b G 1")
		r := core.BestMove(context.Background(), New(p), core.MinimaxOptions{Algorithm: a, Depth: 2, FixedHorizon: true})
		if got := shogi.Move(r.Move).USI(); got != "G*1b" || r.Value != core.MateValue {
			t.Errorf("%v: %s value %d, want G*1b mating", a, got, r.Value)
		}
	}
}
