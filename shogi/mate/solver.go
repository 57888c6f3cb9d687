package mate

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// maxExactMB caps the exact-length table: it only has to hold the
// short-range work of one line search, and a Go slice is zeroed by the
// runtime on allocation.
const maxExactMB = 64

// Solver owns a proof table and an exact-length table and solves many
// problems with them (an engine reuses one Solver). One Solve runs at a
// time; Stop may be called from any goroutine.
type Solver struct {
	mu     sync.Mutex // one search at a time
	table  *core.Table
	exact  []exactEntry
	hashMB int
	// exactMax is the longest proof sought with the exact-length search
	// first (exactMaxProof; tests set 0 to force the shortening path).
	exactMax uint32
	// delays are the move delays of the proof search's games
	// (defaultDelays; a test compares without).
	delays int
	stop   atomic.Bool
	cur    atomic.Pointer[core.Searcher]
	// evasions is the evasion cache of every game this solver makes on its
	// own goroutine (see newGame); nil until the first.
	evasions *evasionCache
	// shortened reports that the current Solve ran bounded searches, whose
	// entries the verifier's hints read.
	shortened bool
	// ep is the epoch of the line phase's bounded searches (see epochs),
	// epochN the number of epochs started in the current Solve.
	ep     epochs
	epochN int
	// hintNodes counts the verifier hints' own search (hintSearch).
	hintNodes uint64
	// walkNodes counts the proof walks' nodes and re-proofs (repair.go)
	// of the current line search.
	walkNodes uint64
	// walkFailed holds the walker's tightening questions that ended
	// undecided in the current line search, with the largest budget they
	// had (see walkTry).
	walkFailed map[walkTry]uint64
	// lineDeadline ends the line search (zero: none): reserveDeadline,
	// which leaves time to the final verifier, unless the best line has
	// been verified already (verifyEarly), then fullDeadline, the call's.
	lineDeadline, reserveDeadline, fullDeadline time.Time
	// start is when the running Solve began; foundAt, when the first line
	// of each length was found (Result.LineElapsed).
	start   time.Time
	foundAt map[int]time.Duration
	// foundNodes is the line phase's nodes when the first line of each
	// length was found (measurements), lineRes the result findLine fills.
	foundNodes map[int]uint64
	lineRes    *Result
	// tieWindow is the widest window of the current Solve's tie-breaks
	// (tieBreakTail; 0: none); tieLines, that the current Solve breaks
	// ties (tsume rules).
	tieWindow int
	tieLines  bool
	// noTieBreak turns the tie-break after the shortening off (tests
	// compare without it).
	noTieBreak bool
	// lowerBoundsSet, when not zero, replaces lowerBoundNodes as the
	// lower-bound pass's budget per node, negative for no such pass
	// (tests and measurements).
	lowerBoundsSet int64
	// summaries holds the boards whose horizon summary the table may hold
	// (see summaryFilter; allocated on first use: Solver.summaryFilter).
	summaries *summaryFilter
	// lineStop is the line search's stop test while findLine runs (see
	// lineStopped).
	lineStop func() bool
	// phaseHook, when set (the stop-latency tests set it), is called from
	// the searching goroutine as each phase of Solve begins: "proof",
	// "first" (firstLine), "exact", "shorten", and "verify" (the final
	// verifier, and the early one within the line search, after which the
	// phase it interrupted is reported again).
	phaseHook func(phase string)
	curPhase  string
	// progress is the running Solve's Options.Progress (nil: none) and
	// progressEvery its interval; lastReport is when any phase last
	// reported (unix ns: the core searches report from their own
	// goroutines), so that tick fills only the silences between them.
	progress      func(Progress)
	progressEvery time.Duration
	lastReport    atomic.Int64
	// lineStart is when the line phase began; bestLen the length of the
	// shortest line found so far (see found).
	lineStart time.Time
	bestLen   int
	// early is the shortening's best line as the verifier saw it when it
	// was found: later bounded searches may replace the table entries that
	// the verifier's hints read.
	early struct {
		line []shogi.Move
		v    Verification
		// sure is the last line that verifyEarly accepted (with its
		// verification), the answer when a later line is not verified.
		sure  []shogi.Move
		sureV Verification
	}
}

// NewSolver allocates a Solver with hashMB MiB of tables: three quarters
// for the proof search's mmap'd table, and up to a quarter (at most
// maxExactMB, allocated on the first proof) for the exact-length search.
func NewSolver(hashMB int) (*Solver, error) {
	return NewSolverWith(hashMB, core.TableOptions{})
}

// NewSolverWith is NewSolver with the proof table's memory options (e.g.
// core.TableOptions{HugeTLB: true} for reserved huge pages, which falls
// back to ordinary pages when the system has none).
func NewSolverWith(hashMB int, topts core.TableOptions) (*Solver, error) {
	if err := CheckHashMB(hashMB); err != nil {
		return nil, fmt.Errorf("mate: %w", err)
	}
	proof := hashMB - hashMB/4
	t, err := core.NewTable(proof, topts)
	if err != nil {
		return nil, fmt.Errorf("mate: allocating a %d MiB table: %w", proof, err)
	}
	return &Solver{table: t, hashMB: hashMB, exactMax: exactMaxProof, delays: defaultDelays}, nil
}

// HashMB returns the solver's total table size in MiB.
func (s *Solver) HashMB() int { return s.hashMB }

// HugePages reports whether the proof table obtained huge pages (reserved
// MAP_HUGETLB pages, or transparent huge pages once they are requested).
func (s *Solver) HugePages() bool { return s.table.HugePages() }

// Hashfull returns the proof table's fill in per mille.
func (s *Solver) Hashfull() int { return s.table.Hashfull() }

// Close frees the tables. The Solver must not be used afterwards.
func (s *Solver) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.table == nil {
		return errors.New("mate: solver closed twice")
	}
	err := s.table.Close()
	s.table, s.exact = nil, nil
	return err
}

// Clear empties both tables.
func (s *Solver) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.table != nil {
		s.table.Clear()
		clear(s.exact)
	}
	if s.summaries != nil {
		s.summaries.clear()
	}
}

// Stop asks the running search to end promptly with an Unknown result.
// A Solver that is not searching ignores it.
func (s *Solver) Stop() {
	s.stop.Store(true)
	if x := s.cur.Load(); x != nil {
		x.Stop()
	}
}

