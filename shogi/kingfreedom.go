package shogi

import "math/bits"

// KingFreedom counts the squares next to c's king that hold none of c's
// pieces and are not attacked by the opponent, as Attacked sees them (the
// king itself still blocks a slider's line): a cheap measure of how hard
// the king is to mate. It is 0 when c has no king. It equals a loop of
// eight Attacked calls, but the opponent's nearby pieces are visited once
// for all eight squares.
func (p *Position) KingFreedom(c Color) int {
	if p.king[c] == NoSquare {
		return 0
	}
	_, standing := p.safeNeighbours(c)
	return standing.Count()
}

// safeNeighbours returns the squares next to c's king (which must exist)
// that hold none of c's pieces and that the opponent does not attack:
// lifted with the king taken off the board (the squares it may move to),
// standing with the king where it is (KingFreedom's). The opponent's
// pieces in step or jump reach of the neighbourhood are visited once,
// then each slider's lines are tested only for the squares still free.
// For the side to move both sets are cached per position: the solver
// asks for the king's moves and then for KingFreedom.
func (p *Position) safeNeighbours(c Color) (lifted, standing Bitboard) {
	if c == p.side && p.safeVersion == p.version+1 {
		return p.safeLifted, p.safeStanding
	}
	k := p.king[c]
	them := c ^ 1
	// The king class's step table is symmetric: the squares from which a
	// king attacks k are k's neighbours.
	free := stepFrom[c][k][classKing].AndNot(p.occ[c])
	if !free.IsEmpty() {
		// Word by word: no branch per piece on which word it is in.
		zone := p.occ[them].And(kingZone[them][k])
		board := &p.board
		for x := zone.lo; x != 0; x &= x - 1 {
			q := bits.TrailingZeros64(x)
			free = free.AndNot(stepAttacks[board[q]&31][q])
		}
		for x := zone.hi; x != 0; x &= x - 1 {
			q := 64 + bits.TrailingZeros64(x)
			free = free.AndNot(stepAttacks[board[q]&31][q])
		}
	}
	lifted, standing = free, free
	if !free.IsEmpty() {
		// Lines: a square is attacked with the king lifted when nothing
		// but the king stands between it and the slider; with the king
		// standing, when nothing at all does.
		occ := p.all.AndNot(SquareBB(k))
		cl := &p.byClass
		near := &sliderZone[k]
		cand := cl[classRook].And(near.rook).Or(cl[classBishop].And(near.bishop)).
			Or(cl[classLance].And(near.lance[them])).And(p.occ[them])
		for b := cand; !b.IsEmpty(); {
			q := b.Pop()
			for on := slideLines[p.board[q]][q].And(free); !on.IsEmpty(); {
				t := on.Pop()
				if btw := between[t][q]; btw.And(occ).IsEmpty() {
					lifted.Clear(t)
					if !btw.Has(k) {
						standing.Clear(t)
					}
				}
			}
		}
	}
	if c == p.side {
		p.safeLifted, p.safeStanding, p.safeVersion = lifted, standing, p.version+1
	}
	return lifted, standing
}

// slideLines[pc][q] holds the squares a slider pc on q would reach along
// its slides on an empty board.
var slideLines [33][81]Bitboard

// stepAttacks[pc][q] holds the squares a piece pc on q attacks by one step
// or jump (its slides excluded).
var stepAttacks [33][81]Bitboard

// sliderZone[k] holds the squares from which a rook-like, bishop-like or
// lance (of either colour) would reach a neighbour of k on an empty board:
// the only sliders safeNeighbours has to look at.
var sliderZone [81]struct {
	rook, bishop Bitboard
	lance        [2]Bitboard
}

// kingZone[c][k] holds the squares from which a piece of colour c may
// reach a neighbour of k by a step or jump.
var kingZone [2][81]Bitboard

// initKingFreedom fills stepAttacks, slideLines and kingZone; tables.go's
// init calls it after initClasses.
func initKingFreedom() {
	for pc := Piece(0); pc < wall; pc++ {
		if pc.Kind() < Pawn || pc.Kind() > Dragon {
			continue
		}
		for q := Square(0); q < NoSquare; q++ {
			for m := nearMask[pc]; m != 0; m &= m - 1 {
				if t := stepTo[q][trailingZeros16(m)]; t != NoSquare {
					stepAttacks[pc][q].Set(t)
				}
			}
		}
	}
	for pc := Piece(0); pc < wall; pc++ {
		for q := Square(0); q < NoSquare; q++ {
			for m := farMask[pc]; m != 0; m &= m - 1 {
				slideLines[pc][q] = slideLines[pc][q].Or(lineFrom[q][trailingZeros16(m)])
			}
		}
	}
	for c := Black; c <= White; c++ {
		for k := Square(0); k < NoSquare; k++ {
			for n := stepFrom[c][k][classKing]; !n.IsEmpty(); {
				t := n.Pop()
				kingZone[c][k] = kingZone[c][k].Or(stepAny[c][t])
				z := &sliderZone[k]
				z.rook = z.rook.Or(orthRays[t])
				z.bishop = z.bishop.Or(diagRays[t])
				z.lance[c] = z.lance[c].Or(lanceRay[c][t])
			}
		}
	}
}
