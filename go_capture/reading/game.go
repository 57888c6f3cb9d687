package reading

import (
	"context"
	"runtime"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/go_capture/board"
)

// captureGame offers the capture game to the core's df-pn and PN*. It
// is the same game Abstract Proof Search plays: the same terminal rules
// (captured; SafeLibs liberties; gi1..gi3 at OR nodes; no ip1..ip3
// threat at AND nodes), the same OR move sets and the same forced
// defender moves, under the same ko mode.
//
// Widening: the core narrows only the attacker's moves (step 0 = OR1,
// step 1 = OR2). APS's AND1 step has no counterpart here, because it
// declares nodes saved rather than offering fewer moves.
type captureGame struct {
	s      *searcher
	toMove board.Color
	// rootWide makes the root (a defence question) offer every candidate
	// defence: the attacker-first search captures although no threat
	// lies within the horizon (see andNode in aps.go).
	rootWide bool
	steps    int // 1 (no widening) or 2 (OR1, then OR2)
	brute    bool
	// per-ply cache of the AND-node forced moves computed by Terminal
	forcedKey [maxPly]uint64
	forced    [maxPly][]board.Point
	forcedOK  [maxPly]bool
	nForced   [maxPly]int8 // k of the ip game that holds, 0: none
}

// Key leaves out the question number that salts the searcher's own
// table and caches (searcher.question): the core's table is cleared for
// every question anyway, and its buckets are chosen by a multiplicative
// hash, under which another salt would group other positions into a
// bucket. A reused Solver then evicts what a fresh one would, and does
// the same work (TestCoreKeyIgnoresQuestion). The searcher's tables
// index by the key's low bits, where a salt only permutes the slots.
func (g *captureGame) Key() core.Key {
	return core.Key{Board: g.s.b.Key(g.toMove) ^ g.s.ttSalt}
}

func (g *captureGame) OrNode() bool { return g.toMove == g.s.attacker }

// andInfo computes (once per position and ply) the forced moves.
func (g *captureGame) andInfo() ([]board.Point, int) {
	s := g.s
	p := s.ply
	key := s.key(g.toMove)
	if g.forcedOK[p] && g.forcedKey[p] == key {
		return g.forced[p], int(g.nForced[p])
	}
	if g.rootWide && p == 0 {
		g.forced[p], g.nForced[p] = s.candidates(g.forced[p][:0], 3), 3
	} else if s.recapturePending() {
		g.forced[p] = append(g.forced[p][:0], s.target)
		g.nForced[p] = 1
	} else {
		f, k := s.ip(g.forced[p][:0], 3)
		g.forced[p], g.nForced[p] = f, int8(k)
	}
	g.forcedKey[p], g.forcedOK[p] = key, true
	return g.forced[p], int(g.nForced[p])
}

func (g *captureGame) Terminal() core.Outcome {
	s := g.s
	if s.stopped {
		// Out of time: end the core's search at once. solveCore discards
		// any outcome reached after the limit fired.
		return core.Proven
	}
	if s.captured() {
		return core.Proven
	}
	if s.libs() >= s.safeLibs {
		return core.Disproven
	}
	if g.OrNode() {
		maxGi := 3
		if g.brute {
			maxGi = 1
		}
		for n := 1; n <= maxGi; n++ {
			if s.gi(n) != board.NoPoint {
				return core.Proven
			}
		}
		return core.Unknown
	}
	// Only whether a threat exists: the forced moves (a gi search per
	// candidate, the bulk of the work) wait until the node is expanded,
	// so the siblings of a child that settles its parent never pay for
	// them. No forced moves then means proven (core: an AND node without
	// moves).
	if g.andThreat() == 0 {
		return core.Disproven
	}
	return core.Unknown
}

// andThreat returns the k of the ip game that holds at this AND node (0:
// none, the target is saved) without computing the forced moves.
func (g *captureGame) andThreat() int {
	s := g.s
	p := s.ply
	if g.forcedOK[p] && g.forcedKey[p] == s.key(g.toMove) {
		return int(g.nForced[p])
	}
	switch {
	case g.rootWide && p == 0:
		return 3
	case s.recapturePending():
		return 1
	}
	for k := 1; k <= 3; k++ {
		if s.threat(k) {
			return k
		}
	}
	return 0
}

func (g *captureGame) Moves(buf []core.Move, step int) []core.Move {
	s := g.s
	var ms []board.Point
	if g.OrNode() {
		lvl := 2
		switch {
		case g.brute:
			lvl = 3
		case g.steps == 2 && step == 0:
			lvl = 1
		}
		ms = s.orMoves(s.scratch[s.ply][:0], lvl)
		s.scratch[s.ply] = ms
	} else if g.brute {
		ms = s.allMoves(s.scratch[s.ply][:0])
		s.scratch[s.ply] = ms
	} else {
		ms, _ = g.andInfo()
	}
	s.nodes++ // an expansion, for Options.Progress
	// An expansion can run on cached gi results without a board play, so
	// the clock (otherwise read every 1024 plays) is read here too.
	s.checkLimits()
	buf = buf[:0]
	for _, p := range ms {
		if s.legal(p, g.toMove) {
			buf = append(buf, core.Move(p+1)) // 0 is core.NoMove
		}
	}
	return buf
}

