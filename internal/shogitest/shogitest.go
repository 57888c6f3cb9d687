// Package shogitest holds checks that tests of several front ends make of
// shogi answers with the rules package alone, independently of the solver.
package shogitest

import "github.com/tsume-solver/tsume/shogi"

// BruteMate reports whether the side to move mates within plies (1 or 3,
// odd) by plain minimax over the rules package's checks and evasions: a
// solver's `nomate` must not meet a short mate this finds.
func BruteMate(p *shogi.Position, plies int) bool {
	var buf [shogi.MaxMoves]shogi.Move
	for _, m := range p.GenerateChecks(buf[:0]) {
		p.Do(m)
		mated := p.IsMated()
		if !mated && plies >= 3 {
			var ebuf [shogi.MaxMoves]shogi.Move
			evs := p.GenerateEvasions(ebuf[:0])
			mated = len(evs) > 0
			for _, e := range evs {
				p.Do(e)
				ok := BruteMate(p, plies-2)
				p.Undo(e)
				if !ok {
					mated = false
					break
				}
			}
		}
		p.Undo(m)
		if mated {
			return true
		}
	}
	return false
}
