package reading

import "github.com/tsume-solver/tsume/go_capture/board"

// Abstract Proof Search: an iterative-deepening null-window search whose
// OR nodes stop at once when gi1, gi2 or gi3 holds and whose AND nodes
// search only the forced moves of the smallest ip game that holds (or
// stop, saved, when none does). Leaves are read by the quiescence
// search. The window is null: values are won, lost or unknown.

// key returns the table key of the position with c to move.
func (s *searcher) key(c board.Color) uint64 { return s.b.Key(c) ^ s.ttSalt ^ s.question }

// probe looks the position up; it returns a usable value and the
// remembered best move.
func (s *searcher) probe(key uint64, depth int) (int8, bool, board.Point) {
	e := s.tt.probe(key)
	if e == nil {
		return unknown, false, board.NoPoint
	}
	if s.b.Superko() {
		return unknown, false, e.move // path-dependent: keep only the hint
	}
	v, ok := e.usable(s.step, depth)
	return v, ok, e.move
}

// orderMoves puts the table move first, then sorts the owner's moves by
// the liberties the target has after them (most first) and every move by
// history credit. Liberties first matter for the owner: a null-window
// iterative deepening tries every defence of an AND node whose first
// defence is undecided at this depth, so the defence that escapes
// (gains liberties) must come first or the work grows exponentially with
// depth — a three-liberty string in open space took tens of seconds.
func (s *searcher) orderMoves(ms []board.Point, first board.Point, c board.Color) {
	h := &s.history[c]
	sc := &s.order
	for _, m := range ms {
		sc[m] = uint64(h[m])
	}
	if c == s.owner {
		for _, m := range ms {
			l := 0 // illegal: last
			if s.play(m, c) {
				l = 1 + min(s.libs(), s.safeLibs)
				s.undo()
			}
			sc[m] |= uint64(l) << 32
		}
	}
	for i := 1; i < len(ms); i++ { // insertion sort: lists are short
		m := ms[i]
		j := i
		for j > 0 && sc[m] > sc[ms[j-1]] {
			ms[j] = ms[j-1]
			j--
		}
		ms[j] = m
	}
	for i, m := range ms {
		if m == first {
			copy(ms[1:i+1], ms[:i])
			ms[0] = m
			break
		}
	}
}

// credit rewards a move that proved or refuted a node.
func (s *searcher) credit(c board.Color, m board.Point, depth int) {
	if m >= 0 && depth < 31 {
		s.history[c][m] += 1 << uint(depth)
	}
}

// orNode searches with the attacker to move and depth plies left.
func (s *searcher) orNode(depth int) int8 {
	s.nodes++
	if s.captured() {
		return won
	}
	if s.libs() >= s.safeLibs {
		return lost
	}
	if s.stopped || s.nodes >= s.maxNodes {
		s.stopped = true
		return unknown
	}
	key := s.key(s.attacker)
	if v, ok, _ := s.probe(key, depth); ok {
		return v
	}
	_, _, ttMove := s.probe(key, depth)
	maxGi := 3
	if s.step.OR >= 3 {
		maxGi = 1 // brute force: no game-definition shortcuts
	}
	for n := 1; n <= maxGi; n++ {
		if m := s.gi(n); m != board.NoPoint {
			s.tt.store(key, won, maxPly, m, s.step)
			return won
		}
	}
	if s.stopped {
		return unknown
	}
	if depth <= 0 {
		if s.qsCapture() {
			s.tt.store(key, won, maxPly, board.NoPoint, s.step)
			return won
		}
		return unknown
	}
	ms := s.orMoves(s.buf(), s.step.OR)
	s.bufs[s.ply] = ms
	s.orderMoves(ms, ttMove, s.attacker)
	res, best := lost, board.NoPoint
	for _, m := range ms {
		if !s.play(m, s.attacker) {
			continue
		}
		v := s.andNode(depth - 1)
		s.undo()
		if v == won {
			s.credit(s.attacker, m, depth)
			s.tt.store(key, won, maxPly, m, s.step)
			return won
		}
		if v == unknown {
			res = unknown
			if best == board.NoPoint {
				best = m
			}
		}
		if s.stopped {
			return unknown
		}
	}
	s.tt.store(key, res, depth, best, s.step)
	return res
}

