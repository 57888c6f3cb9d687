package shogi

// Square is a board square, 0..80: (file-1)*9 + (rank-1), where file 1 is
// Black's right edge and rank 1 (一, USI "a") is White's back rank.
type Square uint8

// NoSquare marks an absent square (e.g. no king). It is also the index of
// the sentinel "wall" cell beyond the board edge.
const NoSquare Square = 81

// NewSquare returns the square at file 1..9 and rank 1..9.
func NewSquare(file, rank int) Square { return Square((file-1)*9 + rank - 1) }

// File returns 1..9.
func (s Square) File() int { return int(s)/9 + 1 }

// Rank returns 1..9 (1 = "a" = 一).
func (s Square) Rank() int { return int(s)%9 + 1 }

// String returns the USI spelling, e.g. "7g"; "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{byte('0' + s.File()), byte('a' + s.Rank() - 1)})
}

// parseSquare reads a USI square such as "7g".
func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i' {
		return NoSquare, false
	}
	return NewSquare(int(s[0]-'0'), int(s[1]-'a'+1)), true
}

// relRank returns the rank 0..8 seen from c's side (0 = the far rank c promotes on first).
func relRank(c Color, s Square) int { return int(relRankTab[c][s]) }

// relRankTab caches relRank; the division by 9 showed up in profiles.
var relRankTab [2][82]uint8

func init() {
	for s := 0; s < 82; s++ {
		relRankTab[Black][s] = uint8(s % 9)
		relRankTab[White][s] = uint8(8 - s%9)
	}
}

// inZone reports whether s is in c's promotion zone (the far three ranks).
func inZone(c Color, s Square) bool { return relRank(c, s) <= 2 }
