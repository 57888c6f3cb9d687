package mate

import "github.com/tsume-solver/tsume/shogi"

// Line extraction from the exact search. The attacker plays a move that
// keeps the exact length (shortest mate), the defender one that keeps it
// (longest resistance). Under tsume rules ties are broken by the
// composers' convention: among moves of equal length, the one whose line
// ends with the fewest attacker pieces in hand (no spare pieces, 駒余り).

// maxSpareNodes bounds the work of the spare-piece tie-break; past it the
// first move of the right length is taken.
const maxSpareNodes = 200000

// line returns the moves of a line of exactly n plies from the current
// position, whose exact value must be n. It leaves the position unchanged.
func (e *exactSearch) line(n int) []shogi.Move {
	out := make([]shogi.Move, 0, n)
	base := len(e.path)
	for ; n > 0; n-- {
		m := e.choose(n, len(out))
		if m == shogi.NoMove {
			break
		}
		e.path = append(e.path, e.key())
		e.pos.Do(m)
		out = append(out, m)
	}
	for i := len(out) - 1; i >= 0; i-- {
		e.pos.Undo(out[i])
	}
	e.path = e.path[:base]
	return out
}

// candidates returns the moves of the current node whose child has exact
// value n-1, in a fresh slice.
func (e *exactSearch) candidates(n, ply int) []shogi.Move {
	moves := append([]shogi.Move(nil), e.movesAt(ply)...)
	var out []shogi.Move
	key := e.key()
	e.path = append(e.path, key)
	for _, m := range moves {
		e.pos.Do(m)
		v, _ := e.search(n-1, ply+1)
		e.pos.Undo(m)
		if v == n-1 {
			out = append(out, m)
		}
	}
	e.path = e.path[:len(e.path)-1]
	return out
}

// choose picks the move of the line at a node of exact value n.
func (e *exactSearch) choose(n, ply int) shogi.Move {
	cs := e.candidates(n, ply+1)
	if len(cs) == 0 {
		return shogi.NoMove
	}
	if len(cs) == 1 || e.rules != Tsume {
		return cs[0]
	}
	best, bestSpare := cs[0], 1<<30
	e.path = append(e.path, e.key())
	for _, m := range cs {
		e.pos.Do(m)
		s := e.spareAfter(n-1, ply+1)
		e.pos.Undo(m)
		if s < bestSpare {
			best, bestSpare = m, s
		}
	}
	e.path = e.path[:len(e.path)-1]
	return best
}

// spareAfter returns the fewest attacker pieces in hand at the end of a
// line of exact length n from here, both sides preferring fewer spares
// among moves of the right length.
func (e *exactSearch) spareAfter(n, ply int) int {
	if n == 0 {
		return handSize(e.pos.Hand(e.attacker))
	}
	sk := spareKey{e.key(), n}
	if s, ok := e.spare[sk]; ok {
		return s
	}
	if len(e.spare) > maxSpareNodes {
		return handSize(e.pos.Hand(e.attacker))
	}
	best := 1 << 30
	cs := e.candidates(n, ply)
	e.path = append(e.path, e.key())
	for _, m := range cs {
		e.pos.Do(m)
		best = min(best, e.spareAfter(n-1, ply+1))
		e.pos.Undo(m)
	}
	e.path = e.path[:len(e.path)-1]
	e.spare[sk] = best
	return best
}

// handSize counts the pieces in a hand.
func handSize(h shogi.Hand) int {
	n := 0
	for _, k := range shogi.HandKinds {
		n += h.Count(k)
	}
	return n
}

// tieBreakTail applies the composers' tie-break to the end of a line the
// shortening found (any length): the exact-length search runs from the
// position w plies before the end, for windows w = first (in practice
// tieBreakFirstWindow), +2, +4, … up to the whole line, and each window
// whose exact value is w gives its own line for those plies, chosen among
// the value-preserving moves of both sides for the fewest attacker pieces
// in hand at the end. The minimax costs about four times more per two
// plies (Microcosmos tail 25: 1.3 M nodes from the root, 27: 5.2 M), so a
// full search is out of reach past about 25 plies; the window grows while
// the budget lasts, each window reusing the exact table of the narrower
// ones, and stops at a tail without spare pieces, which no wider window
// can improve. The positions before the window stay on the search's path,
// so a tail never repeats one of them. It returns the line with the
// widest window's tail (line itself when none completed), the widest
// window (0: none) and the nodes spent. The length is unchanged, so what
// was proven of the line's length still holds; the caller verifies the
// result before it replaces line.
func (s *Solver) tieBreakTail(g *Game, rules Rules, line []shogi.Move, first int, budget uint64, stopped func() bool) ([]shogi.Move, int, uint64) {
	n := len(line)
	if n == 0 {
		return line, 0, 0
	}
	w := min(n, max(first, 1))
	if w%2 != n%2 {
		w++ // the window starts where the line's root side is to move
	}
	e := newExactSearch(g.pos, g.attacker, rules, s.exactTable(), budget, stopped)
	e.disproven = func() bool {
		en, ok := s.table.Probe(g.Key(), g.OrNode(), g)
		return ok && en.DN == 0
	}
	played := 0
	defer func() {
		for played > 0 {
			played--
			g.pos.Undo(line[played])
		}
	}()
	for played < n-w {
		e.path = append(e.path, e.key())
		g.pos.Do(line[played])
		played++
	}
	best, window := line, 0
	for {
		if v := e.solve(w); e.stopped || v != w {
			break // out of budget, or the walked tail was not exact
		}
		tail := e.line(w)
		if e.stopped || len(tail) != w {
			break
		}
		best = append(append(make([]shogi.Move, 0, n), line[:played]...), tail...)
		window = w
		if played < 2 || spareAtEnd(g, tail) == 0 {
			break // the whole line, or no spare piece left to remove
		}
		for range 2 {
			played--
			g.pos.Undo(line[played])
		}
		e.path = e.path[:played]
		w += 2
	}
	return best, window, e.nodes
}

// tieBreakFirstWindow is the narrowest window tieBreakTail searches.
const tieBreakFirstWindow = 5

// spareAtEnd counts the attacker's pieces in hand after line, played from
// g's position (unchanged on return).
func spareAtEnd(g *Game, line []shogi.Move) int {
	for _, m := range line {
		g.pos.Do(m)
	}
	n := handSize(g.pos.Hand(g.attacker))
	for i := len(line) - 1; i >= 0; i-- {
		g.pos.Undo(line[i])
	}
	return n
}
