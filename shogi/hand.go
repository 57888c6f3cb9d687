package shogi

// Hand is the pieces a side holds, packed in one word. Each kind has a
// field wide enough for its maximum (18 pawns; 4 lances, knights, silvers,
// golds; 2 bishops, rooks) followed by a zero guard bit, so that a single
// subtraction compares all fields at once (see Superior).
type Hand uint32

// handShift and handMax give each hand kind's field position and maximum.
var (
	handShift = [16]uint{Pawn: 0, Lance: 6, Knight: 10, Silver: 14, Bishop: 22, Rook: 25, Gold: 18}
	handMax   = [16]int{Pawn: 18, Lance: 4, Knight: 4, Silver: 4, Bishop: 2, Rook: 2, Gold: 4}
	handMask  = [16]Hand{Pawn: 31, Lance: 7, Knight: 7, Silver: 7, Bishop: 3, Rook: 3, Gold: 7}
)

// handGuards has the guard bit above every field set.
const handGuards Hand = 1<<5 | 1<<9 | 1<<13 | 1<<17 | 1<<21 | 1<<24 | 1<<27

// HandKinds lists the kinds a hand can hold, in USI output order.
var HandKinds = [7]Kind{Rook, Bishop, Gold, Silver, Knight, Lance, Pawn}

// Count returns how many pieces of kind k the hand holds (0 for kinds a
// hand cannot hold).
func (h Hand) Count(k Kind) int { return int(h >> handShift[k] & handMask[k]) }

// Has reports whether the hand holds at least one k.
func (h Hand) Has(k Kind) bool { return h>>handShift[k]&handMask[k] != 0 }

// Add returns the hand with one more k (a hand kind, below its maximum).
func (h Hand) Add(k Kind) Hand { return h + 1<<handShift[k] }

// Sub returns the hand with one k fewer; the hand must hold one.
func (h Hand) Sub(k Kind) Hand { return h - 1<<handShift[k] }

// Superior reports whether h holds at least as many of every kind as o
// (h ⊇ o). If some field of h is smaller, the subtraction borrows into that
// field's guard bit; otherwise no guard bit is touched.
func (h Hand) Superior(o Hand) bool { return (h-o)&handGuards == 0 }

// NewHand builds a hand from counts indexed by Kind (Pawn..Gold), each
// within its maximum (18 pawns, 4 lances, ..., 2 rooks).
func NewHand(counts [8]int) Hand {
	var h Hand
	for k := Pawn; k <= Gold; k++ {
		h |= Hand(counts[k]) << handShift[k]
	}
	return h
}
