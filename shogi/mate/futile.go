package mate

import "github.com/tsume-solver/tsume/shogi"

// The futile-interposition rule (無駄合) applied under tsume rules.
//
// When a defender in check can only answer by dropping pieces between its
// king and a single distant checker, a drop on square s is futile if the
// checker can capture the dropped piece on s, still giving check, and the
// defender is then again left with nothing but drops (its king cannot move
// or capture, no piece captures the checker, no board move interposes):
// the interposition only adds two plies to the same mate. Futile drops are
// removed from the defender's moves; when no defence remains the node
// counts as mate. Interpositions by board moves are never futile, nor are
// drops while the defender has any board-move evasion.
//
// The reference set (antma/tsumeshogi-check) tests one square only — the
// one next to the king — and, when that drop is futile, discards every
// drop; when it is not, it keeps every drop. We test each square, so a
// distant drop that the checker simply captures is futile even when the
// drop next to the king is a real defence (the king recaptures), and a
// drop is never called futile while another piece could capture the
// checker afterwards (antma only asks whether the king can move).

// futileScratch holds the buffers the rule needs, so the hot path does not
// allocate.
type futileScratch struct {
	buf []shogi.Move
	est []shogi.Move // Game.Estimate's move list
}

func newFutileScratch() futileScratch {
	return futileScratch{buf: make([]shogi.Move, 0, shogi.MaxMoves), est: make([]shogi.Move, 0, shogi.MaxMoves)}
}

// dropFutile reports, for the side to move in check, whether the drop m
// is futile in the sense above (assuming every evasion is a drop).
func dropFutile(pos *shogi.Position, m shogi.Move, k shogi.Square, sc *futileScratch) bool {
	def := pos.SideToMove()
	to := m.To()
	df, dr := sign(to.File()-k.File()), sign(to.Rank()-k.Rank())
	// Walk away from the king past the drop square to the checker.
	f, r := to.File()+df, to.Rank()+dr
	for f >= 1 && f <= 9 && r >= 1 && r <= 9 && pos.PieceAt(shogi.NewSquare(f, r)) == shogi.Empty {
		f, r = f+df, r+dr
	}
	if f < 1 || f > 9 || r < 1 || r > 9 {
		return false
	}
	from := shogi.NewSquare(f, r)
	pc := pos.PieceAt(from)
	if pc.Color() == def {
		return false
	}
	pos.Do(m)
	defer pos.Undo(m)
	for _, promote := range [2]bool{false, true} {
		if promote && !pc.Kind().CanPromote() {
			continue
		}
		capture := shogi.NewMove(from, to, pc.Kind(), m.Kind(), promote)
		if !pos.IsLegal(capture) {
			continue
		}
		pos.Do(capture)
		// A capture that no longer checks (a lance promoting off the
		// line) leaves the defender free: not futile.
		onlyDrops := pos.InCheck()
		if onlyDrops {
			for _, e := range pos.GenerateEvasions(sc.buf[:0]) {
				if !e.IsDrop() {
					onlyDrops = false
					break
				}
			}
		}
		pos.Undo(capture)
		if onlyDrops {
			return true
		}
	}
	return false
}

// removeFutile removes futile drops from the evasions evs of the side to
// move (in check) and returns the rest, in place. It changes nothing when
// some evasion is not a drop.
func removeFutile(pos *shogi.Position, evs []shogi.Move, sc *futileScratch) []shogi.Move {
	if len(evs) == 0 {
		return evs
	}
	for _, m := range evs {
		if !m.IsDrop() {
			return evs
		}
	}
	k, ok := pos.KingSquare(pos.SideToMove())
	if !ok {
		return evs
	}
	// Drops are grouped by square; test each square once.
	var tested, futile shogi.Bitboard
	out := evs[:0]
	for _, m := range evs {
		s := m.To()
		if !tested.Has(s) {
			tested.Set(s)
			if dropFutile(pos, m, k, sc) {
				futile.Set(s)
			}
		}
		if !futile.Has(s) {
			out = append(out, m)
		}
	}
	return out
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
