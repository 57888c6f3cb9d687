package gen

import (
	"context"
	"fmt"
	"strings"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
	"github.com/tsume-solver/tsume/go_capture/suite"
)

// Ends of a played-out line.
const (
	EndGNUGoConcedes = "GNU Go concedes"
	EndWeConcede     = "we concede"
	EndCaptured      = "captured"
	EndUnfinished    = "unfinished"
)

// PlayOut is a disputed question's line played out between the two
// claims: the side that claims the first mover succeeds moves for it,
// the other answers for the opponent, each asked afresh (its own
// attack or defend question) after every move, until one side answers
// "0" (concedes), the target is captured or plies moves are played.
type PlayOut struct {
	Line []string // moves, GNU Go's marked with its code: "B7(1)"
	End  string
}

// String is the line and its end: "B7(1) A7 B8(1): we concede".
func (p PlayOut) String() string { return strings.Join(p.Line, " ") + ": " + p.End }

// PlayOutLine plays the question of t out: ourFirst says whether our
// solver v plays the first mover's side (it claims success and GNU Go
// claims failure) or the other (GNU Go claims success). gg is a running
// GNU Go.
func PlayOutLine(ctx context.Context, t *suite.Test, v *reading.Solver, gg *Engine, ourFirst bool, plies int) (PlayOut, error) {
	var po PlayOut
	b, target, err := t.Position()
	if err != nil {
		return po, err
	}
	size := b.Size()
	owner := b.At(target)
	first := owner.Opponent()
	if t.Command == "defend" {
		first = owner
	}
	if _, err := gg.Cmd("boardsize %d", size); err != nil {
		return po, err
	}
	if _, err := gg.Cmd("clear_board"); err != nil {
		return po, err
	}
	for _, m := range t.SetupMoves {
		if len(m) != 3 {
			return po, fmt.Errorf("test %d: setup move %v: want [kind, colour, vertex]", t.ID, m)
		}
		if _, err := gg.Cmd("play %s %s", m[1], m[2]); err != nil {
			return po, fmt.Errorf("test %d: %v", t.ID, err)
		}
	}
	mover := first
	for ply := 0; ply < plies; ply++ {
		if b.At(target) != owner {
			po.End = EndCaptured
			return po, nil
		}
		mode := reading.Attack
		if mover == owner {
			mode = reading.Defend
		}
		ours := (mover == first) == ourFirst
		var move board.Point
		if ours {
			r, err := v.Solve(ctx, b, target, mode)
			if err != nil {
				return po, err
			}
			if !r.Decided() {
				po.End = EndUnfinished + " (our search undecided)"
				return po, nil
			}
			if r.Code == reading.Fail {
				po.End = EndWeConcede
				return po, nil
			}
			move = r.Move
			po.Line = append(po.Line, board.FormatVertex(move, size))
		} else {
			reply, err := gg.Cmd("%s %s", mode, board.FormatVertex(target, size))
			if err != nil {
				return po, err
			}
			code, err := ReplyCode(reply)
			if err != nil {
				return po, err
			}
			if code == reading.Fail {
				po.End = EndGNUGoConcedes
				return po, nil
			}
			_, vtx, _ := strings.Cut(reply, " ")
			if move, err = board.ParseVertex(vtx, size); err != nil {
				return po, fmt.Errorf("test %d: GNU Go's reply %q: %v", t.ID, reply, err)
			}
			po.Line = append(po.Line, fmt.Sprintf("%s(%d)", vtx, code))
		}
		// A move that is illegal here (a ko retake the answer assumed
		// a threat for) is played as a threat was: ignoring the ban.
		if err := b.Play(move, mover); err != nil {
			if err := b.PlayForced(move, mover); err != nil {
				return po, fmt.Errorf("test %d: %s %s: %v", t.ID, mover, board.FormatVertex(move, size), err)
			}
		}
		b.Commit()
		if _, err := gg.Cmd("play %s %s", mover, board.FormatVertex(move, size)); err != nil {
			po.End = EndUnfinished + " (GNU Go refused the move: " + err.Error() + ")"
			return po, nil
		}
		mover = mover.Opponent()
	}
	if b.At(target) != owner {
		po.End = EndCaptured
	} else {
		po.End = EndUnfinished
	}
	return po, nil
}
