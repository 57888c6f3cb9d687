package reading

import (
	"slices"
	"unsafe"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/internal/prefetch"
)

// The quiescence search of the paper: QSCapture plays the liberties of a
// two-liberty target, QSSave answers an atari with the target's liberty
// or the capture of an adjacent string in atari (for a single stone also
// a move that makes its capture a snapback or a ko). Together they read
// ladders and simple captures to the end. A side with ko power may
// retake at most maxQSKoRetakes kos in one line; one that needs more is
// assumed to win the ko, which ends the line in its favour.

// qsCapture reports whether the attacker, to move, captures the target
// by quiescence moves.
func (s *searcher) qsCapture() bool { return s.qsCaptureMove() != board.NoPoint }

// qsCaptureMove returns the attacker's first quiescence move that
// captures the target, or board.NoPoint.
func (s *searcher) qsCaptureMove() board.Point {
	if s.stopped || s.ply >= maxPly-8 {
		return board.NoPoint
	}
	if l := s.libs(); l == 0 || l > 2 {
		return board.NoPoint
	}
	if s.b.Superko() {
		return s.qsCaptureSearch()
	}
	// Ladders are read again and again from the same positions: cache
	// them beside the gi results (slot 0 of giSalt is QSCapture's).
	e, key, m, ok := s.giLookup(s.attacker, qsSalt(s.qsKoRetakes))
	if ok {
		return m
	}
	met := s.koMet
	m = s.qsCaptureSearch()
	s.giStore(e, key, m, met, false)
	return m
}

// qsCaptureSearch is qsCaptureMove without the cache.
func (s *searcher) qsCaptureSearch() board.Point {
	if !s.inQS {
		s.inQS = true
		defer func() { s.inQS = false }()
	}
	switch s.libs() {
	case 1:
		lib := s.b.Libs(s.target).Next(0)
		if !s.playAll && s.b.NumStones(s.target) > 1 && !s.b.Superko() && !s.koBanned(lib, s.attacker) {
			// Filling the last liberty takes a string of two stones or
			// more for good: the move is legal (it captures), makes no
			// ko (more than one stone is taken) and no snapback (that
			// needs a single stone), so it need not be played.
			return lib
		}
		if !s.play(lib, s.attacker) {
			if s.koPower == s.attacker && s.koBanned(lib, s.attacker) {
				return lib // out of retakes: the attacker wins this ko
			}
			return board.NoPoint
		}
		ok := s.captured() // not when the owner may retake a ko
		s.undo()
		if ok {
			return lib
		}
		return board.NoPoint
	case 2:
	default:
		return board.NoPoint
	}
	l := s.b.Libs(s.target)
	a := l.Next(0)
	libs := [2]board.Point{a, l.Next(a + 1)}
	if !s.b.Superko() {
		// After either move, QSSave first looks up the owner's
		// extension at the other liberty (ownerSaves): fetch both
		// slots now, while the first move is being played.
		salt := s.question ^ qsSalt(s.qsKoRetakes)
		for i, m := range libs {
			k := s.b.KeyAfterPair(m, s.attacker, libs[1-i], s.owner, s.attacker) ^ salt
			prefetch.Line(unsafe.Pointer(&s.giCache[k&giCacheMask]))
		}
	}
	// What the board tells of each atari (escapesAfter). The atari
	// after which the owner's extension has fewer liberties is tried
	// first: it drives the string into the attacker's stones, and is
	// the one that captures at once or starts the ladder; the other
	// side mostly lets the string run, and in point order it was read
	// to the end first about half the time (7% of reading.tst's plays).
	// Both orders find a capture when there is one; which move is
	// named may differ.
	var look [2]struct {
		escapes, counted bool
		ext              int
	}
	for i, m := range libs {
		look[i].escapes, look[i].counted, look[i].ext = s.escapesAfter(m, libs[1-i])
	}
	if atariRank(look[1].escapes, look[1].counted, look[1].ext) < atariRank(look[0].escapes, look[0].counted, look[0].ext) {
		libs[0], libs[1] = libs[1], libs[0]
		look[0], look[1] = look[1], look[0]
	}
	atari := int8(-1) // attacker strings in atari next to the target: unknown
	for i, m := range libs {
		counted := false
		if !s.playAll { // playAll plays them all, in the same order
			if look[i].escapes {
				continue
			}
			counted = look[i].counted
			if counted && s.capturesAfter(m, libs[1-i], look[i].ext, &atari) {
				return m
			}
		}
		if !s.play(m, s.attacker) {
			continue
		}
		ok := s.qsSaveAfter(counted, look[i].ext)
		s.undo()
		if ok {
			return m
		}
	}
	return board.NoPoint
}

// atariRank orders an attacker's atari by what escapesAfter told of
// it: the liberties of the owner's extension when counted, an escape
// last, and an unsure move (a capture, a ko ban) as one liberty.
func atariRank(escapes, counted bool, ext int) int {
	switch {
	case escapes:
		return 3
	case counted:
		return ext
	}
	return 1
}

