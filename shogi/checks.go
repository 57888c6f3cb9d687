package shogi

// Check generation. A move checks the enemy king directly when the moved
// (perhaps promoted) piece attacks the king from its destination, or by
// discovery when it leaves the line between the king and one of the
// mover's sliders. Both are read from bitboards computed once per node:
// the squares from which each kind would attack the king, and the
// mover's pieces that alone block a slider's line to the king. Pieces
// that can reach no checking square and discover nothing are skipped
// without walking their moves.

// GenerateChecks appends the legal moves that give check: direct,
// discovered, by drop, with and without promotion. The result is exactly
// the subset of GenerateLegal for which GivesCheck holds, in the same
// relative order as GenerateLegal produces them (board moves by origin
// square, then drops).
func (p *Position) GenerateChecks(buf []Move) []Move {
	us := p.side
	ek := p.king[us^1]
	if ek == NoSquare {
		return buf
	}
	if k := p.king[us]; k != NoSquare {
		if n, c := p.checkers(); n > 0 {
			// Evasions are few: filter them all.
			start := len(buf)
			buf = p.genEvasions(buf, n, c)
			return p.filterChecks(buf, start)
		}
	}
	buf = p.genBoardChecks(buf, ek)
	return p.genCheckDrops(buf, ek, fullBoard.AndNot(p.all))
}

// filterChecks keeps the moves of buf[start:] that give check.
func (p *Position) filterChecks(buf []Move, start int) []Move {
	out := start
	for _, m := range buf[start:] {
		if p.GivesCheck(m) {
			buf[out] = m
			out++
		}
	}
	return buf[:out]
}

// checkSquares fills chk[k] with the squares from which a piece of kind k
// of the side to move would attack the enemy king on ek, lines blocked
// by the pieces as they stand. The lines are traced only for the kinds
// the side has on the board (a tsume attacker often has none).
func (p *Position) checkSquares(chk *[16]Bitboard, ek Square) {
	us := p.side
	f := &stepFrom[us]
	own := p.occ[us]
	cl := &p.byClass
	var rook, bishop Bitboard
	if !cl[classRook].And(own).IsEmpty() {
		rook = rookAttacks(ek, p.all)
	}
	if !cl[classBishop].And(own).IsEmpty() {
		bishop = bishopAttacks(ek, p.all)
	}
	chk[Lance] = Bitboard{}
	if !cl[classLance].And(own).IsEmpty() {
		chk[Lance] = rayAttacks(ek, lanceDirFrom[us], p.all)
	}
	gold := f[ek][classGold]
	king := f[ek][classKing]
	chk[Pawn] = f[ek][classPawn]
	chk[Knight] = f[ek][classKnight]
	chk[Silver] = f[ek][classSilver]
	chk[Bishop] = bishop
	chk[Rook] = rook
	chk[Gold], chk[ProPawn], chk[ProLance], chk[ProKnight], chk[ProSilver] = gold, gold, gold, gold, gold
	chk[Horse] = bishop.Or(king)
	chk[Dragon] = rook.Or(king)
}

