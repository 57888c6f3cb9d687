package shogi

// Perft counts the leaves of the legal move tree of the given depth,
// counting the last ply in bulk (the length of the move list). It
// allocates one buffer per call, never per node.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	buf := make([]Move, depth*MaxMoves)
	return perft(p, depth, buf)
}

func perft(p *Position, depth int, buf []Move) uint64 {
	moves := p.GenerateLegal(buf[:0:MaxMoves])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	rest := buf[MaxMoves:]
	for _, m := range moves {
		p.Do(m)
		n += perft(p, depth-1, rest)
		p.Undo(m)
	}
	return n
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Count uint64
}

// Divide returns, for every legal root move, the perft count of depth-1
// below it (1 per move when depth is 1), in generation order.
func Divide(p *Position, depth int) []DivideEntry {
	if depth <= 0 {
		return nil
	}
	moves := p.GenerateLegal(make([]Move, 0, MaxMoves))
	buf := make([]Move, depth*MaxMoves)
	out := make([]DivideEntry, 0, len(moves))
	for _, m := range moves {
		var n uint64 = 1
		if depth > 1 {
			p.Do(m)
			n = perft(p, depth-1, buf)
			p.Undo(m)
		}
		out = append(out, DivideEntry{m, n})
	}
	return out
}
