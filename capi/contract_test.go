package main

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// withShogiSolve makes s answer shogi questions with solve instead of
// shogi/mate, so that the tests can feed capi answers the real solver is
// not supposed to give (fault injection) or stop it at a chosen phase.
func withShogiSolve(s *solver, solve func(context.Context, *shogi.Position, mate.Options) (mate.Result, error)) {
	s.solveShogi = solve
}

// contractSFEN is the mate in 3 the fakes pretend to solve; its real line
// is contractLine.
const contractSFEN = "9/3k5/9/3P5/9/9/9/9/9 b 2G 1"

var contractLine = []string{"G*6c", "6b6a", "G*6b"}

// askShogi solves contractSFEN on s (no limits).
func askShogi(t *testing.T, s *solver) (*result, error) {
	t.Helper()
	q := shogiQuery{sfen: contractSFEN}
	return s.solve(q.textKey(), func() (question, error) { return newShogiQuestion(q) }, limits{})
}

// verified is what shogi/mate's verifier reports for an accepted line.
func verified(n int) mate.Verification {
	return mate.Verification{Plies: n, FinalMate: true, OK: true}
}

// TestShogiAnswerContract injects answers into the capi front end: a
// mate is PROVEN only with a line the verifier accepted; anything else the
// solver calls a mate (Verified false, a verification that did not reach
// the end or the final mate, an empty line) comes out UNKNOWN with proven
// set and the line only as the candidate, and is not cached.
func TestShogiAnswerContract(t *testing.T) {
	line := contractLine
	tests := []struct {
		name      string
		mr        mate.Result
		kind      Kind
		proven    bool
		moves     []string
		candidate []string
	}{
		{"verified mate", mate.Result{Kind: mate.Mate, Proven: true, USI: line, Length: 3, Verified: true, Verification: verified(3), Minimal: true},
			KindProven, true, line, nil},
		{"mate with Verified false", mate.Result{Kind: mate.Mate, Proven: true, USI: line, Length: 3, Minimal: true,
			Verification: mate.Verification{Plies: 2, Problem: "the final position is not mate"}},
			KindUnknown, true, nil, line},
		{"Verified but not to the end", mate.Result{Kind: mate.Mate, Proven: true, USI: line, Length: 3, Verified: true,
			Verification: mate.Verification{Plies: 2, FinalMate: true, OK: true}},
			KindUnknown, true, nil, line},
		{"Verified but no final mate", mate.Result{Kind: mate.Mate, Proven: true, USI: line, Length: 3, Verified: true,
			Verification: mate.Verification{Plies: 3, OK: true}},
			KindUnknown, true, nil, line},
		{"mate in 0", mate.Result{Kind: mate.Mate, Proven: true, Verified: true, Verification: mate.Verification{OK: true, FinalMate: true}},
			KindUnknown, true, nil, nil},
		{"proven, no verified line", mate.Result{Kind: mate.Unknown, Proven: true, CandidateUSI: line, Note: "the mate is proven, but no line passed the verifier"},
			KindUnknown, true, nil, line},
		{"no mate", mate.Result{Kind: mate.NoMate}, KindDisproven, false, nil, nil},
		{"unknown", mate.Result{Kind: mate.Unknown}, KindUnknown, false, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestSolver(t, 1)
			calls := 0
			withShogiSolve(s, func(context.Context, *shogi.Position, mate.Options) (mate.Result, error) {
				calls++
				return tc.mr, nil
			})
			for ask := 0; ask < 2; ask++ {
				r, err := askShogi(t, s)
				if err != nil {
					t.Fatal(err)
				}
				if r.kind != tc.kind || r.proven != tc.proven || r.line() != strings.Join(tc.moves, " ") ||
					r.candidateLine() != strings.Join(tc.candidate, " ") {
					t.Fatalf("kind %d proven %v moves %q candidate %q; want kind %d proven %v moves %q candidate %q",
						r.kind, r.proven, r.line(), r.candidateLine(), tc.kind, tc.proven, tc.moves, tc.candidate)
				}
				if r.kind == KindProven && (!r.verified || r.length != int32(len(r.moves))) {
					t.Fatalf("a PROVEN answer with verified %v, length %d for %d moves", r.verified, r.length, len(r.moves))
				}
				if r.kind != KindProven && (r.verified || r.minimal || r.length != 0) {
					t.Fatalf("kind %d with verified %v minimal %v length %d", r.kind, r.verified, r.minimal, r.length)
				}
				if r.kind == KindUnknown && tc.proven && r.note == "" {
					t.Fatal("a proven mate without a verified line says nothing about why")
				}
			}
			if want := 1 + btoi(tc.kind == KindUnknown); calls != want {
				t.Fatalf("%d searches for two asks, want %d (only finished answers are cached)", calls, want)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestCancelledInEveryPhase: a search that tsume_cancel reaches returns
// TSUME_E_CANCELLED whatever phase it was in and whatever it had found,
// with a result under the answer contract, never cached. The stand-in
// solver blocks until the cancel and then answers as shogi/mate does when
// stopped in that phase.
func TestCancelledInEveryPhase(t *testing.T) {
	line := contractLine
	tests := []struct {
		phase  string
		mr     mate.Result
		kind   Kind
		proven bool
	}{
		{"proof", mate.Result{Kind: mate.Unknown, Stop: 0}, KindUnknown, false},
		{"line search, a verified line found", mate.Result{Kind: mate.Mate, Proven: true, USI: line, Length: 3, Verified: true, Verification: verified(3)},
			KindProven, true},
		{"line search, nothing verified", mate.Result{Kind: mate.Unknown, Proven: true, CandidateUSI: line}, KindUnknown, true},
		{"verification, solver breaks the contract", mate.Result{Kind: mate.Mate, Proven: true, USI: line, Length: 3,
			Verification: mate.Verification{Plies: 1, Problem: "stopped"}}, KindUnknown, true},
		{"disproof finished as the cancel came", mate.Result{Kind: mate.NoMate}, KindDisproven, false},
	}
	for _, tc := range tests {
		t.Run(tc.phase, func(t *testing.T) {
			s := newTestSolver(t, 1)
			started := make(chan struct{})
			calls := 0
			withShogiSolve(s, func(ctx context.Context, _ *shogi.Position, _ mate.Options) (mate.Result, error) {
				calls++
				close(started)
				<-ctx.Done()
				return tc.mr, nil
			})
			var wg sync.WaitGroup
			var r *result
			var err error
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err = askShogi(t, s)
			}()
			<-started
			s.requestCancel()
			wg.Wait()
			if statusOf(err) != StatusCancelled {
				t.Fatalf("status %d (%v), want CANCELLED", statusOf(err), err)
			}
			if r == nil || r.kind != tc.kind || r.proven != tc.proven {
				t.Fatalf("result %+v, want kind %d proven %v", r, tc.kind, tc.proven)
			}
			// Not cached: the next ask searches again (and is not cancelled).
			started = make(chan struct{})
			withShogiSolve(s, func(context.Context, *shogi.Position, mate.Options) (mate.Result, error) {
				calls++
				return mate.Result{Kind: mate.NoMate}, nil
			})
			if r, err := askShogi(t, s); err != nil || r.cached || calls != 2 {
				t.Fatalf("after the cancel: %+v, %v, %d searches: the cancelled answer was cached", r, err, calls)
			}
		})
	}
}

// TestTimeLimitIsNotCancelled: a verified mate found when the time limit
// ends the line search is an ordinary TSUME_OK answer (not cached, since
// a later ask with more time may prove it minimal).
func TestTimeLimitIsNotCancelled(t *testing.T) {
	s := newTestSolver(t, 1)
	withShogiSolve(s, func(ctx context.Context, _ *shogi.Position, _ mate.Options) (mate.Result, error) {
		<-ctx.Done()
		return mate.Result{Kind: mate.Mate, Proven: true, USI: contractLine, Length: 3, Verified: true, Verification: verified(3)}, nil
	})
	q := shogiQuery{sfen: contractSFEN}
	r, err := s.solve(q.textKey(), func() (question, error) { return newShogiQuestion(q) }, limits{time: 5 * time.Millisecond})
	if err != nil || r.kind != KindProven {
		t.Fatalf("%+v, %v: want a verified mate and TSUME_OK", r, err)
	}
}

// TestRealShogiAnswers runs shogi/mate itself through the front end: the
// flags of a mate, a no-mate and a stopped search agree with the contract.
func TestRealShogiAnswers(t *testing.T) {
	s := newTestSolver(t, 0)
	r, err := askShogi(t, s)
	if err != nil || r.kind != KindProven || !r.proven || !r.verified || !r.minimal || r.line() != strings.Join(contractLine, " ") || r.candidate != nil {
		t.Fatalf("mate in 3: %+v, %v", r, err)
	}
	q := shogiQuery{sfen: "8k/9/9/9/9/9/9/9/9 b B2S 1"}
	r, err = s.solve(q.textKey(), func() (question, error) { return newShogiQuestion(q) }, limits{nodes: 10})
	if err != nil || r.kind != KindUnknown || r.proven || r.candidate != nil || r.note == "" {
		t.Fatalf("10 nodes on a no-mate: %+v, %v; want unknown, not proven, with a note", r, err)
	}
}

// TestParseErrorPassesThrough: the SFEN parser's message reaches the caller
// as the parser wrote it, multibyte and invalid bytes included (capi adds
// nothing but a prefix for the moves field).
func TestParseErrorPassesThrough(t *testing.T) {
	for _, sfen := range []string{
		"4k4/9/4é4/9/9/9/9/9/9 b G 1",
		"4k4/9/4\xff4/9/9/9/9/9/9 b G 1",
		"4k4/9/4P4/9/9/9/9/9/9 b Gé 1",
		"4k4/9/4P4/9/9/9/9/9/9 b G\xfe 1",
	} {
		_, want := shogi.ParseSFEN(sfen)
		if want == nil {
			t.Fatalf("%q parsed", sfen)
		}
		_, err := newShogiQuestion(shogiQuery{sfen: sfen})
		if statusOf(err) != StatusParse || err.Error() != want.Error() {
			t.Errorf("%q: %v (status %d), want the parser's %q", sfen, err, statusOf(err), want)
		}
	}
	_, want := shogi.ParseUSIMove(mustSFEN(t, contractSFEN), "G*6é")
	_, err := newShogiQuestion(shogiQuery{sfen: contractSFEN, moves: "G*6é"})
	if want == nil || statusOf(err) != StatusParse || err.Error() != "moves: move 1: "+want.Error() {
		t.Errorf("move G*6é: %v, want the parser's %v after \"moves: move 1: \"", err, want)
	}
}

func mustSFEN(t *testing.T, sfen string) *shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCancelInLineSearch cancels the real shogi/mate search the moment its
// line search reports progress (after the proof), on the tail of
// Microcosmos whose published solution has 31 plies (../shared): the call
// returns TSUME_E_CANCELLED, with a result under the answer contract.
func TestCancelInLineSearch(t *testing.T) {
	start, moves := sharedtest.Microcosmos(t)
	q := shogiQuery{sfen: start, moves: strings.Join(moves[:len(moves)-31], " ")}
	s := newTestSolverHash(t, 64, 0)
	var phases []string
	withShogiSolve(s, func(ctx context.Context, pos *shogi.Position, o mate.Options) (mate.Result, error) {
		o.ProgressEvery = 10 * time.Millisecond
		o.Progress = func(p mate.Progress) {
			if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
				phases = append(phases, p.Phase)
			}
			if p.Phase != "proof" {
				s.requestCancel()
			}
		}
		return s.shogi.Solve(ctx, pos, o)
	})
	r, err := s.solve(q.textKey(), func() (question, error) { return newShogiQuestion(q) }, limits{time: 5 * time.Minute})
	t.Logf("phases %v: kind %d proven %v verified %v length %d, %.0f ms, %v", phases, r.kind, r.proven, r.verified, r.length, r.stats.timeMS, err)
	if len(phases) == 0 || phases[len(phases)-1] == "proof" {
		t.Fatalf("the line search reported no progress (phases %v): the fixture does not reach it", phases)
	}
	if statusOf(err) != StatusCancelled {
		t.Fatalf("cancelled in the %s phase: status %d (%v), want CANCELLED", phases[len(phases)-1], statusOf(err), err)
	}
	if !r.proven || (r.kind == KindProven) != r.verified || r.kind == KindDisproven {
		t.Fatalf("kind %d proven %v verified %v: not the contract after a proof", r.kind, r.proven, r.verified)
	}
}
