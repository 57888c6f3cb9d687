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
	lo := bits.TrailingZeros64(b[0])
	if b[0] == 0 {
		lo = 64 + bits.TrailingZeros64(b[1])
	}
	hi := 127 - bits.LeadingZeros64(b[1])
	if b[1] == 0 {
		hi = 63 - bits.LeadingZeros64(b[0])
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
	ray := lineFrom[s][d]
	b := ray.And(occ)
	if b.IsEmpty() {
		return ray
	}
	return ray.AndNot(lineFrom[firstOnRay(b, d)][d])
}

// rookAttacks returns the squares a rook on s reaches with occupancy occ.
func rookAttacks(s Square, occ Bitboard) Bitboard {
	return rayAttacks(s, 0, occ).Or(rayAttacks(s, 1, occ)).Or(rayAttacks(s, 2, occ)).Or(rayAttacks(s, 3, occ))
}

// bishopAttacks returns the squares a bishop on s reaches with occupancy occ.
func bishopAttacks(s Square, occ Bitboard) Bitboard {
	return rayAttacks(s, 4, occ).Or(rayAttacks(s, 5, occ)).Or(rayAttacks(s, 6, occ)).Or(rayAttacks(s, 7, occ))
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
	var cand Bitboard
	for w := 0; w < 2; w++ {
		cand[w] = (cl[classRook][w]&orthRays[k][w] | cl[classBishop][w]&diagRays[k][w] |
			cl[classLance][w]&lanceRay[sc][k][w]) & theirs[w]
	}
	var b Bitboard
	for !cand.IsEmpty() {
		q := cand.Pop()
		d := int(lineDir[k][q])
		first := firstPiece(k, d, p.all)
		if first == q || !isColor(p.board[first], bc) {
			continue
		}
		if firstPiece(first, d, p.all) == q {
			b.Set(first)
		}
	}
	return b
}
