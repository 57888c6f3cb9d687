package shogi

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// kindTotal is the number of pieces of each base kind in a full set.
var kindTotal = [9]int{Pawn: 18, Lance: 4, Knight: 4, Silver: 4, Gold: 4, Bishop: 2, Rook: 2, King: 2}

func letterKind(ch byte) (Kind, Color, bool) {
	c := Black
	if ch >= 'a' && ch <= 'z' {
		c, ch = White, ch-'a'+'A'
	}
	i := strings.IndexByte(kindLetters, ch)
	if i <= 0 {
		return NoKind, c, false
	}
	return Kind(i), c, true
}

// ParseSFEN parses a position. It accepts a bare SFEN ("board side hand
// [ply]"), "sfen ...", "startpos", and the USI forms "position sfen ...
// moves ..." and "position startpos moves ...". The moves, if any, are
// checked for legality and played. Errors name the problem and where; a
// character that is not ASCII is named as the character it is (or as the
// byte, when the input is not UTF-8) with its byte offset in s, from 0.
func ParseSFEN(s string) (*Position, error) {
	if err := checkASCII("sfen", s); err != nil {
		return nil, err
	}
	f := strings.Fields(s)
	if len(f) > 0 && f[0] == "position" {
		f = f[1:]
	}
	if len(f) == 0 {
		return nil, fmt.Errorf("sfen: empty input")
	}
	var p *Position
	var err error
	switch f[0] {
	case "startpos":
		p, err = parseBareSFEN(strings.Fields(StartSFEN))
		f = f[1:]
	case "sfen":
		f = f[1:]
		fallthrough
	default:
		n := 0
		for n < len(f) && n < 4 && f[n] != "moves" {
			n++
		}
		p, err = parseBareSFEN(f[:n])
		f = f[n:]
	}
	if err != nil {
		return nil, err
	}
	if len(f) == 0 {
		return p, nil
	}
	if f[0] != "moves" {
		return nil, fmt.Errorf("sfen: unexpected %q after the position (want \"moves\")", f[0])
	}
	for i, ms := range f[1:] {
		m, err := ParseUSIMove(p, ms)
		if err != nil {
			return nil, fmt.Errorf("sfen: move %d: %w", i+1, err)
		}
		p.Do(m)
	}
	return p, nil
}

// parseBareSFEN parses the fields board, side, hand and the optional ply.
func parseBareSFEN(f []string) (*Position, error) {
	if len(f) < 3 {
		return nil, fmt.Errorf("sfen: want \"board side hand [ply]\", got %d field(s)", len(f))
	}
	p := newEmptyPosition()
	var counts [9]int // per base kind, board plus hands, both sides
	if err := p.parseBoard(f[0], &counts); err != nil {
		return nil, err
	}
	switch f[1] {
	case "b":
		p.side = Black
	case "w":
		p.side = White
		p.boardKey ^= zobSide
	default:
		return nil, fmt.Errorf("sfen: side to move is %q, want \"b\" or \"w\"", f[1])
	}
	if err := p.parseHand(f[2], &counts); err != nil {
		return nil, err
	}
	p.ply = 1
	if len(f) > 3 {
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 1 {
			return nil, fmt.Errorf("sfen: move number %q is not a positive integer", f[3])
		}
		p.ply = n
	}
	for k := Pawn; k <= King; k++ {
		if counts[k] > kindTotal[k] {
			return nil, illegalf("sfen: %d pieces of kind %s on board and in hands, at most %d exist", counts[k], k, kindTotal[k])
		}
	}
	if k := p.king[p.side^1]; k != NoSquare && p.attackedBy(k, p.side, noIgnore) {
		return nil, illegalf("sfen: the side not to move (%s) is in check", p.side^1)
	}
	return p, nil
}

func (p *Position) parseBoard(b string, counts *[9]int) error {
	ranks := strings.Split(b, "/")
	if len(ranks) != 9 {
		return fmt.Errorf("sfen: board has %d ranks, want 9", len(ranks))
	}
	for r, row := range ranks {
		file := 9
		promoted := false
		for i := 0; i < len(row); i++ {
			ch := row[i]
			switch {
			case ch >= '1' && ch <= '9':
				if promoted {
					return fmt.Errorf("sfen: rank %d: '+' followed by a digit", r+1)
				}
				file -= int(ch - '0')
				if file < 0 {
					return fmt.Errorf("sfen: rank %d has more than 9 files", r+1)
				}
			case ch == '+':
				if promoted {
					return fmt.Errorf("sfen: rank %d: doubled '+'", r+1)
				}
				promoted = true
			default:
				k, c, ok := letterKind(ch)
				if !ok {
					return fmt.Errorf("sfen: rank %d: unknown piece letter %q", r+1, ch)
				}
				if file < 1 {
					return fmt.Errorf("sfen: rank %d has more than 9 files", r+1)
				}
				if promoted {
					if !k.CanPromote() {
						return fmt.Errorf("sfen: rank %d: piece %q cannot be promoted", r+1, ch)
					}
					k = k.Promote()
					promoted = false
				}
				s := NewSquare(file, r+1)
				if err := p.placePiece(s, c, k); err != nil {
					return err
				}
				counts[k.Unpromote()]++
				file--
			}
		}
		if promoted {
			return fmt.Errorf("sfen: rank %d ends with '+'", r+1)
		}
		if file != 0 {
			return fmt.Errorf("sfen: rank %d has %d files, want 9", r+1, 9-file)
		}
	}
	return nil
}

