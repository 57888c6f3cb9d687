package board

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// sgfProp is one SGF property: its identifier and raw values, with the
// byte offsets of the identifier and of each value (after its '[').
type sgfProp struct {
	id     string
	values []string
	pos    int
	vpos   []int
}

// errorf reports an error in value i of the property, naming the
// property and the value's byte offset.
func (pr *sgfProp) errorf(i int, format string, args ...any) error {
	v, cut := pr.values[i], ""
	if len(v) > QuoteLimit {
		n := QuoteLimit
		for n > 0 && !utf8.RuneStart(v[n]) {
			n--
		}
		v, cut = v[:n], "…"
	}
	q := strconv.Quote(v) // escapes what is not printable
	return fmt.Errorf("sgf: byte %d: %s[%s%s]: %s", pr.vpos[i], pr.id, q[1:len(q)-1], cut, fmt.Sprintf(format, args...))
}

// sgfParser reads the main line of an SGF game tree.
type sgfParser struct {
	s   string
	pos int
}

func (p *sgfParser) errorf(format string, args ...any) error {
	return fmt.Errorf("sgf: byte %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *sgfParser) skipSpace() {
	for p.pos < len(p.s) && strings.IndexByte(" \t\r\n\f\v", p.s[p.pos]) >= 0 {
		p.pos++
	}
}

// mainLine returns the nodes of the first variation of the first game.
func (p *sgfParser) mainLine() ([][]sgfProp, error) {
	p.skipSpace()
	if p.pos >= len(p.s) || p.s[p.pos] != '(' {
		return nil, p.errorf("expected '(' to open the game tree")
	}
	var nodes [][]sgfProp
	depth := 0     // open parentheses
	skipping := 0  // depth at which we left the main line, 0 while on it
	taken := false // the current tree already took its first variation
	for {
		p.skipSpace()
		if p.pos >= len(p.s) {
			return nil, p.errorf("unexpected end: %d unclosed '('", depth)
		}
		switch c := p.s[p.pos]; c {
		case '(':
			p.pos++
			depth++
			if skipping == 0 && taken {
				skipping = depth
			}
			taken = false
		case ')':
			p.pos++
			if skipping == depth {
				skipping = 0
			}
			depth--
			taken = true
			if depth == 0 {
				if len(nodes) == 0 {
					return nil, p.errorf("game tree has no node")
				}
				return nodes, nil
			}
		case ';':
			p.pos++
			props, err := p.node()
			if err != nil {
				return nil, err
			}
			if skipping == 0 {
				nodes = append(nodes, props)
			}
		default:
			return nil, p.errorf("unexpected %q (want '(', ')' or ';')", c)
		}
	}
}

// node reads the properties of one node.
func (p *sgfParser) node() ([]sgfProp, error) {
	var props []sgfProp
	for {
		p.skipSpace()
		if p.pos >= len(p.s) {
			return nil, p.errorf("unexpected end inside a node")
		}
		c := p.s[p.pos]
		if !(c >= 'A' && c <= 'Z') && !(c >= 'a' && c <= 'z') {
			return props, nil
		}
		start := p.pos
		var id strings.Builder
		for p.pos < len(p.s) && (p.s[p.pos] >= 'A' && p.s[p.pos] <= 'Z' || p.s[p.pos] >= 'a' && p.s[p.pos] <= 'z') {
			if p.s[p.pos] <= 'Z' { // FF[3] allowed lower-case letters in identifiers
				id.WriteByte(p.s[p.pos])
			}
			p.pos++
		}
		if id.Len() == 0 {
			return nil, fmt.Errorf("sgf: byte %d: property identifier %s has no upper-case letter", start, Quote(p.s[start:p.pos]))
		}
		prop := sgfProp{id: id.String(), pos: start}
		for {
			p.skipSpace()
			if p.pos >= len(p.s) || p.s[p.pos] != '[' {
				break
			}
			p.pos++
			prop.vpos = append(prop.vpos, p.pos)
			var v strings.Builder
			closed := false
			for p.pos < len(p.s) {
				ch := p.s[p.pos]
				p.pos++
				if ch == '\\' && p.pos < len(p.s) {
					v.WriteByte(p.s[p.pos])
					p.pos++
					continue
				}
				if ch == ']' {
					closed = true
					break
				}
				v.WriteByte(ch)
			}
			if !closed {
				return nil, fmt.Errorf("sgf: property %s: value not closed by ']'", prop.id)
			}
			prop.values = append(prop.values, v.String())
		}
		if len(prop.values) == 0 {
			return nil, p.errorf("property %s has no value", prop.id)
		}
		props = append(props, prop)
	}
}

// sgfPoint reads one SGF point ("dd"); "" and "tt" (on boards up to 19)
// are a pass.
func sgfPoint(v string, size int) (Point, error) {
	if v == "" || (v == "tt" && size <= 19) {
		return Pass, nil
	}
	if len(v) != 2 || v[0] < 'a' || v[0] > 'z' || v[1] < 'a' || v[1] > 'z' {
		return NoPoint, fmt.Errorf("point %q is not two letters a-z", v)
	}
	x, y := int(v[0]-'a'), int(v[1]-'a')
	if x >= size || y >= size {
		return NoPoint, fmt.Errorf("point %q is off a %dx%d board", v, size, size)
	}
	return Point((size-1-y)*size + x), nil
}

// sgfPoints expands a point list with FF[4] compressed rectangles
// ("aa:cc").
func sgfPoints(values []string, size int) ([]Point, error) {
	var pts []Point
	for _, v := range values {
		a, c, isRect := strings.Cut(v, ":")
		if !isRect {
			p, err := sgfPoint(v, size)
			if err != nil {
				return nil, err
			}
			if p == Pass {
				return nil, fmt.Errorf("empty point in a point list")
			}
			pts = append(pts, p)
			continue
		}
		p, err := sgfPoint(a, size)
		if err != nil {
			return nil, err
		}
		q, err := sgfPoint(c, size)
		if err != nil {
			return nil, err
		}
		if p == Pass || q == Pass {
			return nil, fmt.Errorf("rectangle %q has an empty corner", v)
		}
		x0, y0, x1, y1 := int(p)%size, int(p)/size, int(q)%size, int(q)/size
		for y := min(y0, y1); y <= max(y0, y1); y++ {
			for x := min(x0, x1); x <= max(x0, x1); x++ {
				pts = append(pts, Point(y*size+x))
			}
		}
	}
	return pts, nil
}

// ParseSGF reads an SGF FF[4] game and returns the position of its main
// line and the player to move. Properties used: SZ, AB, AW, AE, B, W, PL,
// and GNU Go's IL (points illegal for the player to move; the one that is
// a ko recapture becomes the ko ban for that player). With moveLimit N > 0
// it stops before move N, as GNU Go's "loadsgf FILE N" does; 0 reads every
// move. The player to move is PL if given, else the opponent of the last
// move, else Black.
func ParseSGF(text string, moveLimit int) (*Board, Color, error) {
	if moveLimit < 0 {
		return nil, Empty, fmt.Errorf("sgf: move limit %d is negative", moveLimit)
	}
	p := &sgfParser{s: text}
	// A UTF-8 byte-order mark, as some editors write; offsets stay those
	// of the file.
	if strings.HasPrefix(text, "\xef\xbb\xbf") {
		p.pos = 3
	}
	nodes, err := p.mainLine()
	if err != nil {
		return nil, Empty, err
	}
	size := 19
	for _, prop := range nodes[0] {
		switch prop.id {
		case "SZ":
			v := strings.TrimSpace(prop.values[0])
			a, c, rect := strings.Cut(v, ":")
			if size, err = strconv.Atoi(strings.TrimSpace(a)); err != nil {
				return nil, Empty, prop.errorf(0, "the board size is not a number")
			}
			// SZ[19:19] is a square board written as a rectangle.
			if h, err := strconv.Atoi(strings.TrimSpace(c)); rect && (err != nil || h != size) {
				return nil, Empty, prop.errorf(0, "only square boards are supported")
			}
			if _, err := New(size); err != nil {
				return nil, Empty, prop.errorf(0, "%v", err)
			}
		case "GM":
			if strings.TrimSpace(prop.values[0]) != "1" {
				return nil, Empty, prop.errorf(0, "not a game of Go (GM[1])")
			}
		}
	}
	b, err := New(size)
	if err != nil {
		return nil, Empty, fmt.Errorf("sgf: SZ[%d]: %w", size, err)
	}
	toMove := Black
	var ilBan []Point // IL points of the latest node, until a move is played
	moveNum := 0
	var setBy [MaxPoints]*sgfProp // the set-up property of this node naming each point
	for ni, props := range nodes {
		setup := false
		setBy = [MaxPoints]*sgfProp{}
		for pi := range props {
			prop := &props[pi]
			switch prop.id {
			case "AB", "AW", "AE":
				c := map[string]Color{"AB": Black, "AW": White, "AE": Empty}[prop.id]
				for vi, v := range prop.values {
					pts, err := sgfPoints([]string{v}, size)
					if err != nil {
						return nil, Empty, prop.errorf(vi, "node %d: %v", ni, err)
					}
					for _, q := range pts {
						// One node sets each point up once: two stones,
						// or a stone and an empty point, on one point
						// contradict each other.
						if o := setBy[q]; o != nil {
							return nil, Empty, prop.errorf(vi, "node %d: point %s is already set up in this node (%s at byte %d)", ni, b.Vertex(q), o.id, o.pos)
						}
						setBy[q] = prop
						b.color[q] = c
					}
				}
				setup = true
			}
		}
		if setup {
			b.rebuild()
			if err := b.checkLiberties(); err != nil {
				return nil, Empty, fmt.Errorf("sgf: node %d: set-up: %w", ni, err)
			}
			ilBan = nil
		}
		for _, prop := range props {
			switch prop.id {
			case "B", "W":
				moveNum++
				if moveLimit > 0 && moveNum >= moveLimit {
					return finishSGF(b, toMove, ilBan)
				}
				c := Black
				if prop.id == "W" {
					c = White
				}
				q, err := sgfPoint(prop.values[0], size)
				if err != nil {
					return nil, Empty, fmt.Errorf("sgf: move %d (%s): %w", moveNum, prop.id, err)
				}
				if err := b.Play(q, c); err != nil {
					return nil, Empty, fmt.Errorf("sgf: move %d (%s[%s] = %s): %w", moveNum, prop.id, prop.values[0], b.Vertex(q), err)
				}
				toMove = c.Opponent()
				ilBan = nil
			case "PL":
				switch strings.ToUpper(strings.TrimSpace(prop.values[0])) {
				case "B", "BLACK", "1":
					toMove = Black
				case "W", "WHITE", "2":
					toMove = White
				default:
					return nil, Empty, fmt.Errorf("sgf: node %d: PL[%s] is not B or W", ni, prop.values[0])
				}
			case "IL":
				pts, err := sgfPoints(prop.values, size)
				if err != nil {
					return nil, Empty, fmt.Errorf("sgf: node %d: IL: %w", ni, err)
				}
				ilBan = pts
			}
		}
	}
	return finishSGF(b, toMove, ilBan)
}

// finishSGF applies the IL ko ban for the player to move and makes the
// position the board's base.
func finishSGF(b *Board, toMove Color, il []Point) (*Board, Color, error) {
	b.Commit()
	for _, q := range il {
		if b.color[q] != Empty {
			return nil, Empty, fmt.Errorf("sgf: IL[%s]: point is occupied", b.Vertex(q))
		}
		if err := b.Play(q, toMove); err != nil {
			continue // suicide or already banned: illegal anyway
		}
		// A legal IL point must be a ko recapture: one stone taken by a
		// lone stone left in atari.
		ko, _ := b.Ko()
		b.Undo()
		if ko == NoPoint {
			return nil, Empty, fmt.Errorf("sgf: IL[%s]: %s may legally play there; only suicide points and a ko recapture can be illegal", b.Vertex(q), toMove)
		}
		if k, _ := b.Ko(); k != NoPoint && k != q {
			return nil, Empty, fmt.Errorf("sgf: IL names two ko recaptures, %s and %s", b.Vertex(k), b.Vertex(q))
		}
		b.SetKo(q, toMove)
	}
	b.Commit()
	return b, toMove, nil
}
