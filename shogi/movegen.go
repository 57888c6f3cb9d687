package shogi

import (
	"math/bits"
	"slices"
)

// addMoves appends the board move(s) from -> to of a piece of kind k:
// the promotion when allowed, and the non-promotion unless the piece
// would be left on a square it can never leave.
func addMoves(buf []Move, us Color, from, to Square, k Kind, captured Kind) []Move {
	m := Move(to) | Move(from)<<7 | Move(k)<<16 | Move(captured)<<20
	if k <= Rook {
		rt := relRankTab[us][to]
		if rt <= 2 || relRankTab[us][from] <= 2 {
			buf = append(buf, m|movePromote)
			if rt == 0 && k <= Knight || rt == 1 && k == Knight {
				return buf
			}
		}
	}
	return append(buf, m)
}

// GenerateLegal appends every legal move of the side to move to buf and
// returns it: board moves with and without promotion (all legal
// non-promotions included) and drops, excluding nifu, drops on dead
// squares and pawn-drop mate. In check the moves come in GenerateEvasions'
// order; otherwise the board moves come kind by kind (see genBoardAll), then
// the drops by square. It allocates nothing if buf has room for MaxMoves
// more moves.
func (p *Position) GenerateLegal(buf []Move) []Move {
	us := p.side
	if k := p.king[us]; k != NoSquare && !p.kingCheckers().IsEmpty() {
		n, c := p.checkers()
		return p.genEvasions(buf, n, c)
	}
	buf = p.genBoardAll(buf, p.pinned(us))
	return p.genDrops(buf, fullBoard.AndNot(p.all))
}

// GenerateEvasions appends the legal moves of a side in check; it appends
// nothing when the side to move is not in check.
func (p *Position) GenerateEvasions(buf []Move) []Move {
	k := p.king[p.side]
	if k == NoSquare {
		return buf
	}
	n, c := p.checkers()
	if n == 0 {
		return buf
	}
	return p.genEvasions(buf, n, c)
}

// dropAllowed reports whether c's piece of kind k may be dropped on the
// empty square to: not on a dead square, no nifu, no pawn-drop mate.
func (p *Position) dropAllowed(k Kind, to Square) bool {
	us := p.side
	r := relRankTab[us][to]
	switch k {
	case Pawn:
		if r == 0 || p.pawnFiles[us]>>(to/9)&1 != 0 {
			return false
		}
		fwd := 0
		if us == White {
			fwd = 1
		}
		return stepTo[to][fwd] != p.king[us^1] || !p.isPawnDropMate(to)
	case Lance:
		return r > 0
	case Knight:
		return r > 1
	}
	return true
}

// genEvasions generates the legal replies to n checkers, the first on c.
func (p *Position) genEvasions(buf []Move, n int, c Square) []Move {
	us := p.side
	ksq := p.king[us]
	buf = p.genKingMoves(buf, ksq)
	if n > 1 {
		return buf
	}
	mid := between[ksq][c]
	target := mid
	target.Set(c)
	// Only pieces that reach a target square can answer: those a step or
	// jump away, and the sliders (few; genInterpositions finds whether
	// they reach one). A pinned piece never can: its line and the check's
	// line meet only at the king.
	movers := p.sliders[us]
	for t := target; !t.IsEmpty(); {
		s := t.Pop()
		if near := p.occ[us].And(stepAny[us][s]); !near.IsEmpty() {
			movers = movers.Or(p.stepAttackers(s, us).And(near))
		}
	}
	movers.Clear(ksq)
	if !movers.IsEmpty() {
		movers = movers.AndNot(p.pinned(us))
		buf = p.genInterpositions(buf, target, movers)
	}
	return p.genDrops(buf, mid)
}

