package core

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Evaluator is implemented by a game that offers a static evaluation.
type Evaluator interface {
	// Evaluate returns the static value of the current position from the
	// view of the side to move (positive: good for it), within
	// ±(MateValue-1).
	Evaluate() int
}

// MinimaxGame is a two-player game searched for its best move by BestMove
// (C* for minimax trees) and AlphaBeta. Key, Moves, Do and Undo are as in
// Game (Moves is called with step 0 and must return every legal move); a
// Game that also implements Evaluator is one. The root's side to move is
// MAX. A position without moves is lost for the side to move; a position
// repeating one on the search path is a draw (value 0).
type MinimaxGame interface {
	Key() Key
	Moves(buf []Move, step int) []Move
	Do(m Move)
	Undo(m Move)
	Evaluator
}

// MateValue is the value of a won position (from the winner's view); a
// lost one is -MateValue. Static evaluations are clamped inside it.
const MateValue = 1 << 28

// MinimaxAlgorithm selects BestMove's search.
type MinimaxAlgorithm uint8

const (
	// MinimaxCStar is C* for minimax trees (Seo 1995, chapter 6), with
	// this package's stopping rule and table (see cstar_minimax.go).
	MinimaxCStar MinimaxAlgorithm = iota
	// MinimaxAlphaBeta is iterative-deepening alpha-beta to the same
	// horizon, the baseline.
	MinimaxAlphaBeta
)

// String names the algorithm.
func (a MinimaxAlgorithm) String() string {
	switch a {
	case MinimaxCStar:
		return "c*"
	case MinimaxAlphaBeta:
		return "alpha-beta"
	}
	return fmt.Sprintf("minimax-algorithm(%d)", uint8(a))
}

// MinimaxOptions configure BestMove.
type MinimaxOptions struct {
	Algorithm MinimaxAlgorithm
	// Depth is the horizon in plies (at least 1): positions at it are
	// evaluated, never expanded.
	Depth int
	// Separation is C*'s stopping rule (ours; the thesis iterates until a
	// time limit): stop once the best root move's separation (Result.
	// Separation) reaches it. 0 means Infinity: stop only when the best
	// move cannot change by any change of the horizon's evaluations
	// (with FixedHorizon), or when nothing is left to expand.
	Separation PN
	// FixedHorizon counts the evaluations at the horizon as fixed
	// (conspiracy number Infinity), as if they were exact: C* then
	// separates a best move of the tree bounded by Depth.
	FixedHorizon bool
	// TableBits sizes C*'s table at 1<<TableBits entries (default 16,
	// at most 26).
	TableBits int
	NodeLimit uint64        // stop after this many expanded nodes (0: none)
	TimeLimit time.Duration // stop after this much time (0: none)
}

// MinimaxResult is what BestMove returns. Values are from the root
// side's view.
type MinimaxResult struct {
	Move  Move // NoMove when the root has no moves
	Value int
	// Fall is the best move's conspiracy number for falling below Value
	// (MIN-CN(best, Value-1)); Rise is the least conspiracy number of
	// another root move for rising above it (MAX-CN(other, Value+1)).
	// Separation = min(Fall, Rise) bounds from below the number of
	// evaluations that must change for another move to become strictly
	// better. C* only; alpha-beta leaves them 0.
	Fall, Rise, Separation PN
	// Decided: C* reached Options.Separation; alpha-beta completed the
	// Depth iteration.
	Decided bool
	// DecidedAt is the number of expanded nodes at which Move became the
	// answer for the last time (nodes to the decision).
	DecidedAt uint64
	// Depth is the horizon alpha-beta completed (0 for C*).
	Depth int
	Stats Stats
	Stop  StopReason
	Err   error
}

