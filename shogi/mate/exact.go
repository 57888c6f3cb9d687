package mate

import (
	"github.com/tsume-solver/tsume/shogi"
)

// The exact-length search: the composers' line and the plain minimax
// length both need the exact value of the game "attacker minimises the
// number of plies to mate, defender maximises it", which a proof-number
// search does not give. After the first proof, an iterative-deepening
// depth-limited minimax (mate in 1, 3, 5, …) finds the minimal length; its
// completion proves the line minimal. It shares the move rules with Game
// (checks; evasions; futile drops removed under tsume rules; a repetition
// on the path fails for the attacker).

// noMate is the value of a node with no mate within the bound.
const noMate = 1 << 15

// exactEntry records what is known about one position (full key: board,
// side to move and both hands).
type exactEntry struct {
	key   uint64
	lb    uint16     // no mate shorter than lb plies
	exact uint16     // exact length + 1; 0 when unknown
	best  shogi.Move // the move that achieves the value, or a refutation
}

// exactSearch is one exact-length search over a position it owns.
type exactSearch struct {
	pos      *shogi.Position
	attacker shogi.Color
	rules    Rules
	salt     uint64 // separates rule sets and attackers in a shared table
	table    []exactEntry
	mask     uint64
	path     []uint64
	bufs     [][]shogi.Move
	fut      futileScratch
	nodes    uint64
	budget   uint64
	stopped  bool
	poll     func() bool // reports true when the search must stop
	// disproven, if set, reports that the proof search's table holds a
	// (path-independent) disproof of the current position: no mate at any
	// length, so the node is cut without search.
	disproven func() bool
	spare     map[spareKey]int
}

// spareKey memoises the spare-piece tie-break per position and length.
type spareKey struct {
	key uint64
	n   int
}

// newExactSearch prepares a search over table (its length a power of two;
// entries are valid across searches, since only completed results are
// stored and keys are salted with the rules and the attacker) and a node
// budget (0: none). poll is called every few thousand nodes.
func newExactSearch(pos *shogi.Position, attacker shogi.Color, rules Rules, table []exactEntry, budget uint64, poll func() bool) *exactSearch {
	return &exactSearch{
		pos:      pos,
		attacker: attacker,
		rules:    rules,
		salt:     exactSalt(rules, attacker),
		table:    table,
		mask:     uint64(len(table) - 1),
		fut:      newFutileScratch(),
		budget:   budget,
		poll:     poll,
		spare:    map[spareKey]int{},
	}
}

func (e *exactSearch) probe(key uint64) *exactEntry {
	en := &e.table[key&e.mask]
	if en.key != key {
		return nil
	}
	return en
}

func (e *exactSearch) store(key uint64, lb, exact int, best shogi.Move) {
	en := &e.table[key&e.mask]
	if en.key != key {
		*en = exactEntry{key: key}
	}
	if exact != noMate {
		en.exact = uint16(exact + 1)
	}
	if lb > int(en.lb) {
		en.lb = uint16(min(lb, noMate))
	}
	if best != shogi.NoMove {
		en.best = best
	}
}

// movesAt generates the current node's moves into the buffer of ply.
func (e *exactSearch) movesAt(ply int) []shogi.Move {
	for len(e.bufs) <= ply {
		e.bufs = append(e.bufs, make([]shogi.Move, 0, shogi.MaxMoves))
	}
	buf := e.bufs[ply][:0]
	if e.pos.SideToMove() == e.attacker {
		return orderChecks(e.pos, e.pos.GenerateChecks(buf))
	}
	if !e.pos.InCheck() {
		return e.pos.GenerateLegal(buf)
	}
	buf = e.pos.GenerateEvasions(buf)
	if e.rules == Tsume {
		buf = removeFutile(e.pos, buf, &e.fut)
	}
	return orderEvasions(buf)
}

// exactSalt separates rule sets and attackers in the shared exact table.
func exactSalt(rules Rules, attacker shogi.Color) uint64 {
	return 0x2545f4914f6cdd1d*uint64(rules+1) ^ 0x9e3779b97f4a7c15*uint64(attacker+1)
}

// key returns the current position's exact-table key.
func (e *exactSearch) key() uint64 { return e.pos.Key() ^ e.salt }

