package shogi

// Interposable reports whether the side to move is in check by exactly one
// piece with at least one empty square between it and the king, so that a
// piece dropped there would block the check. Solvers need it to know
// whether the defender's pieces in hand matter in a check position.
func (p *Position) Interposable() bool {
	k := p.king[p.side]
	if k == NoSquare {
		return false
	}
	a := p.kingCheckers()
	if a.Count() != 1 {
		return false
	}
	return !between[k][a.Pop()].IsEmpty()
}
