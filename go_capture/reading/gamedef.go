package reading

import (
	"unsafe"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/internal/prefetch"
)

// The game-definition functions of Abstract Proof Search (Cazenave,
// "Abstract Proof Search", CG 2000; summarised in "Iterative Widening",
// IJCAI 2001, section 4). Each is a small specialised search:
//
//	gi_n: the attacker, to move, captures in at most n attacker moves,
//	      the last of which may be a quiescence capture (a ladder: gi_1
//	      holds when QSCapture succeeds, not only in atari).
//	g_n:  the owner is to move and cannot prevent a capture in n moves.
//	ip_n: the owner is to move and gi_n holds if the owner passes; its
//	      forced moves are the candidate owner moves after which gi_n no
//	      longer holds.
//
// gi_n with one liberty more than moves only fills liberties; with a
// spare move the attacker may also play the OR2 moves (nets, geta). The
// owner's candidates are listed in moves.go (candidates).

// gi returns a move with which the attacker, to move, captures the
// target in at most n moves, or board.NoPoint.
func (s *searcher) gi(n int) board.Point {
	if s.b.Superko() {
		return s.giSearch(n)
	}
	if n == 1 && s.safeLibs > 2 {
		// gi1 is QSCapture, which has its own cache entry.
		return s.qsCaptureMove()
	}
	e, key, m, ok := s.giLookup(s.attacker, giSalt[n&3])
	if ok {
		return m
	}
	met := s.koMet
	m = s.giSearch(n)
	s.giStore(e, key, m, met, true)
	return m
}

// giEntry caches one gi (or QSCapture) result: the same small searches
// recur at every iteration of the deepening, at every widening step and
// in every ko pass. An entry whose search met no ko (koDep false) holds
// in every ko pass; otherwise only in the pass (salt) that stored it.
//
// An entry is one word, so that more of the table (2^giCacheBits
// entries, read at random) stays in the processor's caches: the key's
// bits above the slot index, then koDep, costly, the pass tag and the
// move plus 2 (Pass and NoPoint are negative) in the giCacheBits low
// bits. A key may sit in either slot of its pair (giPair), chosen by the
// index bits but the lowest, so that bit is the only one of the key an
// entry does not check.
//
// 2^20 entries (8 MiB): with 2^18 (direct-mapped) the open-board 19×19
// questions that take most of a 1 M-play budget evicted their own
// results and searched them again; the 19×19 generated set's T7 and N15
// (lone stones, proven 0) were undecided at 1 M plays, now decided at
// 878 k and 983 k. Plays on reading.tst 6.57 M -> 6.42 M and on the
// 9×9 set 18.33 M -> 17.97 M, every answer the same; the larger table
// costs reading.tst about 7% more CPU time all the same (cache misses).
type giEntry uint64

const (
	giMoveBits  = 9
	giMoveMask  = 1<<giMoveBits - 1
	giPassBits  = 2
	giPassShift = giMoveBits
	giCostlyBit = 1 << (giMoveBits + giPassBits)
	giKoDepBit  = 1 << (giMoveBits + giPassBits + 1)
	// giEpochShift places the question's epoch (searcher.epoch) in a
	// costly entry (costly).
	giEpochShift = giMoveBits + giPassBits + 2
	giEpochBits  = 7
	giEpochMask  = 1<<giEpochBits - 1
	// Every move (NoPoint..MaxPoints-1, plus 2) fits the move field,
	// and the fields fit the slot index's bits.
	_ uint = giMoveMask - (board.MaxPoints - 1 + 2)
	_ uint = giCacheBits - (giMoveBits + giPassBits + 1 + 1 + giEpochBits)
)

func (e giEntry) move() board.Point { return board.Point(e&giMoveMask) - 2 }
func (e giEntry) pass() uint8       { return uint8(e>>giPassShift) & (1<<giPassBits - 1) }
func (e giEntry) koDep() bool       { return e&giKoDepBit != 0 }

