package mate

import (
	"unsafe"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/internal/hugemem"
	"github.com/tsume-solver/tsume/internal/prefetch"
	"github.com/tsume-solver/tsume/shogi"
)

// evasionCache remembers the defender's (ordered, futile-free) evasions of
// recently seen positions. Game.Terminal counts the evasions of every new
// AND child (without listing them, shogi's CountEvasions, except where the
// futile rule needs the list), and the core then expands the chosen child
// and re-expands it and its parent many times (most expansions are
// re-expansions): with the cache the list is generated once, at the first
// expansion, and copied afterwards. The evasions are a function of the position, and
// the key (board, side, attacker hand; the defender's hand is the rest of
// the fixed piece total) determines it, so a hit is exact up to a 64-bit
// hash collision, the same assumption the proof table makes.
//
// Runs of moves live in a ring; a direct-mapped index names each run, and a
// run the ring has since overwritten is detected from the write cursor.
//
// A slot also keeps what the leaves need without the list: the number of
// evasions (Terminal's mate test, Estimate's count) and the defender king's
// free squares (Estimate). The core values every child of a node at each
// of its expansions, and most expansions re-expand a node seen before, so
// these are asked again and again of the same positions (on the 41-ply
// Microcosmos tail 54 k of 122 k counts are repeats): answered from the
// slot, without copying the list out of the ring, they cost 4 % fewer
// instructions for the same first proof. They stay valid after the ring
// has overwritten the run.
//
// The same structure keeps the attacker's checks (checks): an attacker's
// node is re-expanded as often as a defender's, and its check generation
// was an eighth of the instructions of a first proof. What is kept there is
// the list sorted by checkScore, which depends on the position alone; the
// order that depends on the last move (orderChecks) is applied on each use.
// It saved another 5 % of the instructions of the same first proof.
type evasionCache struct {
	ring   []shogi.Move
	index  []evasionSlot
	cursor uint64 // moves ever written; ring position = cursor % len(ring)
	shift  uint   // 64 - log2(len(index))
	checks *evasionCache
	// ofChecks marks the check cache: its unsorted runs are put in
	// sortChecks' order, not orderEvasions'.
	ofChecks bool
}

type evasionSlot struct {
	key  core.Key
	off  uint64 // cursor at the run's first move, plus one (0: no run)
	n    uint32 // the number of moves, or-ed with known, and with unsorted while the run is not in its order (orderEvasions', or sortChecks' in the check cache)
	free uint32 // the defender king's free squares plus one (0: not known); in the check cache, noMateInOne or 0
}

// noMateInOne in a check cache's slot says that none of the node's checks
// mates (Game.Moves).
const noMateInOne = 1

// known marks a slot in use: its key, count and freedom are valid, and
// its run too when off is not 0. A slot may hold a count without a run
// (putCount): most positions are only counted, and CountEvasions counts
// without listing.
const known = 1 << 30

// unsorted marks a run of evasions stored in generation order: a list
// generated only to be counted (Terminal under tsume rules when every
// evasion is a drop) may never be asked for again, so it is sorted when
// first asked for (get) rather than when stored. The first proof of Microcosmos
// tail 601 spent 4 % of its time sorting. Likewise the checks of an
// attacker's node only counted for its estimate (Game.checkCount), most of
// which are never expanded.
const unsorted = 1 << 31

// Sizes: 2^18 moves (1 MiB) and 2^17 slots (4 MiB) per game for the
// evasions: the slots outnumber the runs the ring holds, so counts outlive
// their lists. The checks, longer lists asked only at attacker nodes: 2^19
// moves (2 MiB) and 2^17 slots (4 MiB); with 2^15 slots, 161 k of 267 k
// attacker expansions generated their checks on Microcosmos tail 201
// (500 k expansions), with 2^17 148 k, 1 % fewer instructions.
const (
	evasionRingBits = 18
	evasionSlotBits = 17
	checkRingBits   = 19
	checkSlotBits   = 17
)

func newEvasionCache() *evasionCache {
	c := newRunCache(evasionRingBits, evasionSlotBits)
	c.checks = newRunCache(checkRingBits, checkSlotBits)
	c.checks.ofChecks = true
	return c
}