// genKingMoves generates the legal moves of the side to move's king on
// ksq, in direction order.
func (p *Position) genKingMoves(buf []Move, ksq Square) []Move {
	esc, _ := p.safeNeighbours(p.side)
	if esc.IsEmpty() {
		return buf
	}
	// Gather the escapes (few: usually one to three) into a
	// direction-indexed mask, then emit in direction order.
	ring := &kingRing[ksq]
	var dirs uint
	for e := esc; !e.IsEmpty(); {
		dirs |= 1 << (uint(adjDir[ksq][e.Pop()]) & 7)
	}
	for ; dirs != 0; dirs &= dirs - 1 {
		to := ring[bits.TrailingZeros(dirs)&7]
		buf = append(buf, Move(to)|Move(ksq)<<7|Move(King)<<16|Move(p.board[to].Kind())<<20)
	}
	return buf
}

// kingRing[k][d] is the neighbour of k in direction d, or k itself off
// the board (never an escape: the king stands there).
var kingRing [81][8]Square

// initKingRing fills kingRing; tables.go's init calls it once stepTo is
// ready.
func initKingRing() {
	for k := Square(0); k < NoSquare; k++ {
		for d := 0; d < 8; d++ {
			kingRing[k][d] = k
			if t := stepTo[k][d]; t != NoSquare {
				kingRing[k][d] = t
			}
		}
	}
}

// blocked[c][pc] is set when a piece of colour c cannot move onto a
// square holding pc: its own piece or the wall; open[c][pc] is its
// negation as 0 or 1.
var (
	blocked [2][33]bool
	open    [2][33]uint8
)

func init() {
	blocked[Black][wall], blocked[White][wall] = true, true
	for k := Pawn; k <= Dragon; k++ {
		blocked[Black][MakePiece(Black, k)] = true
		blocked[White][MakePiece(White, k)] = true
	}
	for c := range open {
		for pc := range open[c] {
			if !blocked[c][pc] {
				open[c][pc] = 1
			}
		}
	}
}

// genInterpositions generates the board moves of the pieces in movers to
// squares in target (the checker and the squares between it and the
// king). movers must hold neither the king nor a pinned piece, so every
// such move is legal.
func (p *Position) genInterpositions(buf []Move, target, movers Bitboard) []Move {
	us := p.side
	for own := movers; !own.IsEmpty(); {
		from := own.Pop()
		pc := p.board[from]
		k := pc.Kind()
		// Steps: the step destinations on the target (usually none), by
		// direction, then emitted in direction order. The target holds no
		// piece of ours, so a hit needs no other test.
		var dirs uint16
		for hits := pureSteps[pc][from].And(target); !hits.IsEmpty(); {
			dirs |= 1 << (uint(adjDir[from][hits.Pop()]) & 15)
		}
		for ; dirs != 0; dirs &= dirs - 1 {
			to := stepTo[from][trailingZeros16(dirs)]
			buf = addMoves(buf, us, from, to, k, p.board[to].Kind())
		}
		// Slides: the target squares on the reachable part of each ray,
		// nearest first (target holds no piece of ours). Most sliders
		// have no line through the target at all.
		if slideLines[pc][from].And(target).IsEmpty() {
			continue
		}
		for slides := farMask[pc]; slides != 0; slides &= slides - 1 {
			d := trailingZeros16(slides)
			if lineFrom[from][d].And(target).IsEmpty() {
				continue
			}
			for reach := rayAttacks(from, d, p.all).And(target); !reach.IsEmpty(); {
				to := firstOnRay(reach, d)
				reach.Clear(to)
				buf = addMoves(buf, us, from, to, k, p.board[to].Kind())
			}
		}
	}
	return buf
}

