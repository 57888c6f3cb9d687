package reading

import "github.com/tsume-solver/tsume/go_capture/board"

// The quiescence search of the paper: QSCapture plays the liberties of a
// two-liberty target, QSSave answers an atari with the target's liberty
// or the capture of an adjacent string in atari. Together they read
// ladders and simple captures to the end.

// qsCapture reports whether the attacker, to move, captures the target
// by quiescence moves.
func (s *searcher) qsCapture() bool {
	if s.captured() {
		return true
	}
	if s.stopped {
		return false
	}
	switch s.libs() {
	case 1:
		return s.legal(s.b.Libs(s.target).Next(0), s.attacker)
	case 2:
	default:
		return false
	}
	l := s.b.Libs(s.target)
	a := l.Next(0)
	libs := [2]board.Point{a, l.Next(a + 1)}
	for _, m := range libs {
		if !s.play(m, s.attacker) {
			continue
		}
		ok := s.qsSave()
		s.undo()
		if ok {
			return true
		}
	}
	return false
}

// qsSave reports whether the target, in atari with the owner to move, is
// captured whatever the owner does among the quiescence moves.
func (s *searcher) qsSave() bool {
	if s.captured() {
		return true
	}
	if s.libs() != 1 || s.stopped {
		return false
	}
	ms := s.scratch[s.ply][:0]
	ms = s.addLibs(ms, s.target)
	ms = s.addAdjacentLibs(ms, 1)
	s.scratch[s.ply] = ms
	for _, m := range ms {
		if !s.play(m, s.owner) {
			continue
		}
		ok := s.qsCapture()
		s.undo()
		if !ok {
			return false
		}
	}
	return true
}
