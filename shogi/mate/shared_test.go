package mate

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
	forSharedShortSets(t, func(t *testing.T, s *Solver, sfen, expected string, rules Rules) {
		checkSharedProblem(t, s, sfen, expected, rules)
	})
}

// forSharedShortSets runs check as a subtest on every problem of the
// visible short sets (antma, YaneuraOu, sugyan, komori), on one Solver,
// with each file's rules (mate-search rules after a "real-game" comment).
func forSharedShortSets(t *testing.T, check func(t *testing.T, s *Solver, sfen, expected string, rules Rules)) {
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
			t.Run(filepath.Base(f)+":"+strconv.Itoa(n), func(t *testing.T) {
				check(t, s, fields[0], strings.TrimSpace(fields[1]), rules)
			})
		}
		fh.Close()
	}
}

// checkSharedProblem solves one problem of a shared set with the default
// algorithm and checks the answer (see checkAlgorithm).
func checkSharedProblem(t *testing.T, s *Solver, sfen, expected string, rules Rules) {
	t.Helper()
	checkAlgorithm(t, s, sfen, expected, rules, DFPN)
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
