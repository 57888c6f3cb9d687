package shogi

// Move is a packed move. Bits 0-6: destination; 7-13: origin (0 for a
// drop); 14: promotion; 15: drop; 16-19: kind of the moving (or dropped)
// piece before promotion; 20-23: kind of the captured piece, as it stood
// on the board. The zero Move means "no move".
type Move uint32

// NoMove is the zero Move.
const NoMove Move = 0

const (
	movePromote Move = 1 << 14
	moveDrop    Move = 1 << 15
)

// MaxMoves bounds the number of legal moves in any position (the known
// maximum is 593); a buffer of this capacity never has to grow.
const MaxMoves = 1024

// NewMove builds a board move of a piece of kind k from -> to, capturing
// captured (NoKind if none).
func NewMove(from, to Square, k Kind, captured Kind, promote bool) Move {
	m := Move(to) | Move(from)<<7 | Move(k)<<16 | Move(captured)<<20
	if promote {
		m |= movePromote
	}
	return m
}

// NewDrop builds a drop of kind k on to.
func NewDrop(k Kind, to Square) Move { return Move(to) | moveDrop | Move(k)<<16 }

// To returns the destination square.
func (m Move) To() Square { return Square(m & 127) }

// From returns the origin square; meaningless for drops.
func (m Move) From() Square { return Square(m >> 7 & 127) }

// IsDrop reports whether the move drops a piece from the hand.
func (m Move) IsDrop() bool { return m&moveDrop != 0 }

// IsPromotion reports whether the moving piece promotes.
func (m Move) IsPromotion() bool { return m&movePromote != 0 }

// Kind returns the kind of the moving or dropped piece, before promotion.
func (m Move) Kind() Kind { return Kind(m >> 16 & 15) }

// Captured returns the kind of the captured piece, or NoKind.
func (m Move) Captured() Kind { return Kind(m >> 20 & 15) }

// USI returns the USI spelling: "7g7f", "8h2b+", "P*5e"; "none" for NoMove.
func (m Move) USI() string {
	if m == NoMove {
		return "none"
	}
	if m.IsDrop() {
		return m.Kind().String() + "*" + m.To().String()
	}
	s := m.From().String() + m.To().String()
	if m.IsPromotion() {
		s += "+"
	}
	return s
}

// String returns the USI spelling.
func (m Move) String() string { return m.USI() }
