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
