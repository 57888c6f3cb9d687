package reading

import "github.com/tsume-solver/tsume/go_capture/board"

// Open space: a string that can always extend to SafeLibs liberties is
// saved, whatever else the position holds. A Go player says it as "it
// runs out into the open": the capture game's terminal rule (SafeLibs
// liberties are safe) one owner move ahead, or one attacker move and
// one owner move ahead. Both tests read the board without a play, and
// both are exact consequences of the game's rules, in every ko pass and
// under every widening step (so they change no answer of the game,
// only its cost):
//
//   - safeExtension (the owner to move): an extension at a liberty of
//     the target, not under a ko ban, gives it SafeLibs liberties or
//     more. That move is among every owner move set (the target's
//     liberties are always candidates; the full-width sets hold every
//     move) and leads to a terminal saved position, so the owner's node
//     is saved: no threat test, no forced move list is needed.
//   - outOfReach (the attacker to move): whatever the attacker plays,
//     some other liberty's extension still gives SafeLibs liberties.
//     Then every attacker move leads to an owner node that
//     safeExtension saves, and no gi_n holds either (gi_n's attacker
//     move is answered in g by that extension, after which gi fails at
//     once: SafeLibs liberties), so the attacker's node is saved.
//
// On an open 19×19 board a lone stone with four liberties is out of
// reach at once (each extension gives six liberties), where the game's
// searches read the ladders of gi3 after every attacker move
// (TestOpenSpaceRule).

// extensionSet returns the liberties the target would have after the
// owner's extension at o (a liberty of the target), leaving out what o
// would capture (a capture only adds liberties).
func (s *searcher) extensionSet(o board.Point) (l board.Bitset) {
	for _, r := range s.b.Neighbors(o) {
		switch s.b.At(r) {
		case board.Empty:
			l.Set(r)
		case s.owner:
			l.Or(s.b.Libs(r))
		}
	}
	l.Clear(o)
	return l
}

// extensionBound is an upper bound of the count of extensionSet(o), for
// a target of n liberties (tid its string), without a bitset: the
// target's liberties but o, o's empty neighbours, the other friends'
// liberties. Most extensions asked about (a string of one or two
// liberties in a ladder) fall short of SafeLibs by this bound alone.
func (s *searcher) extensionBound(o, tid board.Point, n int) int {
	c := n - 1
	for _, r := range s.b.Neighbors(o) {
		switch s.b.At(r) {
		case board.Empty:
			c++
		case s.owner:
			if s.b.StringID(r) != tid {
				c += s.b.NumLibs(r)
			}
		}
	}
	return c
}

// safeExtension reports that the owner, to move, has an extension that
// gives the target SafeLibs liberties (see above). Off under superko
// (a move's legality then depends on the positions played before) and
// with Options.noOpenSpace.
func (s *searcher) safeExtension() bool { return s.extendsTo(s.safeLibs) }

// extendsTo reports that the owner, to move, has an extension at a
// liberty of the target, not under a ko ban, that gives it at least t
// liberties (t <= SafeLibs). With t = n+2 it refutes g(n) from the
// board: after that move gi(n) fails at once (gi_n needs at most n+1
// liberties, QSCapture at most 2), and the target's liberties are
// candidates of every ip_k. Off as safeExtension is.
func (s *searcher) extendsTo(t int) bool {
	e := s.extensions(t, true)
	return !e.Empty()
}

// extensionsTo returns the liberties of the target at which the owner's
// extension, not under a ko ban, gives it at least t liberties (t <=
// SafeLibs): after one of them gi(t-2) fails at once, so in ip_(t-2) it
// is a forced move, known without a play. Empty when the rules are off
// as safeExtension's are.
func (s *searcher) extensionsTo(t int) board.Bitset { return s.extensions(t, false) }

// extensions returns the liberties of the target at which the owner's
// extension, not under a ko ban, gives it at least t liberties; with
// first, only the first one found (extendsTo needs no more).
func (s *searcher) extensions(t int, first bool) (e board.Bitset) {
	if !s.openSpace || s.b.Superko() || s.b.At(s.target) != s.owner {
		return e
	}
	x := s.extFor()
	if x == nil {
		return s.extensionsUncached(t, first)
	}
	for i := range int(x.n) {
		o := x.pts[i]
		if s.koBanned(o, s.owner) || int(x.bound[i]) < t || s.extCount(x, i) < t {
			continue
		}
		e.Set(o)
		if first {
			return e
		}
	}
	return e
}