// genBoardChecks generates the checking board moves of a side not in
// check, in genBoardAll's order. The check squares are computed with the
// mover still on its origin; that is exact, because a piece could only
// gain a line through its own origin by sliding along it, and then it
// would already be checking (the opponent in check with us to move is not
// a legal position).
func (p *Position) genBoardChecks(buf []Move, ek Square) []Move {
	us := p.side
	ksq := p.king[us]
	var pinned Bitboard
	if ksq != NoSquare {
		pinned = p.lineBlockers(ksq, us, us^1)
	}
	disc := p.lineBlockers(ek, us, us)
	var chk [16]Bitboard
	p.checkSquares(&chk, ek)
	// A piece can check only if it may discover, slides, or stands a
	// step or jump from a square where a stepping piece would check.
	movers := p.occ[us].And(checkZone[us][ek].Or(p.sliders[us]).Or(disc))
	for own := movers; !own.IsEmpty(); {
		from := own.Pop()
		pc := p.board[from]
		k := pc.Kind()
		// discDir is the line from the enemy king through from when
		// leaving it discovers a check, else -1.
		discDir := int8(-1)
		if disc.Has(from) {
			discDir = lineDir[ek][from]
		}
		if k == King {
			// A king checks only by discovery.
			if discDir >= 0 {
				esc, _ := p.safeNeighbours(us)
				for d := 0; d < 8; d++ {
					if to := stepTo[from][d]; to != NoSquare && esc.Has(to) && lineDir[ek][to] != discDir {
						buf = append(buf, Move(to)|Move(from)<<7|Move(King)<<16|Move(p.board[to].Kind())<<20)
					}
				}
			}
			continue
		}
		chkN, chkP := chk[k&15], chk[promoted[k&15]]
		want := chkN.Or(chkP)
		if discDir < 0 && reachLines[pc&31][from].And(want).IsEmpty() {
			continue
		}
		pinDir := int8(-1)
		if pinned.Has(from) {
			pinDir = lineDir[ksq][from]
		}
		// Steps: the destinations that may check, as a set (usually one or
		// two squares or none), then emitted in direction order.
		hits := pureSteps[pc][from].AndNot(p.occ[us])
		if discDir < 0 {
			hits = hits.And(want)
		}
		if pinDir >= 0 {
			hits = hits.And(lineFrom[ksq][pinDir])
		}
		var dirs uint16
		for !hits.IsEmpty() {
			dirs |= 1 << (uint(adjDir[from][hits.Pop()]) & 15)
		}
		for ; dirs != 0; dirs &= dirs - 1 {
			to := stepTo[from][trailingZeros16(dirs)]
			dc := discDir >= 0 && lineDir[ek][to] != discDir
			if plain, promoted := dc || chkN.Has(to), dc || chkP.Has(to); plain || promoted {
				buf = addCheckMoves(buf, us, from, to, k, p.board[to].Kind(), plain, promoted)
			}
		}
		for slides := farMask[pc]; slides != 0; slides &= slides - 1 {
			d := trailingZeros16(slides)
			if pinDir >= 0 && d != int(pinDir) && d != oppDir[pinDir] {
				continue
			}
			// Most rays meet no checking square even on an empty board.
			if discDir < 0 && lineFrom[from][d].And(want).IsEmpty() {
				continue
			}
			reach := rayAttacks(from, d, p.all).AndNot(p.occ[us])
			if discDir < 0 {
				reach = reach.And(want)
			}
			for !reach.IsEmpty() {
				to := firstOnRay(reach, d)
				reach.Clear(to)
				dc := discDir >= 0 && lineDir[ek][to] != discDir
				if plain, promoted := dc || chkN.Has(to), dc || chkP.Has(to); plain || promoted {
					buf = addCheckMoves(buf, us, from, to, k, p.board[to].Kind(), plain, promoted)
				}
			}
		}
	}
	return buf
}

// promoted[k] is k.Promote() by table.
var promoted = func() (t [16]Kind) {
	for k := range t {
		t[k] = Kind(k).Promote()
	}
	return t
}()

// reachLines[pc][q] holds the squares a piece pc on q reaches by a step
// or along a slide on an empty board (stepAttacks and slideLines).
var reachLines [32][81]Bitboard

// pureSteps[pc][q] holds the squares a piece pc on q reaches by its steps
// and jumps that are not part of a slide (stepMask).
var pureSteps [33][81]Bitboard

// checkZone[c][k] holds the squares from which a piece of colour c could
// check a king on k by a step or jump after one move: the origins of the
// steps and jumps onto the squares where a pawn, knight, silver, gold
// (or promoted minor piece) or king-stepper of c would attack k.
var checkZone [2][81]Bitboard

