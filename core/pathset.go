package core

// pathSet maps the keys of the positions on the current search path to
// their depth. It is an open-addressing table hashed by Board only (so SNDA
// can find a board whatever its hand); entries are removed in LIFO order,
// which lets removal simply clear the slot: no later-inserted key can sit
// behind it in a probe chain.
type pathSet struct {
	keys  []Key
	depth []int32 // -1 = empty slot
	mask  uint64
	n     int
}

func (p *pathSet) init(capacity int) {
	size := 64
	for size < 4*capacity {
		size *= 2
	}
	p.keys = make([]Key, size)
	p.depth = make([]int32, size)
	for i := range p.depth {
		p.depth[i] = -1
	}
	p.mask = uint64(size - 1)
	p.n = 0
}

func (p *pathSet) slot(board uint64) uint64 { return (board * 0x9e3779b97f4a7c15 >> 20) & p.mask }

// free reports whether no key with this board is in the set (the slot
// the board hashes to is empty), without walking a chain.
func (p *pathSet) free(board uint64) bool { return p.depth[p.slot(board)] < 0 }

// push adds k at depth d; it grows the table when a quarter full (rare:
// only when the path gets deeper than ever before). Every child of every
// expansion is looked up (repetition), and most are not on the path: at a
// quarter full the probe chains they walk are short.
func (p *pathSet) push(k Key, d int) {
	if 4*(p.n+1) > len(p.keys) {
		p.grow()
	}
	i := p.slot(k.Board)
	for p.depth[i] >= 0 {
		i = (i + 1) & p.mask
	}
	p.keys[i], p.depth[i] = k, int32(d)
	p.n++
}

func (p *pathSet) grow() {
	old := *p
	p.init(len(old.keys))
	// Re-insert in depth order so LIFO removal stays exact.
	order := make([]int, old.n)
	for i, d := range old.depth {
		if d >= 0 {
			order[d] = i
		}
	}
	for _, i := range order {
		p.push(old.keys[i], int(old.depth[i]))
	}
}

// pop removes k, which must be the most recently pushed key.
func (p *pathSet) pop(k Key) {
	i := p.slot(k.Board)
	best := uint64(p.mask + 1)
	for p.depth[i] >= 0 {
		if p.keys[i] == k {
			best = i // the last match in the chain is the newest
		}
		i = (i + 1) & p.mask
	}
	if best <= p.mask {
		p.depth[best] = -1
		p.n--
	}
}

// find returns the depth of k on the path, or -1.
func (p *pathSet) find(k Key) int {
	for i := p.slot(k.Board); p.depth[i] >= 0; i = (i + 1) & p.mask {
		if p.keys[i] == k {
			return int(p.depth[i])
		}
	}
	return -1
}

// findBoard returns the depth of some position on the path with this board
// (any hand), or -1.
func (p *pathSet) findBoard(board uint64) int {
	for i := p.slot(board); p.depth[i] >= 0; i = (i + 1) & p.mask {
		if p.keys[i].Board == board {
			return int(p.depth[i])
		}
	}
	return -1
}
