package shogi

// Mate-in-one detection. A check mates when the defender has no legal
// reply: its king has no safe square (capturing the checker included), and
// against a single checker no other piece captures it or interposes, by a
// board move or a drop. Most checks leave the king a square to run to, and
// that is seen before the check is played: a square the king could reach
// before the check (safeNeighbours with the king lifted) stays safe unless
// the checking piece attacks it from its destination or leaving its origin
// opens a line of the attacker's onto it. Only the checks that survive
// that test are played and their replies counted, without generating them:
// the king's safe squares, then for each square of the check's line
// whether an unpinned piece attacks it or a piece in hand may be dropped
// there. Pawn drops are never mating moves: a pawn drop that mates is
// illegal (打ち歩詰め), and GenerateChecks does not produce it.

// MateIn1 returns a legal check of the side to move after which the
// opponent has no legal move (checkmate under the ordinary rules of
// shogi), and whether there is one. buf is scratch for the check list
// (give it MaxMoves capacity to avoid allocation). It answers exactly what
// GenerateChecks followed by Do and an empty GenerateEvasions would; when
// several checks mate, it returns the first in GenerateChecks' order.
func (p *Position) MateIn1(buf []Move) (Move, bool) {
	return p.FirstMate(p.GenerateChecks(buf[:0]))
}

// FirstMate returns the first move of checks that checkmates, and whether
// one does. checks must be legal checking moves of the side to move (as
// GenerateChecks gives them, in any order or subset).
func (p *Position) FirstMate(checks []Move) (Move, bool) {
	if len(checks) == 0 {
		return NoMove, false
	}
	them := p.side ^ 1
	ek := p.king[them]
	if ek == NoSquare {
		return NoMove, false
	}
	lifted, _ := p.safeNeighbours(them)
	for _, m := range checks {
		if p.mates(m, ek, lifted) {
			return m, true
		}
	}
	return NoMove, false
}

// Mates reports whether the legal check m of the side to move leaves the
// opponent without a legal move.
func (p *Position) Mates(m Move) bool {
	them := p.side ^ 1
	ek := p.king[them]
	if ek == NoSquare {
		return false
	}
	lifted, _ := p.safeNeighbours(them)
	return p.mates(m, ek, lifted)
}

// mates is Mates with the enemy king's square ek and the squares it could
// move to before m (safeNeighbours' lifted set for the enemy).
func (p *Position) mates(m Move, ek Square, lifted Bitboard) bool {
	if m.IsDrop() && m.Kind() == Pawn {
		return false
	}
	if p.escapeSurvives(m, ek, lifted) {
		return false
	}
	// Most checks that leave no square to run to are refuted by the king
	// taking the checker next to it.
	to := m.To()
	if d := adjDir[ek][to]; d >= 0 && d < 8 {
		from := NoSquare
		if !m.IsDrop() {
			from = m.From()
		}
		if !p.guardsAfter(to, from, ek) {
			return false
		}
	}
	p.Do(m)
	mated := p.noReply()
	p.Undo(m)
	return mated
}

// escapeSurvives reports whether some square the enemy king on ek could
// move to before the check m (lifted) is certainly still safe after it:
// not attacked by the moved piece, and not on a line of the attacker's
// that m's origin opens. False means only "not shown", never "no escape".
// m's destination needs no test of its own: a board move's piece attacked
// it before moving, so it is not in lifted; a dropped piece on a square in
// lifted is undefended (the drop changes no line onto its own square), and
// the king takes it.
func (p *Position) escapeSurvives(m Move, ek Square, lifted Bitboard) bool {
	if lifted.IsEmpty() {
		return false
	}
	to := m.To()
	k := m.Kind()
	if m.IsPromotion() {
		k = k.Promote()
	}
	pc := MakePiece(p.side, k)
	occ := p.all
	occ.Set(to)
	occ.Clear(ek)
	from := NoSquare
	if !m.IsDrop() {
		from = m.From()
		occ.Clear(from)
	}
	// The escapes are few (usually none to three): each is tested alone.
	for b := lifted; !b.IsEmpty(); {
		e := b.Pop()
		if d := adjDir[to][e]; d >= 0 && nearMask[pc]>>d&1 != 0 {
			continue
		}
		if d := lineDir[to][e]; d >= 0 && farMask[pc]>>d&1 != 0 && between[to][e].And(occ).IsEmpty() {
			continue
		}
		if from == NoSquare {
			return true
		}
		d := lineDir[e][from]
		if d < 0 {
			return true
		}
		// The first piece seen from e through the vacated origin: the
		// moved piece itself is tested above (the board still shows the
		// captured piece or nothing on its destination, neither of them
		// the attacker's); any other keeps its square.
		q := firstPiece(e, int(d), occ)
		if q >= NoSquare {
			return true
		}
		if sl := p.board[q]; !isColor(sl, p.side) || farBy[sl]>>d&1 == 0 {
			return true
		}
	}
	return false
}