func (g *captureGame) Do(m core.Move) {
	if !g.s.play(board.Point(m-1), g.toMove) {
		panic("reading: core played a move the game did not offer as legal")
	}
	g.forcedOK[g.s.ply] = false
	g.toMove = g.toMove.Opponent()
}

func (g *captureGame) Undo(core.Move) {
	g.s.undo()
	g.toMove = g.toMove.Opponent()
}

func (g *captureGame) Estimate() (pn, dn core.PN) {
	if l := g.s.libs(); l > 1 {
		return core.PN(l), 1 // more liberties: harder to capture
	}
	return 1, 1
}

// CycleOutcome: a repeated position means the attacker made no progress.
func (g *captureGame) CycleOutcome() core.Outcome { return core.Disproven }

// Steps and Narrows implement core.Widening.
func (g *captureGame) Steps() int { return g.steps }

func (g *captureGame) Narrows(step int) core.Side {
	if g.steps == 2 && step == 0 {
		return core.NarrowOR
	}
	return core.NarrowNone
}

// attackFirstShare divides the budget left to a defence question by the
// share its attacker-first search may use.
const attackFirstShare = 4

// solveCore runs the core's df-pn or PN* over the capture game, through
// the same ko modes as Solve.
func (v *Solver) solveCore(ctx context.Context, mode Mode, st Strategy, start time.Time) (Result, error) {
	s, o := v.s, v.o
	s.ctx = ctx
	s.maxNodes = 1 << 62 // the core counts nodes
	g := &captureGame{s: s, steps: 1, brute: st.Number == 9}
	if st.Steps[0].OR == 1 {
		g.steps = 2
	}
	if v.tbl == nil {
		tbl, err := core.NewTable(max(2, (64<<o.TableBits)>>20), core.TableOptions{})
		if err != nil {
			return Result{}, err
		}
		v.tbl = tbl
		v.cleanup = runtime.AddCleanup(v, func(t *core.Table) { t.Close() }, tbl)
	} else {
		v.tbl.Clear()
	}
	tbl := v.tbl
	var used uint64 // expanded nodes of the searches so far
	// solve runs one core search with what is left of the question's node
	// and time budgets: the attacker-first search of a defence, the main
	// search and every ko pass share one budget. A search during which
	// the adapter's own limits fired (time or ctx) is unknown whatever
	// the core concluded: game-definition searches cut short may have
	// misreported terminal positions before the core noticed the limit.
	solve := func(share uint64) (core.Result, error) {
		// The 1+ε trick with ε = 1/4 (the suite at 1 M plays: 8.22 M ->
		// 8.03 M plays, the same passes; ε = 1/2 and 1 each lost a test).
		co := core.Options{Algorithm: core.DFPN, TCA: true, Widen: g.steps > 1, Epsilon: 0.25}
		if o.Algorithm == AlgoPNStar {
			co = core.Options{Algorithm: core.PNStar, Widen: g.steps > 1}
		}
		if uint64(o.Nodes) <= used {
			return core.Result{Outcome: core.Unknown, Stop: core.NodeLimitReached}, nil
		}
		if o.Plays > 0 {
			if s.plays >= o.Plays {
				s.stopped = true
				return core.Result{Outcome: core.Unknown, Stop: core.NodeLimitReached}, nil
			}
			s.maxPlays = s.plays + (o.Plays-s.plays)/int64(share)
			defer func() { s.maxPlays = o.Plays }()
		}
		co.NodeLimit = max(1, (uint64(o.Nodes)-used)/share)
		// With a play budget the shares are shares of plays only, and a
		// time limit merely guards the whole question: were the
		// attacker-first search also given a share of the time, the
		// clock would decide where it stops and so how much work the
		// main search then does, and the same budget would not give the
		// same work on every machine (TestTimeGuardKeepsWork).
		timeShare := share
		if o.Plays > 0 {
			timeShare = 1
		}
		if !s.deadline.IsZero() {
			co.TimeLimit = time.Until(s.deadline)
			if co.TimeLimit <= 0 {
				s.stopped = true
				return core.Result{Outcome: core.Unknown, Stop: core.TimeLimitReached}, nil
			}
			co.TimeLimit /= time.Duration(timeShare)
		}
		cs, err := core.NewSearcher(tbl, co)
		if err != nil {
			return core.Result{}, err
		}
		// The core polls its clock only every 1024 expansions, which
		// can be long here: the adapter's own clock enforces a share.
		full := s.deadline
		if timeShare > 1 && !full.IsZero() {
			s.deadline = time.Now().Add(co.TimeLimit)
		}
		r := cs.Solve(ctx, g)
		s.deadline = full
		used += r.Stats.Expanded
		if s.stopped {
			r.Outcome = core.Unknown
			if share > 1 && ctx.Err() == nil && (full.IsZero() || time.Now().Before(full)) && (o.Plays == 0 || s.plays < o.Plays) {
				// Only the share ran out: the question goes on, but the
				// table may hold what the stopped game misreported.
				s.stopped = false
				tbl.Clear()
			}
		}
		return r, r.Err
	}
	first, second := s.attacker, s.owner
	if mode == Defend {
		first, second = s.owner, s.attacker
	}
	res := Result{Move: board.NoPoint}
	for _, km := range koModes {
		s.koPower = km.power(first, second)
		s.ttSalt = km.salt
		s.koSeen = false
		g.toMove = first
		g.forcedOK = [maxPly]bool{}
		g.rootWide = false
		if mode == Defend {
			if g.andThreat() == 0 {
				// No threat within the horizon: ask the attacker-first
				// question before answering PASS, as APS does.
				s.nullMove()
				g.toMove = s.attacker
				// A quarter of what is left: an undecided attacker-first
				// search only sends the root to every candidate defence
				// (as in APS), which often proves a defence quickly.
				ra, err := solve(attackFirstShare)
				s.undo()
				g.toMove = first
				res.Stats.Nodes += int64(ra.Stats.Expanded)
				if err != nil {
					return Result{}, err
				}
				if s.stopped {
					break // out of time: no budget left for the main search
				}
				if ra.Outcome == core.Disproven {
					res.Code, res.Proven, res.Move = km.code, true, board.Pass
					if km.code != Win {
						res.Move = koDefenceCore(s, g, solve)
					}
					res.Line = []board.Point{res.Move}
					break
				}
				g.rootWide = true
				g.forcedOK = [maxPly]bool{}
			}
		}
		r, err := solve(1)
		if err != nil {
			return Result{}, err
		}
		res.Stats.Nodes += int64(r.Stats.Expanded)
		res.Stats.Steps += max(1, len(r.Steps))
		success := (mode == Attack && r.Outcome == core.Proven) || (mode == Defend && r.Outcome == core.Disproven)
		if success {
			res.Code, res.Proven = km.code, true
			res.Move = board.Point(r.BestMove) - 1
			if r.BestMove == core.NoMove { // decided by Terminal at the root
				res.Move = board.Pass // a defence: none needed
				if mode == Attack {
					for n := 1; n <= 3 && res.Move < 0; n++ {
						res.Move = s.gi(n)
					}
				}
			}
			switch {
			case mode == Defend && km.code == KoB:
				// The owner wins every ko in this pass, so almost any
				// move keeps the target alive: name the one the ko
				// defence order prefers (kodefence.go), not whichever
				// the proof happened to try first.
				if m := koDefenceCore(s, g, solve); m != board.Pass || res.Move == board.Pass {
					res.Move = m
				}
			case mode == Defend && res.Move == board.Pass && km.code != Win:
				res.Move = koDefenceCore(s, g, solve)
			}
			res.Line = []board.Point{res.Move}
			if mode == Attack {
				res.Line = res.Line[:0]
				for _, m := range core.PrincipalVariation(g, tbl, 40, nil) {
					res.Line = append(res.Line, board.Point(m)-1)
				}
				if len(res.Line) == 0 {
					res.Line = []board.Point{res.Move}
				}
			}
			break
		}
		res.Proven = r.Outcome != core.Unknown
		if r.Outcome == core.Unknown || !s.koSeen || s.stopped {
			break
		}
		tbl.Clear()
	}
	res.Stats.Plays = s.plays
	res.Stats.Time = time.Since(start)
	return res, nil
}

// koDefenceCore is koDefenceAPS for df-pn and PN* (see kodefence.go).
func koDefenceCore(s *searcher, g *captureGame, solve func(uint64) (core.Result, error)) board.Point {
	first := g.toMove
	defer func() { g.toMove, g.rootWide, g.forcedOK = first, false, [maxPly]bool{} }()
	ms := s.koDefenceOrder(s.buf())
	s.bufs[s.ply] = ms
	for _, m := range ms {
		if !s.play(m, s.owner) {
			continue
		}
		g.toMove, g.rootWide, g.forcedOK = s.attacker, false, [maxPly]bool{}
		r, err := solve(1)
		s.undo()
		if err == nil && r.Outcome == core.Disproven {
			return m
		}
		if err != nil || s.stopped {
			break
		}
	}
	return board.Pass
}
