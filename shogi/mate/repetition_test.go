package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

// TestInferiorRepetitionDecidesNoMate: a position from a generated game
// (shogi/gen seed 41, position 89) where the attacker's checks keep
// bringing the defender's king back to boards seen earlier on the path with
// the attacker holding no more pieces than then. Valued as repetitions
// (core's searcher.repetition), they make the no-mate a 16 k-expansion
// proof; searched like new positions it was still open at 40 k (124 k in
// all).
func TestInferiorRepetitionDecidesNoMate(t *testing.T) {
	pos, err := shogi.ParseSFEN("1n3k2+P/l3g1g2/p1pp3pp/3s5/6P1P/NpP1sP3/L5S2/3SK4/1NG3L1L w 2RGNP2b6p 94")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(16)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, err := s.Solve(context.Background(), pos, Options{Rules: MateSearch, NodeLimit: 40000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != NoMate {
		t.Fatalf("got %v after %d expansions (%s), want a proven no-mate within 40 k", r.Kind, r.Stats.Expanded, r.Note)
	}
}