// guardsAfter reports whether the side to move attacks s once its piece
// on from (NoSquare for a drop) has moved to s and the enemy king on ek has
// left its square: whether the king could not take a checker on s. The
// piece that moved does not guard its own square; lines through from and
// ek are open.
func (p *Position) guardsAfter(s, from, ek Square) bool {
	us := p.side
	own := p.occ[us]
	if from != NoSquare {
		own.Clear(from)
	}
	if near := own.And(stepAny[us][s]); !near.IsEmpty() && !p.stepAttackers(s, us).And(near).IsEmpty() {
		return true
	}
	cl := &p.byClass
	cand := cl[classRook].And(orthRays[s]).Or(cl[classBishop].And(diagRays[s])).
		Or(cl[classLance].And(lanceRay[us][s])).And(own)
	if cand.IsEmpty() {
		return false
	}
	occ := p.all
	occ.Clear(ek)
	if from != NoSquare {
		occ.Clear(from)
	}
	for !cand.IsEmpty() {
		q := cand.Pop()
		if firstPiece(s, int(lineDir[s][q]), occ) == q {
			return true
		}
	}
	return false
}

// noReply reports whether the side to move, in check, has no legal move.
// It decides the existence of an evasion without listing any, on the same
// grounds as genEvasions: king moves (safeNeighbours), and against a
// single checker the captures and interpositions by unpinned pieces other
// than the king, and the legal drops between checker and king. The king's
// squares are looked at last: after MateIn1's pre-filters a capture or an
// interposition is the more frequent answer, and the cheaper to find.
func (p *Position) noReply() bool {
	us := p.side
	k := p.king[us]
	if a := p.kingCheckers(); a.Count() == 1 && p.blockOrCapture(k, a.Pop()) {
		return false
	}
	lifted, _ := p.safeNeighbours(us)
	return lifted.IsEmpty()
}

// blockOrCapture reports whether the side to move, checked by the single
// piece on c only, can take it or interpose with a piece other than its
// king on k, by a board move or a drop.
func (p *Position) blockOrCapture(k, c Square) bool {
	us := p.side
	mid := between[k][c]
	if h := p.hands[us]; h != 0 && !mid.IsEmpty() {
		// Silver, gold, bishop and rook may be dropped on any empty square.
		if h.Has(Silver) || h.Has(Gold) || h.Has(Bishop) || h.Has(Rook) {
			return true
		}
		for t := mid; !t.IsEmpty(); {
			s := t.Pop()
			if h.Has(Lance) && p.dropAllowed(Lance, s) || h.Has(Knight) && p.dropAllowed(Knight, s) ||
				h.Has(Pawn) && p.dropAllowed(Pawn, s) {
				return true
			}
		}
	}
	// The pieces that may answer: not the king (its moves are counted
	// apart), not a pinned piece (its line and the check's meet only at
	// the king); the pins are looked for only when some piece reaches.
	target := mid
	target.Set(c)
	var reach Bitboard
	for t := target; !t.IsEmpty(); {
		reach = reach.Or(p.attackersTo(t.Pop(), us))
	}
	reach.Clear(k)
	return !reach.IsEmpty() && !reach.AndNot(p.pinned(us)).IsEmpty()
}
