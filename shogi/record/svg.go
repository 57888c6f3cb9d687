package record

import (
	"fmt"
	"html"
	"strings"

	"github.com/tsume-solver/tsume/shogi"
)

// SVGOptions chooses how SVG draws a problem.
type SVGOptions struct {
	// Western draws pieces as letters (P, L, N, S, G, B, R, K; + for
	// promoted, H and D for horse and dragon) instead of kanji.
	Western bool
	// MaxMoves bounds the moves listed under the board (0: 80); a longer
	// line is cut with its length.
	MaxMoves int
}

// westernNames are the letters of SVGOptions.Western, by Kind.
var westernNames = [15]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "H", "D"}

// Geometry of the diagram, in SVG user units.
const (
	svgCell   = 40
	svgLeft   = 20
	svgTop    = 56 // White's hand and the file numbers above the board
	svgBoard  = 9 * svgCell
	svgWidth  = svgLeft + svgBoard + 56
	svgLineH  = 18
	svgPerRow = 6 // moves per line of the list
)

// SVG returns the problem pos and its line as an SVG picture: the board
// seen from Black (files 9 to 1 left to right, White's pieces upside down),
// White's hand above it and Black's below, the first move's squares marked,
// and the moves listed under the board. Each piece is a <text> element with
// data-square (file and rank digits, e.g. "12"), data-piece (the SFEN
// letter, upper case for Black) and data-color ("b" or "w"), so a program
// can read the diagram back. It fails when a move is not legal in turn.
func SVG(pos *shogi.Position, moves []shogi.Move, mate bool, o SVGOptions) (string, error) {
	if o.MaxMoves <= 0 {
		o.MaxMoves = 80
	}
	var list []string
	var prev shogi.Move = shogi.NoMove
	err := play(pos, moves, func(i int, p *shogi.Position, m shogi.Move) {
		if i < o.MaxMoves {
			mark := "▲"
			if p.SideToMove() == shogi.White {
				mark = "△"
			}
			list = append(list, fmt.Sprintf("%d %s%s", i+1, mark, kifShort(m, prev)))
		}
		prev = m
	})
	if err != nil {
		return "", err
	}
	rows := (len(list) + svgPerRow - 1) / svgPerRow
	height := svgTop + svgBoard + 34 + (rows+1)*svgLineH + 10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n",
		svgWidth, height, svgWidth, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", svgWidth, height)
	// White's hand, then the file numbers.
	fmt.Fprintf(&b, `<text class="hand" data-color="w" x="%d" y="18" font-size="14">☖ %s</text>`+"\n", svgLeft, html.EscapeString(handText(pos.Hand(shogi.White), o)))
	for file := 9; file >= 1; file-- {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" text-anchor="middle">%d</text>`+"\n", svgLeft+(9-file)*svgCell+svgCell/2, svgTop-6, file)
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#f3d9a4" stroke="#000" stroke-width="2"/>`+"\n", svgLeft, svgTop, svgBoard, svgBoard)
	// The first move: its destination filled, its origin outlined.
	if len(moves) > 0 {
		m := moves[0]
		x, y := squareXY(m.To())
		fmt.Fprintf(&b, `<rect class="first-to" x="%d" y="%d" width="%d" height="%d" fill="#e8a33c" fill-opacity="0.6"/>`+"\n", x, y, svgCell, svgCell)
		if !m.IsDrop() {
			x, y := squareXY(m.From())
			fmt.Fprintf(&b, `<rect class="first-from" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#c0392b" stroke-width="3"/>`+"\n", x+2, y+2, svgCell-4, svgCell-4)
		}
	}
	for i := 1; i < 9; i++ {
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000"/>`+"\n", svgLeft+i*svgCell, svgTop, svgLeft+i*svgCell, svgTop+svgBoard)
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000"/>`+"\n", svgLeft, svgTop+i*svgCell, svgLeft+svgBoard, svgTop+i*svgCell)
	}
	for rank := 1; rank <= 9; rank++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13">%s</text>`+"\n", svgLeft+svgBoard+8, svgTop+(rank-1)*svgCell+svgCell/2+5, rankKanji[rank])
	}
	for rank := 1; rank <= 9; rank++ {
		for file := 9; file >= 1; file-- {
			sq := shogi.NewSquare(file, rank)
			pc := pos.PieceAt(sq)
			if pc == shogi.Empty {
				continue
			}
			x, y := squareXY(sq)
			cx, cy := x+svgCell/2, y+svgCell/2
			name := bodNames[pc.Kind()]
			size := 24
			if o.Western {
				name, size = westernNames[pc.Kind()], 20
			}
			color, rot := "b", ""
			if pc.Color() == shogi.White {
				color, rot = "w", fmt.Sprintf(` transform="rotate(180 %d %d)"`, cx, cy)
			}
			fill := "#000"
			if pc.Kind().IsPromoted() {
				fill = "#b00000"
			}
			fmt.Fprintf(&b, `<text class="piece" data-square="%d%d" data-piece="%s" data-color="%s" x="%d" y="%d" font-size="%d" text-anchor="middle" fill="%s"%s>%s</text>`+"\n",
				file, rank, sfenLetter(pc), color, cx, cy+size*3/8, size, fill, rot, html.EscapeString(name))
		}
	}
	y := svgTop + svgBoard + 22
	fmt.Fprintf(&b, `<text class="hand" data-color="b" x="%d" y="%d" font-size="14">☗ %s</text>`+"\n", svgLeft, y, html.EscapeString(handText(pos.Hand(shogi.Black), o)))
	y += svgLineH + 4
	head := "no moves"
	switch {
	case mate:
		head = fmt.Sprintf("mate in %d", len(moves))
	case len(moves) > 0:
		head = fmt.Sprintf("%d moves", len(moves))
	}
	fmt.Fprintf(&b, `<text class="summary" x="%d" y="%d" font-size="13" font-weight="bold">%s</text>`+"\n", svgLeft, y, head)
	for r := 0; r < rows; r++ {
		y += svgLineH
		end := min((r+1)*svgPerRow, len(list))
		text := strings.Join(list[r*svgPerRow:end], "  ")
		if end == len(list) && len(moves) > len(list) {
			text += fmt.Sprintf("  … (%d moves)", len(moves))
		}
		fmt.Fprintf(&b, `<text class="moves" x="%d" y="%d" font-size="12">%s</text>`+"\n", svgLeft, y, html.EscapeString(text))
	}
	b.WriteString("</svg>\n")
	return b.String(), nil
}

