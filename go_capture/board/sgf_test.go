package board

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/internal/sharedtest"
)

func TestParseSGF(t *testing.T) {
	tests := []struct {
		name    string
		sgf     string
		limit   int
		toMove  Color
		black   []string
		white   []string
		ko      string
		wantErr string
	}{
		{name: "setup and PL", sgf: "(;FF[4]SZ[9]AB[aa][bb]AW[cc]PL[W])", toMove: White,
			black: []string{"A9", "B8"}, white: []string{"C7"}},
		{name: "moves alternate", sgf: "(;SZ[9];B[ee];W[ef])", toMove: Black,
			black: []string{"E5"}, white: []string{"E4"}},
		{name: "move limit stops before move N", sgf: "(;SZ[9];B[ee];W[ef];B[dd])", limit: 2, toMove: White,
			black: []string{"E5"}},
		{name: "compressed rectangle and AE", sgf: "(;SZ[5]AB[aa:bb];AE[ab])", toMove: Black,
			black: []string{"A5", "B5", "B4"}},
		{name: "square board written as a rectangle", sgf: "(;SZ[5:5]AB[aa])", toMove: Black, black: []string{"A5"}},
		{name: "UTF-8 byte-order mark", sgf: "\xef\xbb\xbf(;SZ[5]AB[aa])", toMove: Black, black: []string{"A5"}},
		{name: "GM[1] is Go", sgf: "(;GM[1]SZ[5]AB[aa])", toMove: Black, black: []string{"A5"}},
		{name: "rectangular board", sgf: "(;SZ[19:13])", wantErr: "byte 5: SZ[19:13]: only square boards"},
		{name: "not Go", sgf: "(;FF[4]GM[2]SZ[8])", wantErr: "byte 10: GM[2]: not a game of Go"},
		{name: "BOM offsets count the mark", sgf: "\xef\xbb\xbf(;GM[3])", wantErr: "byte 8: GM[3]"},
		{name: "two stones on one point", sgf: "(;SZ[5]AB[aa][bb]AW[cc][bb])", wantErr: "byte 24: AW[bb]: node 0: point B4 is already set up in this node (AB at byte 7)"},
		{name: "one stone named twice", sgf: "(;SZ[5]AB[aa:bb][ab])", wantErr: "byte 17: AB[ab]: node 0: point A4 is already set up"},
		{name: "a stone and an empty point", sgf: "(;SZ[5];AB[aa]AE[aa])", wantErr: "AE[aa]: node 1: point A5 is already set up"},
		{name: "huge property value", sgf: "(;SZ[" + strings.Repeat("\x01", 5000) + "])", wantErr: "\\x01\\x01…]: the board size is not a number"},
		{name: "main line only", sgf: "(;SZ[5](;B[aa])(;B[bb]))", toMove: White, black: []string{"A5"}},
		{name: "pass move", sgf: "(;SZ[9];B[];W[tt])", toMove: Black},
		{name: "IL on a stone", sgf: "(;SZ[5]AB[aa]PL[W]IL[aa])", wantErr: "occupied"},
		{name: "IL ko ban for the side to move", sgf: "(;SZ[5]AB[bc][ad][be]AW[cc][dd][ce][bd]AE[cd]PL[B]IL[cd])",
			toMove: Black, ko: "C2", black: []string{"B3", "A2", "B1"}, white: []string{"C3", "B2", "D2", "C1"}},
		{name: "IL on a legal non-ko point", sgf: "(;SZ[5]PL[B]IL[cc])", wantErr: "may legally play"},
		{name: "unclosed tree", sgf: "(;SZ[9]", wantErr: "unexpected end"},
		{name: "unclosed value", sgf: "(;SZ[9]AB[aa", wantErr: "not closed"},
		{name: "no tree", sgf: "SZ[9]", wantErr: "expected '('"},
		{name: "bad size", sgf: "(;SZ[25])", wantErr: "outside"},
		{name: "size not a number", sgf: "(;SZ[x])", wantErr: "not a number"},
		{name: "point off board", sgf: "(;SZ[9]AB[zz])", wantErr: "off a 9x9"},
		{name: "occupied move", sgf: "(;SZ[9];B[aa];W[aa])", wantErr: "move 2"},
		{name: "dead setup string", sgf: "(;SZ[5]AB[aa]AW[ba][ab])", wantErr: "no liberty"},
		{name: "bad PL", sgf: "(;SZ[9]PL[X])", wantErr: "PL[X]"},
		{name: "property without value", sgf: "(;SZ[9]AB)", wantErr: "no value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, toMove, err := ParseSGF(tc.sgf, tc.limit)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if toMove != tc.toMove {
				t.Errorf("to move %v, want %v", toMove, tc.toMove)
			}
			count := map[Color]int{}
			for p := Point(0); int(p) < b.NumPoints(); p++ {
				count[b.At(p)]++
			}
			for _, v := range tc.black {
				if b.At(mustVertex(t, b, v)) != Black {
					t.Errorf("%s is not black\n%s", v, b)
				}
			}
			for _, v := range tc.white {
				if b.At(mustVertex(t, b, v)) != White {
					t.Errorf("%s is not white\n%s", v, b)
				}
			}
			if count[Black] != len(tc.black) || count[White] != len(tc.white) {
				t.Errorf("%d black and %d white stones, want %d and %d\n%s", count[Black], count[White], len(tc.black), len(tc.white), b)
			}
			ko, koColor := b.Ko()
			if tc.ko == "" && ko != NoPoint || tc.ko != "" && (b.Vertex(ko) != tc.ko || koColor != toMove) {
				t.Errorf("ko %s for %v, want %q for %v", b.Vertex(ko), koColor, tc.ko, toMove)
			}
		})
	}
}