// costly reports whether e is a costly entry of the current question.
func (s *searcher) costly(e giEntry) bool {
	return e&giCostlyBit != 0 && uint8(e>>giEpochShift)&giEpochMask == s.epoch
}

// passTag names a ko pass in giPassBits bits (the top bits of its salt,
// distinct for the three passes: TestPassTagsDistinct), which keeps a
// giEntry in one word.
func passTag(salt uint64) uint8 { return uint8(salt >> (64 - giPassBits)) }

// giLookup finds the entry of the current position (toMove to move) for
// the search named by salt. It returns the slot, the key to store
// under, the move of the entry and whether the slot answers. A hit on a
// ko-dependent entry counts as meeting a ko, so that the searches around
// it are ko-dependent too.
func (s *searcher) giLookup(toMove board.Color, salt uint64) (*giPair, uint64, board.Point, bool) {
	return s.giLookupKey(s.b.Key(toMove) ^ s.question ^ salt)
}

// giLookupKey is giLookup for a salted key.
func (s *searcher) giLookupKey(key uint64) (*giPair, uint64, board.Point, bool) {
	e := (*giPair)(s.giCache[key&giCacheMask&^1:])
	v := e[0]
	if uint64(v)&^giCacheMask != key&^giCacheMask {
		v = e[1]
		if uint64(v)&^giCacheMask != key&^giCacheMask {
			return e, key, board.NoPoint, false
		}
	}
	if v.koDep() {
		if v.pass() != passTag(s.ttSalt) {
			return e, key, board.NoPoint, false
		}
		s.koMet++
	}
	return e, key, v.move(), true
}

// cachedAfter answers, without playing it, what the search after c's
// i-th candidate p finds first when that is a lookup of the gi cache
// (a names the search, and holds the first candidates' keys), and the
// entry answers: the move stored and true. A position with an entry was
// reached, so p is legal (a suicide leads to no position). It is false
// (play the move) when the move might be refused (occupied, a ko ban,
// superko), when a limit has stopped the search (the search after the
// move would answer nothing), near the depth guard, or when the cache
// does not answer. A hit counts as meeting a ko as giLookup's does, so
// nothing the search reports to the ko passes changes.
func (s *searcher) cachedAfter(p board.Point, a *ahead, i int) (board.Point, bool) {
	if s.playAll || s.stopped || s.ply >= maxPly-16 || s.b.Superko() ||
		s.b.At(p) != board.Empty || s.koBanned(p, a.c) {
		return board.NoPoint, false
	}
	key := uint64(0)
	if i < len(a.keys) {
		key = a.keys[i]
	} else {
		key = s.b.KeyAfter(p, a.c, a.toMove) ^ s.question ^ a.salt
	}
	_, _, m, ok := s.giLookupKey(key)
	return m, ok
}

// giFirstSalt names the cache entries gi(n) looks up first: its own,
// or for n = 1 QSCapture's (an entry there exists only where QSCapture
// looked, at one or two liberties, so a hit is its answer); false when
// gi(1) has entries of neither kind to read (SafeLibs 2).
func (s *searcher) giFirstSalt(n int) (uint64, bool) {
	if n >= 2 {
		return giSalt[n&3], true
	}
	return qsSalt(s.qsKoRetakes), s.safeLibs > 2
}

// ahead describes the lookups cachedAfter makes for a list of
// candidates: c plays them, toMove is then to move, salt names the
// search that follows, keys are the salted keys of the first ones.
type ahead struct {
	keys      []uint64
	c, toMove board.Color
	salt      uint64
}

// aheadKeys is how many candidates' slots keysAfter fetches at once:
// a search mostly stops at one of its first candidates, and the keys of
// the others would cost more to compute than their slots save.
const aheadKeys = 4