// genBoardAll generates every legal board move of a side not in check,
// the hot path of perft. Pieces are taken kind by kind, each piece's
// destinations as one bitboard (attacks minus its own pieces), so that no
// branch depends on what stands on a square; pawns all move at once. The
// order is therefore by kind group (pawns by destination; then lances,
// knights, silvers, gold-likes, bishops and horses, rooks and dragons by
// origin; the king), each piece's destinations ascending with the
// promotion first, and the pinned pieces last. Only GenerateLegal not in
// check uses this order; the solver's generators keep theirs.
func (p *Position) genBoardAll(buf []Move, pinned Bitboard) []Move {
	// The moves go to a window of MaxMoves entries after buf's length,
	// indexed modulo its size so that no write needs a bounds test (a
	// position has at most 593 legal moves).
	buf = slices.Grow(buf, MaxMoves)
	start := len(buf)
	w := (*moveWindow)(buf[start : start+MaxMoves])
	n := 0
	us := p.side
	own := p.occ[us]
	target := fullBoard.AndNot(own)
	occ := p.all
	cl := &p.byClass
	z := &zones[us]
	free := own.AndNot(pinned)

	n = p.genPawnMoves(w, n, cl[classPawn].And(free), target, z)
	n = p.genLanceMoves(w, n, cl[classLance].And(free), target, z)
	n = p.genKnightMoves(w, n, cl[classKnight].And(free), target, z)
	n = p.genSilverMoves(w, n, cl[classSilver].And(free), target, z)
	n = p.genGoldMoves(w, n, cl[classGold].And(free), target)
	n = p.genSliderMoves(w, n, cl[classBishop].And(free), target, z, false)
	n = p.genSliderMoves(w, n, cl[classRook].And(free), target, z, true)
	ksq := p.king[us]
	if ksq == NoSquare {
		return buf[:start+n]
	}
	esc, _ := p.safeNeighbours(us)
	n = p.emitPlain(w, n, Move(ksq)<<7|Move(King)<<16, esc)
	buf = buf[:start+n]
	// A pinned piece moves only along the ray from its king through it.
	for b := own.And(pinned); !b.IsEmpty(); {
		from := b.Pop()
		pc := p.board[from]
		k := pc.Kind()
		t := attacksFrom(pc, from, occ).And(target).And(lineFrom[ksq][lineDir[ksq][from]])
		for !t.IsEmpty() {
			to := t.Pop()
			buf = addMoves(buf, us, from, to, k, p.board[to].Kind())
		}
	}
	return buf
}

// genPawnMoves writes the moves of the pawns in pawns, all shifted at
// once (Black's move toward lower squares, rank -1); the generators below
// are split by kind so that each keeps its loop variables in registers.
func (p *Position) genPawnMoves(w *moveWindow, n int, pawns, target Bitboard, z *promotionZones) int {
	var to Bitboard
	var back Square // from = to + back (mod 256)
	if p.side == Black {
		to = Bitboard{pawns.lo>>1 | pawns.hi<<63, pawns.hi >> 1}
		back = 1
	} else {
		to = Bitboard{pawns.lo << 1, pawns.hi<<1 | pawns.lo>>63}
		back = 0xFF
	}
	to = to.And(target)
	const base = Move(Pawn) << 16
	// A move's destination and origin fields, to | (to+back)<<7, are
	// to*129 plus or minus 1<<7 (back is +1 or -1).
	board := &p.board
	_, _ = w[0], board[0]
	off := base + 1<<7
	if back != 1 {
		off = base - 1<<7
	}
	plain := to.AndNot(z.zone)
	for lo := plain.lo; lo != 0; lo &= lo - 1 {
		s := bits.TrailingZeros64(lo)
		w[n&windowMask] = off + Move(s)*129 + Move(board[s].Kind())<<20
		n++
	}
	for hi := plain.hi; hi != 0; hi &= hi - 1 {
		s := 64 + bits.TrailingZeros64(hi)
		w[n&windowMask] = off + Move(s)*129 + Move(board[s].Kind())<<20
		n++
	}
	for t := to.And(z.zone); !t.IsEmpty(); {
		s := t.Pop()
		m := base | Move(s) | Move(s+back)<<7 | Move(p.board[s].Kind())<<20
		w[n&windowMask] = m | movePromote
		w[(n+1)&windowMask] = m
		n += 1 + int(open01(!z.last1.Has(s)))
	}
	return n
}

// genLanceMoves writes the moves of the lances in lances.
func (p *Position) genLanceMoves(w *moveWindow, n int, lances, target Bitboard, z *promotionZones) int {
	us, occ := p.side, p.all
	for b := lances; !b.IsEmpty(); {
		from := b.Pop()
		t := lanceAttacks(us, from, occ).And(target)
		n = p.emitForward(w, n, Move(from)<<7|Move(Lance)<<16, t, z.last1, z)
	}
	return n
}

