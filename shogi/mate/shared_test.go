package mate

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

// sharedDir returns ../shared/problems/shogi, or skips the test.
func sharedDir(t *testing.T) string {
	t.Helper()
	return filepath.Join(sharedtest.Require(t), "problems", "shogi")
}

// TestSharedShortSets solves every problem of the short shared sets: each
// answer must match the expected field, be verified and, for a published
// length, be proven minimal. Real-game sets run under mate-search rules.
func TestSharedShortSets(t *testing.T) {
	dir := sharedDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "komori_mate_engine_test_*.tsv"))
	files = append([]string{
		filepath.Join(dir, "antma_tsume_1to9.tsv"),
		filepath.Join(dir, "yaneuraou5m_heads_mate3_5_7.tsv"),
		filepath.Join(dir, "sugyan_misc.tsv"),
	}, files...)
	s, err := NewSolver(64)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		rules := Tsume
		sc := bufio.NewScanner(fh)
		n := 0
		for sc.Scan() {
			n++
			line := sc.Text()
			if strings.HasPrefix(line, "#") {
				if strings.Contains(line, "real-game") {
					rules = MateSearch
				}
				continue
			}
			fields := strings.Split(line, "\t")
			if len(fields) < 2 {
				continue
			}
			name := filepath.Base(f) + ":" + strconv.Itoa(n)
			t.Run(name, func(t *testing.T) {
				checkSharedProblem(t, s, fields[0], strings.TrimSpace(fields[1]), rules)
			})
		}
		fh.Close()
	}
}

func checkSharedProblem(t *testing.T, s *Solver, sfen, expected string, rules Rules) {
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	s.Clear()
	r, err := s.Solve(context.Background(), pos, Options{Rules: rules, TimeLimit: 30 * time.Second})
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
	t.Logf("%v in %d, %v, %d+%d nodes", r.Kind, r.Length, r.Elapsed.Round(time.Millisecond), r.Stats.Expanded, r.ExactNodes)
}

// TestHeavyMicrocosmosLine replays the published 1525-ply solution of
// Microcosmos through the verifier (with a small budget for the defender
// alternatives): every move legal, every attacker move a check, the final
// position mate; and a line with one attacker move replaced is rejected.
func TestHeavyMicrocosmosLine(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: replays 1525 plies")
	}
	sfen, moves := microcosmosFile(t)
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	p := pos.Clone()
	var line []shogi.Move
	for _, u := range moves {
		m, err := shogi.ParseUSIMove(p, u)
		if err != nil {
			t.Fatalf("move %d %s: %v", len(line)+1, u, err)
		}
		p.Do(m)
		line = append(line, m)
	}
	if len(line) != 1525 {
		t.Fatalf("%d moves, want 1525", len(line))
	}
	v := verify(pos, shogi.Black, Tsume, line, 200, 20000)
	if !v.FinalMate || v.Plies != 1525 || v.Refuted == 0 || (!v.OK && !strings.Contains(v.Problem, "not settled")) {
		t.Fatalf("%+v", v)
	}
	t.Logf("%+v", v)
	// Replace the attacker's 101st move (ply 201) by another check.
	p = pos.Clone()
	for _, m := range line[:200] {
		p.Do(m)
	}
	var buf [shogi.MaxMoves]shogi.Move
	var other shogi.Move
	for _, m := range p.GenerateChecks(buf[:0]) {
		if m != line[200] {
			other = m
			break
		}
	}
	if other == shogi.NoMove {
		t.Skip("no other check at ply 201")
	}
	bad := append(append(append([]shogi.Move(nil), line[:200]...), other), line[201:]...)
	if v := verify(pos, shogi.Black, Tsume, bad, 200, 20000); v.OK || v.FinalMate {
		t.Fatalf("tampered line accepted: %+v", v)
	}
}
