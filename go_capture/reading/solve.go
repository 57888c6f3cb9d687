package reading

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/go_capture/board"
)

// koModes lists, for the side moving first, who may ignore ko bans in
// each pass, and the code a success earns: with the opponent winning
// every ko a success is clean (1); with both bound by the simple ban the
// first mover wins by taking the ko first (2); with only the first mover
// allowed to retake it needs a ko threat first (3).
type koMode struct {
	power func(first, second board.Color) board.Color
	code  int
	salt  uint64
}

var koModes = [3]koMode{
	{func(_, second board.Color) board.Color { return second }, Win, 0},
	{func(_, _ board.Color) board.Color { return board.Empty }, KoA, 0x9e3779b97f4a7c15},
	{func(first, _ board.Color) board.Color { return first }, KoB, 0xc2b2ae3d27d4eb4f},
}

// ErrNotStone is returned when the target point holds no stone.
var ErrNotStone = errors.New("reading: target is not a stone")

// Solve answers the question mode for the string at target: can it be
// captured with the attacker (the other colour) moving first (Attack), or
// saved with its owner moving first (Defend). The board is not modified.
// ctx cancels the search (the result is then unproven). To ask many
// questions, a Solver reuses its tables.
func Solve(ctx context.Context, b *board.Board, target board.Point, mode Mode, opts Options) (Result, error) {
	v, err := NewSolver(opts)
	if err != nil {
		return Result{}, err
	}
	defer v.Close()
	return v.Solve(ctx, b, target, mode)
}

// Solver answers capture questions with fixed options. It keeps its
// transposition table and caches between questions (cleared for each),
// so a long-lived Solver does not allocate them again. It is not safe
// for concurrent use.
type Solver struct {
	o  Options
	st Strategy
	s  *searcher
	// tbl is the core's table (df-pn and PN*), kept between questions
	// and cleared for each in constant time; released when the Solver
	// is collected.
	tbl     *core.Table
	cleanup runtime.Cleanup
	// wb is the working copy of the current question's position.
	wb *board.Board
	// g is the game df-pn, PN* and C* search (solveCore).
	g *captureGame
	// cs is the core searcher over tbl, reset with each core search's
	// limits (a new one cost about 90 KB in ten allocations, most of a
	// question answered at the root); nil whenever tbl is.
	cs *core.Searcher
}

// Close releases the memory of the Solver's df-pn/PN* table at once
// instead of when the collector finds the Solver unreachable (the table
// is mapped memory, which the collector does not see). The Solver stays
// usable: a later question maps a new table. It always returns nil.
func (v *Solver) Close() error {
	if v.tbl != nil {
		v.cleanup.Stop()
		v.tbl.Close()
		v.tbl, v.cs = nil, nil
	}
	return nil
}

// NewSolver checks the options and returns a Solver.
func NewSolver(opts Options) (*Solver, error) {
	o, st, err := opts.normalize()
	if err != nil {
		return nil, err
	}
	return &Solver{o: o, st: st}, nil
}

// Options returns the solver's options with their defaults filled in.
func (v *Solver) Options() Options { return v.o }

