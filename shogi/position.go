package shogi

import "math/bits"

// Position is a shogi position with its move history, updated in place by
// Do and Undo. The zero value is not usable: build one with ParseSFEN or
// NewStartPosition.
type Position struct {
	// board is indexed by any Square value, so that reading it needs no
	// bounds test; index NoSquare is the wall sentinel, the rest beyond
	// the board stays Empty.
	board [256]Piece
	occ   [2]Bitboard
	all   Bitboard
	// sliders holds the lances, bishops, rooks, horses and dragons by
	// colour ([2] is scratch, see place); byClass both colours' pieces by
	// attack class (classes.go; [numClasses] is scratch). Only those
	// entries are used: the arrays have 256 so that place and lift index
	// them by a byte with no bounds test and stay small enough to inline
	// (Do and Undo are a tenth of a solver's instructions).
	sliders   [256]Bitboard
	byClass   [256]Bitboard
	hands     [2]Hand
	king      [2]Square // NoSquare when the side has no king (tsume attackers)
	pawnFiles [2]uint16 // files (bit file-1) holding an unpromoted pawn
	side      Color
	ply       int
	boardKey  uint64
	handKey   uint64
	stack     []undoState

	// version counts Do and Undo calls, so that a value cached with
	// version+1 (0 meaning none) belongs to this position: the checkers
	// of the side to move's king (attack.go) and its safe neighbours.
	version      uint64
	checkVersion uint64
	checkBB      Bitboard
	// safeNeighbours' two sets for the side to move (kingfreedom.go),
	// valid when safeVersion is version+1.
	safeVersion  uint64
	safeLifted   Bitboard
	safeStanding Bitboard

	// Scratch move lists, kept here because escape analysis would move
	// local arrays of the (mutually recursive) generators to the heap.
	dropMateBuf [64]Move
	legalBuf    [MaxMoves]Move
}

// undoState is what Undo cannot recompute from the move itself.
type undoState struct {
	boardKey, handKey uint64
	move              Move
}

// initialStackCap covers the longest known tsume (1525 plies) without growth.
const initialStackCap = 2048

// StartSFEN is the initial position.
const StartSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// NewStartPosition returns the initial position.
func NewStartPosition() *Position {
	p, err := ParseSFEN(StartSFEN)
	if err != nil {
		panic("shogi: bad start position: " + err.Error())
	}
	return p
}

func newEmptyPosition() *Position {
	p := &Position{stack: make([]undoState, 0, initialStackCap)}
	p.board[NoSquare] = wall
	p.king = [2]Square{NoSquare, NoSquare}
	return p
}

// Clone returns an independent copy (history included).
func (p *Position) Clone() *Position {
	q := *p
	q.stack = make([]undoState, len(p.stack), max(cap(p.stack), initialStackCap))
	copy(q.stack, p.stack)
	return &q
}

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// Ply returns the move number as in SFEN (1 at the start, +1 per move).
func (p *Position) Ply() int { return p.ply }

// PieceAt returns the piece on s (Empty if none or if s is off the board).
func (p *Position) PieceAt(s Square) Piece {
	if s >= NoSquare {
		return Empty
	}
	return p.board[s]
}

// Hand returns c's pieces in hand.
func (p *Position) Hand(c Color) Hand { return p.hands[c] }

// Occupied returns the squares holding c's pieces.
func (p *Position) Occupied(c Color) Bitboard { return p.occ[c] }

// KingSquare returns c's king square and whether c has a king at all.
func (p *Position) KingSquare(c Color) (Square, bool) { return p.king[c], p.king[c] != NoSquare }

// BoardKey returns the Zobrist key of the board and side to move, hands excluded.
func (p *Position) BoardKey() uint64 { return p.boardKey }

// HandKey returns the Zobrist key of both hands.
func (p *Position) HandKey() uint64 { return p.handKey }

// Key returns the full key: board, side to move and hands.
func (p *Position) Key() uint64 { return p.boardKey + p.handKey }

// LastMove returns the move that led here, or NoMove at the root.
func (p *Position) LastMove() Move {
	if len(p.stack) == 0 {
		return NoMove
	}
	return p.stack[len(p.stack)-1].move
}

// MoveBack returns the move played n plies before the last one (0: the
// last move, as LastMove), or NoMove when the history is shorter. It lets
// a caller look at earlier moves without taking the later ones back.
func (p *Position) MoveBack(n int) Move {
	i := len(p.stack) - 1 - n
	if n < 0 || i < 0 {
		return NoMove
	}
	return p.stack[i].move
}

// GamePly returns the number of moves played since the position was parsed.
func (p *Position) GamePly() int { return len(p.stack) }

func (p *Position) put(s Square, pc Piece) {
	p.place(s, pc)
	p.boardKey ^= zobPiece[pc][s]
}

// place and lift update the board and bitboards but not the key (Undo
// restores the key from the stack). They write every bitboard a piece may
// belong to without branching: a piece that is no slider, or belongs to
// one class only, updates a scratch bitboard instead (pieceSlots).
func (p *Position) place(s Square, pc Piece) {
	p.board[s] = pc
	m := sqBB[s]
	sl := &pieceSlots[pc]
	p.occ[pc>>4&1].or(m)
	p.all.or(m)
	p.sliders[sl.slider].or(m)
	p.byClass[sl.class[0]].or(m)
	p.byClass[sl.class[1]].or(m)
}

