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

	"github.com/tsume-solver/tsume/shogi"
)

// sharedDir finds ../shared next to the repository root (the directory
// holding go.mod), or skips the test.
func sharedDir(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("repository root not found")
		}
		dir = parent
	}
	shared := filepath.Join(dir, "..", "shared", "problems", "shogi")
	if _, err := os.Stat(shared); err != nil {
		t.Skipf("test data %s absent", shared)
	}
	return shared
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