// newRunCache makes a cache of 2^ringBits moves and 2^slotBits slots, in
// memory advised for huge pages (hugemem): its reads are at random
// addresses, several per node.
func newRunCache(ringBits, slotBits uint) *evasionCache {
	return &evasionCache{ring: hugemem.Slice[shogi.Move](1 << ringBits), index: hugemem.Slice[evasionSlot](1 << slotBits), shift: 64 - slotBits}
}

func (c *evasionCache) slot(k core.Key) *evasionSlot {
	h := (k.Board ^ uint64(k.Hand)*0xbf58476d1ce4e5b9) * 0x9e3779b97f4a7c15
	return &c.index[h>>c.shift]
}

// prefetch starts loading k's slot.
func (c *evasionCache) prefetch(k core.Key) { prefetch.Line(unsafe.Pointer(c.slot(k))) }

// count returns the number of evasions of k, when known.
func (c *evasionCache) count(k core.Key) (int, bool) {
	sl := c.slot(k)
	if sl.n&known == 0 || sl.key != k {
		return 0, false
	}
	return int(sl.n &^ (unsorted | known)), true
}

// setFreedom records the defender king's free squares for k, whose
// count is in the cache (otherwise nothing is recorded).
func (c *evasionCache) setFreedom(k core.Key, free int) {
	if sl := c.slot(k); sl.n&known != 0 && sl.key == k {
		sl.free = uint32(free) + 1
	}
}

// noMate1 reports whether k's slot of a check cache records that no check
// mates.
func (c *evasionCache) noMate1(k core.Key) bool {
	sl := c.slot(k)
	return sl.n&known != 0 && sl.key == k && sl.free == noMateInOne
}

// setNoMate1 records in k's slot of a check cache, when it is k's, that no
// check mates.
func (c *evasionCache) setNoMate1(k core.Key) {
	if sl := c.slot(k); sl.n&known != 0 && sl.key == k {
		sl.free = noMateInOne
	}
}

// get appends the cached evasions of k to buf.
func (c *evasionCache) get(k core.Key, buf []shogi.Move) ([]shogi.Move, bool) {
	sl := c.slot(k)
	if sl.off == 0 || sl.key != k || c.cursor-(sl.off-1) > uint64(len(c.ring)) {
		return buf, false
	}
	start := (sl.off - 1) % uint64(len(c.ring))
	n := uint64(sl.n &^ (unsorted | known))
	if sl.n&unsorted != 0 {
		sl.n &^= unsorted
		if c.ofChecks {
			sortChecks(c.ring[start : start+n])
		} else {
			orderEvasions(c.ring[start : start+n])
		}
	}
	return append(buf, c.ring[start:start+n]...), true
}

// putCount records n as the number of moves of k and free as its king's
// free squares, without a run.
func (c *evasionCache) putCount(k core.Key, n, free int) {
	*c.slot(k) = evasionSlot{key: k, n: uint32(n) | known, free: uint32(free) + 1}
}

// info returns the number of evasions of k and its king's free squares,
// when both are known.
func (c *evasionCache) info(k core.Key) (n, free int, ok bool) {
	sl := c.slot(k)
	if sl.n&known == 0 || sl.key != k || sl.free == 0 {
		return 0, 0, false
	}
	return int(sl.n &^ (unsorted | known)), int(sl.free - 1), true
}

// put records ms as the moves of k (a list longer than a quarter of the
// ring is not kept); sorted false says that ms are not yet in their
// order (orderEvasions', or sortChecks' in the check cache).
func (c *evasionCache) put(k core.Key, ms []shogi.Move, sorted bool) {
	size := uint64(len(c.ring))
	n := uint64(len(ms))
	if n > size/4 {
		return
	}
	if pos := c.cursor % size; pos+n > size {
		c.cursor += size - pos // keep the run contiguous
	}
	start := c.cursor % size
	copy(c.ring[start:start+n], ms)
	sl := c.slot(k)
	free := uint32(0)
	if sl.n&known != 0 && sl.key == k {
		free = sl.free // counted before: the freedom stays valid
	}
	*sl = evasionSlot{key: k, off: c.cursor + 1, n: uint32(n) | known, free: free}
	if !sorted {
		sl.n |= unsorted
	}
	c.cursor += n
}
