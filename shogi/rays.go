package shogi

import "math/bits"

// Ray scans on bitboards. Square numbers grow toward the south (rank +1)
// and the west (file +1), so along directions S, W, NW and SW (the odd
// direction numbers 1, 3, 5, 7) the nearest square of a ray is its lowest
// bit, and along N, E, NE and SE (0, 2, 4, 6) its highest. The first piece
// on a ray is then one bit scan instead of a walk over the mailbox.

// firstOnRay returns the square of b nearest to the ray's origin, where b
// is a subset of some ray lineFrom[s][d]; when b is empty, a value above
// NoSquare (128 or 255: a Position's board holds Empty there). Both scans
// are made and one is selected without a branch: the direction's parity
// changes from call to call and was mispredicted.
func firstOnRay(b Bitboard, d int) Square {
	lo := bits.TrailingZeros64(b.lo)
	if b.lo == 0 {
		lo = 64 + bits.TrailingZeros64(b.hi)
	}
	hi := 127 - bits.LeadingZeros64(b.hi)
	if b.hi == 0 {
		hi = 63 - bits.LeadingZeros64(b.lo)
	}
	if d&1 != 0 {
		hi = lo
	}
	return Square(hi)
}

// firstPiece returns the first occupied square of occ seen from s along
// direction d (0..7); when the ray is empty up to the edge, a value above
// NoSquare (see firstOnRay).
func firstPiece(s Square, d int, occ Bitboard) Square {
	return firstOnRay(lineFrom[s][d].And(occ), d)
}

// rayAttacks returns the squares a slider on s reaches along d (0..7):
// the ray up to and including its first occupied square.
func rayAttacks(s Square, d int, occ Bitboard) Bitboard {
	if d&1 != 0 {
		return rayDown(lineFrom[s][d], occ)
	}
	return rayUp(lineFrom[s][d], occ)
}

// rayDown returns the part of ray (a ray along S, W, NW or SW: nearest
// square lowest) up to and including its first square in occ. In 128-bit
// arithmetic e^(e-1) keeps the bits of e up to its lowest set bit, and all
// bits when e is empty; the borrow carries the low word into the high one.
func rayDown(ray, occ Bitboard) Bitboard {
	e0, e1 := ray.lo&occ.lo, ray.hi&occ.hi
	m0, borrow := bits.Sub64(e0, 1, 0)
	m1, _ := bits.Sub64(e1, 0, borrow)
	return Bitboard{ray.lo & (e0 ^ m0), ray.hi & (e1 ^ m1)}
}

// rayUp is rayDown for the rays along N, E, NE and SE (nearest square
// highest): it keeps the bits from the highest blocker up. A blocker in the
// high word hides the whole low word.
func rayUp(ray, occ Bitboard) Bitboard {
	e0, e1 := ray.lo&occ.lo, ray.hi&occ.hi
	m1 := ^uint64(0) << (uint(63-bits.LeadingZeros64(e1|1)) & 63)
	m0 := ^uint64(0) << (uint(63-bits.LeadingZeros64(e0|1)) & 63)
	if e1 != 0 {
		m0 = 0
	}
	return Bitboard{ray.lo & m0, ray.hi & m1}
}

// rookAttacks returns the squares a rook on s reaches with occupancy occ.
func rookAttacks(s Square, occ Bitboard) Bitboard {
	r := &lineFrom[s]
	return rayUp(r[0], occ).Or(rayDown(r[1], occ)).Or(rayUp(r[2], occ)).Or(rayDown(r[3], occ))
}

// bishopAttacks returns the squares a bishop on s reaches with occupancy occ.
func bishopAttacks(s Square, occ Bitboard) Bitboard {
	r := &lineFrom[s]
	return rayUp(r[4], occ).Or(rayDown(r[5], occ)).Or(rayUp(r[6], occ)).Or(rayDown(r[7], occ))
}

// lanceAttacks returns the squares a lance of colour c on s reaches with
// occupancy occ: north for Black, south for White.
func lanceAttacks(c Color, s Square, occ Bitboard) Bitboard {
	if c == Black {
		return rayUp(lineFrom[s][0], occ)
	}
	return rayDown(lineFrom[s][1], occ)
}

// lineBlockers returns the pieces of colour bc that stand alone between
// the square k and a slider of colour sc attacking along that line: with
// bc the king's side and sc the opponent, the pinned pieces; with bc = sc
// the attacker and k the enemy king, the pieces whose move may discover a
// check. Only the sliders that would attack k on an empty board are
// looked at (usually none or one).
func (p *Position) lineBlockers(k Square, bc, sc Color) Bitboard {
	if p.sliders[sc].IsEmpty() {
		return Bitboard{}
	}
	cl := &p.byClass
	theirs := p.occ[sc]
	cand := cl[classRook].And(orthRays[k]).Or(cl[classBishop].And(diagRays[k])).
		Or(cl[classLance].And(lanceRay[sc][k])).And(theirs)
	var b Bitboard
	for !cand.IsEmpty() {
		// A blocker stands alone between k and the slider q.
		if bl := between[k][cand.Pop()].And(p.all); bl.Count() == 1 {
			b = b.Or(bl.And(p.occ[bc]))
		}
	}
	return b
}