// andMoves returns the owner's moves at an AND node and whether the
// attacker threatens at all (false: the target is saved at this step).
func (s *searcher) andMoves() ([]board.Point, bool) {
	if s.recapturePending() {
		return append(s.buf(), s.target), true
	}
	maxK := 3
	if s.step.AND == 1 {
		maxK = 2
	}
	forced, k := s.ip(s.buf(), maxK)
	if k == 0 {
		return forced, false
	}
	if s.step.AND >= 3 {
		forced = s.allMoves(forced[:0])
	}
	return forced, true
}

// lateReduction is taken off the depth of every defence tried after the
// first undecided one at an AND node (10: until the first is decided,
// the others are read only to the leaf tests). Without it a null-window iterative
// deepening searches every defence to full depth whenever the first is
// undecided, and a string that escapes only after a long chase (a
// three-liberty string in open space needs about 20 plies) costs
// (defences × attacks)^(depth/2). The reduced searches still prove or
// refute (their values are exact); they only see less deep.
const lateReduction = 10

// qsRefutes reports whether the quiescence search captures the target
// after each of the owner's forced moves ms: QSSave tries only the
// quiescence moves, and a forced move outside them (a capture that
// connects out, a move that makes the capture a ko) must not be
// declared lost unread.
func (s *searcher) qsRefutes(ms []board.Point) bool {
	for _, m := range ms {
		if !s.play(m, s.owner) {
			continue
		}
		ok := s.captured() || s.qsCapture()
		s.undo()
		if !ok {
			return false
		}
	}
	return true
}

// andNode searches with the owner to move and depth plies left.
func (s *searcher) andNode(depth int) int8 {
	s.nodes++
	if s.captured() {
		return won
	}
	if s.libs() >= s.safeLibs {
		return lost
	}
	if s.stopped || s.nodes >= s.maxNodes {
		s.stopped = true
		return unknown
	}
	key := s.key(s.owner)
	v, ok, ttMove := s.probe(key, depth)
	if ok {
		return v
	}
	ms, threatened := s.andMoves()
	s.bufs[s.ply] = ms
	if s.stopped {
		return unknown
	}
	// passOpen: the owner's pass is a defence not yet refuted. The
	// candidate moves do not include it, so their failure alone does
	// not prove the string lost.
	passOpen := false
	if !threatened && s.ply == 0 && s.step.AND < 3 {
		// The root of a defence question: "no threat within the
		// horizon" is not enough when the attacker, moving first, can
		// capture by a longer search. Ask that first (the paper's two
		// searches); if it captures, every candidate defence is tried.
		s.nullMove()
		v := s.orNode(depth)
		s.undo()
		switch {
		case s.stopped:
			return unknown
		case v == won || v == unknown:
			// An undecided attack is treated as a threat too: a defence
			// found among the candidates is proven all the same, but
			// their failure is not a capture while the pass is open.
			ms = s.candidates(s.buf(), 3)
			s.bufs[s.ply] = ms
			threatened = true
			passOpen = v == unknown
		}
	}
	if !threatened {
		s.tt.store(key, lost, maxPly, board.Pass, s.step)
		return lost
	}
	if depth <= 0 {
		if !passOpen && s.libs() == 1 && s.qsSave() && s.qsRefutes(ms) {
			s.tt.store(key, won, maxPly, board.NoPoint, s.step)
			return won
		}
		return unknown
	}
	s.orderMoves(ms, ttMove, s.owner)
	res, best, bestWork := won, board.NoPoint, int64(0)
	if passOpen {
		res = unknown
	}
	for _, m := range ms {
		if !s.play(m, s.owner) {
			continue
		}
		d := depth - 1
		scale := int64(1)
		if best != board.NoPoint {
			d = max(0, d-lateReduction)
			scale = 1 << min(40, 2*(depth-1-d))
		}
		n0 := s.nodes
		v := s.orNode(d)
		// The work of an undecided child, scaled to full depth (about
		// four times per two plies), picks the defence searched first at
		// the next depth: the cheapest to refute, as proof numbers would.
		work := (s.nodes - n0) * scale
		s.undo()
		if v == lost {
			s.credit(s.owner, m, depth)
			s.tt.store(key, lost, maxPly, m, s.step)
			return lost
		}
		if v == unknown {
			res = unknown
			if best == board.NoPoint || work < bestWork {
				best, bestWork = m, work
			}
		}
		if s.stopped {
			return unknown
		}
	}
	s.tt.store(key, res, depth, best, s.step)
	return res
}
