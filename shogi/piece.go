package shogi

// Kind is a piece kind without colour. The seven hand kinds come first so
// that a Kind indexes hand fields directly; promoted kinds are base+8.
type Kind uint8

// The fourteen piece kinds. NoKind (0) means "no piece".
const (
	NoKind    Kind = 0
	Pawn      Kind = 1
	Lance     Kind = 2
	Knight    Kind = 3
	Silver    Kind = 4
	Bishop    Kind = 5
	Rook      Kind = 6
	Gold      Kind = 7
	King      Kind = 8
	ProPawn   Kind = 9  // と
	ProLance  Kind = 10 // 成香
	ProKnight Kind = 11 // 成桂
	ProSilver Kind = 12 // 成銀
	Horse     Kind = 13 // 馬, promoted bishop
	Dragon    Kind = 14 // 龍, promoted rook
)

// CanPromote reports whether the kind has a promoted form.
func (k Kind) CanPromote() bool { return k >= Pawn && k <= Rook }

// IsPromoted reports whether the kind is a promoted piece.
func (k Kind) IsPromoted() bool { return k >= ProPawn && k <= Dragon }

// Promote returns the promoted kind; kinds that cannot promote are returned unchanged.
func (k Kind) Promote() Kind {
	if k.CanPromote() {
		return k + 8
	}
	return k
}

// Unpromote returns the base kind (the kind a captured piece takes in hand).
func (k Kind) Unpromote() Kind {
	if k.IsPromoted() {
		return k - 8
	}
	return k
}

// kindLetters holds the USI letter of each base kind.
const kindLetters = " PLNSBRGK"

// String returns the USI letter of the kind ("+P" for a promoted pawn).
func (k Kind) String() string {
	switch {
	case k >= Pawn && k <= King:
		return kindLetters[k : k+1]
	case k.IsPromoted():
		return "+" + kindLetters[k-8:k-7]
	}
	return "?"
}

// Piece is a coloured piece: kind | colour<<4. Empty (0) is no piece.
type Piece uint8

// Empty is the absence of a piece.
const Empty Piece = 0

// wall marks the sentinel square beyond the board edges; it has no colour.
const wall Piece = 32

// MakePiece combines a colour and a kind.
func MakePiece(c Color, k Kind) Piece { return Piece(k) | Piece(c)<<4 }

// Kind returns the piece's kind (NoKind for Empty).
func (p Piece) Kind() Kind { return Kind(p & 15) }

// Color returns the piece's colour; meaningless for Empty.
func (p Piece) Color() Color { return Color(p>>4) & 1 }

// String returns the SFEN spelling: upper case for Black, "+" for promoted.
func (p Piece) String() string {
	if p == Empty {
		return "."
	}
	s := p.Kind().String()
	if p.Color() == White {
		b := []byte(s)
		for i := range b {
			if b[i] >= 'A' && b[i] <= 'Z' {
				b[i] += 'a' - 'A'
			}
		}
		return string(b)
	}
	return s
}