// keysAfter prepares the lookups of cachedAfter for ms: it computes the
// salted keys of the positions after the first aheadKeys moves (0 for
// an occupied point) into s.keys[s.ply] and asks for their slots to be
// fetched: the lookups are spread at random over megabytes, and fetched
// together they wait for memory once.
func (s *searcher) keysAfter(ms []board.Point, c, toMove board.Color, salt uint64) ahead {
	keys := s.keys[s.ply][:0]
	for _, m := range ms[:min(len(ms), aheadKeys)] {
		var k uint64
		if s.b.At(m) == board.Empty {
			k = s.b.KeyAfter(m, c, toMove) ^ s.question ^ salt
			prefetch.Line(unsafe.Pointer(&s.giCache[k&giCacheMask]))
		}
		keys = append(keys, k)
	}
	s.keys[s.ply] = keys
	return ahead{keys: keys, c: c, toMove: toMove, salt: salt}
}

// giStore fills slot e with a result computed since s.koMet was met,
// unless a limit cut the search short.
func (s *searcher) giStore(e *giPair, key uint64, m board.Point, met uint64, costly bool) {
	if s.stopped {
		return
	}
	v := giEntry(key&^giCacheMask | uint64(m+2) | uint64(passTag(s.ttSalt))<<giPassShift)
	if s.koMet != met {
		v |= giKoDepBit
	}
	if costly {
		// Marked for this question only: an earlier question's costly
		// entries never match again and give way like cheap ones.
		v |= giCostlyBit | giEntry(s.epoch)<<giEpochShift
	}
	switch key &^ giCacheMask {
	case uint64(e[0]) &^ giCacheMask:
		e[0] = v
	case uint64(e[1]) &^ giCacheMask:
		e[1] = v
	default:
		// The newest first: the survivor goes second, and it is the
		// costly one if only one is, else the newer.
		if s.costly(e[0]) || !s.costly(e[1]) {
			e[1] = e[0]
		}
		e[0] = v
	}
}

// giPair is the two slots a key may occupy. A new entry evicts a cheap
// one (a QSCapture result: a ladder read) before a costly one (a gi or
// g result, a search with ladder reads at its leaves), and otherwise
// the older of the two: the costly results are what a long question
// keeps asking for, and the cheap ones are cheap to search again. The
// kind, not the plays a search took, marks an entry costly, so that
// what the cache holds does not depend on how a search saved plays
// (cachedAfter against playAll: TestGameDefForesightMatchesPlay).
type giPair [2]giEntry

const (
	giCacheBits = 20
	giCacheMask = 1<<giCacheBits - 1
)

// giReachLibs is the fewest liberties at which gi reads the owner's
// extensions (reachAt) before its search.
const giReachLibs = 2

var giSalt = [4]uint64{0x6a09e667f3bcc909, 0x5851f42d4c957f2d, 0x14057b7ef767814f, 0x2545f4914f6cdd1d}

// giSearch is gi without the cache.
func (s *searcher) giSearch(n int) board.Point {
	l := s.libs()
	if l == 0 || l >= s.safeLibs || l > n+1 {
		return board.NoPoint
	}
	// The owner's extensions beyond gi_(n-1)'s reach (open.go): when
	// every attacker move leaves one, gi_n fails; otherwise an attacker
	// move that leaves one is refuted in g(n-1) by it, and is skipped.
	var r reach
	known := n >= 2 && s.reachAt(&r, min(n+1, s.safeLibs), giReachLibs)
	if known && r.all() {
		return board.NoPoint
	}
	if m := s.qsCaptureMove(); m != board.NoPoint {
		return m
	}
	if n == 1 {
		return board.NoPoint
	}
	ms := s.scratch[s.ply][:0]
	if l == n+1 {
		ms = s.addLibs(ms, s.target)
	} else {
		ms = s.orMoves(ms, 2)
	}
	killerFirst(ms, s.giKiller[s.ply])
	s.scratch[s.ply] = ms
	last := board.NoPoint // the target's last liberty: filling it captures
	if l == 1 {
		last = s.b.Libs(s.target).Next(0)
	}
	keys := s.keysAfter(ms, s.attacker, s.owner, gSalt[(n-1)&3])
	for i, m := range ms {
		if known && !s.koBanned(m, s.attacker) && r.leaves(m) {
			continue
		}
		if m != last {
			// g(n-1) looks its cache up first, and the target stands.
			if r, ok := s.cachedAfter(m, &keys, i); ok {
				if r != board.NoPoint {
					s.giKiller[s.ply] = m
					return m
				}
				continue
			}
		}
		if !s.play(m, s.attacker) {
			continue
		}
		ok := s.captured() || s.g(n-1)
		s.undo()
		if ok {
			s.giKiller[s.ply] = m
			return m
		}
		if s.stopped {
			break
		}
	}
	return board.NoPoint
}

