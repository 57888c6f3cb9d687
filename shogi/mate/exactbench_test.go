package mate

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi"
)

// TestExactCostMeasure measures the line phase on Microcosmos tails
// (TSUME_BENCH=1; TSUME_TAILS, e.g. "21,25,31"; TSUME_EXACTMAX, the
// solver's exactMax; TSUME_LOWERBOUNDS, the lower-bound pass's budget per
// node, -1 for none;
// TSUME_MS the time limit per tail): length, minimal,
// the line phase's nodes, the time to the final length, and the first ply
// where the line leaves the published solution.
func TestExactCostMeasure(t *testing.T) {
	if os.Getenv("TSUME_BENCH") == "" {
		t.Skip("measurement: TSUME_BENCH=1")
	}
	tails := []int{21, 25, 31}
	if v := os.Getenv("TSUME_TAILS"); v != "" {
		tails = nil
		for _, f := range strings.Split(v, ",") {
			n, _ := strconv.Atoi(f)
			tails = append(tails, n)
		}
	}
	ms := 60000
	if v := os.Getenv("TSUME_MS"); v != "" {
		ms, _ = strconv.Atoi(v)
	}
	s, err := NewSolver(1024)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v := os.Getenv("TSUME_EXACTMAX"); v != "" {
		n, _ := strconv.Atoi(v)
		s.exactMax = uint32(n)
	}
	if v := os.Getenv("TSUME_LOWERBOUNDS"); v != "" {
		n, _ := strconv.Atoi(v)
		s.lowerBoundsSet = int64(n)
	}
	if sf := os.Getenv("TSUME_SFEN"); sf != "" {
		pos, err := shogi.ParseSFEN(sf)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Solve(context.Background(), pos, Options{TimeLimit: time.Duration(ms) * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		p, attacker, _ := prepare(pos, &Options{})
		spare := -1
		if r.Kind == Mate {
			spare = spareAtEnd(newGame(p, attacker, Tsume, nil), r.Moves)
		}
		t.Logf("%v %d plies minimal %v verified %v, spare pieces at the end %d, tie-break window %d; proof %d nodes; line-phase %d nodes (%d at the final length); line %v total %v; note %q",
			r.Kind, r.Length, r.Minimal, r.Verified, spare, s.tieWindow, r.Stats.Expanded, r.ExactNodes, s.foundNodes[r.Length], r.LineElapsed.Round(time.Millisecond), r.Elapsed.Round(time.Millisecond), r.Note)
		return
	}
	_, published := microcosmosFile(t)
	for _, n := range tails {
		s.Clear()
		r, err := s.Solve(context.Background(), microcosmosTail(t, n), Options{TimeLimit: time.Duration(ms) * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		pub := published[len(published)-n:]
		diff := -1
		for i, u := range r.USI {
			if i >= len(pub) || u != pub[i] {
				diff = i
				break
			}
		}
		t.Logf("tail %d: %v %d plies minimal %v verified %v proof %d nodes; line-phase %d nodes (%d at the final length); line %v total %v; differs from published at ply %d; note %q",
			n, r.Kind, r.Length, r.Minimal, r.Verified, r.Stats.Expanded, r.ExactNodes, s.foundNodes[r.Length], r.LineElapsed.Round(time.Millisecond), r.Elapsed.Round(time.Millisecond), diff, r.Note)
		if diff >= 0 {
			lo := max(0, diff-1)
			t.Logf("  ours %v\n  pub  %v", r.USI[lo:min(len(r.USI), diff+4)], pub[lo:min(len(pub), diff+4)])
		}
		t.Logf("  spare pieces at the end: ours %d, published %d", spareAtEndUSI(t, microcosmosTail(t, n), r.USI), spareAtEndUSI(t, microcosmosTail(t, n), pub))
	}
}

// spareAtEndUSI plays line (USI) from p and counts the attacker's (black's)
// pieces in hand at the end.
func spareAtEndUSI(t *testing.T, p *shogi.Position, line []string) int {
	for _, u := range line {
		m, err := shogi.ParseUSIMove(p, u)
		if err != nil {
			t.Fatal(err)
		}
		p.Do(m)
	}
	return handSize(p.Hand(shogi.Black))
}

// TestTieBreakShortSetsMeasure compares, on the short sets under tsume
// rules, the spare pieces at the end of the exact-first line, the
// shortening's line without the tie-break, and with it (TSUME_BENCH=1;
// TSUME_EXACTMAX sets the exact-first limit).
func TestTieBreakShortSetsMeasure(t *testing.T) {
	if os.Getenv("TSUME_BENCH") == "" {
		t.Skip("measurement: TSUME_BENCH=1")
	}
	var nProb, spareExact, spareOff, spareOn, worse, exactNodesOff, exactNodesOn, exactNodesFirst int
	var tFirst, tOn time.Duration
	byLen := map[int][3]int{}
	forSharedShortSets(t, func(t *testing.T, s *Solver, sfen, expected string, rules Rules) {
		if rules != Tsume {
			return
		}
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		run := func(exactMax uint32, off bool) (Result, int) {
			s.Clear()
			s.exactMax, s.noTieBreak = exactMax, off
			defer func() { s.exactMax, s.noTieBreak = exactMaxProof, false }()
			r, err := s.Solve(context.Background(), pos, Options{TimeLimit: 30 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if r.Kind != Mate {
				return r, -1
			}
			p, attacker, _ := prepare(pos, &Options{})
			g := newGame(p, attacker, Tsume, nil)
			return r, spareAtEnd(g, r.Moves)
		}
		first := exactMaxProof
		if v := os.Getenv("TSUME_EXACTMAX"); v != "" {
			n, _ := strconv.Atoi(v)
			first = uint32(n)
		}
		rx, sx := run(first, false)
		if sx < 0 {
			return
		}
		r0, s0 := run(0, true)
		r1, s1 := run(0, false)
		nProb++
		spareExact += sx
		spareOff += s0
		spareOn += s1
		exactNodesOff += int(r0.ExactNodes)
		exactNodesOn += int(r1.ExactNodes)
		exactNodesFirst += int(rx.ExactNodes)
		bl := byLen[rx.Length]
		bl[0]++
		bl[1] += int(rx.ExactNodes)
		bl[2] += int(r1.ExactNodes)
		byLen[rx.Length] = bl
		tFirst += rx.Elapsed
		tOn += r1.Elapsed
		if s1 > sx || r1.Length != rx.Length {
			worse++
		}
		if s0 != sx || s1 != sx {
			t.Logf("len %d/%d/%d spare exact-first %d, shortening %d, +tie-break %d (window %d), line-phase nodes %d -> %d", rx.Length, r0.Length, r1.Length, sx, s0, s1, s.tieWindow, r0.ExactNodes, r1.ExactNodes)
		}
	})
	t.Logf("%d mates: spare pieces in all: exact-first %d, shortening %d, shortening+tie-break %d; worse than exact-first %d; line-phase nodes: exact-first %d, shortening %d, shortening+tie-break %d; time exact-first %v, shortening+tie-break %v",
		nProb, spareExact, spareOff, spareOn, worse, exactNodesFirst, exactNodesOff, exactNodesOn, tFirst.Round(time.Millisecond), tOn.Round(time.Millisecond))
	t.Logf("by length: [problems, exact-first nodes, shortening+tie-break nodes] %v", byLen)
}
