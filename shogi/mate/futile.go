package mate

import "github.com/tsume-solver/tsume/shogi"

// The futile-interposition rule (無駄合) applied under tsume rules.
//
// A defender in check whose only legal evasions are drops between its king
// and a single distant checker interposes futilely when the interposition
// cannot change the outcome: the checker just captures the dropped piece and
// the defender is left with the same kind of defence. We test the drop on
// the square next to the checker (the farthest from the king): if the
// checker can legally capture it there and the defender then has no legal
// evasion other than further drops (its king cannot move or capture, no
// piece captures the checker, no board move interposes), every drop
// interposition at this node is futile and the node counts as mate.
//
// This is the rule of antma/tsumeshogi-check (the reference set), made
// stricter: antma only asks whether the king can move after the capture,
// so it would also call a drop futile when another defender piece could
// then capture the checker; we never do. Interpositions by board moves are
// never futile.

// futileScratch holds the buffers the rule needs, so the hot path does not
// allocate.
type futileScratch struct {
	buf []shogi.Move
}

func newFutileScratch() futileScratch {
	return futileScratch{buf: make([]shogi.Move, 0, shogi.MaxMoves)}
}

// isFutile reports whether the evasions evs of the side to move (in check)
// are all futile drop interpositions (see above). An empty list is not
// "futile": it is plain mate.
func isFutile(pos *shogi.Position, evs []shogi.Move, sc *futileScratch) bool {
	if len(evs) == 0 {
		return false
	}
	for _, m := range evs {
		if !m.IsDrop() {
			return false
		}
	}
	def := pos.SideToMove()
	k, ok := pos.KingSquare(def)
	if !ok {
		return false
	}
	// The drop farthest from the king lies next to the checker.
	far := evs[0]
	for _, m := range evs[1:] {
		if dist(m.To(), k) > dist(far.To(), k) {
			far = m
		}
	}
	to := far.To()
	df, dr := sign(to.File()-k.File()), sign(to.Rank()-k.Rank())
	cf, cr := to.File()+df, to.Rank()+dr
	if cf < 1 || cf > 9 || cr < 1 || cr > 9 {
		return false
	}
	from := shogi.NewSquare(cf, cr)
	pc := pos.PieceAt(from)
	if pc == shogi.Empty || pc.Color() == def {
		return false
	}
	pos.Do(far)
	futile := false
	for _, promote := range [2]bool{false, true} {
		if promote && !pc.Kind().CanPromote() {
			continue
		}
		capture := shogi.NewMove(from, to, pc.Kind(), far.Kind(), promote)
		if !pos.IsLegal(capture) {
			continue
		}
		pos.Do(capture)
		// A capture that no longer checks (a lance promoting away from
		// the line) leaves the defender free: not futile.
		onlyDrops := pos.InCheck()
		for _, e := range pos.GenerateEvasions(sc.buf[:0]) {
			if !onlyDrops || !e.IsDrop() {
				onlyDrops = false
				break
			}
		}
		pos.Undo(capture)
		if onlyDrops {
			futile = true
			break
		}
	}
	pos.Undo(far)
	return futile
}

// dist is the king-step (Chebyshev) distance between two squares.
func dist(a, b shogi.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