// onPath reports whether key repeats a position on the current path.
func (e *exactSearch) onPath(key uint64) bool {
	for i := len(e.path) - 1; i >= 0; i-- {
		if e.path[i] == key {
			return true
		}
	}
	return false
}

// tick counts a node and reports whether the search must stop.
func (e *exactSearch) tick() bool {
	e.nodes++
	if e.stopped {
		return true
	}
	if e.budget != 0 && e.nodes > e.budget {
		e.stopped = true
	} else if e.nodes&4095 == 1 && e.poll != nil && e.poll() { // from the first node: a search may begin past its deadline
		e.stopped = true
	}
	return e.stopped
}

// search returns the exact minimax mate length of the current position if
// it is at most d, else noMate; rep reports that a repetition cut was seen
// below (the value then depends on the path and is not stored).
func (e *exactSearch) search(d, ply int) (v int, rep bool) {
	if e.tick() {
		return noMate, true
	}
	or := e.pos.SideToMove() == e.attacker
	key := e.key()
	if e.onPath(key) {
		return noMate, true
	}
	var hint shogi.Move
	if en := e.probe(key); en != nil {
		if en.exact != 0 {
			if l := int(en.exact) - 1; l <= d {
				return l, false
			}
			return noMate, false
		}
		if int(en.lb) > d {
			return noMate, false
		}
		hint = en.best
	}
	if e.disproven != nil && ply > 0 && e.disproven() {
		e.store(key, noMate, noMate, shogi.NoMove)
		return noMate, false
	}
	if !or && d < 2 && e.pos.KingCanMove() {
		// Only "mated now?" is left, and a king move is a defence (never a
		// futile drop): no evasions to generate.
		return noMate, false
	}
	moves := e.movesAt(ply)
	if len(moves) == 0 {
		if or {
			e.store(key, noMate, noMate, shogi.NoMove) // no check at all: never a mate
			return noMate, false
		}
		e.store(key, 0, 0, shogi.NoMove) // mated
		return 0, false
	}
	if d < 1 || !or && d < 2 {
		return noMate, false
	}
	moveToFront(moves, hint)
	e.path = append(e.path, key)
	defer func() { e.path = e.path[:len(e.path)-1] }()
	if or {
		best, bm := noMate, shogi.NoMove
		for _, m := range moves {
			bound := min(d, best-2) - 1
			if bound < 0 {
				break
			}
			e.pos.Do(m)
			cv, r := e.search(bound, ply+1)
			e.pos.Undo(m)
			rep = rep || r
			if cv != noMate && cv+1 < best {
				best, bm = cv+1, m
				if best == 1 {
					break
				}
			}
		}
		if !rep && !e.stopped {
			if best != noMate {
				e.store(key, best, best, bm)
			} else {
				e.store(key, d+1, noMate, shogi.NoMove)
			}
		}
		return best, rep
	}
	worst, wm := 0, shogi.NoMove
	for _, m := range moves {
		e.pos.Do(m)
		cv, r := e.search(d-1, ply+1)
		e.pos.Undo(m)
		rep = rep || r
		if cv == noMate {
			if !rep && !e.stopped {
				e.store(key, d+1, noMate, m)
			}
			return noMate, rep
		}
		if cv+1 > worst {
			worst, wm = cv+1, m
		}
	}
	if !rep && !e.stopped {
		e.store(key, worst, worst, wm)
	}
	return worst, rep
}

// moveToFront moves m (if present) to the front of ms.
func moveToFront(ms []shogi.Move, m shogi.Move) {
	if m == shogi.NoMove {
		return
	}
	for i, x := range ms {
		if x == m {
			copy(ms[1:i+1], ms[:i])
			ms[0] = m
			return
		}
	}
}

// solve runs the iterative deepening from the root up to maxLen plies. It
// returns the exact length, or noMate with stopped telling a limit from a
// proven "no mate within maxLen".
func (e *exactSearch) solve(maxLen int) int {
	start := 1
	if e.pos.SideToMove() != e.attacker {
		start = 0
	}
	for d := start; d <= maxLen; d += 2 {
		v, _ := e.search(d, 0)
		if e.stopped {
			return noMate
		}
		if v != noMate {
			return v
		}
	}
	return noMate
}
