package reading

import "github.com/tsume-solver/tsume/go_capture/board"

// A defence that succeeds only in a ko mode (code 2 or 3) with no move
// at all (PASS) says: the attacker's capture needs a ko that the owner
// wins in this mode. GNU Go then names the owner's move in that ko (it
// takes the ko first, or fights it), and a PASS tells the caller
// nothing. koDefenceOrder lists the owner's candidates with the moves
// that take a ko first; the first of them after which the attack still
// fails in the same mode is the answer.

// A clean defence found as PASS (the attacker-first search fails: no
// move is needed) of a string with fewer than SafeLibs liberties is
// answered with a move too, as GNU Go answers such a string with one of
// its moves ("1 E4" for a lone stone at E5) and PASS only for a string
// of five or more liberties. The order is then by the liberties the
// target has after the move (an extension first), and again the first
// move after which the attack fails in the same ko mode is the answer.

// needsMove reports whether a defence found as PASS in the ko mode that
// earns code is answered with a real move (see above).
func (s *searcher) needsMove(code int) bool {
	return code != Win || s.libs() < s.safeLibs
}

// defenceOrder fills ms with the owner's candidate defences in the
// order of the ko defence (code 2 or 3) or the clean one (code 1).
func (s *searcher) defenceOrder(ms []board.Point, code int) []board.Point {
	if code != Win {
		return s.koDefenceOrder(ms)
	}
	ms = s.candidates(ms, 3)
	for i := range ms { // insertion sort: a few dozen moves, no allocation
		for j := i; j > 0 && s.libsAfter(ms[j]) > s.libsAfter(ms[j-1]); j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	return ms
}

// libsAfter returns the target's liberties after the owner plays p (-1
// when it may not).
func (s *searcher) libsAfter(p board.Point) int {
	if !s.play(p, s.owner) {
		return -1
	}
	l := s.libs()
	s.undo()
	return l
}

// koDefenceOrder fills ms with the owner's candidate defences: ko
// captures first, then the counter-attacks (see pressure), then the
// rest in candidate order.
func (s *searcher) koDefenceOrder(ms []board.Point) []board.Point {
	ms = s.candidates(ms, 3)
	n := 0
	for i, m := range ms {
		if s.takesKo(m) {
			ms[i], ms[n] = ms[n], ms[i]
			n++
		}
	}
	rest := ms[n:]
	for i := range rest { // insertion sort: a few dozen moves, no allocation
		for j := i; j > 0 && s.pressure(rest[j]) > s.pressure(rest[j-1]); j-- {
			rest[j], rest[j-1] = rest[j-1], rest[j]
		}
	}
	return ms
}

// pressure scores an owner move by the attacker strings it takes a
// liberty from and the short owner strings guarding a liberty of the
// target that it extends, 12/liberties each (a string short of
// liberties counts most), and 0 on the target's own liberties. When the
// owner wins only by a ko, almost any move keeps the target alive in
// that ko mode; GNU Go names the move that presses the attacker's
// strings in the capturing race or connects the guard, and so do we.
func (s *searcher) pressure(p board.Point) int {
	if p < 0 || s.b.Libs(s.target).Has(p) {
		return 0
	}
	score := 0
	var seen [4]board.Point
	n := 0
next:
	for _, r := range s.b.Neighbors(p) {
		if s.b.At(r) != s.attacker {
			continue
		}
		id := s.b.StringID(r)
		for _, q := range seen[:n] {
			if q == id {
				continue next
			}
		}
		seen[n] = id
		n++
		score += 12 / s.b.NumLibs(r)
	}
	// Saving a short owner string that touches a liberty of the target
	// (it guards that liberty) presses as much.
	for _, r := range s.b.Neighbors(p) {
		if s.b.At(r) == s.owner && s.b.NumLibs(r) <= 2 && s.b.StringID(r) != s.b.StringID(s.target) && s.touchesLib(r) {
			score += 12 / s.b.NumLibs(r)
		}
	}
	return score
}

// touchesLib reports whether the string at r touches a liberty of the
// target.
func (s *searcher) touchesLib(r board.Point) bool {
	id := s.b.StringID(r)
	l := s.b.Libs(s.target)
	for q := l.Next(0); q >= 0; q = l.Next(q + 1) {
		for _, n := range s.b.Neighbors(q) {
			if s.b.At(n) == s.owner && s.b.StringID(n) == id {
				return true
			}
		}
	}
	return false
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

// koDefenceAPS finds a real move for a defence that APS found as PASS in
// the ko mode that earns code, or returns board.Pass.
func (s *searcher) koDefenceAPS(code int, st Strategy, maxDepth int, fresh bool, stats *Stats) board.Point {
	ms := s.defenceOrder(s.buf(), code)
	s.bufs[s.ply] = ms
	for _, m := range ms {
		if !s.play(m, s.owner) {
			continue
		}
		captured, _, decided := s.widen(Attack, st, maxDepth, fresh, stats)
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