// killerFirst moves k to the front of ms if it is there: a move that
// decided a sibling position is tried first (the killer heuristic).
func killerFirst(ms []board.Point, k board.Point) {
	for i, m := range ms {
		if m == k {
			copy(ms[1:i+1], ms[:i])
			ms[0] = k
			return
		}
	}
}

// threat reports whether gi_k holds if the owner, to move, passes.
func (s *searcher) threat(k int) bool {
	s.nullMove()
	ok := s.gi(k) != board.NoPoint
	s.undo()
	return ok
}

// g reports whether the owner, to move, loses the target within n
// attacker moves whatever it plays: for the smallest k with gi_k after
// a pass, every candidate of ip_k still leaves gi_n.
func (s *searcher) g(n int) bool {
	if s.b.Superko() {
		return s.gSearch(n)
	}
	// The same owner positions recur under gi searches from different
	// parents (the attacker's moves transpose): g is cached beside gi.
	e, key, m, ok := s.giLookup(s.owner, gSalt[n&3])
	if ok {
		return m != board.NoPoint
	}
	met := s.koMet
	ok = s.gSearch(n)
	m = board.NoPoint
	if ok {
		m = board.Pass
	}
	s.giStore(e, key, m, met, true)
	return ok
}

// gSalt names the g searches in the gi cache (a result is stored as
// board.Pass for true, board.NoPoint for false).
var gSalt = [4]uint64{0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f}

// gSearch is g without the cache.
func (s *searcher) gSearch(n int) bool {
	if s.captured() {
		return true
	}
	if s.libs() >= s.safeLibs || s.extendsTo(min(n+2, s.safeLibs)) {
		// Saved, or an extension the owner may play leaves gi_n no
		// reach (open.go): no threat test is needed.
		return false
	}
	if s.recapturePending() { // the owner's only answer: retake at the target's point
		if !s.play(s.target, s.owner) {
			return true
		}
		ok := s.captured() || s.gi(n) != board.NoPoint
		s.undo()
		return ok
	}
	for k := 1; k <= n; k++ {
		if !s.threat(k) {
			continue
		}
		// The target's liberties first (the killer first among them),
		// then the rest of the candidates, listed only when no
		// liberty refutes: most refutations are an extension, and the
		// full list (its strings' neighbours) is the costly part. Any
		// order answers alike: g is false as soon as one candidate
		// refutes, and the liberties are candidates of every k.
		libs := s.addLibs(s.scratch[s.ply][:0], s.target)
		s.widestFirst(libs)
		killerFirst(libs, s.gKiller[s.ply])
		s.scratch[s.ply] = libs
		if s.refutes(libs, n) {
			return false
		}
		cands := s.candidates(s.scratch[s.ply][:0], k)
		killerFirst(cands, s.gKiller[s.ply])
		rest := cands[:0]
		tl := s.b.Libs(s.target)
		for _, c := range cands {
			if !tl.Has(c) { // the liberties were tried
				rest = append(rest, c)
			}
		}
		s.scratch[s.ply] = rest
		if s.refutes(rest, n) {
			return false
		}
		return true
	}
	return false
}

