package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

// TestAnswerVerified checks the answer's contract after a proof: a line
// the verifier rejected is never the answer. It gives way to the last
// verified line, or the answer is Unknown with the line as the Candidate.
func TestAnswerVerified(t *testing.T) {
	pos, err := shogi.ParseSFEN("7sk/9/7PP/9/9/9/9/9/9 b GS 1")
	if err != nil {
		t.Fatal(err)
	}
	ms := pos.GenerateLegal(nil)
	if len(ms) < 3 {
		t.Fatal("fixture: too few moves")
	}
	bad := []shogi.Move{ms[0], ms[1]}
	good := []shogi.Move{ms[2]}
	rejected := Verification{Plies: 2, Problem: "the final position is not mate"}

	t.Run("no verified line", func(t *testing.T) {
		var s Solver
		res := Result{Kind: Mate, Proven: true, Moves: bad, USI: usiOf(bad), Length: 2, Minimal: true, Verification: rejected}
		s.answerVerified(&res)
		if res.Kind != Unknown || !res.Proven {
			t.Fatalf("kind %v proven %v, want unknown and proven", res.Kind, res.Proven)
		}
		if len(res.Moves) != 0 || len(res.USI) != 0 || res.Length != 0 || res.Minimal {
			t.Fatalf("the rejected line is still the answer: %v (len %d, minimal %v)", res.USI, res.Length, res.Minimal)
		}
		if len(res.Candidate) != 2 || len(res.CandidateUSI) != 2 {
			t.Fatalf("candidate %v, want the rejected line", res.CandidateUSI)
		}
	})
	t.Run("last verified line", func(t *testing.T) {
		var s Solver
		s.early.sure, s.early.sureV = good, Verification{Plies: 1, FinalMate: true, OK: true}
		res := Result{Kind: Mate, Proven: true, Moves: bad, USI: usiOf(bad), Length: 2, Minimal: true, Verification: rejected}
		s.answerVerified(&res)
		if res.Kind != Mate || !res.Verified || !res.Verification.OK {
			t.Fatalf("kind %v verified %v, want the verified line as a mate", res.Kind, res.Verified)
		}
		if res.Length != 1 || len(res.USI) != 1 || res.USI[0] != good[0].USI() || res.Minimal {
			t.Fatalf("answer %v (len %d, minimal %v), want the verified line, not minimal", res.USI, res.Length, res.Minimal)
		}
		if res.Candidate != nil {
			t.Fatalf("candidate %v with a verified answer", res.CandidateUSI)
		}
	})
	t.Run("verified stays", func(t *testing.T) {
		var s Solver
		res := Result{Kind: Mate, Proven: true, Moves: good, USI: usiOf(good), Length: 1, Verified: true, Verification: Verification{OK: true}}
		s.answerVerified(&res)
		if res.Kind != Mate || res.Length != 1 {
			t.Fatalf("a verified answer changed: %v", res.Kind)
		}
	})
}

// TestAutoDefender: with AutoDefender the side to move defends exactly
// when it is in check.
func TestAutoDefender(t *testing.T) {
	pos, err := shogi.ParseSFEN("7sk/9/7PP/9/9/9/9/9/9 b GS 1")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Rules: MateSearch, AutoDefender: true, TimeLimit: 0, NodeLimit: 1_000_000}
	r, err := Solve(context.Background(), pos, o)
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != Mate || r.Length%2 != 1 {
		t.Fatalf("not in check: %v in %d, want an attacker's (odd) mate", r.Kind, r.Length)
	}
	after := pos.Clone()
	after.Do(r.Moves[0])
	if !after.InCheck() {
		t.Fatal("fixture: the first move is not a check")
	}
	r2, err := Solve(context.Background(), after, o)
	if err != nil {
		t.Fatal(err)
	}
	if r2.Kind != Mate || r2.Length != r.Length-1 {
		t.Fatalf("in check: %v in %d, want mated in %d (an AND root)", r2.Kind, r2.Length, r.Length-1)
	}
}