// FuzzParseSGF checks that no input makes the parser panic or hang and
// that every accepted position is consistent.
func FuzzParseSGF(f *testing.F) {
	for _, s := range []string{
		"(;FF[4]SZ[9]AB[aa][bb]AW[cc]PL[W])",
		"(;SZ[5](;B[aa];W[bb])(;B[cc]))",
		"(;SZ[5]AB[aa:cc]AE[bb]IL[dd])",
		"(;SZ[19]C[a \\] comment];B[pd];W[dp];B[tt])",
		"(;SZ[5]AB[bc][ad][be]AW[cc][dd][ce][bd]PL[B]IL[cd])",
	} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, s string, limit int) {
		if limit < 0 || limit > 1000 {
			limit = 0
		}
		b, _, err := ParseSGF(s, limit)
		if err != nil {
			return
		}
		checkConsistent(t, b)
	})
}

// TestSuitePositionsLoad loads every position of the GNU Go reading suite
// and plays its setup moves.
func TestSuitePositionsLoad(t *testing.T) {
	shared := sharedtest.Dir()
	if shared == "" {
		t.Skip("../shared is absent")
	}
	dir := filepath.Join(shared, "problems", "go")
	data, err := os.ReadFile(filepath.Join(dir, "gnugo-reading.jsonl"))
	if err != nil {
		t.Skip("suite absent:", err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var rec struct {
			ID         int        `json:"id"`
			Args       []string   `json:"args"`
			Position   string     `json:"position_sgf"`
			SetupMoves [][]string `json:"setup_moves"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		text, err := os.ReadFile(filepath.Join(dir, rec.Position))
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := ParseSGF(string(text), 0)
		if err != nil {
			t.Fatalf("test %d: %v", rec.ID, err)
		}
		for _, m := range rec.SetupMoves {
			p, err := ParseVertex(m[2], b.Size())
			if err != nil {
				t.Fatalf("test %d: %v", rec.ID, err)
			}
			c := White
			if strings.HasPrefix(strings.ToLower(m[1]), "b") {
				c = Black
			}
			if m[0] == "play" && b.At(p) == c {
				continue // the normalized position already holds GNU Go's "play" moves
			}
			if err := b.Play(p, c); err != nil {
				t.Fatalf("test %d: setup %v: %v", rec.ID, m, err)
			}
		}
		target, err := ParseVertex(rec.Args[0], b.Size())
		if err != nil || b.At(target) == Empty {
			t.Fatalf("test %d: target %s is not a stone (%v)", rec.ID, rec.Args[0], err)
		}
		n++
	}
	t.Logf("%d positions loaded", n)
}