// genKnightMoves, genSilverMoves and genGoldMoves write the moves of the
// pieces of one step class (gold-likes: gold and promoted minor pieces).
func (p *Position) genKnightMoves(w *moveWindow, n int, pieces, target Bitboard, z *promotionZones) int {
	att := &stepAttacks[MakePiece(p.side, Knight)]
	for b := pieces; !b.IsEmpty(); {
		from := b.Pop()
		n = p.emitForward(w, n, Move(from)<<7|Move(Knight)<<16, att[from].And(target), z.last2, z)
	}
	return n
}

func (p *Position) genSilverMoves(w *moveWindow, n int, pieces, target Bitboard, z *promotionZones) int {
	att := &stepAttacks[MakePiece(p.side, Silver)]
	for b := pieces; !b.IsEmpty(); {
		from := b.Pop()
		n = p.emitPromotable(w, n, Move(from)<<7|Move(Silver)<<16, att[from].And(target), from, z)
	}
	return n
}

func (p *Position) genGoldMoves(w *moveWindow, n int, pieces, target Bitboard) int {
	att := &stepAttacks[MakePiece(p.side, Gold)]
	board := &p.board
	_, _ = w[0], board[0]
	for b := pieces; !b.IsEmpty(); {
		from := b.Pop()
		base := Move(from)<<7 | Move(board[from].Kind())<<16
		t := att[from].And(target)
		n = emitWord(w, n, base, t.lo, 0, board)
		n = emitWord(w, n, base, t.hi, 64, board)
	}
	return n
}

// genSliderMoves writes the moves of the bishop-likes (rook false) or the
// rook-likes. A bishop's step table (its four diagonal neighbours) lies
// inside its slides; a horse's adds the orthogonal steps; same for rooks.
func (p *Position) genSliderMoves(w *moveWindow, n int, pieces, target Bitboard, z *promotionZones, rook bool) int {
	occ := p.all
	for b := pieces; !b.IsEmpty(); {
		from := b.Pop()
		pc := p.board[from]
		var a Bitboard
		if rook {
			a = rookTable(from, occ)
		} else {
			a = bishopTable(from, occ)
		}
		t := a.Or(stepAttacks[pc][from]).And(target)
		base := Move(from)<<7 | Move(pc.Kind())<<16
		if pc.Kind() <= Rook {
			n = p.emitPromotable(w, n, base, t, from, z)
		} else {
			n = p.emitPlain(w, n, base, t)
		}
	}
	return n
}

// moveWindow is the part of a move list genBoardAll writes to; indices are
// taken modulo its size (windowMask), which removes the bounds tests.
type moveWindow [MaxMoves]Move

const windowMask = MaxMoves - 1

