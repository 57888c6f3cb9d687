package mate

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// Problems of our own, so the package is tested without ../shared.
var ownProblems = []struct {
	name   string
	sfen   string
	rules  Rules
	and    bool
	kind   Kind
	length int
}{
	// ▲1二銀打 △同銀 ▲2二金打.
	{"mate in 3", "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume, false, Mate, 3},
	// The rook check from 9a can only be met by drops on rank a, which
	// the rook captures (2a is covered by the knight): futile under tsume
	// rules, so mate in 1; under mate-search rules the bishop
	// interposition counts and it is a mate in 3.
	{"futile interposition, tsume", "8k/7pl/6N2/9/9/9/9/9/R8 b b 1", Tsume, false, Mate, 1},
	{"futile interposition, mate rules", "8k/7pl/6N2/9/9/9/9/9/R8 b b 1", MateSearch, false, Mate, 3},
	// P*1b would mate, but pawn-drop mate is illegal: no mate.
	{"pawn-drop mate is not a mate", "7nk/7p1/8G/9/9/9/9/9/9 b P 1", Tsume, false, NoMate, 0},
	// The rook can check forever; repetition is a failure: no mate.
	{"perpetual check", "4k4/9/9/9/9/9/9/9/8R b - 1", MateSearch, false, NoMate, 0},
	{"perpetual check, tsume hands", "4k4/9/9/9/9/9/9/9/8R b - 1", Tsume, false, NoMate, 0},
	// The side to move defends: △同銀 ▲2二金打 (AND root, 2 plies).
	{"defender to move", "7sk/8S/7PP/9/9/9/9/9/9 w G 1", Tsume, true, Mate, 2},
	// No check at all.
	{"start position", shogi.StartSFEN, Tsume, false, NoMate, 0},
}

func TestSolveOwnProblems(t *testing.T) {
	s, err := NewSolver(16)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, tc := range ownProblems {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := shogi.ParseSFEN(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			r, err := s.Solve(context.Background(), pos, Options{Rules: tc.rules, DefenderToMove: tc.and, TimeLimit: 20 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if r.Kind != tc.kind || r.Length != tc.length {
				t.Fatalf("got %v in %d (%v), want %v in %d", r.Kind, r.Length, r.USI, tc.kind, tc.length)
			}
			if r.Kind == Mate && (!r.Verified || !r.Minimal) {
				t.Errorf("verified %v (%s), minimal %v", r.Verified, r.Verification.Problem, r.Minimal)
			}
			if pos.SFEN() != tc.sfen && tc.sfen != shogi.StartSFEN {
				t.Errorf("Solve changed the caller's position: %s", pos.SFEN())
			}
		})
	}
}

// TestTableSizeDoesNotChangeAnswers solves the same problems with a tiny
// and a larger table: only speed may differ.
func TestTableSizeDoesNotChangeAnswers(t *testing.T) {
	for _, mb := range []int{2, 64} {
		s, err := NewSolver(mb)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range ownProblems {
			pos, _ := shogi.ParseSFEN(tc.sfen)
			r, err := s.Solve(context.Background(), pos, Options{Rules: tc.rules, DefenderToMove: tc.and})
			if err != nil {
				t.Fatal(err)
			}
			if r.Kind != tc.kind || r.Length != tc.length {
				t.Errorf("%d MiB: %s: got %v in %d, want %v in %d", mb, tc.name, r.Kind, r.Length, tc.kind, tc.length)
			}
		}
		s.Close()
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name, sfen string
		o          Options
		want       string
	}{
		{"no defender king", "9/9/9/9/9/9/9/9/4K4 b G 1", Options{}, "no king"},
		{"attacker in check, no answer", "4k4/9/9/9/9/9/9/4r4/4K4 b - 1", Options{}, "in check"},
		{"bad rules", "4k4/9/4P4/9/9/9/9/9/9 b G 1", Options{Rules: 9}, "rules"},
		{"bad algorithm", "4k4/9/4P4/9/9/9/9/9/9 b G 1", Options{Algorithm: 99}, "algorithm"},
		{"negative time", "4k4/9/4P4/9/9/9/9/9/9 b G 1", Options{TimeLimit: -time.Second}, "time"},
		{"absurd hash", "4k4/9/4P4/9/9/9/9/9/9 b G 1", Options{HashMB: 1 << 30}, "hash"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := shogi.ParseSFEN(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			tc.o.HashMB = max(tc.o.HashMB, 4)
			_, err = Solve(context.Background(), pos, tc.o)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
	for _, mb := range []int{0, MinHashMB - 1, -5, MaxHashMB + 1} {
		if _, err := NewSolver(mb); err == nil {
			t.Errorf("NewSolver(%d) accepted", mb)
		}
	}
}

// TestStopFromAnotherGoroutine starts a search that runs for a long time
// and stops it; it must return Unknown promptly, and the Solver must be
// usable afterwards. The position is Microcosmos (1525 plies), which no
// search here finishes within seconds; a lone king against rook and
// bishop, used before, is a no-mate found in 74 k expansions, about the
// 200 ms the test waits.
func TestStopFromAnotherGoroutine(t *testing.T) {
	s, err := NewSolver(16)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pos, _ := shogi.ParseSFEN("g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1")
	done := make(chan Result)
	go func() {
		r, err := s.Solve(context.Background(), pos, Options{})
		if err != nil {
			t.Error(err)
		}
		done <- r
	}()
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	s.Stop()
	select {
	case r := <-done:
		if r.Kind != Unknown {
			t.Fatalf("stopped search answered %v", r.Kind)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("stop took %v", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Stop did not end the search")
	}
	p2, _ := shogi.ParseSFEN("7sk/9/7PP/9/9/9/9/9/9 b GS 1")
	r, err := s.Solve(context.Background(), p2, Options{})
	if err != nil || r.Kind != Mate || r.Length != 3 {
		t.Fatalf("after Stop: %v %d %v", r.Kind, r.Length, err)
	}
}

func TestNodeLimitGivesUnknown(t *testing.T) {
	pos, _ := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/9 b RB 1")
	r, err := Solve(context.Background(), pos, Options{HashMB: 8, NodeLimit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != Unknown || r.Stats.Expanded == 0 {
		t.Fatalf("got %v after %d nodes, want unknown", r.Kind, r.Stats.Expanded)
	}
}

// TestGameAllocatesNothing checks the adapter's hot path.
func TestGameAllocatesNothing(t *testing.T) {
	pos, _ := shogi.ParseSFEN("7sk/9/7PP/9/9/9/9/9/9 b GS 1")
	p, attacker, err := prepare(pos, &Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p, attacker, Tsume)
	buf := make([]core.Move, 0, shogi.MaxMoves)
	child := make([]core.Move, 0, shogi.MaxMoves)
	allocs := testing.AllocsPerRun(100, func() {
		ms := g.Moves(buf, 0)
		for _, m := range ms {
			g.Do(m)
			_ = g.Key()
			g.Estimate()
			g.Moves(child, 0)
			g.Undo(m)
		}
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per run, want 0", allocs)
	}
}

// TestLineElapsedMarksTheLine: a mate's LineElapsed is when a line of its
// length was first found, through the exact search and through the
// shortening (exact search off), never after the call's end.
func TestLineElapsedMarksTheLine(t *testing.T) {
	for _, exact := range []bool{true, false} {
		s, err := NewSolver(16)
		if err != nil {
			t.Fatal(err)
		}
		if !exact {
			s.exactMax = 0
		}
		for _, tc := range ownProblems {
			if tc.kind != Mate {
				continue
			}
			pos, err := shogi.ParseSFEN(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			r, err := s.Solve(context.Background(), pos, Options{Rules: tc.rules, DefenderToMove: tc.and, TimeLimit: 20 * time.Second})
			if err != nil || r.Kind != Mate {
				t.Fatalf("%s: %v %v", tc.name, r.Kind, err)
			}
			if _, ok := s.foundAt[r.Length]; !ok || r.LineElapsed <= 0 || r.LineElapsed > r.Elapsed {
				t.Errorf("%s (exact search %v): line of %d found at %v (recorded %v) in a call of %v", tc.name, exact, r.Length, r.LineElapsed, ok, r.Elapsed)
			}
			// LineNodes counts the line phase's work until then: within
			// the phase's total, and positive when the phase found it
			// after a search of its own.
			if n, ok := s.foundNodes[r.Length]; ok && (r.LineNodes != n || r.LineNodes > r.ExactNodes+s.walkNodes) {
				t.Errorf("%s (exact search %v): line of %d found after %d line-phase nodes (recorded %d), of %d in all", tc.name, exact, r.Length, r.LineNodes, n, r.ExactNodes+s.walkNodes)
			}
		}
		s.Close()
	}
}

// TestExactSearchOnlyUnderTsumeRules: short proofs go to the exact-length
// search under tsume rules (the composers' tie-break) and straight to the
// shortening under mate-search rules (exactFirst), which still proves the
// length minimal.
func TestExactSearchOnlyUnderTsumeRules(t *testing.T) {
	for _, tc := range ownProblems {
		if tc.kind != Mate {
			continue
		}
		s, err := NewSolver(16)
		if err != nil {
			t.Fatal(err)
		}
		exact := false
		s.phaseHook = func(ph string) { exact = exact || ph == "exact" }
		pos, _ := shogi.ParseSFEN(tc.sfen)
		r, err := s.Solve(context.Background(), pos, Options{Rules: tc.rules, DefenderToMove: tc.and, TimeLimit: 20 * time.Second})
		s.Close()
		if err != nil || r.Kind != Mate || r.Length != tc.length || !r.Minimal {
			t.Fatalf("%s: %v in %d (minimal %v), %v", tc.name, r.Kind, r.Length, r.Minimal, err)
		}
		if want := tc.rules == Tsume; exact != want {
			t.Errorf("%s (%v): exact search ran %v, want %v", tc.name, tc.rules, exact, want)
		}
	}
}
