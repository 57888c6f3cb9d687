package shogi

// Color is a side: Black (sente, moves first) or White (gote).
type Color uint8

const (
	// Black is sente, the side that moves first; its pieces are upper-case in SFEN.
	Black Color = 0
	// White is gote; its pieces are lower-case in SFEN.
	White Color = 1
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "black" or "white".
func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}