// qsSave reports whether the target, in atari with the owner to move, is
// captured whatever the owner does among the quiescence moves.
func (s *searcher) qsSave() bool { return s.qsSaveAfter(false, 0) }

// qsSaveAfter is qsSave, told by QSCapture (counted) that the owner's
// extension was already counted short of three liberties (escapesAfter
// before the attacker's move, ext liberties), so breaksOut would fail.
func (s *searcher) qsSaveAfter(counted bool, ext int) bool {
	if s.captured() {
		return true
	}
	if s.libs() != 1 || s.stopped || s.ply >= maxPly-8 {
		return false
	}
	known := counted // ext is the extension's count
	if !s.playAll && !counted {
		var out bool
		if out, known, ext = s.breaksOut(); out {
			return false
		}
	}
	if !s.inQS {
		s.inQS = true
		defer func() { s.inQS = false }()
	}
	// The extension at the one liberty is the first candidate; the
	// others are listed only when it fails, as it mostly does not.
	lib := s.b.Libs(s.target).Next(0)
	if !known || !s.extensionFails(lib, ext) {
		a := ahead{c: s.owner, toMove: s.attacker, salt: qsSalt(s.qsKoRetakes)}
		if s.ownerSaves(lib, &a, 0) {
			return false
		}
	}
	ms := s.scratch[s.ply][:0]
	ms = s.addLibs(ms, s.target) // the extension, tried above
	ms = s.addAdjacentLibs(ms, 1)
	if s.b.NumStones(s.target) == 1 {
		// may turn the capture into a snapback, or into a ko
		ms = s.addNearLibs(ms, 2)
		ms = s.addNearOwnLibs(ms, 2)
	}
	s.scratch[s.ply] = ms
	keys := s.keysAfter(ms[1:], s.owner, s.attacker, qsSalt(s.qsKoRetakes))
	for i, m := range ms[1:] {
		if s.takesOut(m) || s.ownerSaves(m, &keys, i) {
			return false
		}
	}
	return true
}

// ownerSaves reports whether the owner's QSSave move m saves the
// target from QSCapture (QSSave then fails), foreseen when QSCapture's
// cache entry for the position after m answers (cachedAfter: an
// entry of QSCapture's exists only where it looked, at one or two
// liberties), else played.
func (s *searcher) ownerSaves(m board.Point, a *ahead, i int) bool {
	if r, ok := s.cachedAfter(m, a, i); ok {
		return r == board.NoPoint
	}
	if !s.play(m, s.owner) {
		// Out of retakes: the owner wins this ko.
		return s.koPower == s.owner && s.koBanned(m, s.owner)
	}
	ok := s.qsCapture()
	s.undo()
	return !ok
}

// extensionFails reports, without playing it, that the owner's
// extension at the target's last liberty lib, counted at ext liberties
// (extensionLibs, which leaves out captures), fails: it captures
// nothing, so the count is exact, and at most one liberty makes it a
// suicide or leaves a string of two stones or more in atari with no ko
// ban, which QSCapture takes at once (qsCaptureSearch). In GNU Go's
// suite this is the extension that ends a working ladder: 362 k of the
// 1.17 M moves ownerSaves played. The caller has checked superko and
// the ko ban on lib; near the depth guard, when stopped or with playAll
// the move is played.
func (s *searcher) extensionFails(lib board.Point, ext int) bool {
	return ext <= 1 && !s.playAll && !s.stopped && s.ply < maxPly-9 && !s.b.IsCapture(lib, s.owner)
}

// takesOut reports, without playing it, that the owner's QSSave move m,
// which is not on the target's liberty (so not next to it), captures
// attacker strings whose stones next to the target give it three
// liberties or more with the one it has: QSCapture then gives up at
// once, and m saves (142 k of the moves ownerSaves played on GNU Go's
// suite). Unsure cases answer false and the move is played: a ko ban,
// superko, a stopped search, the depth guard, playAll.
func (s *searcher) takesOut(m board.Point) bool {
	if s.playAll || s.stopped || s.ply >= maxPly-9 || s.b.Superko() || s.koBanned(m, s.owner) ||
		s.b.At(m) != board.Empty {
		return false
	}
	// The target has one liberty: two taken stones next to it are
	// needed, so captures of fewer stones are not looked at further.
	var taken [4]board.Point
	k, stones := 0, 0
	for _, r := range s.b.Neighbors(m) {
		if s.b.At(r) != s.attacker || s.b.NumLibs(r) != 1 {
			continue
		}
		id := s.b.StringID(r)
		if slices.Contains(taken[:k], id) {
			continue
		}
		taken[k] = id
		k++
		stones += s.b.NumStones(id)
	}
	if stones < 2 {
		return false
	}
	tid := s.b.StringID(s.target)
	libs := s.libs()
	for _, id := range taken[:k] {
		st := s.b.Stones(id)
		for q := st.Next(0); q >= 0; q = st.Next(q + 1) {
			for _, n := range s.b.Neighbors(q) {
				if s.b.StringID(n) == tid {
					libs++
					break
				}
			}
		}
	}
	return libs >= 3
}

