package shogi

// Counting evasions without listing them. A mate search values each new
// child of an attacker's node by its number of evasions, and expands only
// a small part of those children (on the 201-ply Microcosmos tail about
// one in six), so the count is asked for far more often than the list.

// CountEvasions returns the number of legal moves of the side to move in
// check, split into board moves (king moves, captures of the checker and
// interpositions by board moves) and drops: board+drops is
// len(GenerateEvasions). It returns 0, 0 when the side is not in check or
// has no king. It allocates nothing.
func (p *Position) CountEvasions() (board, drops int) {
	ksq := p.king[p.side]
	if ksq == NoSquare {
		return 0, 0
	}
	a := p.kingCheckers()
	if a.IsEmpty() {
		return 0, 0
	}
	esc, _ := p.safeNeighbours(p.side)
	board = esc.Count()
	if a.Count() > 1 {
		return board, 0
	}
	c := a.Pop()
	us := p.side
	mid := between[ksq][c]
	target := mid
	target.Set(c)
	// The answers are read square by square from the attackers of each
	// target square (one or two squares as a rule): the step attackers
	// from the class tables, the sliders from the rays through the square.
	// The king's moves are counted above.
	own := p.occ[us]
	own.Clear(ksq)
	cl := &p.byClass
	z := &zones[us]
	// The enemy sliders that could pin a piece to the king (usually
	// none or the checker), gathered when a piece answers.
	them := us ^ 1
	var pinners Bitboard
	pinnersKnown := false
	for t := target; !t.IsEmpty(); {
		s := t.Pop()
		var att Bitboard
		if near := own.And(stepAny[us][s]); !near.IsEmpty() {
			att = p.stepAttackers(s, us).And(near)
		}
		if sl := cl[classRook].And(orthRays[s]).Or(cl[classBishop].And(diagRays[s])).
			Or(cl[classLance].And(lanceRay[us][s])).And(own); !sl.IsEmpty() {
			for !sl.IsEmpty() {
				q := sl.Pop()
				if firstPiece(s, int(lineDir[s][q]), p.all) == q {
					att.Set(q)
				}
			}
		}
		for !att.IsEmpty() {
			from := att.Pop()
			if d := lineDir[ksq][from]; d >= 0 {
				if !pinnersKnown {
					pinners = cl[classRook].And(orthRays[ksq]).Or(cl[classBishop].And(diagRays[ksq])).
						Or(cl[classLance].And(lanceRay[them][ksq])).And(p.occ[them])
					pinnersKnown = true
				}
				if !lineFrom[ksq][d].And(pinners).IsEmpty() && p.pinnedPiece(from, ksq, us) {
					continue
				}
			}
			board++
			// A promotable piece also promotes on entering, leaving or
			// moving inside the zone, and must on its dead squares.
			if k := p.board[from].Kind(); k <= Rook && (z.zone.Has(from) || z.zone.Has(s)) {
				board++
				if deadSquares(z, k).Has(s) {
					board--
				}
			}
		}
	}
	return board, p.countDrops(mid)
}

// pinnedPiece reports whether us's piece on from shields us's king on ksq
// from an enemy slider (pinned() for one piece: a piece that answers a
// check is rarely on a line with its king, and the test stops there).
func (p *Position) pinnedPiece(from, ksq Square, us Color) bool {
	d := lineDir[ksq][from]
	if d < 0 || !between[ksq][from].And(p.all).IsEmpty() {
		return false
	}
	q := firstPiece(from, int(d), p.all)
	sl := p.board[q] // Empty beyond the board's squares
	return isColor(sl, us^1) && farBy[sl]>>d&1 != 0
}

// deadSquares returns the squares of z where a piece of kind k must
// promote: the last rank for pawns and lances, the last two for knights.
func deadSquares(z *promotionZones, k Kind) Bitboard {
	switch k {
	case Pawn, Lance:
		return z.last1
	case Knight:
		return z.last2
	}
	return Bitboard{}
}

// countDrops returns len(genDrops(target)) for empty squares target.
func (p *Position) countDrops(target Bitboard) int {
	us := p.side
	h := p.hands[us]
	if h == 0 || target.IsEmpty() {
		return 0
	}
	z := &zones[us]
	// Silver, gold, bishop and rook go anywhere; a lance not on the last
	// rank, a knight not on the last two (the hand's fields, hand.go).
	others := b2i(h>>14&7 != 0) + b2i(h>>18&7 != 0) + b2i(h>>22&3 != 0) + b2i(h>>25&3 != 0)
	n := others * target.Count()
	if h>>6&7 != 0 {
		n += target.AndNot(z.last1).Count()
	}
	if h>>10&7 != 0 {
		n += target.AndNot(z.last2).Count()
	}
	if h&31 != 0 {
		// Pawns: not on the last rank, not on a file holding one (the
		// squares are few: one test each), and not a pawn-drop mate, which
		// only the square in front of the enemy king can be.
		ek := p.king[us^1]
		fwd := 1
		if us == White {
			fwd = 0
		}
		front := stepTo[ek][fwd] // the wall when there is no king
		files := p.pawnFiles[us]
		for t := target.AndNot(z.last1); !t.IsEmpty(); {
			s := t.Pop()
			if files>>(s/9)&1 == 0 && (s != front || !p.isPawnDropMate(s)) {
				n++
			}
		}
	}
	return n
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
