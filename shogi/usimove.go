package shogi

import "fmt"

// ParseUSIMove reads a USI move ("7g7f", "8h2b+", "P*5e") in position p and
// returns it if it is legal; otherwise the error says why (a character
// that is not ASCII by what it is and its byte offset in s, from 0).
func ParseUSIMove(p *Position, s string) (Move, error) {
	if err := checkASCII(fmt.Sprintf("move %q", s), s); err != nil {
		return NoMove, err
	}
	us := p.side
	var m Move
	switch {
	case len(s) == 4 && s[1] == '*':
		k, c, ok := letterKind(s[0])
		if !ok || c != Black {
			return NoMove, fmt.Errorf("move %q: %q is not a piece that can be dropped (want one of PLNSGBR)", s, s[0])
		}
		if k == King {
			return NoMove, illegalf("move %q: a king cannot be dropped", s)
		}
		to, ok := parseSquare(s[2:])
		if !ok {
			return NoMove, fmt.Errorf("move %q: bad square %q", s, s[2:])
		}
		if !p.hands[us].Has(k) {
			return NoMove, illegalf("move %q: %s has no %s in hand", s, us, k)
		}
		if p.board[to] != Empty {
			return NoMove, illegalf("move %q: square %s is occupied", s, to)
		}
		if r := relRank(us, to); (k == Pawn || k == Lance) && r == 0 || k == Knight && r <= 1 {
			return NoMove, illegalf("move %q: a %s dropped on %s could never move", s, k, to)
		}
		if k == Pawn && p.pawnFiles[us]>>(to/9)&1 != 0 {
			return NoMove, illegalf("move %q: %s already has a pawn on file %d (nifu)", s, us, to.File())
		}
		m = NewDrop(k, to)
	case len(s) == 4 || len(s) == 5 && s[4] == '+':
		from, ok1 := parseSquare(s[0:2])
		to, ok2 := parseSquare(s[2:4])
		if !ok1 || !ok2 {
			return NoMove, fmt.Errorf("move %q: bad square", s)
		}
		pc := p.board[from]
		if pc == Empty {
			return NoMove, illegalf("move %q: no piece on %s", s, from)
		}
		if pc.Color() != us {
			return NoMove, illegalf("move %q: the piece on %s belongs to %s, but %s is to move", s, from, pc.Color(), us)
		}
		cap := p.board[to]
		if cap != Empty && cap.Color() == us {
			return NoMove, illegalf("move %q: %s captures its own piece on %s", s, us, to)
		}
		promote := len(s) == 5
		if promote && (!pc.Kind().CanPromote() || !inZone(us, from) && !inZone(us, to)) {
			return NoMove, illegalf("move %q: the piece on %s cannot promote here", s, from)
		}
		m = NewMove(from, to, pc.Kind(), cap.Kind(), promote)
	default:
		return NoMove, fmt.Errorf("move %q: malformed USI move (want e.g. 7g7f, 8h2b+ or P*5e)", s)
	}
	if !p.IsLegal(m) {
		if m.IsDrop() && m.Kind() == Pawn {
			return NoMove, illegalf("move %q: illegal (pawn-drop mate, or it leaves the king in check)", s)
		}
		return NoMove, illegalf("move %q: illegal in this position (unreachable square, forced promotion, or king left in check)", s)
	}
	return m, nil
}
