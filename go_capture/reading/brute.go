package reading

import (
	"errors"
	"fmt"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// BruteForce answers a capture question by plain full-width minimax over
// every legal move (and a pass for the owner) up to maxPlies plies, both
// sides obeying the simple ko ban, with none of the game-definition
// functions. The attacker wins when the target is captured within the
// horizon; the owner wins when the target reaches safeLibs liberties or
// the horizon ends. A single-stone target taken by a string that the
// owner at once takes back on the target's point, ending with more than
// one liberty (a snapback), is not captured: the owner's recapture is
// its move there. It is exponential and meant for checking the other
// algorithms on small boards; a result of captured corresponds to
// Solve's codes 1 and 2.
func BruteForce(b *board.Board, target board.Point, mode Mode, maxPlies, safeLibs int) (captured bool, move board.Point, err error) {
	if b == nil || !b.OnBoard(target) || b.At(target) == board.Empty {
		return false, board.NoPoint, ErrNotStone
	}
	if maxPlies < 1 || maxPlies > 30 {
		return false, board.NoPoint, fmt.Errorf("reading: brute force horizon %d is outside 1..30", maxPlies)
	}
	if safeLibs < 2 {
		return false, board.NoPoint, errors.New("reading: brute force safeLibs must be at least 2")
	}
	bf := &brute{b: b.Clone(), target: target, owner: b.At(target), safe: safeLibs, memo: map[bruteKey]bool{}}
	bf.b.Commit()
	if mode == Attack {
		ok, m := bf.or(maxPlies)
		return ok, m, nil
	}
	ok, m := bf.and(maxPlies, board.NoPoint)
	return ok, m, nil
}

type bruteKey struct {
	key   uint64
	plies int
}

type brute struct {
	b      *board.Board
	target board.Point
	owner  board.Color
	safe   int
	memo   map[bruteKey]bool
}

// or: the attacker to move; true if it captures within plies.
func (f *brute) or(plies int) (bool, board.Point) {
	if f.b.At(f.target) == board.Empty {
		return true, board.NoPoint
	}
	if plies == 0 || f.b.NumLibs(f.target) >= f.safe {
		return false, board.NoPoint
	}
	a := f.owner.Opponent()
	k := bruteKey{f.b.Key(a), plies}
	if v, ok := f.memo[k]; ok && !v {
		return false, board.NoPoint
	}
	for _, m := range f.moves(false) {
		if f.b.Play(m, a) != nil {
			continue
		}
		ok, _ := f.and(plies-1, m)
		f.b.Undo()
		if ok {
			f.memo[k] = true
			return true, m
		}
	}
	f.memo[k] = false
	return false, board.NoPoint
}

// and: the owner to move after the attacker's move last; true if the
// target is captured whatever the owner does. The move returned is a
// saving move when the result is false.
func (f *brute) and(plies int, last board.Point) (bool, board.Point) {
	if f.b.At(f.target) == board.Empty {
		if !f.snapback(last) {
			return true, board.NoPoint
		}
		if plies == 0 {
			return false, f.target // the owner would take back
		}
		f.b.Play(f.target, f.owner) // snapback checked it is legal
		ok, _ := f.or(plies - 1)
		f.b.Undo()
		return ok, f.target
	}
	if plies == 0 || f.b.NumLibs(f.target) >= f.safe {
		return false, board.Pass
	}
	k := bruteKey{f.b.Key(f.owner), plies}
	if v, ok := f.memo[k]; ok && v {
		return true, board.NoPoint
	}
	for _, m := range f.moves(true) {
		if f.b.Play(m, f.owner) != nil {
			continue
		}
		ok, _ := f.or(plies - 1)
		f.b.Undo()
		if !ok {
			f.memo[k] = false
			return false, m
		}
	}
	f.memo[k] = true
	return true, board.NoPoint
}

// snapback reports whether the owner may take back at once, on the
// point of a single-stone target just captured by last, the two or more
// stones that captured it, and have more than one liberty there.
func (f *brute) snapback(last board.Point) bool {
	if last < 0 || f.b.NumStones(last) < 2 || f.b.NumLibs(last) != 1 {
		return false
	}
	if f.b.Libs(last).Next(0) != f.target {
		return false
	}
	for _, r := range f.b.Neighbors(f.target) {
		if f.b.At(r) == board.Empty {
			return false // the target had more than one stone
		}
	}
	if f.b.Play(f.target, f.owner) != nil {
		return false
	}
	ok := f.b.NumLibs(f.target) > 1
	f.b.Undo()
	return ok
}

// moves lists every empty point, the target's liberties first (only to
// find answers sooner), and a pass for the owner.
func (f *brute) moves(pass bool) []board.Point {
	var ms []board.Point
	ms = f.b.AppendLibs(ms, f.target)
	for p := board.Point(0); int(p) < f.b.NumPoints(); p++ {
		if f.b.At(p) == board.Empty && !f.b.Libs(f.target).Has(p) {
			ms = append(ms, p)
		}
	}
	if pass {
		ms = append(ms, board.Pass)
	}
	return ms
}