// Solve answers one problem: does the attacker (the side to move, or its
// opponent when Options.DefenderToMove) mate?
//
// A proof-number search (Options.Algorithm) first proves or disproves the
// mate. After a proof, the line is sought (see findLine): first a cheap
// one, the proof's main line with every defence checked, verified at once;
// then, for short proofs, the exact-length search (iterative deepening
// minimax: attacker shortest, defender longest, under the chosen rules),
// else iterative shortening with horizon-bounded proofs; Result.Minimal is
// true when the length was proven minimal. Under tsume rules equal-length
// moves are told apart by the composers' convention (no spare pieces at
// the end): over the whole line in the exact-length search, and on the
// last plies of each shortening line that ends with spare pieces (as many
// as the exact search's budget reaches, see tieBreakTail); earlier in such
// a line the defender's choice is the longest defence without that
// tie-break. The line search leaves a quarter
// of the time left after the proof to the verifier. Every line is checked
// by the independent verifier (Verify): Kind is Mate only with a line it
// accepted (see Result.Proven and Result.Candidate for a proven mate
// without one).
//
// Every phase (proof, line search, verifier) polls the same stop signal:
// Stop, ctx's cancellation and Options.TimeLimit end the call within a few
// milliseconds wherever they land, with Unknown or the last verified line.
//
// Bad input (no defender king, bad options; under tsume rules an attacker
// in check with no checking answer) is an error. Under mate-search rules
// an attacker in check with no checking answer has no move: a proven
// NoMate. NoMate is reported only when proven.
func (s *Solver) Solve(ctx context.Context, pos *shogi.Position, o Options) (Result, error) {
	if err := o.validate(); err != nil {
		return Result{}, err
	}
	if !s.mu.TryLock() {
		return Result{}, errors.New("mate: the solver is already searching")
	}
	defer s.mu.Unlock()
	if s.table == nil {
		return Result{}, errors.New("mate: solver is closed")
	}
	start := time.Now()
	p, attacker, err := prepare(pos, &o)
	if err != nil {
		return Result{}, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	// The core enforces the time limit itself (and reports it as such);
	// the exact-length search polls the same deadline.
	var deadline time.Time
	if o.TimeLimit > 0 {
		deadline = start.Add(o.TimeLimit)
		o.TimeLimit -= time.Since(start)
		if o.TimeLimit <= 0 {
			o.TimeLimit = time.Nanosecond
		}
	}
	s.stop.Store(false)
	s.shortened, s.hintNodes = false, 0
	s.lineDeadline, s.reserveDeadline, s.fullDeadline = time.Time{}, time.Time{}, deadline
	s.early.line, s.early.v = nil, Verification{}
	s.early.sure, s.early.sureV = nil, Verification{}
	s.start, s.foundAt, s.foundNodes = start, nil, nil
	s.ep, s.epochN = epochs{}, 0
	s.progress, s.bestLen, s.lineStart = nil, 0, start
	if user := o.Progress; user != nil {
		o.Progress = func(p Progress) {
			s.lastReport.Store(time.Now().UnixNano())
			user(p)
		}
		s.progress, s.progressEvery = o.Progress, o.progressEvery()
		s.lastReport.Store(start.UnixNano())
	}

	g := newGame(p, attacker, o.Rules, s.evasionCache())
	g.delays = s.delays
	g.killers = s.table
	co := coreOptions(o)   // its TimeLimit lets the core report the reason
	co.Threads = o.Threads // the proof search only (see Options.Threads)
	co = proofOptions(co, o.Rules)
	if o.Progress != nil {
		co.Progress = func(cp core.Progress) {
			o.Progress(Progress{Phase: "proof", Nodes: cp.Stats.Expanded, NodesPerSecond: cp.Stats.NodesPerSecond(),
				Hashfull: cp.Hashfull, RootPN: cp.RootPN, RootDN: cp.RootDN, Elapsed: time.Since(start)})
		}
	}
	x, err := core.NewSearcher(s.table, co)
	if err != nil {
		return Result{}, err
	}
	s.cur.Store(x)
	if s.stop.Load() {
		x.Stop()
	}
	s.phase("proof")
	// One thread needs no Cloner, and the wrapper's forwarded methods cost
	// 1.7 % of the instructions of a long proof (every call the core makes
	// into the game takes one more hop).
	var cg core.Game = g
	if co.Threads > 1 {
		cg = Threaded(g)
	}
	cr := x.Solve(ctx, cg)
	s.cur.Store(nil)
	if cr.Err != nil {
		return Result{}, cr.Err
	}
	res := Result{Stats: cr.Stats, RootPN: cr.RootPN, RootDN: cr.RootDN, Stop: cr.Stop, Hashfull: s.table.Hashfull(),
		Threads: max(cr.Threads, 1)}
	switch cr.Outcome {
	case core.Disproven:
		res.Kind = NoMate
	case core.Proven:
		res.Kind = Mate
		// The line search leaves a quarter of the time the proof left to the
		// verifier, which has read nothing of the line phase's work: a line
		// that the line search improved up to the deadline and the verifier
		// could not check would be worth less than a slightly longer one
		// that it checked.
		lineDeadline := deadline
		if !deadline.IsZero() {
			lineDeadline = deadline.Add(-time.Until(deadline) / 4)
		}
		s.lineDeadline, s.reserveDeadline, s.fullDeadline = lineDeadline, lineDeadline, deadline
		s.findLine(ctx, g, &o, cr, &res, start)
		// The verifier stops with every other phase: on Stop,
		// cancellation or the deadline (what it has not settled is
		// reported as such, and the answer is then not a mate).
		switch {
		case len(res.Moves) == 0:
			res.Verification = Verification{Problem: "the line search ended before it found a line"}
		case s.early.v.OK && slices.Equal(s.early.line, res.Moves):
			res.Verification = s.early.v // checked when it was found
		default:
			s.phase("verify")
			verify := verifyFull
			if !deadline.IsZero() {
				verify = verifyUntil // the retries have the time left, not a node total
			}
			res.Verification = verify(p, attacker, o.Rules, res.Moves, s.hint(ctx, g), func() bool { return s.halted(ctx) },
				s.verifyProgress(len(res.Moves)))
		}
		res.Verified = res.Verification.OK
		res.Proven = true
		s.answerVerified(&res)
	default:
		res.Note = "the proof search stopped (" + cr.Stop.String() + ") before a proof or disproof"
	}
	res.Elapsed = time.Since(start)
	if res.Kind == Mate {
		res.LineElapsed = res.Elapsed
		if at, ok := s.foundAt[len(res.Moves)]; ok {
			res.LineElapsed = at
			res.LineNodes = s.foundNodes[len(res.Moves)]
		}
	}
	return res, nil
}

// phase reports the start of a phase to the phase hook, if any, and
// returns the phase it follows.
func (s *Solver) phase(name string) string {
	prev := s.curPhase
	s.curPhase = name
	if s.phaseHook != nil {
		s.phaseHook(name)
	}
	return prev
}

// tick reports p, a step of the line phase begun at since, when no phase
// has reported for the progress interval: the walker, the repair and the
// verifier run between the core searches (which report on their own) or
// without any, for minutes on the long problems.
func (s *Solver) tick(p Progress, since time.Time) {
	if s.progress == nil {
		return
	}
	now := time.Now()
	if now.UnixNano()-s.lastReport.Load() < int64(s.progressEvery) {
		return
	}
	p.Elapsed = now.Sub(s.start)
	if d := now.Sub(since).Seconds(); d > 0 {
		p.NodesPerSecond = float64(p.Nodes) / d
	}
	p.Hashfull = s.table.Hashfull()
	p.Best, p.BestVerified = s.bestLen, s.early.sure != nil && len(s.early.sure) == s.bestLen
	s.progress(p)
}

// lineNodes are the line phase's expansions so far.
func (s *Solver) lineNodes() uint64 {
	if s.lineRes == nil {
		return s.walkNodes
	}
	return s.lineRes.ExactNodes + s.walkNodes
}

// verifyProgress is the verifier's progress report for a line of n plies
// (nil without Options.Progress).
func (s *Solver) verifyProgress(n int) func(Verification, int) {
	if s.progress == nil {
		return nil
	}
	start := time.Now()
	return func(v Verification, ply int) {
		s.tick(Progress{Phase: "verify", Nodes: v.Nodes, Length: n, Ply: ply,
			Alternatives: v.Alternatives, Settled: v.Refuted, Open: v.Unsettled}, start)
	}
}

// halted reports whether the call must end now: Stop, the context's
// cancellation, or the call's deadline. Every phase polls it (the line
// search also its own, earlier deadline), so that a limit or a stop is
// kept within a few milliseconds wherever it lands.
func (s *Solver) halted(ctx context.Context) bool {
	return s.stop.Load() || ctx.Err() != nil || !s.fullDeadline.IsZero() && !time.Now().Before(s.fullDeadline)
}

// lineStopped reports whether the line search must end: findLine's test
// while it runs; outside a Solve (the tests of its parts) Stop only.
func (s *Solver) lineStopped() bool {
	if s.lineStop != nil {
		return s.lineStop()
	}
	return s.stop.Load()
}

// search runs one core search over the solver's table that Stop reaches,
// ending at deadline (zero: none) at the latest; past it, it does not
// start and reports Unknown.
func (s *Solver) search(ctx context.Context, game core.Game, co core.Options, deadline time.Time) core.Result {
	if !deadline.IsZero() {
		if co.TimeLimit = time.Until(deadline); co.TimeLimit <= 0 {
			return core.Result{Stop: core.TimeLimitReached}
		}
	}
	x, err := core.NewSearcher(s.table, co)
	if err != nil {
		return core.Result{Err: err}
	}
	s.cur.Store(x)
	if s.stop.Load() { // a Stop that came before cur was set
		x.Stop()
	}
	r := x.Solve(ctx, game)
	s.cur.Store(nil)
	return r
}

// answerVerified enforces the answer's contract after a proof: Kind is
// Mate only with a line the verifier accepted. A rejected line gives way to
// the last line the verifier accepted during the line search, if any;
// otherwise the answer is Unknown (Proven stays set) and the line is kept
// as the Candidate, never as Moves.
func (s *Solver) answerVerified(res *Result) {
	if res.Verified {
		return
	}
	if s.early.sure != nil && s.early.sureV.OK {
		res.Note = fmt.Sprintf("the %d-ply line found last was not verified (%s); this is the last verified line (%d plies), not proven minimal",
			len(res.Moves), res.Verification.Problem, len(s.early.sure))
		res.Moves, res.Minimal = s.early.sure, false
		res.Verification, res.Verified = s.early.sureV, true
		res.Length = len(res.Moves)
		res.USI = usiOf(res.Moves)
		return
	}
	res.Kind = Unknown
	res.Candidate, res.CandidateUSI = res.Moves, res.USI
	res.Moves, res.USI, res.Length, res.Minimal = nil, nil, 0, false
	note := "the mate is proven, but no line passed the verifier (" + res.Verification.Problem + ")"
	if res.Note != "" {
		note += "; " + res.Note
	}
	res.Note = note
}

// usiOf spells a line in USI.
func usiOf(line []shogi.Move) []string {
	u := make([]string, len(line))
	for i, m := range line {
		u[i] = m.USI()
	}
	return u
}

// coreOptions maps the algorithm choice to the core's switches.
func coreOptions(o Options) core.Options {
	co := core.Options{NodeLimit: o.NodeLimit, TimeLimit: o.TimeLimit, ProgressEvery: o.progressEvery(), ProofLeaves: o.ProofLeaves}
	switch o.Algorithm {
	case DFPN:
		// SNDA's max at OR nodes only: see core.Options.SNDAOROnly. The
		// 1+ε trick with ε = 1/4 then cut the geometric mean of
		// expansions on ten Microcosmos tails from 324 k to 287 k.
		co.TCA, co.SNDA, co.SNDAOROnly = true, true, true
		co.Epsilon = 0.25
	case PNStar:
		co.Algorithm = core.PNStar
	case CStar:
		// The thesis's C* with Elkan's cost per AND node and best-first
		// OR nodes (core.Options.CStarANDCost, CStarBestFirst): without
		// the cost, lines of forced replies thousands of plies deep keep
		// C* at conspiracy number 3 on a mate in 3 of antma_tsume_1to9
		// (4 of its 65 problems undecided after 10 s each); without
		// best-first OR nodes, one (a mate in 7: 3.7 M expansions).
		// With both, all 65 in 222 k expansions (PN*: 17 k).
		co.Algorithm, co.CStarANDCost, co.CStarBestFirst = core.CStar, true, true
	case DFPNR:
		// With TCA's thresholds: df-pn(r) alone loops on some graphs
		// (core.TestComparisonOptionsMayLoop).
		co.TCA, co.DFPNR = true, true
	case DFPNTCA:
		co.TCA = true
	case DFPNWPNS:
		co.TCA, co.WPNS = true, true
	}
	return co
}

// exactMaxProof is the longest proof (plies) for which the line is sought
// with the exact minimax search first; longer ones go straight to the
// bounded proof searches, and the composers' tie-break then applies to the
// end of their line (tieBreak). The minimax costs about four times more
// per two plies (Microcosmos tails from the root: 25 plies 1.3 M nodes, 27
// plies 5.2 M, 29 and 31 past the 5 M budget), while the shortening with
// the tie-break settled the tails of 13, 15, 17, 19, 21 and 23 plies,
// minimal and with the published spare count, in 0.75 k, 2.1 k, 2.2 k,
// 2.8 k, 2.9 k and 58 k line-phase nodes against the minimax's 12 k, 64 k,
// 69 k, 90 k, 90 k and 829 k. On the short sets (74 mates under tsume
// rules, nearly all of at most 9 plies) the line phase took 128 k nodes in
// all with the limit at 25, 138 k at 11 and 147 k with the shortening
// alone, with the same 185 spare pieces, so short proofs keep the
// minimax, whose tie-break covers the whole line.
const exactMaxProof uint32 = 11

// exactFirst reports whether short proofs go to the exact-length search
// before the shortening. Under tsume rules they do: its minimax applies the
// composers' tie-break (no spare pieces) among equal lengths to the whole
// line. Under mate-search rules there is no tie-break, and the minimax, which meets
// every interposition, spends the time the bounded searches need: on 100
// positions from generated games (shogi/gen seed 11, as generated before
// its moves were sorted; 2 s each) the shortening alone found the same 49
// mates with 329 plies in all against 345 (17, 14, 10 and 11 plies where
// the exact search first left 21, 20, 12 and 15; KomoringHeights: 17, 14,
// 10), 45 proven minimal against 44, in half the time to the final length
// (5.4 s against 10.8 s in all); on seed 13, held out, 47 mates against
// 46, 44 minimal against 42, 3.2 s against 7.1 s.
func exactFirst(r Rules) bool { return r == Tsume }

// findLine finds the line after a proof and fills res. It first secures
// a cheap answer (firstLine: the proof's main line with its defences
// checked, verified at once), so that a deadline that lands later still
// finds a verified line. Short proofs under tsume rules then get the
// exact-length search (exactFirst);
// if it completes, the length is minimal. Otherwise, iterative shortening
// with bounded proof searches (see shorten) from the first line (or from
// a bounded search when there is none), until "mate within len-2?" is
// disproven (the length is then minimal) or time runs out (the best line
// so far, not minimal, and Result.Note says what was proven).
func (s *Solver) findLine(ctx context.Context, g *Game, o *Options, cr core.Result, res *Result, start time.Time) {
	stopped := func() bool {
		return s.stop.Load() || ctx.Err() != nil || !s.lineDeadline.IsZero() && time.Now().After(s.lineDeadline) ||
			o.LineNodeLimit != 0 && res.ExactNodes+s.walkNodes >= o.LineNodeLimit
	}
	s.lineStop = stopped
	s.walkNodes = 0
	clear(s.walkFailed)
	s.lineRes, s.lineStart = res, time.Now()
	s.tieWindow, s.tieLines = 0, exactFirst(o.Rules) && !s.noTieBreak
	defer func() {
		s.lineStop, s.lineRes = nil, nil
		res.ExactNodes += s.walkNodes
	}()
	bounded := s.boundedSearch(ctx, g, o, res, start)
	s.phase("first")
	first := s.firstLine(ctx, g, bounded, stopped)
	if exactFirst(o.Rules) && cr.Length <= s.exactMax && !stopped() {
		// The exact search leaves the final verifier its reserve even
		// when the first line was verified; and when there is no first
		// line, it has half the time, so that the shortening still finds
		// a proven line with the rest (measured under mate-search rules,
		// 2 s: a mate in 21 whose minimax ran to the deadline was answered
		// with no line at all).
		exactStop := stopped
		if end := s.reserveDeadline; !end.IsZero() {
			if first.line == nil {
				end = time.Now().Add(time.Until(end) / 2)
			}
			exactStop = func() bool { return stopped() || time.Now().After(end) }
		}
		s.phase("exact")
		if s.exactLine(g, o, res, start, exactStop) {
			s.finishLine(g, res)
			return
		}
	}
	s.phase("shorten")
	s.shorten(ctx, g, cr, res, first, bounded, stopped)
	if s.tieLines {
		res.Moves = s.tieBreak(ctx, g, res.Moves, exactBudget(o, res), stopped)
	}
	s.finishLine(g, res)
}

// exactBudget is the node budget of the exact-length search and of the
// tie-break (Options.ExactNodeLimit, else scaled to the proof's effort).
func exactBudget(o *Options, res *Result) uint64 {
	if o.ExactNodeLimit != 0 {
		return o.ExactNodeLimit
	}
	return min(max(DefaultExactNodes, ExactNodesPerProofNode*res.Stats.Expanded), MaxDefaultExactNodes)
}

// tieBreak gives a line of the shortening, when it ends with spare pieces
// in the attacker's hand, the composers' tie-break on its last plies
// (tieBreakTail) within budget nodes, and returns the line to keep: the
// new line, of the same length, only with fewer spare pieces and once the
// verifier has accepted it (then it is also the early verification's
// line); otherwise line itself, with all that was proven of it. It runs
// after the line was verified, so the first verified answer never waits
// for it.
func (s *Solver) tieBreak(ctx context.Context, g *Game, line []shogi.Move, budget uint64, stopped func() bool) []shogi.Move {
	if len(line) == 0 || stopped() {
		return line
	}
	spare := spareAtEnd(g, line)
	if spare == 0 {
		return line // nothing to break
	}
	prev := s.phase("exact")
	defer s.phase(prev)
	tied, w, nodes := s.tieBreakTail(g, g.rules, line, tieBreakFirstWindow, budget, stopped)
	if s.lineRes != nil {
		s.lineRes.ExactNodes += nodes
	}
	s.tieWindow = max(s.tieWindow, w)
	if w == 0 || spareAtEnd(g, tied) >= spare || stopped() {
		return line
	}
	s.phase("verify")
	v := verifyQuick(g.pos, g.attacker, g.rules, tied, s.hint(ctx, g), stopped, s.verifyProgress(len(tied)))
	if !v.OK {
		return line
	}
	s.early.line, s.early.v = tied, v
	s.early.sure, s.early.sureV = tied, v
	s.lineDeadline = s.fullDeadline // as verifyEarly: nothing left for the final verifier
	return tied
}

// tieBreakLineBudget is the tie-break's budget for a line the shortening
// finds before it ends (the line then stands as the answer should the time
// run out): an eighth of the line phase's nodes so far, within
// tieBreakLineMinNodes (windows of a few plies) and tieBreakLineNodes, so
// that it delays the next shortening step by little, and where the
// shortening finishes anyway (the finished line gets the exact search's
// whole budget) the lines it replaces cost little. On the short sets (74
// mates, tsume rules) the line phase took 130 k nodes in all with the
// tie-break on finished lines only, 138 k with this (with a 20 k floor,
// 179 k; a flat 500 k per line, 268 k).
func (s *Solver) tieBreakLineBudget() uint64 {
	var spent uint64
	if s.lineRes != nil {
		spent = s.lineRes.ExactNodes + s.walkNodes
	}
	return min(max(spent/8, tieBreakLineMinNodes), tieBreakLineNodes)
}

// tieBreakLineBudget's bounds.
const (
	tieBreakLineMinNodes = 2_000 // a window of a few plies
	tieBreakLineNodes    = 500_000
)

// boundedSearch returns the line search's bounded proof search ("mate
// within limit plies?" from g's current position, at most nodes
// expansions, 0: no limit), which ends at the line search's deadline and
// counts its work in res.
func (s *Solver) boundedSearch(ctx context.Context, g *Game, o *Options, res *Result, start time.Time) func(limit int, nodes uint64) core.Result {
	s.shortened = true // the hints read the bounded searches' entries from now on
	co := coreOptions(*o)
	co.NodeLimit = 0
	if co.Epsilon > 0 {
		co.Epsilon = boundedEpsilon
	}
	// The search's horizon and the best line, as they were when it
	// started: the core reports from its own goroutine.
	var cur struct{ limit, best int }
	var curVerified bool
	if o.Progress != nil {
		co.Progress = func(cp core.Progress) {
			o.Progress(Progress{Phase: "shorten", Nodes: cp.Stats.Expanded, NodesPerSecond: cp.Stats.NodesPerSecond(),
				Hashfull: cp.Hashfull, RootPN: cp.RootPN, RootDN: cp.RootDN, Elapsed: time.Since(start),
				Length: cur.limit, Best: cur.best, BestVerified: curVerified})
		}
	}
	threads := o.Threads
	return func(limit int, nodes uint64) core.Result {
		cur.limit, cur.best = limit, s.bestLen
		curVerified = s.early.sure != nil && len(s.early.sure) == s.bestLen
		co.NodeLimit = nodes
		if o.LineNodeLimit != 0 {
			// The line phase's budget bounds each search too, so that
			// it ends inside one.
			left := uint64(1)
			if used := res.ExactNodes + s.walkNodes; used < o.LineNodeLimit {
				left = o.LineNodeLimit - used
			}
			if co.NodeLimit == 0 || co.NodeLimit > left {
				co.NodeLimit = left
			}
		}
		// The walker's small searches stay on one thread: starting the
		// others costs more than they would save.
		co.Threads = 1
		if nodes == 0 || nodes >= parallelLineNodes {
			co.Threads = threads
		}
		r := s.search(ctx, s.boundedGame(g, limit), co, s.lineDeadline)
		res.ExactNodes += r.Stats.Expanded
		return r
	}
}

// boundedEpsilon is the 1+ε trick's ε of the line phase's bounded searches
// (the proof search's is 1/4, see coreOptions). Their hardest questions are
// disproofs ("no mate within n"), in which the defender's nodes switch
// between escapes whenever another one's disproof number is lower: a
// larger ε lets the search stay longer in one. Line-phase expansions,
// ε = 1/4 against 3/4 (one core, 1 GiB): Microcosmos tail 41 proven minimal
// after 582 k and 485 k, tail 61 after 2.17 M and 1.84 M, tail 81 after
// 18.0 M and 11.6 M (88 s and 56 s of CPU); the published length reached
// after 247 k and 256 k (tail 101), 167 k and 156 k (151), 749 k and 694 k
// (201); generated positions (gen-shogi --seed 21, mate rules) proven
// minimal by both: 781 k and 685 k in all. ε = 1/2 and 1 gave 502 k and
// 589 k on tail 41, 1.98 M and 2.11 M on tail 61. Under mate rules, on
// the positions of proofOptions's line-phase measure: ε = 1/4 took 6 %
// more line nodes to the same lengths (geometric mean of 25; 1.84 M ->
// 1.76 M in all), one line shorter (20 -> 18 plies); ε = 3/2 (38 of the
// 39): 67 % more, one line shorter (20 -> 18), one longer (17 -> 21), 27
// proven minimal instead of 29.
const boundedEpsilon = 0.75

// boundedGame asks "mate within limit plies?" from g's current position
// over the solver's table, in the current epoch, with the summary filter.
func (s *Solver) boundedGame(g *Game, limit int) *boundedGame {
	bg := newBoundedGame(g, limit, s.table)
	bg.ep, bg.seen = s.ep, s.summaryFilter()
	return bg
}

// summaryFilter returns the filter of the boards whose horizon summaries
// the table may hold, allocated on first use. Every writer of summaries
// notes its boards in it (boundedGame.Decided, the proof walk).
func (s *Solver) summaryFilter() *summaryFilter {
	if s.summaries == nil {
		s.summaries = newSummaryFilter(s.hashMB)
	}
	return s.summaries
}

// parallelLineNodes is the smallest node budget at which a bounded search
// runs on Options.Threads threads.
const parallelLineNodes = 1_000_000

// first is the line search's first answer (see firstLine).
type first struct {
	pv   []shogi.Move // the proof's main line, ending in mate (nil: none)
	long bool         // the main line wandered past maxRepairLine plies
	line []shogi.Move // pv with every defence checked: a mate within its length (nil: none)
}

// firstLine reads the first proof's main line, checks its defences one by
// one (repairLine) and verifies the result at once (verifyEarly): a first
// upper bound far cheaper than a bounded search from the root, and the
// answer if nothing better is found. The main line is read once, while
// there is time to re-prove what the table lost.
//
// The repair's bounded searches have no node cap here, under either rules,
// unlike the line phase's later repairs (repairSearchNodes). Under mate
// rules a cap of 40 k, the repair giving up and the shortening starting
// from the root at the proof's length, was measured (line nodes to the
// final length, 2 M limit, 256 MiB; lines at a 2 s limit). On 118 mates
// (the 36 of proofOptions, gen-shogi seeds 161 and 171) it changes
// nothing: 117 first repairs ask no bounded search at all (the proof walk
// settles every alternative), the other's largest took 36 k. Of 767 mates
// of seeds 181-341, two first repairs had a search above 40 k: seed 241
// #31 (70 k) 17 plies after 120 k and 118 k line nodes, seed 331 #61
// (46 k, proven) 21 plies after 1.06 M uncapped and 1.28 M capped; both
// had a verified line by 2 s either way. The cap pays only where the
// repair meets an escape whose disproof is large (seed 111 #40: 155 k;
// 37 plies after 1.83 M uncapped, 35 after 1.66 M capped). A 100 k cap
// gave 33 plies after 1.96 M there, and no verified line by 2 s; a 40 k
// cap that falls back to the uncapped repair pays the disproof anyway
// (43 plies after 323 k line nodes against 310 k).
func (s *Solver) firstLine(ctx context.Context, g *Game, bounded func(int, uint64) core.Result, stopped func() bool) first {
	var f first
	f.pv, f.long = s.completeLine(ctx, g, maxRepairLine)
	if f.pv == nil || stopped() {
		return f
	}
	if f.line = s.repairLine(ctx, g, f.pv, bounded); f.line != nil {
		s.verifyEarly(ctx, g, f.line, stopped)
		s.settleNow(ctx, g, f.line, stopped)
	}
	return f
}

// exactLine runs the exact-length search; it reports whether it found the
// line (then minimal).
func (s *Solver) exactLine(g *Game, o *Options, res *Result, start time.Time, stopped func() bool) bool {
	budget := exactBudget(o, res)
	last, phaseStart := time.Now(), time.Now()
	var e *exactSearch
	poll := func() bool {
		if o.Progress != nil && time.Since(last) >= o.progressEvery() {
			last = time.Now()
			o.Progress(Progress{Phase: "minimal", Nodes: e.nodes, NodesPerSecond: float64(e.nodes) / time.Since(phaseStart).Seconds(),
				Hashfull: res.Hashfull, Elapsed: time.Since(start)})
		}
		return stopped()
	}
	e = newExactSearch(g.pos, g.attacker, o.Rules, s.exactTable(), budget, poll)
	e.disproven = func() bool {
		en, ok := s.table.Probe(g.Key(), g.OrNode(), g)
		return ok && en.DN == 0
	}
	n := e.solve(4095)
	res.ExactNodes += e.nodes
	if n == noMate {
		return false
	}
	line := e.line(n)
	if len(line) != n {
		return false // the exact table lost part of the line
	}
	res.Moves, res.Minimal = line, true
	s.found(line)
	return true
}

// exactTable returns the exact-length table, allocated on first use.
func (s *Solver) exactTable() []exactEntry {
	if s.exact == nil {
		n := 1
		for n*2*16 <= max(1, min(s.hashMB/4, maxExactMB))<<20 {
			n *= 2
		}
		s.exact = make([]exactEntry, n)
	}
	return s.exact
}

// found notes when the first line of len(line) plies was found (see
// Result.LineElapsed).
func (s *Solver) found(line []shogi.Move) {
	if len(line) > 0 && (s.bestLen == 0 || len(line) < s.bestLen) {
		s.bestLen = len(line)
	}
	if _, ok := s.foundAt[len(line)]; ok || len(line) == 0 {
		return
	}
	if s.foundAt == nil {
		s.foundAt = make(map[int]time.Duration)
	}
	s.foundAt[len(line)] = time.Since(s.start)
	if s.lineRes != nil {
		if s.foundNodes == nil {
			s.foundNodes = make(map[int]uint64)
		}
		s.foundNodes[len(line)] = s.lineRes.ExactNodes + s.walkNodes
	}
}

// shorten is the iterative shortening with bounded proof searches. It
// keeps hi, the smallest horizon proven ("mate within hi", with its line),
// and lo, the largest horizon disproven; the length is proven minimal when
// lo = hi-2 and the line has hi plies. The first hi comes from the proof's
// main line with its defences checked (repairLine), which costs a fraction
// of a bounded search from the root; failing that, from a bounded search at
// the proof's length. Each proven horizon's line is read by walkLine from
// the proven and disproven horizons in the table. Bounded searches share
// one table and reuse each other's decided results and the proof's
// disproofs (boundedGame.Terminal); each search from the root starts an
// epoch, in which the undecided entries of the questions before it are
// not met (see epochs). A main line shorter than its horizon is first
// tried as a horizon itself, so a line is never called minimal without a
// proof that it is a mate within its own length.
//
// The next horizon is hi-2, not a guess further down. Under mate rules a
// search from the root costs about the same at any horizon above the
// length (seed 21 #68, a mate in 13, asked first after its 35-ply first
// line: "mate within 13?" 48 k expansions, 15: 155 k, 19: 193 k, 21:
// 115 k, 25: 85 k), so skipping horizons would pay when it lands, but a
// horizon below the length is a disproof, whose cost grows about five
// times per two plies (#68, "no mate within 9?" and "11?": 26 k and
// 166 k; seed 91 #70, 9, 11 and 13: 8 k, 31 k and 136 k). Measured (line
// nodes to the final length, 2 M limit, 256 MiB, an epoch per search from
// the root; the 36 generated mates of proofOptions, and seeds 21 #68, 51
// #95 and 91 #70: 2.42 M and 1.07 M with hi-2): a first question halfway
// between lo and hi, capped at the proof's or the line phase's nodes so
// far and followed by hi-2 when undecided, 2.58-2.79 M and 0.71-0.97 M;
// capped questions "mate within 1, 3, 5, ...?" up to hi-4, the first
// proven one taken, 2.72 M and 0.96 M (5 k each), 3.38 M and 0.66 M (10 k).
// On #68 they gave 52 k to 532 k; they lose where the first line is near
// the length. Steps of 4 (hi-4 while above lo, then hi-2), root searches
// sharing one epoch under mate rules: seed 51 #45 (a mate in 17, first
// line 23) reached 17 after 1.45 M line nodes instead of 703 k (19
// proven after 334 k, then "no mate within 15?" 797 k before 17); seed 91
// #70 25 plies after 302 k instead of 23 after 583 k, then "mate within
// 21?" undecided at the 2 M limit; seed 51 #95 23 plies either way
// ("mate within 19?", like 21 with hi-2, undecided at the limit).
func (s *Solver) shorten(ctx context.Context, g *Game, cr core.Result, res *Result, f first, bounded func(int, uint64) core.Result, stopped func() bool) {
	parity := 1 // a mate from an OR root has an odd length
	if !g.OrNode() {
		parity = 0
	}
	odd := func(n int) int { // round n up to the root's parity
		if n%2 != parity {
			n++
		}
		return max(n, parity)
	}
	const maxHorizon = 4095
	maxRepair := odd(maxRepairLine)
	var best []shogi.Move
	hi, lo := -1, -1
	next := odd(int(cr.Length))
	if f.long {
		// The stored proof lengths are not upper bounds (a proof borrowed
		// from a superior hand is shorter than ours), so on a long problem
		// the main line can wander for thousands of plies (Kotobuki, 611:
		// 16497). Repairing it costs more than bounded searches from the
		// root, which start at maxRepair instead.
		next = maxRepair
	} else if f.line != nil {
		hi, best = len(f.line), f.line
		next = hi - 2
	}
	var tied []shogi.Move // the last line given to the tie-break
	tightened := -1       // the length of the last line given to tightenPass
	lowered := -1         // the length of the last line given to the lower-bound pass
	ended := ""           // why the loop ended with time left (see lineEndNote)
	for !stopped() {
		if s.tieLines && best != nil && !slices.Equal(best, tied) {
			// The line stands as the answer should the time run out
			// before the next: it gets the tie-break now.
			best = s.tieBreak(ctx, g, best, s.tieBreakLineBudget(), stopped)
			tied = best
			continue // stopped?
		}
		if best != nil && len(best) == hi && hi != tightened {
			// A line of a new length, proven within it: one cheap pass
			// along its own positions before the root's search (see
			// tighten.go). A line the pass finds goes to the root's
			// search, not to another pass.
			tightened = hi
			if line := s.tightenPass(ctx, g, best, bounded, tightenBudget, stopped); line != nil {
				best, hi, next = line, len(line), len(line)-2
				tightened = hi
				s.settleNow(ctx, g, best, stopped)
				if lo >= next {
					res.Minimal = true
					break
				}
			}
			continue // stopped? a new line?
		}
		if lb := s.lowerBounds(g.rules); lb != 0 && best != nil && len(best) == hi && hi != lowered {
			// The line's lower bounds, pieces of the root's coming
			// disproof, settled from the end backwards (see tighten.go).
			// A line this pass finds goes to the root's search too.
			lowered = hi
			if line := s.tightenPass(ctx, g, best, bounded, lb, stopped); line != nil {
				best, hi, next = line, len(line), len(line)-2
				tightened, lowered = hi, hi
				s.settleNow(ctx, g, best, stopped)
				if lo >= next {
					res.Minimal = true
					break
				}
			}
			continue // stopped? a new line?
		}
		// A search from the root starts an epoch under tsume rules: it
		// does not meet the undecided entries of the questions before it
		// (see epochs and rootEpochs).
		s.epochN++
		if rootEpochs(g.rules) {
			s.ep = s.ep.next(s.epochN)
		}
		br := bounded(next, 0)
		out := br.Outcome
		if out == core.Proven {
			line := s.walkLine(g, next, bounded)
			if line == nil {
				ended = fmt.Sprintf("the line of the proven mate within %d plies could not be walked", next)
				break // the main line could not be recovered
			}
			hi, best = next, line
			if len(line) >= hi {
				// A line shorter than its horizon is verified once
				// the repair has established it: a wrong one (see
				// settleRepairNodes) sent the verifier's hints into
				// searches of their own (a generated position under
				// mate rules: 8.4 s for a 21-ply line left unsettled,
				// of a 10 s limit).
				s.verifyEarly(ctx, g, best, stopped)
			}
			r := s.settleByRepair(ctx, g, best, hi, bounded, stopped)
			if len(best) < hi && (r == nil || len(r) > hi) && !stopped() {
				// The walk took a defence shorter than the horizon's
				// longest and the repair could not establish its line:
				// walk the horizon again with larger tightening
				// searches (see escalatedTightenNodes) before the
				// shortening steps down from it.
				if again := s.walkLineWith(g, next, bounded, escalatedTightenNodes); again != nil && !slices.Equal(again, best) {
					best = again
					if len(best) >= hi {
						s.verifyEarly(ctx, g, best, stopped)
					}
					r = s.settleByRepair(ctx, g, best, hi, bounded, stopped)
				}
			}
			if r != nil && len(r) <= hi {
				hi, best = len(r), r // a mate within len(r): every defence checked
				if !slices.Equal(r, s.early.line) || !s.early.v.OK {
					s.verifyEarly(ctx, g, best, stopped)
				}
			}
			if len(best) == hi {
				s.settleNow(ctx, g, best, stopped)
			}
		} else if out == core.Disproven {
			lo = next
		} else {
			ended = fmt.Sprintf("the bounded search \"mate within %d?\" ended undecided (%s, root pn %d dn %d, %d expansions)",
				next, br.Stop, br.RootPN, br.RootDN, br.Stats.Expanded)
			break
		}
		switch {
		case hi < 0:
			if next >= maxHorizon {
				ended = fmt.Sprintf("no mate within the largest horizon, %d plies, was proven", maxHorizon)
				break
			}
			next = odd(min(next*3/2+2, maxHorizon)) // the first proof's length was no bound
			continue
		case len(best) < hi && len(best) > lo:
			next = shorterHorizon(len(best), hi, s.early.v.OK && slices.Equal(s.early.line, best))
			continue
		case lo >= hi-2:
			res.Minimal = len(best) == hi
		default:
			next = hi - 2
			continue
		}
		break
	}
	res.Moves = best
	res.Note = shortenNote(best, hi, lo, res.Minimal)
	if best == nil && f.pv == nil {
		res.Note = "" // no line: the verification's problem says so
	}
	if best == nil && f.pv != nil {
		// Unproven, but a mate at its end: the verifier may accept it. A
		// main line cut short (the table lost it and the re-proof ran out
		// of time: Kotobuki on two threads, 10.5 s, gave 423 and 542
		// plies that were no mate) is no answer at all.
		res.Moves = f.pv
		s.found(f.pv)
	}
	if stopped() {
		s.keepVerified(res, hi, lo)
	} else if ended != "" {
		res.Note = joinNote(res.Note, lineEndNote(ended, time.Since(s.start)))
	}
}

// lineEndNote says why the shortening ended before its deadline without a
// minimal line: time the line phase left unused is worth a measurement.
func lineEndNote(why string, at time.Duration) string {
	return fmt.Sprintf("the line search ended at %.1f s with time left: %s", at.Seconds(), why)
}

// joinNote appends b to the note a.
func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// keepVerified answers with the last line verifyEarly accepted when the
// line search ended (at the deadline, or stopped) on a line it did not
// accept: the final verifier has no time left for it, and a line found as
// the time ran out may rest on a defender's choice that the walker could
// not make exact (measured: the Microcosmos tail 101, a 75-ply line
// walked at the deadline, 20 alternatives unsettled, replaced the verified
// 109-ply line). hi and lo are the shortening's bounds.
func (s *Solver) keepVerified(res *Result, hi, lo int) {
	if s.early.sure == nil || s.early.v.OK && slices.Equal(s.early.line, res.Moves) {
		return
	}
	found := len(res.Moves)
	res.Moves, res.Minimal = s.early.sure, false
	s.early.line, s.early.v = s.early.sure, s.early.sureV
	res.Note = fmt.Sprintf("proven: a mate within %d plies", hi)
	if lo >= 0 {
		res.Note += fmt.Sprintf(" and no mate within %d", lo)
	}
	res.Note += fmt.Sprintf("; the %d-ply line found last was not verified before the deadline, so this is the last verified line (%d plies)", found, len(res.Moves))
}

// verifyEarly verifies a line the shortening has just found, while the
// table holds the bounded proofs the hints follow, and keeps the result
// for Solve (see Solver.early). A line that is not settled now is verified
// again at the end, with retries. The line search keeps the call's whole
// time once a line is verified: a line found later and not settled now is
// then worth less than the search's next step, since the final verifier
// reads hints that the later searches have replaced (Microcosmos tail
// 101, a 64 MiB table: the 101-ply line, settled in 9.9 k nodes when
// found, left 62 of its 69 alternatives unsettled after the line phase,
// 20 s of retries), and the last verified line stands as the answer if
// the deadline comes first (keepVerified). Ionization (one thread): the
// 795-ply line verified at 287 s, a 775-ply one walked at 492 s left
// alternatives unsettled, and with the reserve the call ended at 497 s
// with 795 and 103 s unused.
func (s *Solver) verifyEarly(ctx context.Context, g *Game, line []shogi.Move, stopped func() bool) {
	s.found(line)
	prev := s.phase("verify")
	v := verifyQuick(g.pos, g.attacker, g.rules, line, s.hint(ctx, g), stopped, s.verifyProgress(len(line)))
	s.phase(prev)
	s.early.line, s.early.v = line, v
	if v.OK {
		s.early.sure, s.early.sureV = line, v
	}
	s.lineDeadline = s.reserveDeadline
	if s.early.sure != nil {
		s.lineDeadline = s.fullDeadline // the answer is verified already
	}
}

// settleNow verifies line again, with retries until the line search's
// deadline (verifyUntil), when its early verification left alternatives
// unsettled and no line has been verified yet: without a verified line
// the answer is Unknown however short the line, and the table holds now
// the bounded proofs that the verifier's hints read, which the next
// searches replace (Shin-ougi, one thread: the 873-ply line, proven,
// left 208 of 224 alternatives unsettled at the end after 21 M verifier
// nodes). The caller passes only a line proven a mate within its own
// length, which the verifier can settle: a line walked from a larger
// horizon may have an escaping defence, which the verifier cannot show
// but by exhausting its depth.
func (s *Solver) settleNow(ctx context.Context, g *Game, line []shogi.Move, stopped func() bool) {
	if !slices.Equal(s.early.line, line) || s.early.v.OK || s.early.v.Wrong ||
		s.early.v.Unsettled == 0 || s.reserveDeadline.IsZero() || stopped() {
		return
	}
	verify := verifyUntil
	if s.early.sure != nil {
		if len(line) >= len(s.early.sure) {
			return
		}
		// A verified answer stands already: the retries get a node
		// total (retryTotal), not the time left, which the search for
		// a shorter line may need.
		verify = verifyFull
	}
	prev := s.phase("verify")
	v := verify(g.pos, g.attacker, g.rules, line, s.hint(ctx, g), stopped, s.verifyProgress(len(line)))
	s.phase(prev)
	s.early.v = v
	if v.OK {
		s.lineDeadline = s.fullDeadline // as verifyEarly
		s.early.sure, s.early.sureV = line, v
	}
}

// settleByRepair repairs a walked line (repairLine) in two cases. (1) It
// is shorter than the horizon hi that was proven: the repair proves it a
// mate within its own length, by walking the first proof from each
// alternative, instead of another bounded search from the root
// (Microcosmos tail 101: the line walked from "mate within 107" had 101
// plies, and "mate within 101" from the root had not been proven 16 s
// later, at the deadline). (2) Its early verification left defender
// alternatives unsettled: when the line's proof came from a horizon above
// the line's length, the table holds the alternatives' proofs for that
// horizon, while the verifier's hints read the proofs within the plies it
// asks for, which the repair stores. (Kotobuki: after repairLine the early
// verification settles all 119 alternatives in 1.5 s; the line walked
// from the 1023-ply root proof, before proof hands, left about 80
// unsettled.) It returns the repaired line, or nil (neither case, too
// long to repair, or the repair failed).
func (s *Solver) settleByRepair(ctx context.Context, g *Game, line []shogi.Move, hi int, bounded func(int, uint64) core.Result, stopped func() bool) []shogi.Move {
	unsettled := !s.early.v.OK && s.early.v.Unsettled > 0
	if !unsettled && len(line) >= hi || len(line) > maxRepairLine || stopped() {
		return nil
	}
	if n := settleRepairNodes(g.rules, len(line), hi, s.early.v.OK && slices.Equal(s.early.line, line)); n != 0 {
		bounded = nodeCapped(bounded, n)
	}
	return s.repairLine(ctx, g, line, bounded)
}

// settleRepairNodes is the node budget of each bounded search in
// settleByRepair's repair of a line of n plies walked from a proven
// horizon hi (0: none). A line shorter than hi that the verifier did not
// accept is often wrong: the walker could not settle every defence and
// took one that gives up early. Its repair then meets, at the defence
// that escapes, a bounded disproof ("no mate within the plies left"),
// which costs what a disproof from the root costs, for a line no shorter
// than hi in the end (a generated position under mate rules: a 21-ply line
// walked from the 27-ply horizon, repaired to 31 plies in 829 k nodes,
// 7.9 s). With a budget the repair gives up, and the shortening steps
// down from hi instead (shorterHorizon). A line of hi plies keeps the
// unbounded repair: its unsettled alternatives are the verifier's, which
// the repair settles from the proof (Kotobuki).
//
// The budget is the tightening's under rules r (repairSearchNodes): the
// alternatives of a right line are mostly proven by the proof walk,
// without a bounded search at all.
func settleRepairNodes(r Rules, n, hi int, verified bool) uint64 {
	if n < hi && !verified {
		return repairSearchNodes(r)
	}
	return 0
}

// nodeCapped returns bounded with each search's node budget at most n.
func nodeCapped(bounded func(int, uint64) core.Result, n uint64) func(int, uint64) core.Result {
	return func(limit int, nodes uint64) core.Result {
		if nodes == 0 || nodes > n {
			nodes = n
		}
		return bounded(limit, nodes)
	}
}

// shorterHorizon is the shortening's next horizon when its line, of n
// plies, is shorter than hi, the smallest horizon proven (and longer than
// the largest disproven). Asking "mate within n?" at once bets that the
// line is right. A verified line is (the question is then a proof that
// the table mostly holds); an unverified one is often wrong, and the
// question is then a disproof, the dearest kind, asked before the
// horizons between, which are proofs: a generated position under mate
// rules spent 4.7 M nodes (30 s) disproving "mate within 21" for a wrong
// 21-ply line before "mate within 25" (52 nodes) gave the 23-ply mate.
// So an unverified line's horizon steps down by two from hi.
func shorterHorizon(n, hi int, verified bool) int {
	if verified || hi-2 <= n {
		return n
	}
	return hi - 2
}

// maxRepairLine is the longest line repairLine is given (see shorten).
const maxRepairLine = 1023

// shortenNote says what the shortening proved and what it left open: hi is
// the smallest horizon proven (with best, its line), lo the largest
// disproven (-1: none).
func shortenNote(best []shogi.Move, hi, lo int, minimal bool) string {
	if minimal {
		return ""
	}
	if best == nil {
		return "the line search ended before it proved a line: this is the first proof's main line, whose " +
			"defences follow the table's stored proof lengths (not bounds), so it may not be the longest " +
			"resistance (see the verification); neither its length nor minimality is proven"
	}
	note := fmt.Sprintf("proven: a mate within %d plies (this line)", hi)
	if lo >= 0 {
		note += fmt.Sprintf(" and no mate within %d", lo)
	}
	if len(best) < hi {
		note += fmt.Sprintf("; the line has %d plies, not proven a mate within them", len(best))
	}
	return note + fmt.Sprintf("; not proven: whether a mate within %d exists (the search stopped before settling it)", hi-2)
}

// completeLine returns the first proof's main line, re-proving (unbounded)
// from where the table no longer holds it. It returns nil when the line
// does not end in mate (the re-proof failed or was stopped), and nil with
// long set when it runs past maxLen plies (a wandering main line, see
// shorten): a line returned is a mate at its end, though not proven
// optimal for either side.
func (s *Solver) completeLine(ctx context.Context, g *Game, maxLen int) (line []shogi.Move, long bool) {
	defer func() {
		for i := len(line) - 1; i >= 0; i-- {
			g.pos.Undo(line[i])
		}
		if long || !endsInMate(g, line) {
			line = nil
		}
	}()
	for round := 0; round < 32 && !s.lineStopped(); round++ {
		s.tick(Progress{Phase: "line", Nodes: s.lineNodes(), Ply: len(line)}, s.lineStart)
		pv := core.PrincipalVariation(g, s.table, maxLen+1-len(line), nil)
		for _, m := range pv {
			g.pos.Do(shogi.Move(m))
			line = append(line, shogi.Move(m))
		}
		if len(line) > maxLen {
			return line, true
		}
		if endsInMate(g, nil) {
			break
		}
		if len(pv) == 0 && round > 0 {
			break
		}
		co := core.Options{TCA: true, SNDA: true, NodeLimit: 1 << 20}
		if s.search(ctx, g, co, s.lineDeadline).Outcome != core.Proven {
			break
		}
	}
	return line, false
}

// endsInMate reports whether line, played from g's position, ends with the
// defender to move and no defence under the game's rules.
func endsInMate(g *Game, line []shogi.Move) bool {
	if len(line)%2 == 0 == g.OrNode() {
		return false
	}
	for _, m := range line {
		g.pos.Do(m)
	}
	var buf [shogi.MaxMoves]core.Move
	mated := g.pos.InCheck() && len(g.Moves(buf[:0], 0)) == 0
	for i := len(line) - 1; i >= 0; i-- {
		g.pos.Undo(line[i])
	}
	return mated
}

// finishLine fills the length and the USI spelling.
func (s *Solver) finishLine(g *Game, res *Result) {
	res.Length = len(res.Moves)
	res.USI = usiOf(res.Moves)
}

// hint returns the verifier's move-ordering hint for a position with the
// given plies left: the bounded proof's move for that horizon, else the
// exact table's best move, else the first proof's move.
func (s *Solver) hint(ctx context.Context, g *Game) func(*shogi.Position, int) shogi.Move {
	esalt := exactSalt(g.rules, g.attacker)
	return func(p *shogi.Position, left int) shogi.Move {
		k := core.Key{Board: p.BoardKey() ^ g.salt, Hand: uint32(p.Hand(g.attacker))}
		or := p.SideToMove() == g.attacker
		// A mate within h <= left plies is a mate within left: the
		// largest such h first, down to hintHorizons horizons below
		// left; below those, the horizon summary holds the smallest
		// horizon proven (then the proof that produced the line, which
		// may have had a horizon a few plies beyond the line's length).
		for h := left; h >= max(0, left-2*hintHorizons) && s.shortened; h -= 2 {
			if en, ok := s.ep.probeDecided(s.table, k, h, or, g); ok && en.PN == 0 {
				return shogi.Move(en.Move)
			}
		}
		// A mate within at most left plies from any epoch (the horizon
		// summary, boundedGame.Decided): the bounded searches' Terminal
		// proves nodes from it, so their own entries may lack the move.
		if en, ok := s.table.Probe(lengthsKey(k, true), or, g); ok && s.shortened && en.PN == 0 && int(en.Length) <= left && en.Move != core.NoMove {
			return shogi.Move(en.Move)
		}
		for h := left + 2; h <= left+4 && s.shortened; h += 2 {
			if en, ok := s.ep.probeDecided(s.table, k, h, or, g); ok && en.PN == 0 {
				return shogi.Move(en.Move)
			}
		}
		if len(s.exact) > 0 {
			if en := &s.exact[(p.Key()^esalt)&uint64(len(s.exact)-1)]; en.key == p.Key()^esalt && en.exact != 0 && en.best != shogi.NoMove {
				return en.best
			}
		}
		// The first proof covers every defence it met: its move, when its
		// proof fits the plies left, before a search of our own.
		en, ok := s.table.Probe(k, or, g)
		proof := ok && en.PN == 0
		if proof && int(en.Length) <= left {
			return shogi.Move(en.Move)
		}
		if m := s.hintSearch(ctx, g, p, left, or); m != shogi.NoMove {
			return m
		}
		if proof {
			return shogi.Move(en.Move)
		}
		return shogi.NoMove
	}
}

// hintHorizons is how many horizons below the plies left the verifier's
// hint probes one by one (two probes each, one per epoch) before the
// horizon summary, which holds every path-independent proof at the
// smallest horizon proven. Probing every horizon down to 0 made a hint
// cost up to one probe per ply left on every node the verifier searched:
// on the Microcosmos tail 601 (one core, 1 GiB, 1.3 M line nodes) 5.3 s of
// the line phase's 7.2 s of CPU went to the early verifications, nearly
// all of it in those probes.
const hintHorizons = 4

// The hint's own searches: at most hintSearchNodes expansions each and
// hintSearchTotal in all per Solve.
const (
	hintSearchNodes = 10_000
	hintSearchTotal = 1_000_000
)

// hintSearch finds a move for the verifier where the tables have none, by
// a small bounded search ("mate within left?") from a copy of p, whose
// entries then guide the hints below it. Measured on the Microcosmos tail
// 61 (current proof search): without it, 358k of the verifier's hinted
// nodes found no entry and 2 alternatives stayed unsettled. The verifier
// only tries the move first; it trusts nothing.
func (s *Solver) hintSearch(ctx context.Context, g *Game, p *shogi.Position, left int, or bool) shogi.Move {
	if !or || !s.shortened || left < 3 || s.hintNodes >= hintSearchTotal || s.halted(ctx) {
		return shogi.NoMove
	}
	hg := newGame(p.Clone(), g.attacker, g.rules, s.evasionCache())
	hg.killers = s.table
	co := core.Options{TCA: true, SNDA: true, NodeLimit: hintSearchNodes}
	r := s.search(ctx, s.boundedGame(hg, left), co, s.fullDeadline)
	s.hintNodes += r.Stats.Expanded
	if r.Outcome != core.Proven {
		return shogi.NoMove
	}
	return shogi.Move(r.BestMove)
}

// evasionCache returns the solver's evasion cache, made on first use.
func (s *Solver) evasionCache() *evasionCache {
	if s.evasions == nil {
		s.evasions = newEvasionCache()
	}
	return s.evasions
}

// Solve is a one-shot Solver.Solve with a table of o.HashMB MiB.
func Solve(ctx context.Context, pos *shogi.Position, o Options) (Result, error) {
	mb := o.HashMB
	if mb == 0 {
		mb = DefaultHashMB
	}
	s, err := NewSolver(mb)
	if err != nil {
		return Result{}, err
	}
	defer s.Close()
	return s.Solve(ctx, pos, o)
}