// squareXY is the top-left corner of a square's cell.
func squareXY(s shogi.Square) (int, int) {
	return svgLeft + (9-s.File())*svgCell, svgTop + (s.Rank()-1)*svgCell
}

// kifShort is a move as the list under the diagram shows it: the KIF
// file's notation without the from-square.
func kifShort(m, prev shogi.Move) string {
	s := kifMove(m, prev)
	if i := strings.IndexByte(s, '('); i >= 0 {
		s = s[:i]
	}
	return s
}

// handText is a hand for the diagram.
func handText(h shogi.Hand, o SVGOptions) string {
	if !o.Western {
		return "持駒 " + kifHand(h)
	}
	var parts []string
	for _, k := range handOrder {
		if n := h.Count(k); n == 1 {
			parts = append(parts, westernNames[k])
		} else if n > 1 {
			parts = append(parts, fmt.Sprintf("%s%d", westernNames[k], n))
		}
	}
	if len(parts) == 0 {
		return "in hand: none"
	}
	return "in hand: " + strings.Join(parts, " ")
}

// sfenLetter is the piece's SFEN letter(s), upper case for Black.
func sfenLetter(pc shogi.Piece) string {
	const letters = " PLNSBRGK"
	k := pc.Kind()
	s := ""
	if k.IsPromoted() {
		s, k = "+", k.Unpromote()
	}
	s += string(letters[k])
	if pc.Color() == shogi.White {
		s = strings.ToLower(s)
	}
	return s
}