// BestMove searches g's current position (which it leaves unchanged) for
// its best move with o.Algorithm.
func BestMove(ctx context.Context, g MinimaxGame, o MinimaxOptions) MinimaxResult {
	if g == nil {
		return MinimaxResult{Err: errors.New("core: nil game")}
	}
	if o.Depth < 1 || o.Depth > 1000 {
		return MinimaxResult{Err: fmt.Errorf("core: minimax depth %d: want 1 to 1000", o.Depth)}
	}
	if o.TableBits < 0 || o.TableBits > 26 {
		return MinimaxResult{Err: fmt.Errorf("core: table bits %d: want 0 (default) to 26", o.TableBits)}
	}
	if o.TimeLimit < 0 {
		return MinimaxResult{Err: fmt.Errorf("core: negative time limit %v", o.TimeLimit)}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	m := &mmSearch{g: g, o: o, ctx: ctx, start: time.Now()}
	if o.TimeLimit > 0 {
		m.deadline = m.start.Add(o.TimeLimit)
	}
	var r MinimaxResult
	switch o.Algorithm {
	case MinimaxCStar:
		r = m.cstar()
	case MinimaxAlphaBeta:
		r = m.alphaBeta()
	default:
		return MinimaxResult{Err: fmt.Errorf("core: unknown minimax algorithm %d", o.Algorithm)}
	}
	r.Stats = m.stats
	r.Stats.Elapsed = time.Since(m.start)
	r.Stop = m.reason
	return r
}

// mmSearch is one BestMove search.
type mmSearch struct {
	g        MinimaxGame
	o        MinimaxOptions
	ctx      context.Context
	start    time.Time
	deadline time.Time
	stats    Stats
	reason   StopReason
	aborted  bool
	plies    []mmPly
	path     []Key
	tab      []mmEntry
	fresh    uint64 // nodes expanded without any table entry (C*)
}

// mmPly is the per-depth state.
type mmPly struct {
	moves []Move
	kids  []mmKid
	order []int32
}

func (m *mmSearch) plyAt(d int) *mmPly {
	for d >= len(m.plies) {
		m.plies = append(m.plies, mmPly{})
	}
	return &m.plies[d]
}

// poll checks the limits.
func (m *mmSearch) poll() bool {
	if m.aborted {
		return true
	}
	if m.o.NodeLimit > 0 && m.stats.Expanded >= m.o.NodeLimit {
		m.aborted, m.reason = true, NodeLimitReached
		return true
	}
	if m.stats.Expanded%pollEvery != 0 {
		return false
	}
	if m.ctx.Err() != nil {
		m.aborted, m.reason = true, Cancelled
		return true
	}
	if !m.deadline.IsZero() && time.Now().After(m.deadline) {
		m.aborted, m.reason = true, TimeLimitReached
		return true
	}
	return false
}

// onPath reports whether k is a position of the current search path.
func (m *mmSearch) onPath(k Key) bool {
	for _, p := range m.path {
		if p == k {
			return true
		}
	}
	return false
}

// staticMax is the static evaluation of the current position at depth d
// from MAX's (the root side's) view.
func (m *mmSearch) staticMax(d int) int32 {
	e := min(max(m.g.Evaluate(), -(MateValue-1)), MateValue-1)
	if d%2 == 1 {
		e = -e
	}
	return int32(e)
}

// lostMax is the value, from MAX's view, of a position at depth d whose
// side to move has no moves.
func lostMax(d int) int32 {
	if d%2 == 0 {
		return -MateValue
	}
	return MateValue
}

// alphaBeta is iterative-deepening negamax alpha-beta to o.Depth, the
// root's moves ordered by the previous iteration's values. Nodes count as
// in C*: a node is expanded when its moves are generated.
func (m *mmSearch) alphaBeta() MinimaxResult {
	g := m.g
	root := m.plyAt(0)
	root.moves = g.Moves(root.moves[:0], 0)
	var r MinimaxResult
	if len(root.moves) == 0 {
		r.Value, r.Decided, r.Stop = int(lostMax(0)), true, Finished
		return r
	}
	m.stats.Expanded++
	m.stats.Generated += uint64(len(root.moves))
	n := len(root.moves)
	vals := make([]int32, n)
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	m.path = append(m.path[:0], g.Key())
	r.Move, r.DecidedAt = root.moves[0], 1
	for depth := 1; depth <= m.o.Depth; depth++ {
		m.stats.Iterations++
		alpha := int32(-MateValue - 1)
		bestI := -1
		for _, i := range order {
			mv := root.moves[i]
			g.Do(mv)
			k := g.Key()
			var v int32
			if m.onPath(k) {
				v = 0
			} else {
				m.path = append(m.path, k)
				v = -m.negamax(1, depth-1, -MateValue-1, -alpha)
				m.path = m.path[:len(m.path)-1]
			}
			g.Undo(mv)
			if m.aborted {
				break
			}
			vals[i] = v
			if v > alpha {
				alpha, bestI = v, int(i)
			}
		}
		if m.aborted {
			break
		}
		if root.moves[bestI] != r.Move {
			r.DecidedAt = m.stats.Expanded
		}
		r.Move, r.Value, r.Depth = root.moves[bestI], int(alpha), depth
		// The best first, then by value (fail-low values are bounds, but
		// they order well enough).
		for a := 1; a < n; a++ {
			for b := a; b > 0 && (int(order[b]) == bestI || (int(order[b-1]) != bestI && vals[order[b]] > vals[order[b-1]])); b-- {
				order[b], order[b-1] = order[b-1], order[b]
			}
		}
	}
	r.Decided = !m.aborted
	if !m.aborted {
		m.reason = Finished
	}
	return r
}

// negamax returns the value of the position at depth d (from the view of
// its side to move) searched left plies more, within (alpha, beta).
func (m *mmSearch) negamax(d, left int, alpha, beta int32) int32 {
	g := m.g
	if left == 0 {
		e := min(max(g.Evaluate(), -(MateValue-1)), MateValue-1)
		return int32(e)
	}
	if m.poll() {
		return 0
	}
	p := m.plyAt(d)
	p.moves = g.Moves(p.moves[:0], 0)
	m.stats.Expanded++
	if len(p.moves) == 0 {
		return -MateValue
	}
	m.stats.Generated += uint64(len(p.moves))
	best := int32(-MateValue - 1)
	for i := 0; i < len(m.plies[d].moves); i++ {
		mv := m.plies[d].moves[i]
		g.Do(mv)
		k := g.Key()
		var v int32
		if m.onPath(k) {
			v = 0
		} else {
			m.path = append(m.path, k)
			v = -m.negamax(d+1, left-1, -beta, -max(alpha, best))
			m.path = m.path[:len(m.path)-1]
		}
		g.Undo(mv)
		if m.aborted {
			return 0
		}
		if v > best {
			best = v
			if best >= beta {
				break
			}
		}
	}
	return best
}

// ConspiracyNumbers returns McAllester's conspiracy numbers of g's current
// position searched to depth plies by full enumeration (for tests and
// small trees): maxCN = MAX-CN(root, v), the least number of evaluations
// at the horizon that must rise for the root's value to reach at least v,
// and minCN = MIN-CN(root, v), the least number that must fall for it to
// become at most v (the thesis's §3.1; Infinity when no change of
// evaluations suffices, as for a position without moves). The root's side
// is MAX.
func ConspiracyNumbers(g MinimaxGame, depth int, v int) (maxCN, minCN PN) {
	return cnRec(g, 0, depth, int32(v))
}

func cnRec(g MinimaxGame, d, depth int, v int32) (up, down PN) {
	if d == depth {
		e := int32(min(max(g.Evaluate(), -(MateValue-1)), MateValue-1))
		if d%2 == 1 {
			e = -e
		}
		return tipCN(e, v, false)
	}
	moves := g.Moves(nil, 0)
	if len(moves) == 0 {
		return tipCN(lostMax(d), v, true)
	}
	maxNode := d%2 == 0
	up, down = Infinity, Infinity
	if maxNode {
		down = 0
	} else {
		up = 0
	}
	for _, mv := range moves {
		g.Do(mv)
		cu, cd := cnRec(g, d+1, depth, v)
		g.Undo(mv)
		if maxNode {
			up, down = min(up, cu), down.Add(cd)
		} else {
			up, down = up.Add(cu), min(down, cd)
		}
	}
	return up, down
}

// tipCN is a tip's MAX-CN(tip, v) and MIN-CN(tip, v) for value e.
func tipCN(e, v int32, fixed bool) (up, down PN) {
	one := PN(1)
	if fixed {
		one = Infinity
	}
	if e < v {
		up = one
	}
	if e > v {
		down = one
	}
	return up, down
}
