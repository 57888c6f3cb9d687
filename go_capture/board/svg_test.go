package board

import (
	"testing"

	"github.com/tsume-solver/tsume/internal/svgtest"
)

// TestSVGStructure: the stones are drawn on their vertices in their
// colours (A1 at the bottom left), the target string is ringed stone by
// stone, and the line is numbered in order.
func TestSVGStructure(t *testing.T) {
	b, err := New(9)
	if err != nil {
		t.Fatal(err)
	}
	place := func(v string, c Color) Point {
		p, err := ParseVertex(v, 9)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Place(p, c); err != nil {
			t.Fatal(err)
		}
		return p
	}
	target := place("D4", White)
	place("E4", White)
	place("C4", Black)
	place("D5", Black)
	line := []Point{}
	for _, v := range []string{"D3", "E3", "E5"} {
		p, _ := ParseVertex(v, 9)
		line = append(line, p)
	}
	svg := b.SVG(target, line, Black)
	stones, rings, moves := map[string]string{}, map[string]bool{}, map[string]string{}
	for _, a := range svgtest.Elements(t, svg) {
		switch a["class"] {
		case "stone":
			stones[a["data-vertex"]] = a["data-color"]
		case "target":
			rings[a["data-vertex"]] = true
		case "move":
			moves[a["data-vertex"]] = a["data-n"]
		}
	}
	want := map[string]string{"D4": "w", "E4": "w", "C4": "b", "D5": "b"}
	if len(stones) != len(want) {
		t.Errorf("stones %v, want %v", stones, want)
	}
	for v, c := range want {
		if stones[v] != c {
			t.Errorf("%s: %q, want %q", v, stones[v], c)
		}
	}
	if len(rings) != 2 || !rings["D4"] || !rings["E4"] {
		t.Errorf("target rings %v, want D4 and E4", rings)
	}
	if moves["D3"] != "1" || moves["E3"] != "2" || moves["E5"] != "3" {
		t.Errorf("numbered moves %v", moves)
	}
	a1x, a1y := b.svgXY(0)
	j9x, j9y := b.svgXY(80)
	if !(a1x < j9x && a1y > j9y) {
		t.Errorf("A1 at (%d,%d), J9 at (%d,%d): A1 must be bottom left", a1x, a1y, j9x, j9y)
	}
}
