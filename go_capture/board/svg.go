package board

import (
	"fmt"
	"strings"
)

// SVG geometry, in user units.
const (
	svgGap    = 24 // between lines
	svgMargin = 28 // room for the coordinates
)

// SVG draws the board as an SVG picture for a capture question: the
// stones, the string at target ringed, and line (the answer's move and
// the moves after it, first played by first) numbered on their points in
// the colour of the side playing them; a point played twice keeps its
// first number. Each stone is a <circle class="stone"> with data-vertex
// (GTP, e.g. "D4") and data-color ("b" or "w"), each numbered move a
// <text class="move"> with data-vertex and data-n, so a program can read
// the picture back.
func (b *Board) SVG(target Point, line []Point, first Color) string {
	n := b.size
	side := 2*svgMargin + (n-1)*svgGap
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n", side, side, side, side)
	fmt.Fprintf(&s, `<rect width="%d" height="%d" fill="#dcb35c"/>`+"\n", side, side)
	for i := 0; i < n; i++ {
		a := svgMargin + i*svgGap
		fmt.Fprintf(&s, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000"/>`+"\n", svgMargin, a, side-svgMargin, a)
		fmt.Fprintf(&s, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000"/>`+"\n", a, svgMargin, a, side-svgMargin)
		col := FormatVertex(Point(i), n)[:1]
		fmt.Fprintf(&s, `<text x="%d" y="%d" font-size="11" text-anchor="middle">%s</text>`+"\n", a, svgMargin-12, col)
		fmt.Fprintf(&s, `<text x="%d" y="%d" font-size="11" text-anchor="middle">%d</text>`+"\n", svgMargin-16, svgMargin+(n-1-i)*svgGap+4, i+1)
	}
	var ringed Bitset
	if target >= 0 && int(target) < n*n && b.At(target) != Empty {
		ringed = *b.Stones(target)
	}
	for p := Point(0); int(p) < n*n; p++ {
		c := b.At(p)
		if c != Empty && c != Black && c != White {
			continue
		}
		x, y := b.svgXY(p)
		if c != Empty {
			fill, stroke, letter := "#111", "#000", "b"
			if c == White {
				fill, letter = "#f8f8f8", "w"
			}
			fmt.Fprintf(&s, `<circle class="stone" data-vertex="%s" data-color="%s" cx="%d" cy="%d" r="%d" fill="%s" stroke="%s"/>`+"\n",
				b.Vertex(p), letter, x, y, svgGap/2-1, fill, stroke)
		}
		if ringed.Has(p) {
			fmt.Fprintf(&s, `<circle class="target" data-vertex="%s" cx="%d" cy="%d" r="%d" fill="none" stroke="#d62728" stroke-width="3"/>`+"\n",
				b.Vertex(p), x, y, svgGap/2+2)
		}
	}
	seen := map[Point]bool{}
	c := first
	for i, p := range line {
		if p >= 0 && int(p) < n*n && !seen[p] {
			seen[p] = true
			x, y := b.svgXY(p)
			fill, ink := "#111", "#fff"
			if c == White {
				fill, ink = "#f8f8f8", "#000"
			}
			if b.At(p) == Empty {
				fmt.Fprintf(&s, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="#000" fill-opacity="0.85"/>`+"\n", x, y, svgGap/2-1, fill)
			} else {
				ink = "#d62728"
			}
			fmt.Fprintf(&s, `<text class="move" data-vertex="%s" data-n="%d" x="%d" y="%d" font-size="12" font-weight="bold" text-anchor="middle" fill="%s">%d</text>`+"\n",
				b.Vertex(p), i+1, x, y+4, ink, i+1)
		}
		c = c.Opponent()
	}
	s.WriteString("</svg>\n")
	return s.String()
}

// svgXY is a point's centre, row 1 at the bottom.
func (b *Board) svgXY(p Point) (int, int) {
	col, row := int(p)%b.size, int(p)/b.size
	return svgMargin + col*svgGap, svgMargin + (b.size-1-row)*svgGap
}
