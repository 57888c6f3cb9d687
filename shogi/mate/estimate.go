package mate

import (
	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// evasionCache remembers the defender's (ordered, futile-free) evasions of
// recently seen positions. Game.Estimate generates the evasions of every new
// AND child to count them, and the core then expands the chosen child,
// generating them again, and re-expands the parent many times (most
// expansions are re-expansions): with the cache the list is generated once
// and copied afterwards. The evasions are a function of the position, and
// the key (board, side, attacker hand; the defender's hand is the rest of
// the fixed piece total) determines it, so a hit is exact up to a 64-bit
// hash collision, the same assumption the proof table makes.
//
// Runs of moves live in a ring; a direct-mapped index names each run, and a
// run the ring has since overwritten is detected from the write cursor.
type evasionCache struct {
	ring   []shogi.Move
	index  []evasionSlot
	cursor uint64 // moves ever written; ring position = cursor % len(ring)
}

type evasionSlot struct {
	key core.Key
	off uint64 // cursor at the run's first move, plus one (0: empty)
	n   uint32
}

// Sizes: 2^18 moves (1 MiB) and 2^15 slots (768 KiB) per game.
const (
	evasionRingMoves = 1 << 18
	evasionSlots     = 1 << 15
)

func newEvasionCache() *evasionCache {
	return &evasionCache{ring: make([]shogi.Move, evasionRingMoves), index: make([]evasionSlot, evasionSlots)}
}

func (c *evasionCache) slot(k core.Key) *evasionSlot {
	h := (k.Board ^ uint64(k.Hand)*0xbf58476d1ce4e5b9) * 0x9e3779b97f4a7c15
	return &c.index[h>>(64-15)]
}

// get appends the cached evasions of k to buf.
func (c *evasionCache) get(k core.Key, buf []shogi.Move) ([]shogi.Move, bool) {
	sl := c.slot(k)
	if sl.off == 0 || sl.key != k || c.cursor-(sl.off-1) > uint64(len(c.ring)) {
		return buf, false
	}
	start := (sl.off - 1) % uint64(len(c.ring))
	return append(buf, c.ring[start:start+uint64(sl.n)]...), true
}

// put records ms as the evasions of k (a list longer than a quarter of the
// ring is not kept).
func (c *evasionCache) put(k core.Key, ms []shogi.Move) {
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
	*c.slot(k) = evasionSlot{key: k, off: c.cursor + 1, n: uint32(n)}
	c.cursor += n
}
