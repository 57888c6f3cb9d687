package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

// realStarts reads the real-game end-games of ../shared, if present.
func realStarts(t *testing.T) []string {
	dir := sharedtest.Dir()
	if dir == "" {
		return nil
	}
	f, err := os.Open(filepath.Join(dir, "problems", "shogi", "yaneuraou5m_heads_mate3_5_7.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := ReadStarts(f)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPositionsReproducible: the same seed gives the same positions,
// another seed others; each is a legal SFEN whose side to move has a check
// or is in check, and no board and side repeats.
func TestPositionsReproducible(t *testing.T) {
	for _, starts := range [][]string{nil, realStarts(t)} {
		a, err := Positions(7, 40, starts)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Positions(7, 40, starts)
		c, _ := Positions(8, 40, starts)
		if len(a) != 40 || strings.Join(a, "|") != strings.Join(b, "|") {
			t.Fatalf("seed 7 gave %d then %d positions, or different ones", len(a), len(b))
		}
		if strings.Join(a, "|") == strings.Join(c, "|") {
			t.Fatal("seeds 7 and 8 gave the same positions")
		}
		seen := map[string]bool{}
		for _, sfen := range a {
			p, err := shogi.ParseSFEN(sfen)
			if err != nil {
				t.Fatalf("%s: %v", sfen, err)
			}
			var buf [shogi.MaxMoves]shogi.Move
			if !p.InCheck() && len(p.GenerateChecks(buf[:0])) == 0 {
				t.Errorf("%s: no check and not in check", sfen)
			}
			k := strings.Join(strings.Fields(sfen)[:3], " ")
			if seen[k] {
				t.Errorf("%s: repeated", sfen)
			}
			seen[k] = true
		}
	}
}

// TestBadStarts: a start that is no SFEN is an error naming its line.
func TestBadStarts(t *testing.T) {
	_, err := ReadStarts(strings.NewReader("# comment\n\n" + shogi.StartSFEN + "\tmate in 3\nnot a position\n"))
	if err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Fatalf("got %v, want an error naming line 4", err)
	}
	s, err := ReadStarts(strings.NewReader(shogi.StartSFEN + "\tx\n"))
	if err != nil || len(s) != 1 || s[0] != shogi.StartSFEN {
		t.Fatalf("got %q, %v", s, err)
	}
	if _, err := Positions(1, 1, []string{"junk"}); err == nil {
		t.Fatal("Positions accepted a bad start")
	}
}

// pinnedSeed1 is the first position of seed 1 from the start position,
// the same before and after the move generator's order changed.
const pinnedSeed1 = "lng6/rsp5B/p3kpn1+L/1pgp5/9/P2P5/LPP1PPGPP/3S1K1R1/1N2G1SNL b S5Pb 51"

// TestPositionsIndependentOfMoveOrder pins the first positions of seed 1
// from the start position: they change only if the games' rules change,
// not with the order in which the move generator lists moves.
func TestPositionsIndependentOfMoveOrder(t *testing.T) {
	ps, err := Positions(1, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 || ps[0] != pinnedSeed1 {
		t.Errorf("seed 1 starts with %q, want %q", ps[0], pinnedSeed1)
	}
}