// breaksOut reports whether the owner's first quiescence move, the
// extension at the target's one liberty, is legal and leaves the target
// three liberties or more: then QSCapture gives up after it and qsSave
// fails there, before the other candidates are even listed. It answers
// without playing the move; known is false when unsure (a ko ban, as a
// loaded position may set anywhere, or superko), and ext is otherwise
// extensionLibs's count.
func (s *searcher) breaksOut() (out, known bool, ext int) {
	if s.b.Superko() {
		return false, false, 0
	}
	lib := s.b.Libs(s.target).Next(0)
	if s.koBanned(lib, s.owner) {
		return false, false, 0
	}
	ext = s.extensionLibs(lib, board.NoPoint)
	return ext >= 3, true, ext
}

// escapesAfter reports, without playing, that the attacker's move m on
// one of the target's two liberties fails for certain: m is illegal (a
// suicide), or it captures nothing (so it makes no ko ban) and the
// owner's extension at the other liberty o then breaks out (breaksOut
// after m). Unsure cases (m captures, a ko ban on m, superko) answer
// false, and the move is played.
//
// counted reports that the extension was counted and fell short: after
// m (a legal move that captures nothing, so no ko ban) breaksOut would
// count the same and fail; ext is then that count.
func (s *searcher) escapesAfter(m, o board.Point) (escapes, counted bool, ext int) {
	if s.b.Superko() || s.koBanned(m, s.attacker) {
		return false, false, 0
	}
	breathes, capture := s.b.Breathes(m, s.attacker)
	if capture {
		return false, false, 0
	}
	if !breathes {
		return true, false, 0
	}
	ext = s.extensionLibs(o, m)
	if ext >= 3 {
		return true, false, ext
	}
	return false, true, ext
}

// capturesAfter reports, without playing, that the attacker's move m
// on one of the target's two liberties captures it for certain, given
// that escapesAfter counted the owner's extension at the other liberty
// o after m (ext liberties): the target of two stones or more is left
// in atari on o, and QSSave has nothing that saves it:
//
//   - the extension leaves at most one liberty (ext <= 1) and captures
//     nothing (no attacker string next to o is in atari, and m's string
//     keeps two liberties), so extensionFails answers that it fails;
//   - no attacker string next to the target is in atari after m (none
//     is before, and m's string has two liberties), so QSSave lists no
//     capture; a target of one stone would have the snapback and ko
//     moves too, and is played.
//
// Then QSSave fails with no move played and no ko met (a move that
// captures nothing lifts every ban), so the answer and what the ko
// passes are told are those of playing m. Near the depth guard, when
// stopped or with playAll the move is played.
func (s *searcher) capturesAfter(m, o board.Point, ext int, atari *int8) bool {
	if ext > 1 || s.stopped || s.ply >= maxPly-10 || s.b.NumStones(s.target) < 2 {
		return false
	}
	for _, r := range s.b.Neighbors(o) {
		if s.b.At(r) == s.attacker && s.b.NumLibs(r) == 1 {
			return false
		}
	}
	if !s.keepsTwo(m) {
		return false
	}
	if *atari < 0 { // the same for both liberties: asked once
		*atari = 0
		if s.b.AnyAdjacentInAtari(s.target) {
			*atari = 1
		}
	}
	return *atari == 0
}

// keepsTwo reports whether the attacker's stone at m (an empty point
// that captures nothing) would have two liberties or more with its
// friends: two empty neighbours, or a friend with three liberties (two
// besides m), tell without a count.
func (s *searcher) keepsTwo(m board.Point) bool {
	e := 0
	for _, r := range s.b.Neighbors(m) {
		switch s.b.At(r) {
		case board.Empty:
			e++
		case s.attacker:
			if s.b.NumLibs(r) >= 3 {
				return true
			}
		}
	}
	if e >= 2 {
		return true
	}
	l, _ := s.b.LibsAfter(m, s.attacker)
	return l >= 2
}

// extensionLibs counts the liberties the owner's stone at o would have,
// with its friends, if the point gone (NoPoint: none) were filled
// first, leaving out what o would capture: a capture only adds
// liberties, so three or more here is three or more after the move.
func (s *searcher) extensionLibs(o, gone board.Point) int {
	var l board.Bitset
	for _, r := range s.b.Neighbors(o) {
		switch s.b.At(r) {
		case board.Empty:
			l.Set(r)
		case s.owner:
			l.Or(s.b.Libs(r))
		}
	}
	l.Clear(o)
	if gone >= 0 {
		l.Clear(gone)
	}
	return l.Count()
}

// qsSalt names QSCapture with r ko retakes spent in the line (slot 0
// of giSalt: gi1 is QSCapture).
func qsSalt(r int) uint64 { return giSalt[0] ^ uint64(r)*0xd6e8feb86659fd93 }
