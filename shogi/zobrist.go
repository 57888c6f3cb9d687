package shogi

// Zobrist keys. The board key covers the pieces on the board and the side
// to move; the hand key is additive (one random number per piece in hand)
// so it can be updated by adding or subtracting. Keeping the two apart
// lets a solver find positions that differ only in the hands.
var (
	zobPiece [33][81]uint64
	zobHand  [2][8]uint64
	zobSide  uint64
)

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
	for p := range zobPiece {
		for s := range zobPiece[p] {
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
