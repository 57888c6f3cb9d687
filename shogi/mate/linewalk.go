package mate

import (
	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// The main line of a bounded proof. Proofs of "mate within n" hold for
// every larger n and disproofs for every smaller one (see boundedGame), so
// the table holds, for a position, the horizons at which it was proven or
// disproven: an upper bound (the smallest horizon proven) and a lower bound
// (the largest horizon disproven, plus two) on its exact mate length. The
// stored proof lengths are not used: measured, they are not bounds (on the
// 41-ply Microcosmos tail the unbounded proof's main line by stored lengths
// is 39 plies, and one of its defences escapes a mate within the plies it
// leaves).
//
// The line follows the bounds: the attacker plays the child with the
// smallest upper bound, the defender the child with the largest, after
// small bounded searches have made that child's bound exact (its upper
// bound equal to its lower bound and not below any sibling's upper bound),
// so the defender's choice is the longest resistance, not a guess.

// lineBounds are what the table says of a position's exact mate length.
type lineBounds struct {
	lb, ub int    // no mate within lb-2; a mate within ub (noMate: none known)
	length uint32 // the stored length of the proof within ub: a tie-break only
}

// exact reports whether the bounds meet.
func (b lineBounds) exact() bool { return b.ub != noMate && b.lb >= b.ub }

// bounds reads the current position's bounds for horizons up to x (and x
// itself, whose parity every horizon probed shares).
func (s *Solver) bounds(g *Game, x int) lineBounds {
	b := lineBounds{lb: 0, ub: noMate}
	if x%2 == 1 {
		b.lb = 1
	}
	if !g.OrNode() && g.pos.InCheck() && len(g.generate(g.fut.est[:0])) == 0 {
		return lineBounds{lb: 0, ub: 0} // mated
	}
	k := g.Key()
	or := g.OrNode()
	e, ok := s.table.Probe(k, or, g)
	if ok && e.DN == 0 {
		return lineBounds{lb: noMate, ub: noMate} // no mate at all
	}
	// An unbounded proof no longer than x bounds the length as it does
	// for the bounded searches (boundedGame.Terminal proves "mate within x"
	// from it, so a horizon proven that way has no bounded entries below).
	unb := noMate
	if ok && e.PN == 0 && int(e.Length) <= x && int(e.Length)%2 == x%2 {
		unb = int(e.Length)
	}
	for h := x; h >= 0; h -= 2 {
		e, ok := s.ep.probeDecided(s.table, k, h, or, g)
		if !ok {
			continue
		}
		if e.PN == 0 {
			b.ub, b.length = h, e.Length
		} else if e.DN == 0 {
			b.lb = max(b.lb, h+2)
			break // every smaller horizon is disproven too
		}
	}
	if unb < b.ub {
		b.ub, b.length = unb, e.Length
	}
	// The horizon summary (boundedGame.Decided) holds the results of every
	// epoch and horizon.
	if e, ok := s.table.Probe(lengthsKey(k, true), or, g); ok && e.PN == 0 {
		if h := int(e.Length); h <= x && h%2 == x%2 && h < b.ub {
			b.ub, b.length = h, e.Length
		}
	}
	if e, ok := s.table.Probe(lengthsKey(k, false), or, g); ok && e.DN == 0 && int(e.Length)%2 == x%2 {
		b.lb = max(b.lb, int(e.Length)+2)
	}
	// Disproofs above x also bound the length from below.
	for h := x + 2; h <= x+8; h += 2 {
		if e, ok := s.ep.probeDecided(s.table, k, h, or, g); ok && e.DN == 0 {
			b.lb = max(b.lb, h+2)
		}
	}
	return b
}

// walkLine returns the main line of a proven "mate within limit" from g's
// position (unchanged on return), or nil when it cannot be recovered
// (stopped, or the table and the bounded searches disagree). bounded runs
// a bounded search from g's current position.
func (s *Solver) walkLine(g *Game, limit int, bounded func(int, uint64) core.Result) []shogi.Move {
	return s.walkLineWith(g, limit, bounded, tightenNodes)
}

// walkLineWith is walkLine whose defender choices are tightened by
// searches of at most tighten expansions each (see tightenNodes).
func (s *Solver) walkLineWith(g *Game, limit int, bounded func(int, uint64) core.Result, tighten uint64) []shogi.Move {
	var line []shogi.Move
	defer func() {
		for i := len(line) - 1; i >= 0; i-- {
			g.pos.Undo(line[i])
		}
	}()
	x := limit
	for x >= 0 {
		if !g.OrNode() && g.pos.InCheck() && len(g.generate(g.fut.est[:0])) == 0 {
			return append([]shogi.Move(nil), line...)
		}
		if x < 1 || s.lineStopped() {
			return nil
		}
		s.tick(Progress{Phase: "line", Nodes: s.lineNodes(), Length: limit, Ply: len(line)}, s.lineStart)
		m, ub := s.lineMove(g, x, bounded, tighten)
		if m == shogi.NoMove {
			return nil
		}
		g.pos.Do(m)
		line = append(line, m)
		x = ub
	}
	return nil
}

// lineMove chooses the line's move at a position proven within x plies
// and returns it with the child's upper bound; NoMove when none qualifies.
// tighten is the budget of each search that tightens a defender's choice.
func (s *Solver) lineMove(g *Game, x int, bounded func(int, uint64) core.Result, tighten uint64) (shogi.Move, int) {
	or := g.OrNode()
	var buf [shogi.MaxMoves]shogi.Move
	moves := append(buf[:0], g.generate(g.buf[:0])...)
	bs := make([]lineBounds, len(moves))
	known := false
	for i, m := range moves {
		g.pos.Do(m)
		bs[i] = s.bounds(g, x-1)
		g.pos.Undo(m)
		known = known || bs[i].ub != noMate
	}
	// Children the table does not know (never searched, or replaced) are
	// searched: every defence must be proven, and an attacker move only
	// when none is known to mate. Attacker moves are searched in rounds of
	// growing budgets (walkBudgets), every unknown move in each, so that a
	// hard disproof does not hold up a sibling's easy proof (Microcosmos
	// tail 201: one attacker node's third move took 45 s and 6.5 M
	// expansions without an answer, the walk with it).
	budgets := walkBudgets[len(walkBudgets)-1:]
	if or {
		budgets = walkBudgets[:]
	}
	for _, budget := range budgets {
		for i, m := range moves {
			if bs[i].ub != noMate || bs[i].lb > x-1 || or && known {
				continue
			}
			g.pos.Do(m)
			switch bounded(x-1, budget).Outcome {
			case core.Proven:
				bs[i] = s.bounds(g, x-1)
				if bs[i].ub == noMate {
					bs[i].ub = x - 1 // proven, though the table lost it again
				}
				known = true
			case core.Disproven:
				bs[i].lb = x + 1 // no mate within x-1
			}
			g.pos.Undo(m)
		}
		if known || !or {
			break
		}
	}
	if !or {
		for i := range moves {
			if bs[i].ub == noMate {
				return shogi.NoMove, 0 // a defence escapes: not a proof after all
			}
		}
	}
	best := -1
	for i := range moves {
		if bs[i].ub == noMate {
			continue
		}
		if best < 0 || or && bs[i].ub < bs[best].ub || !or && bs[i].ub > bs[best].ub {
			best = i
		}
	}
	if best < 0 {
		return shogi.NoMove, 0
	}
	if or {
		return moves[best], bs[best].ub
	}
	// The defender: the child with the largest upper bound (then the
	// longest stored proof) is the longest resistance once its lower bound
	// reaches every sibling's upper bound. Small bounded searches tighten
	// the bounds until that is shown or their budget runs out (then the
	// choice stands on the bounds known and the verifier has the last word).
	pick := func() (top, second int) {
		top, second = -1, -1
		for i := range moves {
			switch {
			case top < 0 || bs[i].ub > bs[top].ub || bs[i].ub == bs[top].ub && bs[i].length > bs[top].length:
				top, second = i, top
			case second < 0 || bs[i].ub > bs[second].ub:
				second = i
			}
		}
		return top, second
	}
	for tries := 0; tries < 2*len(moves)+maxTighten && !s.lineStopped(); tries++ {
		top, second := pick()
		if second < 0 || bs[top].lb >= bs[second].ub {
			break
		}
		h := min(bs[top].ub, bs[second].ub) - 2
		g.pos.Do(moves[top])
		try := walkTry{g.Key(), h}
		out := core.Unknown
		if failed, ok := s.walkFailed[try]; !ok || failed < tighten {
			out = bounded(h, tighten).Outcome
		}
		if out == core.Proven {
			bs[top].ub = h
			if e, ok := s.ep.probeDecided(s.table, g.Key(), h, !or, g); ok && e.PN == 0 {
				bs[top].length = e.Length
			}
		}
		g.pos.Undo(moves[top])
		if out == core.Disproven {
			bs[top].lb = h + 2
		} else if out != core.Proven {
			if s.walkFailed == nil {
				s.walkFailed = make(map[walkTry]uint64)
			}
			s.walkFailed[try] = max(s.walkFailed[try], tighten)
			break
		}
	}
	best, _ = pick()
	return moves[best], bs[best].ub
}

// walkBudgets are the node budgets of the rounds in which the walker
// searches an attacker node's unknown moves; the last, 0, has no limit.
var walkBudgets = [...]uint64{10_000, 100_000, 1_000_000, 0}

// walkTry is a tightening question of the walker: "mate within h?" from
// the position whose key is key.
type walkTry struct {
	key core.Key
	h   int
}

// The defender's choice gets at most two bounded searches per defence plus
// maxTighten, of at most tightenNodes expansions each. The searches that
// settle a choice are small; on a long line most of the others are
// disproofs of a defence's length (is the longest resistance shorter than
// its upper bound?), as hard as the root's, and end undecided whatever
// the budget. A wrong choice costs less: the line walked is then shorter
// than its horizon, and settleByRepair proves it (switching to the
// defence that escapes) or the shortening steps down from the horizon
// (shorterHorizon). Line-phase nodes until the published length on the
// Microcosmos tails (one core, 1 GiB), 20 k per search against 1 k: tail
// 101 214 k and 52 k, 201 515 k and 190 k, 301 1.56 M and 977 k, 401
// 1.49 M and 723 k (tail 401 at 20 k: 1.8 M of the 2.51 M line nodes were
// these searches, nearly all ending undecided); the 36 generated mates
// of gen-shogi seeds 41 and 43 (mate rules, 1 M line nodes each) keep their
// lengths and minimal flags (528 plies, 28 minimal), their line nodes to
// the final length 2.68 M against 2.09 M. Without the searches at all the
// walker takes wrong defences even on short problems (antma:68: a 5-ply
// line from the 9-ply horizon; TestWalkLineLengths).
//
// A question that one of them left undecided is not asked again in the
// same Solve (Solver.walkFailed): each horizon's line is walked again,
// mostly along the same positions with the same bounds, so the same
// questions came back, each from scratch since the search from the root
// that came between started an epoch (see epochs), and ended undecided
// again (at 20 k per search, tail 401: about 60 of them asked two or
// three times). What the table learns meanwhile still reaches the choice
// through the bounds it reads.
//
// escalatedTightenNodes is the budget of a second walk of the same
// horizon, made when the first walked a line shorter than the horizon
// that the repair could not establish (Solver.shorten): the 1 k searches
// left a defender's choice wrong, and the shortening would otherwise step
// down to a horizon the line does not prove. Ionization (two threads,
// 4 GiB): with 1 k only, the 791 horizon gave a 783-ply line that was no
// mate in its length, and "mate within 789?" from the root then ran
// undecided to the deadline (861 the answer); with 20 k throughout, the
// shortening found a 789-ply line (795 verified). The second walk costs
// nothing where the first is right: the Microcosmos tails' line nodes are
// unchanged.
const (
	maxTighten            = 8
	tightenNodes          = 1_000
	escalatedTightenNodes = 20_000
)
