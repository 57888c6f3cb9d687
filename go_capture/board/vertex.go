package board

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// QuoteLimit is the number of bytes of an input that Quote shows.
const QuoteLimit = 64

// Quote shows an input in an error message: double-quoted with what is
// not printable escaped (strconv.Quote), and cut after QuoteLimit bytes
// (at a character boundary) with "…" after the closing quote and the
// input's length, so that a huge or binary input cannot flood the
// message.
func Quote(s string) string {
	if len(s) <= QuoteLimit {
		return strconv.Quote(s)
	}
	cut := QuoteLimit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:cut]), len(s))
}

// gtpColumns are the GTP column letters: A to T without I.
const gtpColumns = "ABCDEFGHJKLMNOPQRST"

// ParseVertex reads a GTP vertex ("D4", "t19", "pass") for a board of
// the given size.
func ParseVertex(s string, size int) (Point, error) {
	if size < MinSize || size > MaxSize {
		return NoPoint, fmt.Errorf("vertex %s: board size %d is outside %d..%d", Quote(s), size, MinSize, MaxSize)
	}
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "PASS" {
		return Pass, nil
	}
	if len(t) < 2 || len(t) > 3 {
		return NoPoint, fmt.Errorf("vertex %s: want a column letter and a row number, like D4", Quote(s))
	}
	col := strings.IndexByte(gtpColumns, t[0])
	if col < 0 {
		return NoPoint, fmt.Errorf("vertex %s: column %q is not one of A-T (I is skipped)", Quote(s), t[0])
	}
	row := 0
	for _, ch := range t[1:] {
		if ch < '0' || ch > '9' {
			return NoPoint, fmt.Errorf("vertex %s: row %q is not a number", Quote(s), t[1:])
		}
		row = row*10 + int(ch-'0')
	}
	if col >= size || row < 1 || row > size {
		return NoPoint, fmt.Errorf("vertex %s: off a %dx%d board", Quote(s), size, size)
	}
	return Point((row-1)*size + col), nil
}

// FormatVertex writes p as a GTP vertex ("D4", "PASS"); NoPoint is "-".
func FormatVertex(p Point, size int) string {
	switch {
	case p == Pass:
		return "PASS"
	case p < 0 || size < 1 || int(p) >= size*size || size > MaxSize:
		return "-"
	}
	return fmt.Sprintf("%c%d", gtpColumns[int(p)%size], int(p)/size+1)
}

// Vertex is FormatVertex for this board's size.
func (b *Board) Vertex(p Point) string { return FormatVertex(p, b.size) }

// String draws the board: X for Black, O for White, with GTP
// coordinates, row 1 at the bottom (as GTP showboard does).
func (b *Board) String() string {
	var sb strings.Builder
	header := "   " + strings.Join(strings.Split(gtpColumns[:b.size], ""), " ") + "\n"
	sb.WriteString(header)
	for y := b.size - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%2d", y+1)
		for x := 0; x < b.size; x++ {
			p := Point(y*b.size + x)
			ch := byte('.')
			switch b.color[p] {
			case Black:
				ch = 'X'
			case White:
				ch = 'O'
			}
			sb.WriteByte(' ')
			sb.WriteByte(ch)
		}
		fmt.Fprintf(&sb, " %d\n", y+1)
	}
	sb.WriteString(header)
	return sb.String()
}
