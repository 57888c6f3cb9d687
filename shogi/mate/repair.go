package mate

import (
	"context"
	"slices"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// repairLine turns the first proof's main line into a proven mating line
// without a bounded search from the root. The main line follows the
// table's stored proof lengths, which are not bounds: a defence off the
// line may need more plies than the line leaves. So every defender
// alternative along the line is asked "mate within the plies that remain
// after it?" by a bounded search of its own (small: the attacker's moves
// on the line are not searched, and most alternatives lose quickly); an
// alternative that is not mated within them becomes the line, continued by
// the proof's main line from there. When the pass ends with every
// alternative proven and the line ending in mate, the line is a mate
// within its length: an upper bound for the shortening, found at the cost
// of the alternatives' searches instead of a bounded search of the whole
// tree. It returns nil when the line cannot be established (a search did
// not finish, or the main line is lost).
func (s *Solver) repairLine(ctx context.Context, g *Game, line []shogi.Move, bounded func(int, uint64) core.Result) []shogi.Move {
	if !endsInMate(g, line) {
		return nil // a switch could mend it, but only an escaping defence switches
	}
	line = append([]shogi.Move(nil), line...)
	checkedAt := make([]int, len(line)) // the line length each ply was checked against
	var played []shogi.Move
	defer func() {
		for i := len(played) - 1; i >= 0; i-- {
			g.pos.Undo(played[i])
		}
	}()
	for pass := 0; pass < maxRepairPasses; pass++ {
		for len(played) > 0 {
			g.pos.Undo(played[len(played)-1])
			played = played[:len(played)-1]
		}
		changed := false
		for i := 0; i < len(line); i++ {
			// A ply checked against a line at least as long as this one
			// stays checked (a mate within n is a mate within more). After
			// a switch the ply is checked again from the start: the
			// defences after the escape in move order were never asked,
			// and the old line move is now an alternative too (antma:68:
			// 8b9b escaped a mate in 3, 8b9c after it, never asked,
			// escaped the new line's mate in 5).
			for switches := 0; !g.OrNode() && (checkedAt[i] == 0 || checkedAt[i] > len(line)); switches++ {
				if switches > maxRepairSwitches {
					return nil
				}
				rem := len(line) - i - 1
				s.tick(Progress{Phase: "repair", Nodes: s.lineNodes(), Length: len(line), Ply: i}, s.lineStart)
				escape, ok := s.escapingDefence(ctx, g, line[i], rem, bounded)
				if !ok {
					return nil
				}
				if escape == shogi.NoMove {
					checkedAt[i] = len(line)
					break
				}
				g.pos.Do(escape)
				tail, _ := s.completeLine(ctx, g, maxRepairLine-i-1)
				g.pos.Undo(escape)
				if tail == nil {
					return nil // the escape's main line is lost, or too long to repair
				}
				line = append(append(line[:i:i], escape), tail...)
				checkedAt = append(checkedAt[:i:i], make([]int, len(line)-i)...)
				changed = true
			}
			g.pos.Do(line[i])
			played = append(played, line[i])
			if s.lineStopped() {
				return nil
			}
		}
		if !endsInMate(g, nil) {
			return nil
		}
		if !changed {
			return line
		}
	}
	return nil
}

// maxRepairPasses bounds the passes of repairLine: each pass after the
// first is needed only when the line got shorter than a check assumed.
const maxRepairPasses = 4

// maxRepairSwitches bounds the defence switches at one ply within a pass:
// each switch is to a defence shown to escape the line's length, so a few
// suffice unless the main line's tails keep falling short.
const maxRepairSwitches = 8

// escapingDefence asks, at a defender node whose line move is m, whether
// every other defence is mated within rem plies. It returns a defence that
// is not (NoMove when all are), and false when a search did not finish.
func (s *Solver) escapingDefence(ctx context.Context, g *Game, m shogi.Move, rem int, bounded func(int, uint64) core.Result) (shogi.Move, bool) {
	var buf [shogi.MaxMoves]shogi.Move
	moves := append(buf[:0], g.generate(g.buf[:0])...)
	w := s.newProofWalk(ctx, g)
	for _, alt := range moves {
		if alt == m {
			continue
		}
		g.pos.Do(alt)
		w.nodes, w.reproved = 0, 0
		if w.budget == 0 {
			g.pos.Undo(alt)
			return shogi.NoMove, false // stopped
		}
		mated := w.mates(rem)
		s.walkNodes += w.nodes
		if mated {
			g.pos.Undo(alt)
			continue
		}
		out := bounded(rem, 0).Outcome
		g.pos.Undo(alt)
		switch out {
		case core.Disproven:
			return alt, true
		case core.Proven:
		default:
			return shogi.NoMove, false
		}
	}
	return shogi.NoMove, true
}

// proofWalk checks whether the first proof, as the table holds it, mates
// within a number of plies: from an attacker node it follows the proof's
// stored move (a proven entry, found by hand superiority, and only if the
// move is among the node's checks), from a defender node every defence.
// It is a proof of "mate within d" in its own right: every defence is
// enumerated and the depth is bounded; the table only chooses the
// attacker's moves. So it settles an alternative the unbounded proof
// already mated within the plies it has for the size of that proof tree,
// where a bounded search from scratch re-proves it (Kotobuki: one
// alternative, 6g7g with 351 plies left, took 1.7 M expansions, 17 s of
// the repair's 20). Each node it shows mated is stored as a bounded proof
// for its plies, which is what the verifier's hints read.
type proofWalk struct {
	g             *Game
	t             *core.Table
	seen          *summaryFilter // the table's summary filter (nil: none)
	nodes, budget uint64         // nodes visited and re-proving expansions
	nextPoll      uint64         // nodes at which stop is polled next
	reproved      int
	memo          map[walkKey]int // plies of the mate shown, -1: none
	stop          func() bool
	// reprove proves the current position again (a small search that the
	// solver's Stop and the line search's deadline reach).
	reprove func(*Game) core.Result
	// ep is the epoch (see epochs) whose keys the walk's proofs are
	// stored under.
	ep uint64
}

// walkPollEvery is how many walk nodes (or re-proving expansions) pass
// between polls of the stop test.
const walkPollEvery = 1024

// walkKey is a position (full key) and the plies allowed.
type walkKey struct {
	key uint64
	d   int
}

// proofWalkBudget bounds one walk (nodes visited and expansions of its
// re-proofs); walkReproveNodes bounds each re-proof.
const (
	proofWalkBudget  = 200_000
	walkReproveNodes = 5_000
)

// newProofWalk prepares a walk over s's table from g's positions; it
// gives up on Stop, cancellation and the line search's deadline.
func (s *Solver) newProofWalk(ctx context.Context, g *Game) *proofWalk {
	deadline := s.lineDeadline
	stop := func() bool {
		return s.stop.Load() || ctx.Err() != nil || !deadline.IsZero() && time.Now().After(deadline)
	}
	w := &proofWalk{g: g, t: s.table, seen: s.summaryFilter(), budget: proofWalkBudget, memo: map[walkKey]int{}, stop: stop, ep: s.ep.cur}
	w.reprove = func(g *Game) core.Result {
		return s.search(ctx, g, core.Options{TCA: true, SNDA: true, NodeLimit: walkReproveNodes}, deadline)
	}
	return w
}

// mates reports whether the walk shows the attacker, to move, mating
// within d plies.
func (w *proofWalk) mates(d int) bool { return w.mateIn(d) >= 0 }

// mated reports whether the walk shows the defender, to move, mated
// within d plies.
func (w *proofWalk) mated(d int) bool { return w.matedIn(d) >= 0 }

// mateIn returns the length of the mate within d plies that the walk
// shows from an attacker's node (the depth of the proof tree walked: the
// stored proof's moves, every defence), or -1 when it shows none.
//
// A length shorter than d is kept (walkLengthKey), and a walk given at
// least that many plies reads it instead of walking the proof again: the
// line phase repairs each shorter line again (repairLine), and the
// alternatives along it, with a few plies fewer left than on the line
// before, mostly lose in far fewer plies than they are given. Line-phase
// nodes until the published length (one core, 1 GiB), Microcosmos tails
// 101, 201 and 401: 52 k, 190 k and 723 k before, 49 k, 159 k and 513 k
// with it.
func (w *proofWalk) mateIn(d int) int {
	w.nodes++
	if w.nodes >= w.nextPoll { // at the first node too
		w.nextPoll = w.nodes + walkPollEvery
		if w.stop() {
			w.budget = 0 // this walk and the rest of the repair give up
		}
	}
	if d < 1 || w.nodes > w.budget {
		return -1
	}
	g := w.g
	mk := walkKey{g.pos.Key(), d}
	if r, ok := w.memo[mk]; ok {
		return r
	}
	w.memo[mk] = -1 // until shown (d falls along a path, so no cycle returns here)
	k := g.Key()
	if e, ok := w.t.Probe(walkLengthKey(k), true, g); ok && e.PN == 0 && int(e.Length) <= d {
		w.memo[mk] = int(e.Length)
		return int(e.Length)
	}
	e, ok := w.t.Probe(k, true, g)
	if !ok || e.PN != 0 {
		// The table lost this part of the proof (entries that cost
		// little are the first replaced): a small search proves it again.
		r := w.reprove(g)
		w.nodes += r.Stats.Expanded
		w.reproved++
		if r.Outcome != core.Proven {
			return -1
		}
		if e, ok = w.t.Probe(k, true, g); !ok || e.PN != 0 {
			return -1
		}
	}
	m := shogi.Move(e.Move)
	if !slices.Contains(g.generate(g.buf[:0]), m) {
		return -1
	}
	g.pos.Do(m)
	n := w.matedIn(d - 1)
	g.pos.Undo(m)
	if n < 0 {
		return -1
	}
	n++
	w.memo[mk] = n
	st := core.Entry{Key: epochKey(k, d, w.ep), OrNode: true, PN: 0, DN: core.Infinity, Move: core.Move(m), Length: uint32(d), Sound: true}
	w.t.Store(&st)
	noteHorizon(w.t, w.seen, k, d, st) // for the bounded searches' Terminal
	if n < d {
		wk := walkLengthKey(k)
		if old, ok := w.t.Lookup(wk, true); !ok || old.PN != 0 || int(old.Length) > n {
			we := core.Entry{Key: wk, OrNode: true, PN: 0, DN: core.Infinity, Move: core.Move(m), Length: uint32(n), Sound: true}
			w.t.Store(&we)
		}
	}
	return n
}

// walkLengthKey is the key under which a proof walk keeps the length of
// the mate it walked from the position k (unsalted), when shorter than the
// plies it was given, for the walks only. The horizon summary gets the
// plies given, as a bounded search's result would, and the walks do not
// read the summary: with walked lengths in the summary and the walks
// ending where it held a mate within their plies, on one of 36 generated
// positions (gen-shogi seeds 41 and 43, mate rules, 1 M line nodes) a
// 21-ply line walked from the 23-ply horizon was not a mate within 21 and
// the answer was the 25-ply line verified before it, not 23 plies; with
// the walks' own key, the 36 keep their lengths and one more is proven
// minimal. Bit 63 is set as in lengthsKey; the salt differs from every
// other.
func walkLengthKey(k core.Key) core.Key {
	k.Board ^= 0x2545f4914f6cdd1d | 1<<63
	return k
}

// matedIn is mateIn at a defender's node: the length of the longest
// defence's mate as walked, or -1.
func (w *proofWalk) matedIn(d int) int {
	g := w.g
	var buf [shogi.MaxMoves]shogi.Move
	moves := append(buf[:0], g.generate(g.buf[:0])...)
	if len(moves) == 0 {
		if g.pos.InCheck() {
			return 0
		}
		return -1
	}
	if d < 2 {
		return -1
	}
	mk := walkKey{g.pos.Key(), d}
	if r, ok := w.memo[mk]; ok {
		return r
	}
	w.memo[mk] = -1
	n := 0
	for _, m := range moves {
		g.pos.Do(m)
		r := w.mateIn(d - 1)
		g.pos.Undo(m)
		if r < 0 {
			return -1
		}
		n = max(n, r+1)
	}
	w.memo[mk] = n
	return n
}
