package record

import (
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/internal/svgtest"
	"github.com/tsume-solver/tsume/shogi"
)

// svgPieces reads the pieces back from an SVG picture: square -> colour
// and SFEN letter, by the data attributes SVG documents; and how many
// elements each class has.
func svgPieces(t *testing.T, svg string) (pieces map[string]string, classes map[string]int) {
	t.Helper()
	pieces, classes = map[string]string{}, map[string]int{}
	for _, a := range svgtest.Elements(t, svg) {
		classes[a["class"]]++
		if a["class"] == "piece" {
			pieces[a["data-square"]] = a["data-color"] + ":" + a["data-piece"]
		}
	}
	return pieces, classes
}

// TestSVGStructure: every piece of the position is drawn on its square
// with its colour (Black at the bottom, files 9..1 left to right), the
// first move is marked, the hands and the moves are listed, in kanji and
// in Western letters.
func TestSVGStructure(t *testing.T) {
	const sfen = "ln4+L1k/4+B3s/7PP/9/4r4/9/9/9/K8 b GSr 1"
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for s := shogi.Square(0); s < 81; s++ {
		if pc := p.PieceAt(s); pc != shogi.Empty {
			c := "b"
			if pc.Color() == shogi.White {
				c = "w"
			}
			want[string(rune('0'+s.File()))+string(rune('0'+s.Rank()))] = c + ":" + sfenLetter(pc)
		}
	}
	_, ms := line(t, mate3, "S*1b", "2a1b", "G*2b")
	for _, western := range []bool{false, true} {
		svg, err := SVG(p, nil, false, SVGOptions{Western: western})
		if err != nil {
			t.Fatal(err)
		}
		got, classes := svgPieces(t, svg)
		if len(got) != len(want) {
			t.Errorf("western %v: %d pieces drawn, want %d", western, len(got), len(want))
		}
		for sq, w := range want {
			if got[sq] != w {
				t.Errorf("western %v: square %s has %q, want %q", western, sq, got[sq], w)
			}
		}
		if classes["hand"] != 2 || classes["first-to"] != 0 {
			t.Errorf("western %v: classes %v", western, classes)
		}
		if western && !strings.Contains(svg, ">+L<") {
			t.Errorf("western letters missing:\n%s", svg)
		}
	}
	p3, _ := line(t, mate3)
	svg, err := SVG(p3, ms, true, SVGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, classes := svgPieces(t, svg)
	if classes["first-to"] != 1 || classes["first-from"] != 0 || classes["moves"] != 1 {
		t.Errorf("classes %v: want the first move's drop square marked and one line of moves", classes)
	}
	for _, w := range []string{"mate in 3", "1 ▲１二銀打", "2 △同　銀", "☗ 持駒 金　銀"} {
		if !strings.Contains(svg, w) {
			t.Errorf("SVG lacks %q", w)
		}
	}
	// The square 1a is drawn at the top right, 9i at the bottom left.
	x1, y1 := squareXY(shogi.NewSquare(1, 1))
	x9, y9 := squareXY(shogi.NewSquare(9, 9))
	if !(x1 > x9 && y1 < y9) {
		t.Errorf("1a at (%d,%d), 9i at (%d,%d): not Black's view", x1, y1, x9, y9)
	}
	if _, err := SVG(p3, []shogi.Move{ms[0], ms[2]}, true, SVGOptions{}); err == nil {
		t.Errorf("an illegal line gave no error")
	}
}
