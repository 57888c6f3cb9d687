package mate

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi"
)

// TestTieBreakAfterShortening: the shortening's line (the exact-length
// search turned off, as for proofs longer than exactMaxProof) gets the
// composers' tie-break on its last plies: on the short sets under tsume
// rules it ends with no more spare pieces in the attacker's hand than the
// exact-first line, which has no more than the shortening's line without
// it, at the same length, verified and minimal, and fewer
// in all than without the tie-break (7 of the 74 mates end with more
// without it: 194 spare pieces in all against 185).
func TestTieBreakAfterShortening(t *testing.T) {
	var spareOn, spareOff int
	forSharedShortSets(t, func(t *testing.T, s *Solver, sfen, expected string, rules Rules) {
		if rules != Tsume {
			return
		}
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		p, attacker, err := prepare(pos, &Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := newGame(p, attacker, Tsume, nil)
		solve := func(exactMax uint32, off bool) Result {
			s.Clear()
			s.exactMax, s.noTieBreak = exactMax, off
			defer func() { s.exactMax, s.noTieBreak = exactMaxProof, false }()
			r, err := s.Solve(context.Background(), pos, Options{TimeLimit: 30 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		exact := solve(exactMaxProof, false)
		if exact.Kind != Mate || !exact.Minimal {
			return
		}
		r := solve(0, false)
		if r.Kind != Mate || !r.Verified || !r.Minimal || r.Length != exact.Length {
			t.Fatalf("shortening: %v in %d, minimal %v, verified %v; exact-first: %d", r.Kind, r.Length, r.Minimal, r.Verified, exact.Length)
		}
		want, got := spareAtEnd(g, exact.Moves), spareAtEnd(g, r.Moves)
		if got > want {
			t.Errorf("the shortening's line %v ends with %d spare pieces, the exact-first line %v with %d", r.USI, got, exact.USI, want)
		}
		spareOn += got
		off := solve(0, true)
		if off.Kind != Mate {
			t.Fatalf("shortening without the tie-break: %v", off.Kind)
		}
		plain := spareAtEnd(g, off.Moves)
		spareOff += plain
		if want > plain {
			t.Errorf("the exact-first line %v ends with %d spare pieces, the shortening's %v with %d", exact.USI, want, off.USI, plain)
		}
		// The widening from a one-ply window reaches what the whole
		// line's minimax reaches.
		wide, w, _ := s.tieBreakTail(g, Tsume, off.Moves, 1, 0, func() bool { return false })
		if len(wide) != len(off.Moves) || spareAtEnd(g, wide) > want {
			t.Errorf("tieBreakTail from one ply: %d plies, %d spare pieces (window %d); the exact-first line has %d", len(wide), spareAtEnd(g, wide), w, want)
		}
		// Whatever the budget stops, the line keeps its length, ends in
		// mate and has no more spare pieces.
		for _, budget := range []uint64{1, 30, 300, 3000} {
			s.Clear()
			cut, w, _ := s.tieBreakTail(g, Tsume, off.Moves, 1, budget, func() bool { return false })
			if len(cut) != len(off.Moves) || !endsInMate(g, cut) || spareAtEnd(g, cut) > plain {
				t.Errorf("budget %d: %v (window %d) from %v", budget, cut, w, off.USI)
			}
		}
	})
	t.Logf("spare pieces at the end of the shortening's lines: %d without the tie-break, %d with it", spareOff, spareOn)
	if spareOn >= spareOff {
		t.Errorf("the tie-break removed no spare piece (%d with it, %d without)", spareOn, spareOff)
	}
}

// TestTieBreakBeforeTheShorteningEnds: a line the shortening found is
// tie-broken at once, not only once the shortening has finished, so a run
// stopped in between answers with it. The shortening (exact search off)
// is stopped as soon as the first tie-break has returned: the answer, not
// proven minimal, is verified and ends with no more spare pieces than the
// line given to the tie-break, and on some problems with fewer.
func TestTieBreakBeforeTheShorteningEnds(t *testing.T) {
	improved := 0
	forSharedShortSets(t, func(t *testing.T, s *Solver, sfen, expected string, rules Rules) {
		if rules != Tsume {
			return
		}
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		p, attacker, err := prepare(pos, &Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := newGame(p, attacker, Tsume, nil)
		s.Clear()
		s.exactMax = 0
		var pre []shogi.Move
		tied, stopping := false, false
		s.phaseHook = func(ph string) {
			switch {
			case ph == "exact" && !tied:
				tied, pre = true, slices.Clone(s.early.line)
			case ph == "shorten" && tied && !stopping:
				stopping = true
				s.Stop()
			}
		}
		defer func() { s.exactMax, s.phaseHook = exactMaxProof, nil }()
		r, err := s.Solve(context.Background(), pos, Options{TimeLimit: 30 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if !stopping {
			return // no line with spare pieces
		}
		if r.Kind != Mate || !r.Verified || len(r.Moves) != len(pre) {
			t.Fatalf("stopped after the tie-break of %v: %v in %d, verified %v (%s)", pre, r.Kind, r.Length, r.Verified, r.Note)
		}
		if spareAtEnd(g, r.Moves) > spareAtEnd(g, pre) {
			t.Errorf("%v, %d spare pieces, after the tie-break of %v, %d", r.USI, spareAtEnd(g, r.Moves), pre, spareAtEnd(g, pre))
		}
		if !r.Minimal && spareAtEnd(g, r.Moves) < spareAtEnd(g, pre) {
			improved++
		}
	})
	if improved == 0 {
		t.Error("no stopped shortening answered with a tie-broken line")
	}
}
