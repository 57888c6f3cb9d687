package core

// Entry is one transposition-table record, as the table's read API returns
// it and as Store takes it.
type Entry struct {
	Key    Key
	OrNode bool   // the node's type; part of the identity
	PN, DN PN     // 0/Infinity pairs mark proven or disproven nodes
	Move   Move   // best move: proving move when proven, else the last best child
	Length uint32 // proof (or disproof) length in plies; 0 at a terminal node
	Amount uint32 // work spent below this node (expanded nodes), saturating
	Step   uint8  // widening step the values were computed at
	// Sound reports that a final value holds in the full game (not only
	// at Step's narrowed move sets), so any step may reuse it.
	Sound bool
	// MinDepth is the minimal distance from the root seen (df-pn(r), TCA).
	MinDepth uint32
	// Parent is the Board of the first parent the node was reached from
	// and ParentIdx the move index there (SNDA parent pointer).
	Parent    uint64
	ParentIdx uint8
	HasParent bool
	// SNDA is the set of move indexes (bit i = i-th generated move) that
	// lead to a common descendant: their values are combined with max,
	// not sum.
	SNDA uint32
}

// Outcome returns Proven, Disproven or Unknown from the entry's numbers.
func (e *Entry) Outcome() Outcome {
	switch {
	case e.PN == 0:
		return Proven
	case e.DN == 0:
		return Disproven
	}
	return Unknown
}

// Layout of one 64-byte table slot (8 words, one cache line):
//
//	w0 generation(16)<<48 | sequence number(48) (seqlock: odd while a writer holds the slot)
//	w1 Board
//	w2 Hand<<32 | Move
//	w3 PN
//	w4 DN
//	w5 Amount(24) | Length(16)<<24 | Step(8)<<40 | flags(8)<<48 | ParentIdx(8)<<56
//	w6 Parent board
//	w7 MinDepth(32) | SNDA(32)<<32
const (
	slotWords = 8

	flagValid  = 1
	flagOr     = 2
	flagParent = 4
	flagSound  = 8

	maxAmount = 1<<24 - 1
	maxLength = 1<<16 - 1
)

// pack encodes e into words w1..w7 (w[0] is left for the sequence number).
func (e *Entry) pack(w *[slotWords]uint64) {
	w[1] = e.Key.Board
	w[2] = uint64(e.Key.Hand)<<32 | uint64(e.Move)
	w[3] = uint64(e.PN)
	w[4] = uint64(e.DN)
	flags := uint64(flagValid)
	if e.OrNode {
		flags |= flagOr
	}
	if e.HasParent {
		flags |= flagParent
	}
	if e.Sound {
		flags |= flagSound
	}
	amount := uint64(e.Amount)
	if amount > maxAmount {
		amount = maxAmount
	}
	length := uint64(e.Length)
	if length > maxLength {
		length = maxLength
	}
	w[5] = amount | length<<24 | uint64(e.Step)<<40 | flags<<48 | uint64(e.ParentIdx)<<56
	w[6] = e.Parent
	w[7] = uint64(e.MinDepth) | uint64(e.SNDA)<<32
}

// slot is one packed entry, as the table holds it; its methods decode
// single fields, for readers that need only a few.
type slot [slotWords]uint64

func (w *slot) board() uint64    { return w[1] }
func (w *slot) hand() uint32     { return uint32(w[2] >> 32) }
func (w *slot) pn() PN           { return PN(w[3]) }
func (w *slot) dn() PN           { return PN(w[4]) }
func (w *slot) length() uint32   { return uint32(w[5] >> 24 & maxLength) }
func (w *slot) step() uint8      { return uint8(w[5] >> 40) }
func (w *slot) flags() uint64    { return w[5] >> 48 & 0xff }
func (w *slot) parentIdx() uint8 { return uint8(w[5] >> 56) }
func (w *slot) parent() uint64   { return w[6] }
func (w *slot) minDepth() uint32 { return uint32(w[7]) }
func (w *slot) hasParent() bool  { return w.flags()&flagParent != 0 }
func (w *slot) sound() bool      { return w.flags()&flagSound != 0 }
func (w *slot) key() Key         { return Key{Board: w.board(), Hand: w.hand()} }

// unpack decodes words w1..w7; ok is false for an empty slot.
func (e *Entry) unpack(w *[slotWords]uint64) (ok bool) {
	flags := w[5] >> 48 & 0xff
	if flags&flagValid == 0 {
		return false
	}
	e.Key.Board = w[1]
	e.Key.Hand = uint32(w[2] >> 32)
	e.Move = Move(w[2])
	e.PN = PN(w[3])
	e.DN = PN(w[4])
	e.Amount = uint32(w[5] & maxAmount)
	e.Length = uint32(w[5] >> 24 & maxLength)
	e.Step = uint8(w[5] >> 40)
	e.OrNode = flags&flagOr != 0
	e.HasParent = flags&flagParent != 0
	e.Sound = flags&flagSound != 0
	e.ParentIdx = uint8(w[5] >> 56)
	e.Parent = w[6]
	e.MinDepth = uint32(w[7])
	e.SNDA = uint32(w[7] >> 32)
	return true
}