// placePiece puts a parsed piece on the board, enforcing the placement rules.
func (p *Position) placePiece(s Square, c Color, k Kind) error {
	r := relRank(c, s)
	if (k == Pawn || k == Lance) && r == 0 || k == Knight && r <= 1 {
		return illegalf("sfen: %s %s on %s can never move", c, k, s)
	}
	switch k {
	case King:
		if p.king[c] != NoSquare {
			return illegalf("sfen: %s has a second king on %s", c, s)
		}
		p.king[c] = s
	case Pawn:
		if p.pawnFiles[c]>>(s/9)&1 != 0 {
			return illegalf("sfen: %s has two unpromoted pawns on file %d (nifu)", c, s.File())
		}
		p.pawnFiles[c] |= 1 << (s / 9)
	}
	p.put(s, MakePiece(c, k))
	return nil
}

func (p *Position) parseHand(h string, counts *[9]int) error {
	if h == "-" {
		return nil
	}
	n := -1
	for i := 0; i < len(h); i++ {
		ch := h[i]
		if ch >= '0' && ch <= '9' {
			if n < 0 {
				if ch == '0' {
					return fmt.Errorf("sfen: hand %q: count with a leading zero at %d", h, i+1)
				}
				n = 0
			}
			n = n*10 + int(ch-'0')
			if n > 18 {
				return fmt.Errorf("sfen: hand %q: count too large at %d", h, i+1)
			}
			continue
		}
		k, c, ok := letterKind(ch)
		if !ok || k == King {
			return fmt.Errorf("sfen: hand %q: %q at %d is not a piece that can be held", h, ch, i+1)
		}
		if n < 0 {
			n = 1
		}
		if p.hands[c].Count(k)+n > handMax[k] {
			return illegalf("sfen: hand %q: %s holds more than %d of kind %s", h, c, handMax[k], k)
		}
		for j := 0; j < n; j++ {
			p.hands[c] = p.hands[c].Add(k)
			p.handKey += zobHand[c][k]
		}
		counts[k] += n
		n = -1
	}
	if n >= 0 {
		return fmt.Errorf("sfen: hand %q ends with a count and no piece", h)
	}
	return nil
}

// SFEN returns the position as "board side hand ply".
func (p *Position) SFEN() string {
	var b strings.Builder
	for r := 1; r <= 9; r++ {
		if r > 1 {
			b.WriteByte('/')
		}
		empty := 0
		for f := 9; f >= 1; f-- {
			pc := p.board[NewSquare(f, r)]
			if pc == Empty {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
	}
	if p.side == Black {
		b.WriteString(" b ")
	} else {
		b.WriteString(" w ")
	}
	if p.hands[Black] == 0 && p.hands[White] == 0 {
		b.WriteByte('-')
	}
	for _, c := range []Color{Black, White} {
		for _, k := range HandKinds {
			n := p.hands[c].Count(k)
			if n == 0 {
				continue
			}
			if n > 1 {
				b.WriteString(strconv.Itoa(n))
			}
			b.WriteString(MakePiece(c, k).String())
		}
	}
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.ply))
	return b.String()
}

// checkASCII refuses the first byte of s that is not ASCII. SFEN and USI
// moves are ASCII, and the parsers look at bytes: without this gate a
// multibyte character would be reported as the one byte that was looked at
// (é as 'Ã'), a character the user never typed. The message names the
// character and its byte offset (from 0), or the byte itself when s is not
// valid UTF-8 there.
func checkASCII(what, s string) error {
	for i := 0; i < len(s); i++ {
		if s[i] < utf8.RuneSelf {
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			return fmt.Errorf("%s: invalid UTF-8: byte 0x%02x at byte %d", what, s[i], i)
		}
		return fmt.Errorf("%s: %q (U+%04X) at byte %d is not ASCII", what, r, r, i)
	}
	return nil
}