// initCheckZone fills checkZone; tables.go's init calls it after
// initClasses.
func initCheckZone() {
	for pc := Piece(0); pc < wall; pc++ {
		for q := Square(0); q < NoSquare; q++ {
			for m := stepMask[pc]; m != 0; m &= m - 1 {
				if t := stepTo[q][trailingZeros16(m)]; t != NoSquare {
					pureSteps[pc][q].Set(t)
				}
			}
		}
	}
	for pc := Piece(0); pc < 32; pc++ {
		for q := Square(0); q < NoSquare; q++ {
			reachLines[pc][q] = stepAttacks[pc][q].Or(slideLines[pc][q])
		}
	}
	for c := Black; c <= White; c++ {
		for k := Square(0); k < NoSquare; k++ {
			for _, i := range []int{classPawn, classKnight, classSilver, classGold, classKing} {
				for t := stepFrom[c][k][i]; !t.IsEmpty(); {
					checkZone[c][k] = checkZone[c][k].Or(stepAny[c][t.Pop()])
				}
			}
		}
	}
}

// addCheckMoves is addMoves keeping only the forms that check: plain for
// the move without promotion, promoted for the promotion.
func addCheckMoves(buf []Move, us Color, from, to Square, k Kind, captured Kind, plain, promoted bool) []Move {
	m := Move(to) | Move(from)<<7 | Move(k)<<16 | Move(captured)<<20
	if k <= Rook {
		rt := relRankTab[us][to]
		if rt <= 2 || relRankTab[us][from] <= 2 {
			if promoted {
				buf = append(buf, m|movePromote)
			}
			if rt == 0 && k <= Knight || rt == 1 && k == Knight {
				return buf
			}
		}
	}
	if plain {
		buf = append(buf, m)
	}
	return buf
}

// genCheckDrops generates the legal drops that check the king on ek, on
// squares of target: for each kind in hand, only the squares from which
// that piece would attack the king are visited.
func (p *Position) genCheckDrops(buf []Move, ek Square, target Bitboard) []Move {
	us := p.side
	h := p.hands[us]
	if h == 0 {
		return buf
	}
	for k := Pawn; k <= Gold; k++ {
		if !h.Has(k) {
			continue
		}
		pc := MakePiece(us, k)
		for dm := nearBy[pc]; dm != 0; dm &= dm - 1 {
			d := trailingZeros16(dm)
			to := stepTo[ek][d]
			for p.board[to] == Empty {
				if target.Has(to) && p.dropAllowed(k, to) {
					buf = append(buf, Move(to)|moveDrop|Move(k)<<16)
				}
				if farBy[pc]>>d&1 == 0 {
					break
				}
				to = stepTo[to][d]
			}
		}
	}
	return buf
}

// GivesCheck reports whether the legal move m checks the opponent's king.
func (p *Position) GivesCheck(m Move) bool {
	us := p.side
	ek := p.king[us^1]
	if ek == NoSquare {
		return false
	}
	to := m.To()
	k := m.Kind()
	if m.IsPromotion() {
		k += 8
	}
	pc := MakePiece(us, k)
	var vacated Bitboard
	if !m.IsDrop() {
		vacated = SquareBB(m.From())
	}
	if d := adjDir[to][ek]; d >= 0 && nearMask[pc]>>d&1 != 0 {
		return true
	}
	if d := lineDir[to][ek]; d >= 0 && farMask[pc]>>d&1 != 0 &&
		between[to][ek].And(p.all).AndNot(vacated).IsEmpty() {
		return true
	}
	if m.IsDrop() {
		return false
	}
	from := m.From()
	d := lineDir[ek][from]
	if d < 0 || lineDir[ek][to] == d || !between[ek][from].And(p.all).IsEmpty() {
		return false
	}
	t := firstPiece(from, int(d), p.all)
	if t >= NoSquare {
		return false
	}
	sl := p.board[t]
	return isColor(sl, us) && farBy[sl]>>d&1 != 0
}