// open01 is 1 for true and 0 for false.
func open01(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// promotionZones holds, for one colour, its promotion zone (the far three
// ranks) and the far one and two ranks, where a pawn or lance (last1) or a
// knight (last2) must promote.
type promotionZones struct {
	zone, last1, last2 Bitboard
}

var zones [2]promotionZones

// init computes the ranks itself: square.go's relRankTab is filled by an
// init that runs after this file's.
func init() {
	for c := Black; c <= White; c++ {
		for s := Square(0); s < NoSquare; s++ {
			r := int(s) % 9
			if c == White {
				r = 8 - r
			}
			switch r {
			case 0:
				zones[c].last1.Set(s)
				zones[c].last2.Set(s)
				zones[c].zone.Set(s)
			case 1:
				zones[c].last2.Set(s)
				zones[c].zone.Set(s)
			case 2:
				zones[c].zone.Set(s)
			}
		}
	}
}

// emitPlain writes base|to, without promotion, for every to in t, from
// w[n] on, and returns the new count.
func (p *Position) emitPlain(w *moveWindow, n int, base Move, t Bitboard) int {
	// Dereference both pointers once here, so that the loops carry no
	// nil check.
	board := &p.board
	_, _ = w[0], board[0]
	n = emitWord(w, n, base, t.lo, 0, board)
	return emitWord(w, n, base, t.hi, 64, board)
}

// emitWord writes base|to for the squares to = off + i of the set bits i
// of x (one word of a bitboard); small enough to be inlined, so that the
// loops run in the caller's registers.
func emitWord(w *moveWindow, n int, base Move, x uint64, off Square, board *[256]Piece) int {
	for ; x != 0; x &= x - 1 {
		to := off + Square(bits.TrailingZeros64(x))
		w[n&windowMask] = base | Move(to) | Move(board[to].Kind())<<20
		n++
	}
	return n
}

// emitForward writes the moves of a pawn, lance or knight (base) to the
// squares of t: it can promote only by entering the zone, and must on the
// squares of dead.
func (p *Position) emitForward(w *moveWindow, n int, base Move, t, dead Bitboard, z *promotionZones) int {
	board := &p.board
	_, _ = w[0], board[0]
	plain := t.AndNot(z.zone)
	n = emitWord(w, n, base, plain.lo, 0, board)
	n = emitWord(w, n, base, plain.hi, 64, board)
	for t = t.And(z.zone); !t.IsEmpty(); {
		to := t.Pop()
		m := base | Move(to) | Move(p.board[to].Kind())<<20
		w[n&windowMask] = m | movePromote
		w[(n+1)&windowMask] = m
		n += 1 + int(open01(!dead.Has(to)))
	}
	return n
}

// emitPromotable writes the moves of a silver, bishop or rook (base) on
// from to the squares of t: with and without promotion when from or the
// destination is in the zone.
func (p *Position) emitPromotable(w *moveWindow, n int, base Move, t Bitboard, from Square, z *promotionZones) int {
	if !z.zone.Has(from) {
		board := &p.board
		_, _ = w[0], board[0]
		plain := t.AndNot(z.zone)
		n = emitWord(w, n, base, plain.lo, 0, board)
		n = emitWord(w, n, base, plain.hi, 64, board)
		t = t.And(z.zone)
	}
	for !t.IsEmpty() {
		to := t.Pop()
		m := base | Move(to) | Move(p.board[to].Kind())<<20
		w[n&windowMask] = m | movePromote
		w[(n+1)&windowMask] = m
		n += 2
	}
	return n
}

// attacksFrom returns the squares a piece pc on s attacks with occupancy occ.
func attacksFrom(pc Piece, s Square, occ Bitboard) Bitboard {
	a := stepAttacks[pc][s]
	switch pc.Kind() {
	case Lance:
		a = lanceAttacks(pc.Color(), s, occ)
	case Bishop, Horse:
		a = a.Or(bishopTable(s, occ))
	case Rook, Dragon:
		a = a.Or(rookTable(s, occ))
	}
	return a
}

// genDrops generates the legal drops on the empty squares in target.
func (p *Position) genDrops(buf []Move, target Bitboard) []Move {
	us := p.side
	h := p.hands[us]
	if h == 0 || target.IsEmpty() {
		return buf
	}
	// Split the hand into pawn, lance, knight and the rest, whose drops
	// are restricted on fewer and fewer ranks. The rest are written for
	// every square without a test (room for them is made first).
	var others [4]Move
	no := 0
	for _, k := range [4]Kind{Silver, Gold, Bishop, Rook} {
		if h.Has(k) {
			others[no] = moveDrop | Move(k)<<16
			no++
		}
	}
	// Seven moves a square at most; the last square's four-wide write
	// fits in its own seven.
	if room := 7 * target.Count(); cap(buf)-len(buf) < room {
		buf = slices.Grow(buf, room)
	}
	hasPawn, hasLance, hasKnight := h.Has(Pawn), h.Has(Lance), h.Has(Knight)
	pawnFiles := p.pawnFiles[us]
	enemyKing := p.king[us^1]
	fwd := 0
	if us == White {
		fwd = 1
	}
	for t := target; !t.IsEmpty(); {
		to := t.Pop()
		if r := relRank(us, to); r > 0 {
			if hasPawn && pawnFiles>>(to/9)&1 == 0 &&
				(stepTo[to][fwd] != enemyKing || !p.isPawnDropMate(to)) {
				buf = append(buf, Move(to)|moveDrop|Move(Pawn)<<16)
			}
			if hasLance {
				buf = append(buf, Move(to)|moveDrop|Move(Lance)<<16)
			}
			if hasKnight && r > 1 {
				buf = append(buf, Move(to)|moveDrop|Move(Knight)<<16)
			}
		}
		n := len(buf)
		out := buf[n : n+4 : n+4]
		out[0], out[1], out[2], out[3] = others[0]|Move(to), others[1]|Move(to), others[2]|Move(to), others[3]|Move(to)
		buf = buf[:n+no]
	}
	return buf
}

// isPawnDropMate reports whether dropping a pawn on to (in front of the
// enemy king) would checkmate, which the rules forbid (打ち歩詰め).
func (p *Position) isPawnDropMate(to Square) bool {
	// A pawn the dropping side does not defend is taken by the king (its
	// own square cannot shield to: the king stands next to to).
	if !p.attackedBy(to, p.side, p.king[p.side^1]) {
		return false
	}
	m := Move(to) | moveDrop | Move(Pawn)<<16
	p.Do(m)
	// The pawn is adjacent to the king, so no interposition is possible
	// and no drop can answer it; the evasion list is short.
	n, c := p.checkers()
	mated := len(p.genEvasions(p.dropMateBuf[:0], n, c)) == 0
	p.Undo(m)
	return mated
}

// IsLegal reports whether m is a legal move in this position (for moves
// from another position, a transposition table or user input). It is
// exactly membership in GenerateLegal, without generating the list.
func (p *Position) IsLegal(m Move) bool {
	const known = 127 | 127<<7 | movePromote | moveDrop | 15<<16 | 15<<20
	if m == NoMove || m&^known != 0 || m.To() >= NoSquare {
		return false
	}
	us := p.side
	them := us ^ 1
	to, k := m.To(), m.Kind()
	if m.IsDrop() {
		if m.IsPromotion() || m&(127<<7|15<<20) != 0 || k < Pawn || k > Gold ||
			!p.hands[us].Has(k) || p.board[to] != Empty || !p.dropAllowed(k, to) {
			return false
		}
		ksq := p.king[us]
		if ksq == NoSquare {
			return true
		}
		n, c := p.checkers()
		return n == 0 || n == 1 && between[ksq][c].Has(to)
	}
	from := m.From()
	if from >= NoSquare || from == to || k < Pawn || k > Dragon || p.board[from] != MakePiece(us, k) {
		return false
	}
	cap := m.Captured()
	if tp := p.board[to]; tp != Empty && (tp.Color() != them || tp.Kind() != cap || cap == King) || tp == Empty && cap != NoKind {
		return false
	}
	pc := p.board[from]
	reach := false
	if d := adjDir[from][to]; d >= 0 && nearMask[pc]>>d&1 != 0 {
		reach = true
	} else if d := lineDir[from][to]; d >= 0 && farMask[pc]>>d&1 != 0 && between[from][to].And(p.all).IsEmpty() {
		reach = true
	}
	if !reach {
		return false
	}
	zone := k.CanPromote() && (inZone(us, from) || inZone(us, to))
	if m.IsPromotion() && !zone {
		return false
	}
	if r := relRank(us, to); !m.IsPromotion() && ((k == Pawn || k == Lance) && r == 0 || k == Knight && r <= 1) {
		return false
	}
	ksq := p.king[us]
	if ksq == NoSquare {
		return true
	}
	if k == King {
		return !p.attackedBy(to, them, from)
	}
	p.Do(m)
	safe := !p.attackedBy(p.king[us], them, noIgnore)
	p.Undo(m)
	return safe
}

// KingCanMove reports whether the side to move's king has a legal move: a
// neighbouring square without a piece of its own that the opponent does
// not attack once the king has left its square. A caller asking only
// whether the side has any legal move can stop here when it does.
func (p *Position) KingCanMove() bool {
	if p.king[p.side] == NoSquare {
		return false
	}
	esc, _ := p.safeNeighbours(p.side)
	return !esc.IsEmpty()
}

// IsMated reports whether the side to move is in check and has no legal move.
func (p *Position) IsMated() bool {
	if !p.InCheck() {
		return false
	}
	return len(p.GenerateEvasions(p.legalBuf[:0])) == 0
}
