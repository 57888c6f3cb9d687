package reading

import (
	"errors"
	"time"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// GNU Go's result codes, used for both questions: the side moving first
// succeeds cleanly (Win), by a ko it takes first (KoA), or by a ko for
// which it first needs a ko threat (KoB); Fail means it does not succeed.
const (
	Fail = 0
	Win  = 1
	KoA  = 2
	KoB  = 3
)

// Result is the answer to one question.
type Result struct {
	// Code is GNU Go's code for the side moving first: 0..3.
	Code int
	// Move is the successful first move (board.Pass when the string needs
	// no defence), or board.NoPoint when Code is 0.
	Move board.Point
	// Line is the principal line of the proof, starting with Move.
	Line []board.Point
	// Proven is false when a limit stopped the search before the answer
	// was proven; Code 0 then means "not found", not "impossible".
	Proven bool
	// Stats counts the work.
	Stats Stats
}

// Stats counts the work of a search.
type Stats struct {
	// Nodes is the number of nodes of the main search tree, leaves
	// included (the paper's count).
	Nodes int64
	// Plays counts every move played on the board, including those of
	// the game-definition functions and the quiescence search.
	Plays int64
	// Time is the wall time.
	Time time.Duration
	// Steps is the number of widening steps searched.
	Steps int
}

// Word returns the result in one word for the question asked:
// "captured", "ko", "saved" or "unknown".
func (r Result) Word(mode Mode) string {
	switch {
	case r.Code == KoA || r.Code == KoB:
		return "ko"
	case r.Code == Win && mode == Attack, r.Code == Fail && r.Proven && mode == Defend:
		return "captured"
	case r.Code == Win && mode == Defend, r.Code == Fail && r.Proven && mode == Attack:
		return "saved"
	}
	return "unknown"
}

// Decided reports whether the result is an answer: a success (Code 1..3,
// always proven) or a proven failure. A search stopped by a limit before
// it decided is not, and its Code 0 means "not found", never "impossible".
func (r Result) Decided() bool { return r.Code != Fail || r.Proven }

// ErrUndecided is returned by Result.GTP for a search that did not decide:
// GNU Go's reply format has no word for "unknown", and "0" would claim a
// proof that does not exist.
var ErrUndecided = errors.New("the search did not decide within its limits")

// GTP formats a decided result as GNU Go's attack/defend reply: "0",
// "1 D4". An undecided result has no such reply: GTP returns
// ErrUndecided, which a GTP engine answers as a failure.
func (r Result) GTP(size int) (string, error) {
	if !r.Decided() {
		return "", ErrUndecided
	}
	if r.Code == Fail {
		return "0", nil
	}
	return string(rune('0'+r.Code)) + " " + board.FormatVertex(r.Move, size), nil
}
