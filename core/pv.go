package core

// PrincipalVariation appends to buf the main line of a proven position,
// read from the table: at OR nodes the proven child with the shortest proof,
// at AND nodes the child with the longest. It stops at a terminal node,
// after maxLen moves, or where the table no longer holds the proof (entries
// may have been replaced). g is returned to its starting position.
func PrincipalVariation(g Game, t *Table, maxLen int, buf []Move) []Move {
	line := buf[:0]
	dom, _ := g.(Dominance)
	var moves []Move
	for len(line) < maxLen {
		if g.Terminal() != Unknown {
			break
		}
		e, ok := t.Probe(g.Key(), g.OrNode(), dom)
		if !ok || e.PN != 0 {
			break
		}
		or := g.OrNode()
		moves = g.Moves(moves[:0], int(e.Step))
		best, bestLen, found := NoMove, uint32(0), false
		for _, m := range moves {
			g.Do(m)
			l, proven := provenLength(g, t, dom)
			g.Undo(m)
			if !proven {
				if !or {
					found = false // an AND child without a stored proof: the line ends
					break
				}
				continue
			}
			if !found || (or && l < bestLen) || (!or && l > bestLen) {
				best, bestLen, found = m, l, true
			}
		}
		if !found {
			break
		}
		g.Do(best)
		line = append(line, best)
	}
	for i := len(line) - 1; i >= 0; i-- {
		g.Undo(line[i])
	}
	return line
}

// provenLength returns the proof length of the current position if it is
// proven (a terminal win counts as length 0).
func provenLength(g Game, t *Table, dom Dominance) (uint32, bool) {
	switch g.Terminal() {
	case Proven:
		return 0, true
	case Disproven:
		return 0, false
	}
	e, ok := t.Probe(g.Key(), g.OrNode(), dom)
	if !ok || e.PN != 0 {
		return 0, false
	}
	return e.Length, true
}

// countProofLeaves counts the terminal nodes (TE) of the proof tree stored
// in the table below the game's position, visiting at most budget nodes
// (the proof of a DAG is counted as the tree it unfolds to). It reuses the
// search's per-ply move buffers.
func (s *searcher) countProofLeaves(d int, budget *int) uint64 {
	*budget--
	if *budget < 0 {
		return 0
	}
	g := s.g
	if g.Terminal() == Proven {
		return 1
	}
	k := g.Key()
	if s.path.find(k) >= 0 {
		return 1 // a repetition: the proof rests on the cycle outcome here (Proven)
	}
	e, ok := s.t.Probe(k, g.OrNode(), s.dom)
	if !ok || e.PN != 0 {
		return 0
	}
	s.path.push(k, d)
	defer s.path.pop(k)
	if g.OrNode() {
		if e.Move == NoMove {
			if s.dt != nil {
				return 1 // proven at its expansion (DeferredTerminal): a leaf
			}
			return 0
		}
		g.Do(e.Move)
		n := s.countProofLeaves(d+1, budget)
		g.Undo(e.Move)
		return n
	}
	p := s.plyAt(d)
	p.moves = g.Moves(p.moves[:0], int(e.Step))
	if len(p.moves) == 0 {
		return 1 // no defence: a terminal node of the proof
	}
	var n uint64
	for i := 0; i < len(p.moves); i++ {
		m := s.plies[d].moves[i]
		g.Do(m)
		n += s.countProofLeaves(d+1, budget)
		g.Undo(m)
	}
	return n
}