// Solve answers one question; see the package function Solve.
func (v *Solver) Solve(ctx context.Context, b *board.Board, target board.Point, mode Mode) (Result, error) {
	start := time.Now()
	if b == nil {
		return Result{}, errors.New("reading: nil board")
	}
	if !b.OnBoard(target) {
		return Result{}, fmt.Errorf("reading: target %d is off the %dx%d board", target, b.Size(), b.Size())
	}
	if b.At(target) == board.Empty {
		return Result{}, fmt.Errorf("%w: %s is empty", ErrNotStone, b.Vertex(target))
	}
	if mode != Attack && mode != Defend {
		return Result{}, fmt.Errorf("reading: unknown mode %d", mode)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	o, st := v.o, v.st
	// The question's own copy of the position, in the Solver's board
	// once it has one (a clone per question allocated about 80 KB).
	if v.wb == nil {
		v.wb = b.Clone()
	} else {
		b.CopyInto(v.wb)
	}
	wb := v.wb
	wb.Commit()
	if o.Superko != wb.Superko() {
		wb.SetSuperko(o.Superko)
	}
	if v.s == nil {
		v.s = newSearcher(wb, target, o)
	} else {
		v.s.reset(wb, target, o)
	}
	s := v.s
	if o.Algorithm != AlgoAPS {
		return v.solveCore(ctx, mode, st, start)
	}
	s.ctx = ctx
	res := Result{Move: board.NoPoint}
	first, second := s.attacker, s.owner
	if mode == Defend {
		first, second = s.owner, s.attacker
	}
	for _, km := range koModes {
		s.koPower = km.power(first, second)
		s.ttSalt = km.salt
		s.koSeen = false
		ok, move, decided := s.widen(mode, st, o.MaxDepth, o.FreshStepTable, &res.Stats)
		if ok {
			res.Code, res.Move, res.Proven = km.code, move, true
			// As in solveCore: a code-3 defence names the move the ko
			// defence order prefers; any ko defence found as PASS, and
			// a clean one of a string short of SafeLibs, names a move.
			if mode == Defend && (km.code == KoB || (move == board.Pass && s.needsMove(km.code))) {
				if m := s.koDefenceAPS(km.code, st, o.MaxDepth, o.FreshStepTable, &res.Stats); m != board.Pass || move == board.Pass {
					res.Move = m
				}
				s.stopped = false // the answer stands; a limit only ends the hunt
			}
			res.Line = s.principalLine(mode, res.Move)
			break
		}
		res.Proven = decided
		if s.stopped || !s.koSeen {
			break // out of budget, or no ko met: the other modes answer alike
		}
	}
	res.Stats.Nodes, res.Stats.Plays = s.nodes, s.plays
	res.Stats.Time = time.Since(start)
	return res, nil
}

// widen runs the strategy's widening steps, each an iterative deepening.
// It returns whether the side moving first succeeds, its move, and
// whether the answer is decided (false when a limit stopped the search).
//
// APS keeps this driver of its own rather than the core's (core.Options.
// Widen, which drives df-pn and PN* here): Cazenave's strategies widen
// both sides' move sets (ORn and ANDm per step) and each step is an
// iterative deepening of a depth-bounded search, while the core's driver
// narrows only the attacker's moves of a proof-number search, which has
// no depth to deepen. The two share the strategy table (ParseStrategy).
func (s *searcher) widen(mode Mode, st Strategy, maxDepth int, fresh bool, stats *Stats) (bool, board.Point, bool) {
	decided := false
	base := s.ttSalt
	for i, step := range st.Steps {
		s.step = step
		if fresh {
			// A salt per step below the top byte (passTag, which the gi
			// cache keys its ko passes by, stays): earlier steps'
			// entries never match.
			s.ttSalt = base ^ (uint64(i)*0x9e3779b97f4a7c15)>>8
		}
		stats.Steps++
		last := i == len(st.Steps)-1
		v := unknown
		for d := 1; d <= maxDepth && !s.stopped; d++ {
			if mode == Attack {
				v = s.orNode(d)
			} else {
				v = s.andNode(d)
			}
			if v != unknown {
				break
			}
		}
		if s.stopped {
			return false, board.NoPoint, false
		}
		root := s.rootMove(mode)
		switch {
		case mode == Attack && v == won:
			return true, root, true
		case mode == Defend && v == won:
			return false, board.NoPoint, true // captured even moving first
		case last && v == lost && mode == Defend:
			return true, root, true
		case last && v == lost:
			decided = true
		}
	}
	return false, board.NoPoint, decided
}

// rootMove reads the root's best move from the table.
func (s *searcher) rootMove(mode Mode) board.Point {
	c := s.attacker
	if mode == Defend {
		c = s.owner
	}
	if e := s.tt.probe(s.key(c)); e != nil && e.move != board.NoPoint {
		return e.move
	}
	if mode == Defend {
		return board.Pass
	}
	return board.NoPoint
}

// principalLine follows the table's best moves from the root.
func (s *searcher) principalLine(mode Mode, first board.Point) []board.Point {
	line := []board.Point{first}
	c := s.attacker
	if mode == Defend {
		c = s.owner
	}
	if first < 0 || !s.play(first, c) {
		return line
	}
	played := 1
	for len(line) < 40 && !s.captured() {
		c = c.Opponent()
		e := s.tt.probe(s.key(c))
		if e == nil || e.move < 0 || !s.play(e.move, c) {
			break
		}
		line = append(line, e.move)
		played++
	}
	for ; played > 0; played-- {
		s.undo()
	}
	return line
}
