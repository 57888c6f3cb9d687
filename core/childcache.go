package core

// childCache remembers, for recently expanded nodes, their moves and what
// expand learnt about each child without the table: key, node type,
// terminal outcome and initial estimate. df-pn re-expands most nodes many
// times (62% of expansions on Microcosmos tails), and each expansion
// generated the moves and played every child (Do, Key, Terminal, Estimate,
// Undo); a hit replaces all of that with a copy. Whether a child repeats a
// position on the current path is still decided per expansion, since it
// depends on the path.
//
// It is sound only for games whose moves and children are a function of
// Key (and the widening step), which is why Options.ChildCache is opt-in.
//
// Records live in a ring (arena) of kid records; an index maps a node to
// the ring position of its contiguous run. A run overwritten by newer ones
// is detected from the ring's write cursor.
type childCache struct {
	ring   []cachedKid
	index  []cacheSlot
	mask   uint64
	cursor uint64 // total kid records ever written (ring position = cursor % len)
	gen    uint32 // slots of other generations are empty (reset is O(1))
	mib    int
}

type cachedKid struct {
	key    Key
	move   Move
	pn, dn PN
	or     bool
	term   Outcome
	wait   int16 // Delaying: the move this one waits for, or -1
}

type cacheSlot struct {
	key  Key
	off  uint64 // cursor at the run's first record
	n    uint32
	gen  uint32
	or   bool
	step uint8
}

// cacheIndexShare is how many ring records there are per index slot.
const cacheIndexShare = 4

func newChildCache(mib int) *childCache {
	if mib <= 0 {
		return nil
	}
	bytes := mib << 20
	// A kid record is 40 bytes, a slot 32; give the index one slot per
	// cacheIndexShare records (a power of two).
	kids := bytes / (40 + 32/cacheIndexShare)
	slots := 1
	for slots*2 <= kids/cacheIndexShare {
		slots *= 2
	}
	return &childCache{ring: make([]cachedKid, kids), index: make([]cacheSlot, slots), mask: uint64(slots - 1), gen: 1, mib: mib}
}

// reset forgets every node: each search may drive another game, whose
// keys mean other positions.
func (c *childCache) reset() {
	c.gen++
	if c.gen == 0 { // wrapped: really clear
		clear(c.index)
		c.gen = 1
	}
}

func (c *childCache) slot(k Key, or bool) *cacheSlot {
	h := (k.Board ^ uint64(k.Hand)*0xbf58476d1ce4e5b9) * 0x9e3779b97f4a7c15
	if or {
		h ^= 0x5555
	}
	return &c.index[(h>>17)&c.mask]
}

// get returns the run for node k, or nil.
func (c *childCache) get(k Key, or bool, step int) []cachedKid {
	sl := c.slot(k, or)
	if sl.gen != c.gen || sl.key != k || sl.or != or || sl.step != uint8(step) {
		return nil
	}
	if c.cursor-sl.off > uint64(len(c.ring)) {
		return nil // overwritten
	}
	start := sl.off % uint64(len(c.ring))
	return c.ring[start : start+uint64(sl.n)]
}

// put reserves a contiguous run of n records for node k and returns it for
// the caller to fill; nil when n does not fit the ring.
func (c *childCache) put(k Key, or bool, step int, n int) []cachedKid {
	size := uint64(len(c.ring))
	if n == 0 || uint64(n) > size/4 || step > 255 {
		return nil
	}
	if pos := c.cursor % size; pos+uint64(n) > size {
		c.cursor += size - pos // skip the tail so the run is contiguous
	}
	sl := c.slot(k, or)
	*sl = cacheSlot{key: k, off: c.cursor, n: uint32(n), gen: c.gen, or: or, step: uint8(step)}
	start := c.cursor % size
	c.cursor += uint64(n)
	return c.ring[start : start+uint64(n)]
}
