package core

// Delayed expansion. Some moves are worth counting only once a sibling has
// been decided: tsume-shogi's interpositions on one square (a knight
// interposed where a pawn interposition is already mated is usually mated
// the same way; KomoringHeights v0.5.0 reports a no-mate position falling
// from 22 M to 3.6 k nodes when they are chained) and a non-promoting move
// whose promoting twin has not been refuted yet. A delayed child still gets
// its key and is read from the table, but until the move it waits for is
// decided in the mover's disfavour (proven at an AND node, disproven at an
// OR node), or looks hard to decide (Delaying.Patience), it is neither
// chosen nor counted in the node's numbers.
//
// It is sound by construction: a waiting child whose predecessor is not
// decided that way has, following the waits back (each to a lower index), an
// undecided active ancestor, so "every active child is decided against the
// mover" implies every child is; and a node is decided for the mover only by
// a child that really is decided (active or not). Delays change effort,
// never answers.

// Delaying is optionally implemented by a Game whose moves may wait for a
// sibling. It is discovered once per search by type assertion and used by
// df-pn (PN* ignores it).
type Delaying interface {
	// Delays is called right after Moves with the moves just generated for
	// the current position and wait, of the same length, filled with -1.
	// The game sets wait[i] to the index j < i of the move that move i waits
	// for: at an AND node move i counts once move j is proven, at an OR node
	// once move j is disproven. Other values are ignored. It must not
	// allocate.
	Delays(moves []Move, wait []int16)
	// Patience is the number at which a waiting move is due even though
	// the move it waits for is not decided: its proof number at an AND
	// node, its disproof number at an OR node (the move waited for then
	// looks hard to decide that way). Infinity: only a decision makes a
	// waiting move due. Asked once per search. Making moves due earlier
	// keeps the soundness argument above intact (a waiting child still
	// has an undecided predecessor).
	Patience() PN
}

// setDelays asks the game which moves of the node at p wait and reports
// whether any does.
func (s *searcher) setDelays(p *ply) bool {
	n := len(p.moves)
	if cap(p.wait) < n {
		p.wait = make([]int16, n, max(n, 64))
	}
	wait := p.wait[:n]
	p.wait = wait
	for i := range wait {
		wait[i] = -1
	}
	s.del.Delays(p.moves, wait)
	any := false
	for i, w := range wait {
		if w == -1 {
			continue // most moves wait for none: one test
		}
		if int(w) >= i || w < -1 {
			wait[i] = -1 // only earlier moves: the waits cannot form a cycle
		} else {
			any = true
		}
	}
	return any
}

// waiting reports whether child i of p is still delayed: it waits for a
// move that is not yet decided in the mover's disfavour and whose number
// is below patience.
func waiting(p *ply, i int, patience PN) bool {
	w := p.wait[i]
	if w < 0 {
		return false
	}
	c := &p.kids[w]
	x := summed(p.or, c.pn, c.dn)
	return x != 0 && x < patience
}