// extensionsUncached is extensions for a target of more than
// maxOpenLibs liberties (a SafeLibs above that), which extFor does not
// remember.
func (s *searcher) extensionsUncached(t int, first bool) (e board.Bitset) {
	libs := s.b.Libs(s.target)
	tid, n := s.b.StringID(s.target), libs.Count()
	for o := libs.Next(0); o >= 0; o = libs.Next(o + 1) {
		if s.koBanned(o, s.owner) || s.extensionBound(o, tid, n) < t {
			continue
		}
		if l := s.extensionSet(o); l.Count() >= t {
			e.Set(o)
			if first {
				return e
			}
		}
	}
	return e
}

// extEntry remembers the target's extensions in one position (its
// stones: what extLook and extensionSet read), counted when the entry
// is filled where that needs no set, else when first asked for. The
// same position is asked about again and again: gi_2's and gi_3's
// first test (reachAt) at one attacker node, by peek and then by the
// search; the owner's extendsTo and, after the pass of a threat test,
// gi's reachAt on the same stones. On GNU Go's reading suite 44% of
// the calls find their position among extMemoSize entries.
type extEntry struct {
	hash  uint64 // the board's stone hash
	ok    bool   // the entry holds a position of this question
	n     int8   // the target's liberties, pts
	setOK [maxOpenLibs]bool
	bound [maxOpenLibs]int16 // extLook's count
	cnt   [maxOpenLibs]int16 // the count, -1 until known
	pts   [maxOpenLibs]board.Point
	sets  [maxOpenLibs]board.Bitset // extensionSet, when setOK
}

const (
	extMemoBits = 8
	extMemoSize = 1 << extMemoBits
)

// extMemo is the searcher's table of extEntry, emptied for every
// question (setup): the target, its owner and the board change.
type extMemo [extMemoSize]extEntry

// clear forgets every position.
func (m *extMemo) clear() {
	for i := range m {
		m[i].ok = false
	}
}

// extFor returns the entry of the current position, nil when the
// target has more than maxOpenLibs liberties. The caller has checked
// that the target stands and the rules are on.
func (s *searcher) extFor() *extEntry {
	h := s.b.Hash()
	x := &s.ext[(h*0x9e3779b97f4a7c15)>>(64-extMemoBits)]
	if x.ok && x.hash == h {
		return x
	}
	libs := s.b.Libs(s.target)
	n := libs.Count()
	if n > maxOpenLibs {
		return nil
	}
	tid := s.b.StringID(s.target)
	i := 0
	for o := libs.Next(0); o >= 0; o = libs.Next(o + 1) {
		c, exact := s.extLook(o, tid, libs, n)
		x.pts[i], x.bound[i], x.cnt[i], x.setOK[i] = o, int16(c), -1, false
		if exact {
			x.cnt[i] = int16(c)
		}
		i++
	}
	x.hash, x.ok, x.n = h, true, int8(n)
	return x
}

// extLook counts the liberties of the owner's extension at o, a
// liberty of the target (string tid, liberties tl, n of them), in one
// pass over o's neighbours: the target's liberties but o, and o's
// empty neighbours that are not among them. That is the count when o
// touches no other owner string (exact); otherwise the other strings'
// liberties are added, an upper bound (a capture only adds liberties,
// see extensionSet).
func (s *searcher) extLook(o, tid board.Point, tl *board.Bitset, n int) (c int, exact bool) {
	c, exact = n-1, true
	for _, r := range s.b.Neighbors(o) {
		switch s.b.At(r) {
		case board.Empty:
			if !tl.Has(r) {
				c++
			}
		case s.owner:
			if s.b.StringID(r) != tid {
				c += s.b.NumLibs(r)
				exact = false
			}
		}
	}
	return c, exact
}

// extCount is the count of extensionSet at the entry's i-th liberty.
func (s *searcher) extCount(x *extEntry, i int) int {
	if x.cnt[i] < 0 {
		x.cnt[i] = int16(s.extSet(x, i).Count())
	}
	return int(x.cnt[i])
}

// extSet is extensionSet at the entry's i-th liberty.
func (s *searcher) extSet(x *extEntry, i int) *board.Bitset {
	if !x.setOK[i] {
		x.sets[i], x.setOK[i] = s.extensionSet(x.pts[i]), true
	}
	return &x.sets[i]
}

