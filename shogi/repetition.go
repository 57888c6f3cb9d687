package shogi

// Repetition records the positions of a game or search path and answers
// the sennichite questions: has the current position occurred four times,
// and was every move of one side since its first occurrence a check
// (perpetual check, which loses for the checking side).
//
// Push the key of each position reached (Position.Key, which includes the
// hands and side to move) together with whether the side to move there is
// in check; Pop when taking a move back.
type Repetition struct {
	keys   []uint64
	checks []bool
}

// NewRepetition returns an empty record with room for n positions.
func NewRepetition(n int) *Repetition {
	return &Repetition{keys: make([]uint64, 0, n), checks: make([]bool, 0, n)}
}

// Push records a position: its full key and whether the side to move is in check.
func (r *Repetition) Push(key uint64, inCheck bool) {
	r.keys = append(r.keys, key)
	r.checks = append(r.checks, inCheck)
}

// PushPosition records p's current position.
func (r *Repetition) PushPosition(p *Position) { r.Push(p.Key(), p.InCheck()) }

// Pop forgets the last position recorded.
func (r *Repetition) Pop() {
	r.keys = r.keys[:len(r.keys)-1]
	r.checks = r.checks[:len(r.checks)-1]
}

// Len returns the number of positions recorded.
func (r *Repetition) Len() int { return len(r.keys) }

// Count returns how many times the last position recorded has occurred
// (1 if it is new, 0 if nothing is recorded).
func (r *Repetition) Count() int {
	n := len(r.keys)
	if n == 0 {
		return 0
	}
	last, c := r.keys[n-1], 0
	// Equal keys imply the same side to move, so only every second entry can match.
	for i := n - 1; i >= 0; i -= 2 {
		if r.keys[i] == last {
			c++
		}
	}
	return c
}

// RepetitionResult is the verdict on the last position recorded.
type RepetitionResult uint8

const (
	// NoRepetition: the position has occurred fewer than four times.
	NoRepetition RepetitionResult = iota
	// RepetitionDraw: fourfold repetition without perpetual check.
	RepetitionDraw
	// PerpetualCheckByMover: fourfold repetition, and every move of the side
	// that just moved (not the side to move) since the first occurrence gave
	// check; that side loses.
	PerpetualCheckByMover
	// PerpetualCheckBySideToMove: fourfold repetition, and every move of the
	// side to move since the first occurrence gave check; that side loses.
	PerpetualCheckBySideToMove
)

// Check returns the verdict for the last position recorded, requiring
// times occurrences (4 under the rules; a solver may ask for fewer).
func (r *Repetition) Check(times int) RepetitionResult {
	n := len(r.keys)
	if n == 0 || r.Count() < times {
		return NoRepetition
	}
	first := r.FirstOccurrence()
	// Positions i with i ≡ n-1 (mod 2) have the same side to move as the
	// last one: they were reached by the mover's moves. Positions with the
	// other parity were reached by the side to move's moves.
	byMover, bySide := true, true
	for i := first + 1; i < n; i++ {
		if (n-1-i)%2 == 0 {
			byMover = byMover && r.checks[i]
		} else {
			bySide = bySide && r.checks[i]
		}
	}
	switch {
	case byMover:
		return PerpetualCheckByMover
	case bySide:
		return PerpetualCheckBySideToMove
	}
	return RepetitionDraw
}

// FirstOccurrence returns the index of the first occurrence of the last
// position recorded (-1 if nothing is recorded).
func (r *Repetition) FirstOccurrence() int {
	n := len(r.keys)
	if n == 0 {
		return -1
	}
	first := n - 1
	for i := n - 1; i >= 0; i -= 2 {
		if r.keys[i] == r.keys[n-1] {
			first = i
		}
	}
	return first
}