// refutes reports whether one of the owner's moves ms leaves gi(n)
// failing (g's refutation), trying them in order; the one found is
// the ply's killer.
func (s *searcher) refutes(ms []board.Point, n int) bool {
	salt, look := s.giFirstSalt(n)
	var keys ahead
	if look {
		keys = s.keysAfter(ms, s.owner, s.attacker, salt)
	}
	for i, c := range ms {
		if look { // gi(n) looks its cache up first
			if r, ok := s.cachedAfter(c, &keys, i); ok {
				if r == board.NoPoint {
					s.gKiller[s.ply] = c
					return true
				}
				continue
			}
		}
		if !s.play(c, s.owner) {
			continue
		}
		ok := s.captured() || s.gi(n) != board.NoPoint
		s.undo()
		if !ok {
			s.gKiller[s.ply] = c
			return true
		}
	}
	return false
}

// ip finds the smallest k <= maxK for which ip_k holds and appends its
// forced moves to forced. k is 0 when none holds: the attacker has no
// capture within maxK moves even after a pass, so the target is saved.
func (s *searcher) ip(forced []board.Point, maxK int) ([]board.Point, int) {
	return s.forcedMoves(forced, maxK, nil)
}

// offered is ip for the core's df-pn and PN*: the moves an AND node
// offers the owner when it is expanded, without a gi search after each
// candidate. It lists the forced moves of the smallest ip_k that holds
// (k, 0 when none does), as ip does where the board or the gi cache
// tells whether a candidate stops gi_k, and also every candidate the
// cache cannot answer for, marking those in untested.
//
// Offering such a candidate changes no value: if it does not stop gi_k,
// the position after it, the attacker to move, is proven by its own
// terminal test (gi_1..gi_3, the same gi_k search ip would make), so a
// proof of the AND node still needs every forced move refuted and a
// disproof still needs a forced move that saves. But the test is made
// only if the core visits that position: a node the owner saves by one
// of its first moves no longer pays a gi search for every other
// candidate. The deferred terminal test (captureGame.ExpandTerminal)
// makes it, and Estimate gives such a position the numbers of one that
// is likely proven at once.
func (s *searcher) offered(forced []board.Point, maxK int, untested *board.Bitset) ([]board.Point, int) {
	return s.forcedMoves(forced, maxK, untested)
}

// forcedMoves is ip (untested nil: a candidate the board and the gi
// cache cannot judge is played and gi_k searched after it) and offered
// (untested set: such a candidate is offered and marked untested).
func (s *searcher) forcedMoves(forced []board.Point, maxK int, untested *board.Bitset) ([]board.Point, int) {
	for k := 1; k <= maxK; k++ {
		if !s.threat(k) {
			continue
		}
		cands := s.candidates(s.scratch[s.ply][:0], k)
		s.scratch[s.ply] = cands
		salt, look := s.giFirstSalt(k)
		var keys ahead
		if look {
			keys = s.keysAfter(cands, s.owner, s.attacker, salt)
		}
		wide := s.extensionsTo(min(k+2, s.safeLibs))
		for i, c := range cands {
			if wide.Has(c) {
				// Out of gi_k's reach after this extension (open.go).
				forced = append(forced, c)
				continue
			}
			if look { // gi(k) looks its cache up first
				if r, ok := s.cachedAfter(c, &keys, i); ok {
					if r == board.NoPoint {
						forced = append(forced, c)
					}
					continue
				}
			}
			if untested != nil {
				forced = append(forced, c)
				untested.Set(c)
				continue
			}
			if !s.play(c, s.owner) {
				continue
			}
			prevents := !s.captured() && s.gi(k) == board.NoPoint
			s.undo()
			if prevents {
				forced = append(forced, c)
			}
		}
		return forced, k
	}
	return forced, 0
}

// widestFirst orders the target's liberties ms by the liberties an
// extension there would have (extensionBound), the most first: the
// extension that leaves gi the fewest chances is the likeliest
// refutation, and its gi search the cheapest.
func (s *searcher) widestFirst(ms []board.Point) {
	if len(ms) < 2 || len(ms) > 4 {
		return
	}
	var c [4]int
	tid, n := s.b.StringID(s.target), s.libs()
	for i, m := range ms {
		c[i] = s.extensionBound(m, tid, n)
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && c[j] > c[j-1]; j-- {
			c[j], c[j-1] = c[j-1], c[j]
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}
