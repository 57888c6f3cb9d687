package mate

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi"
)

// TestSharedShortSetsCStar solves the short shared sets with C* as the
// proof search: every answer must be df-pn's (the expected field), with a
// verified line, and a published length proven minimal.
func TestSharedShortSetsCStar(t *testing.T) {
	var iterations, expanded uint64
	forSharedShortSets(t, func(t *testing.T, s *Solver, sfen, expected string, rules Rules) {
		r := checkAlgorithm(t, s, sfen, expected, rules, CStar)
		iterations += r.Stats.Iterations
		expanded += r.Stats.Expanded
	})
	t.Logf("C*: %d iterations, %d expansions in all", iterations, expanded)
}

// checkAlgorithm is checkSharedProblem with the proof search chosen.
func checkAlgorithm(t *testing.T, s *Solver, sfen, expected string, rules Rules, a Algorithm) Result {
	t.Helper()
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	s.Clear()
	r, err := s.Solve(context.Background(), pos, Options{Rules: rules, Algorithm: a, TimeLimit: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind == Mate && !r.Verified {
		t.Fatalf("line %v not verified: %s", r.USI, r.Verification.Problem)
	}
	switch {
	case expected == "nomate":
		if r.Kind != NoMate {
			t.Fatalf("got %v %v, want nomate", r.Kind, r.USI)
		}
	case expected == "" || expected == "mate":
		if r.Kind != Mate {
			t.Fatalf("got %v, want a mate", r.Kind)
		}
	case strings.HasPrefix(expected, ">="):
		n, _ := strconv.Atoi(expected[2:])
		if r.Kind != Mate || r.Length < n {
			t.Fatalf("got %v in %d, want a mate of at least %d", r.Kind, r.Length, n)
		}
	default:
		n, err := strconv.Atoi(expected)
		if err != nil {
			t.Fatalf("bad expected field %q", expected)
		}
		if r.Kind != Mate || r.Length != n || !r.Minimal {
			t.Fatalf("got %v in %d (minimal %v) %v, want mate in %d", r.Kind, r.Length, r.Minimal, r.USI, n)
		}
	}
	return r
}

// TestCStarAlgorithmName: cstar parses, prints and maps to the core's C*
// with the two extensions the solver uses.
func TestCStarAlgorithmName(t *testing.T) {
	a, err := ParseAlgorithm("cstar")
	if err != nil || a != CStar || a.String() != "cstar" {
		t.Fatalf("ParseAlgorithm(cstar) = %v, %v", a, err)
	}
	co := coreOptions(Options{Algorithm: CStar})
	if co.Algorithm.String() != "c*" || !co.CStarANDCost || !co.CStarBestFirst {
		t.Errorf("core options %+v", co)
	}
}