func (p *Position) lift(s Square, pc Piece) {
	p.board[s] = Empty
	m := sqBB[s]
	sl := &pieceSlots[pc]
	p.occ[pc>>4&1].andNot(m)
	p.all.andNot(m)
	p.sliders[sl.slider].andNot(m)
	p.byClass[sl.class[0]].andNot(m)
	p.byClass[sl.class[1]].andNot(m)
}

// toggle flips the squares of m in every bitboard of piece pc (not the
// mailbox): a piece moving without promotion leaves its origin and enters
// its destination in one pass.
func (p *Position) toggle(pc Piece, m Bitboard) {
	sl := &pieceSlots[pc]
	p.occ[pc>>4&1].xor(m)
	p.all.xor(m)
	p.sliders[sl.slider].xor(m)
	p.byClass[sl.class[0]].xor(m)
	p.byClass[sl.class[1]].xor(m)
}

// slots names the bitboards of Position that hold a piece besides occ and
// all: its sliders entry (2, the scratch, for a non-slider) and up to two
// attack classes (numClasses, the scratch, for none).
type slots struct {
	slider uint8
	class  [2]uint8
}

// pieceSlots gives each piece its slots; it has an entry for every Piece
// value so that indexing it needs no bounds test.
var pieceSlots [256]slots

// initSlots fills pieceSlots; tables.go's init calls it once farMask is
// ready.
func initSlots() {
	for pc := range pieceSlots {
		sl := slots{slider: 2, class: [2]uint8{numClasses, numClasses}}
		p := Piece(pc)
		if p.Kind() >= Pawn && p.Kind() <= Dragon && Piece(pc) < wall {
			if farMask[p] != 0 {
				sl.slider = uint8(p.Color())
			}
			i := 0
			for m := classMask[p.Kind()]; m != 0; m &= m - 1 {
				sl.class[i] = uint8(bits.TrailingZeros8(m))
				i++
			}
		}
		pieceSlots[pc] = sl
	}
}

// Do plays m, which must be legal (as produced by a generator or by
// ParseUSIMove). It does not allocate once the history stack has grown.
func (p *Position) Do(m Move) {
	us := p.side
	them := us ^ 1
	to := m.To()
	p.stack = append(p.stack, undoState{p.boardKey, p.handKey, m})
	// place and lift inline here, put and remove would not: the key is
	// gathered in a local and written once.
	key := p.boardKey ^ zobSide
	k := m.Kind()
	if m.IsDrop() {
		p.hands[us] = p.hands[us].Sub(k)
		p.handKey -= zobHand[us][k]
		pc := MakePiece(us, k)
		p.place(to, pc)
		key ^= zobPiece[pc][to]
		if k == Pawn {
			p.pawnFiles[us] |= 1 << (to / 9)
		}
	} else {
		from := m.From()
		moved := MakePiece(us, k)
		key ^= zobPiece[moved][from]
		if c := m.Captured(); c != NoKind {
			cp := MakePiece(them, c)
			p.lift(to, cp)
			key ^= zobPiece[cp][to]
			base := c.Unpromote()
			p.hands[us] = p.hands[us].Add(base)
			p.handKey += zobHand[us][base]
			if c == Pawn {
				p.pawnFiles[them] &^= 1 << (to / 9)
			}
		}
		p.board[from] = Empty
		if m.IsPromotion() {
			if k == Pawn {
				p.pawnFiles[us] &^= 1 << (to / 9)
			}
			p.toggle(moved, sqBB[from])
			moved += 8
			p.toggle(moved, sqBB[to])
		} else {
			// Same piece on both squares: one pass over its bitboards
			// (toggle, written out: the compiler does not inline it).
			m := sqBB[from].Or(sqBB[to])
			sl := &pieceSlots[moved]
			p.occ[us].xor(m)
			p.all.xor(m)
			p.sliders[sl.slider].xor(m)
			p.byClass[sl.class[0]].xor(m)
			p.byClass[sl.class[1]].xor(m)
		}
		p.board[to] = moved
		key ^= zobPiece[moved][to]
		if k == King {
			p.king[us] = to
		}
	}
	p.boardKey = key
	p.side = them
	p.ply++
	p.version++
}

// Undo takes back m, which must be the last move played.
func (p *Position) Undo(m Move) {
	them := p.side
	us := them ^ 1
	to := m.To()
	k := m.Kind()
	if m.IsDrop() {
		p.lift(to, MakePiece(us, k))
		p.hands[us] = p.hands[us].Add(k)
		if k == Pawn {
			p.pawnFiles[us] &^= 1 << (to / 9)
		}
	} else {
		from := m.From()
		moved := MakePiece(us, k)
		if m.IsPromotion() {
			if k == Pawn {
				p.pawnFiles[us] |= 1 << (to / 9)
			}
			p.toggle(moved+8, sqBB[to])
			p.toggle(moved, sqBB[from])
		} else {
			m := sqBB[from].Or(sqBB[to]) // toggle, written out as in Do
			sl := &pieceSlots[moved]
			p.occ[us].xor(m)
			p.all.xor(m)
			p.sliders[sl.slider].xor(m)
			p.byClass[sl.class[0]].xor(m)
			p.byClass[sl.class[1]].xor(m)
		}
		p.board[to] = Empty
		p.board[from] = moved
		if c := m.Captured(); c != NoKind {
			p.place(to, MakePiece(them, c))
			p.hands[us] = p.hands[us].Sub(c.Unpromote())
			if c == Pawn {
				p.pawnFiles[them] |= 1 << (to / 9)
			}
		}
		if k == King {
			p.king[us] = from
		}
	}
	st := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	p.boardKey, p.handKey = st.boardKey, st.handKey
	p.side = us
	p.ply--
	p.version++
}
