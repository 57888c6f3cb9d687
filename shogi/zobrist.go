package shogi

// Zobrist keys. The board key covers the pieces on the board and the side
// to move; the hand key is additive (one random number per piece in hand)
// so it can be updated by adding or subtracting. Keeping the two apart
// lets a solver find positions that differ only in the hands.
//
// zobPiece has a row for every Piece value and a column for every square
// number a Move holds (7 bits), so that its uses index it without bounds
// tests; only the first 33 rows and 81 columns are filled (pieceKeys,
// squares), the numbers the keys have always had.
var (
	zobPiece [256][128]uint64
	zobHand  [2][8]uint64
	zobSide  uint64
)

// pieceKeys is the number of pieces with keys (Empty up to the last
// promoted white piece).
const pieceKeys = 33

// splitmix64 is a small fixed-seed generator: keys are reproducible
// across runs, which keeps transposition-table behaviour deterministic.
func splitmix64(x *uint64) uint64 {
	*x += 0x9e3779b97f4a7c15
	z := *x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func init() {
	seed := uint64(0x7473756d65) // "tsume"
	for p := range pieceKeys {
		for s := range NoSquare {
			zobPiece[p][s] = splitmix64(&seed)
		}
	}
	for c := range zobHand {
		for k := range zobHand[c] {
			zobHand[c][k] = splitmix64(&seed)
		}
	}
	zobSide = splitmix64(&seed)
}

// BoardKeyAfter returns BoardKey as it will be after m (a move of the side
// to move), without playing it: a searcher that knows the child by its key
// may then skip Do and Undo.
func (p *Position) BoardKeyAfter(m Move) uint64 {
	us := p.side
	to := m.To()
	key := p.boardKey ^ zobSide
	k := m.Kind()
	if m.IsDrop() {
		return key ^ zobPiece[MakePiece(us, k)][to]
	}
	moved := MakePiece(us, k)
	key ^= zobPiece[moved][m.From()]
	if c := m.Captured(); c != NoKind {
		key ^= zobPiece[MakePiece(us^1, c)][to]
	}
	if m.IsPromotion() {
		moved += 8
	}
	return key ^ zobPiece[moved][to]
}
