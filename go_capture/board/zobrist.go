package board

// zobrist holds one random key per colour and point. The keys are drawn
// from a fixed-seed generator so that hashes are the same in every run
// (tests and transposition-table dumps can compare them).
var zobrist [3][MaxPoints]uint64

// zobristKo keys the ko-banned point; zobristKoWhite marks that the ban
// applies to White rather than Black.
var (
	zobristKo      [MaxPoints]uint64
	zobristKoWhite uint64
	zobristToMove  [3]uint64
)

func init() {
	x := uint64(0x7473756d65676f21) // "tsumego!"
	next := func() uint64 {         // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for c := 1; c <= 2; c++ {
		for p := range zobrist[c] {
			zobrist[c][p] = next()
		}
	}
	for p := range zobristKo {
		zobristKo[p] = next()
	}
	zobristKoWhite = next()
	zobristToMove[Black] = next()
	zobristToMove[White] = next()
}