// maxOpenLibs bounds the liberties outOfReach looks at: from SafeLibs
// on the target is saved anyway.
const maxOpenLibs = 8

// outOfReach reports that the attacker, to move, cannot capture the
// target (see above): after any attacker move m, the owner has an
// extension at a liberty o other than m whose liberties, less m, are
// still SafeLibs or more. A move of the attacker's takes one point from
// each count, and only that: what it captures (owner strings in atari
// on m) leaves their stones as empty points, which an extension next to
// them counts instead of their one liberty, m; a ko ban it leaves is on
// a point it took, never a liberty of the target. The target needs
// three liberties (with two, QSCapture reads the same cheaply).
func (s *searcher) outOfReach() bool { return s.outOfReachAt(s.safeLibs) }

// outOfReachAt is outOfReach with t liberties in place of SafeLibs (t <=
// SafeLibs): after any attacker move the owner has an extension to t
// liberties or more. With t = n+1 it decides gi(n), n >= 2, from the
// board: every attacker move m of gi_n is answered in g(n-1) by that
// extension (extendsTo(n+1)), after which gi(n-1) fails at once.
func (s *searcher) outOfReachAt(t int) bool {
	var r reach
	if !s.reachAt(&r, t, 3) {
		return false
	}
	return r.all()
}

// reach holds the owner's extensions to t liberties or more (at most
// maxOpenLibs), for outOfReachAt and for gi's attacker moves one by one.
type reach struct {
	ext  [maxOpenLibs]board.Point
	sets [maxOpenLibs]board.Bitset
	cnt  [maxOpenLibs]int
	k, t int
	wide int // extensions with a liberty to spare
}

// reachAt fills r with the target's extensions to t liberties, the
// attacker to move; false when the rule does not apply (off, fewer than
// minLibs or more than maxOpenLibs liberties, already saved) or no
// extension reaches t. The argument of outOfReach holds from one
// liberty on (an attacker move still takes one point from each count);
// outOfReach asks for three (with two, QSCapture reads the same
// cheaply), gi for two: its gi_2 and gi_3 at two liberties read more
// than the ladder (OR2 moves, then g), and each attacker move after
// which the owner's extension still reaches n+1 is refuted by it.
func (s *searcher) reachAt(r *reach, t, minLibs int) bool {
	if !s.openSpace || s.b.Superko() || s.b.At(s.target) != s.owner {
		return false
	}
	n := s.libs()
	if n < minLibs || n > maxOpenLibs || n >= s.safeLibs {
		return false
	}
	r.k, r.t, r.wide = 0, t, 0
	x := s.extFor()
	if x == nil {
		return false // n > maxOpenLibs, ruled out above
	}
	for i := range int(x.n) {
		if int(x.bound[i]) < t {
			continue
		}
		c := s.extCount(x, i)
		if c < t {
			continue
		}
		r.ext[r.k], r.sets[r.k], r.cnt[r.k] = x.pts[i], *s.extSet(x, i), c
		if c > t {
			r.wide++
		}
		r.k++
	}
	return r.k > 0
}

// all reports that every attacker move leaves an extension (see
// outOfReach).
func (r *reach) all() bool {
	if r.wide >= 2 {
		// m can be one of the two points or fill a liberty of one of
		// them, never both at once.
		return true
	}
	if r.k == 1 {
		return false // m on the one extension's point leaves none
	}
	// Only the points of the extensions and of their liberties can
	// spoil one: each of them must leave another.
	var threats board.Bitset
	for i := range r.k {
		threats.Or(&r.sets[i])
		threats.Set(r.ext[i])
	}
	for m := threats.Next(0); m >= 0; m = threats.Next(m + 1) {
		if !r.leaves(m) {
			return false
		}
	}
	return true
}

// leaves reports that after the attacker's move m an extension to r.t
// liberties remains (an extension at another point than m, whose count
// m lowers by one at most: see outOfReach).
func (r *reach) leaves(m board.Point) bool {
	for i := range r.k {
		if r.ext[i] == m {
			continue
		}
		c := r.cnt[i]
		if r.sets[i].Has(m) {
			c--
		}
		if c >= r.t {
			return true
		}
	}
	return false
}
