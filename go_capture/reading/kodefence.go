package reading

import "github.com/tsume-solver/tsume/go_capture/board"

// A defence that succeeds only in a ko mode (code 2 or 3) with no move
// at all (PASS) says: the attacker's capture needs a ko that the owner
// wins in this mode. GNU Go then names the owner's move in that ko (it
// takes the ko first, or fights it), and a PASS tells the caller
// nothing. koDefenceOrder lists the owner's candidates with the moves
// that take a ko first; the first of them after which the attack still
// fails in the same mode is the answer.

// koDefenceOrder fills ms with the owner's candidate defences, ko
// captures first.
func (s *searcher) koDefenceOrder(ms []board.Point) []board.Point {
	ms = s.candidates(ms, 3)
	n := 0
	for i, m := range ms {
		if s.takesKo(m) {
			ms[i], ms[n] = ms[n], ms[i]
			n++
		}
	}
	return ms
}

// takesKo reports whether the owner's move m captures a ko stone, so
// that the attacker may not retake at once.
func (s *searcher) takesKo(m board.Point) bool {
	if !s.play(m, s.owner) {
		return false
	}
	p, c := s.b.Ko()
	s.undo()
	return p != board.NoPoint && c == s.attacker
}

// koDefenceAPS finds a real move for a ko defence found as PASS by APS,
// or returns board.Pass.
func (s *searcher) koDefenceAPS(st Strategy, maxDepth int, stats *Stats) board.Point {
	ms := s.koDefenceOrder(s.buf())
	s.bufs[s.ply] = ms
	for _, m := range ms {
		if !s.play(m, s.owner) {
			continue
		}
		captured, _, decided := s.widen(Attack, st, maxDepth, stats)
		s.undo()
		if decided && !captured {
			return m
		}
		if s.stopped {
			break
		}
	}
	return board.Pass
}
