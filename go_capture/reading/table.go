package reading

import "github.com/tsume-solver/tsume/go_capture/board"

// Search values for the attacker (the OR player).
const (
	unknown int8 = iota
	won
	lost
)

// entry is one transposition-table slot. A won entry holds at every
// widening step (narrower move sets only hide attacker wins and AND1
// gives the same forced moves wherever it answers); a lost entry holds
// only for steps no wider than the one that stored it; an unknown entry
// only saves re-searching the same step to the same depth.
type entry struct {
	key    uint64
	move   board.Point
	val    int8
	depth  int16
	or, an uint8
}

// table is a fixed-size, always-replace transposition table: it never
// allocates during a search.
type table struct {
	e    []entry
	mask uint64
}

func newTable(bits int) *table {
	return &table{e: make([]entry, 1<<bits), mask: 1<<bits - 1}
}

func (t *table) clear() {
	clear(t.e)
}

// probe returns the entry for key or nil.
func (t *table) probe(key uint64) *entry {
	e := &t.e[key&t.mask]
	if e.key != key {
		return nil
	}
	return e
}

// store writes a result.
func (t *table) store(key uint64, val int8, depth int, move board.Point, st Step) {
	e := &t.e[key&t.mask]
	if e.key == key && e.val != unknown && val == unknown {
		return // keep a proof over a mere depth note
	}
	*e = entry{key: key, move: move, val: val, depth: int16(depth), or: uint8(st.OR), an: uint8(st.AND)}
}

// usable says what a probed entry tells a node searched at step st and
// the given depth: a value, or unknown with ok false to search on.
func (e *entry) usable(st Step, depth int) (int8, bool) {
	switch e.val {
	case won:
		return won, true
	case lost:
		if int(e.or) >= st.OR && int(e.an) >= st.AND {
			return lost, true
		}
	case unknown:
		if int(e.or) == st.OR && int(e.an) == st.AND && int(e.depth) >= depth {
			return unknown, true
		}
	}
	return unknown, false
}
