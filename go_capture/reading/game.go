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
	// untested[p] holds the moves of forced[p] whose gi test is left to
	// the position after them (see offered); untestedChild[p] is set
	// when the move that led to ply p was one of them (for Estimate).
	untested      [maxPly]board.Bitset
	untestedChild [maxPly]bool
	// expanded[p] is set when the core expanded the position at ply p
	// (ExpandTerminal) since it was reached: the core then calls
	// ExpandTerminal at each child it expands too, so the children's
	// Terminal may leave their costly tests to it (see deferred).
	// Elsewhere (the root, PrincipalVariation, any caller without the
	// hook) Terminal answers in full.
	expanded [maxPly]bool
	// eager turns deferred valuation off (Options.eagerTerminal).
	eager bool
	// tested lists forced moves with ip rather than offered: with
	// Options.testedForced, under eager valuation (which would value
	// every offered move at once), and for PN* and C* (PN* on
	// reading.tst: 198 passed, 8.18 M plays with ip; 196, 8.25 M
	// offered; on the 9×9 generated set 2669, 28.1 M against 2664,
	// 30.2 M).
	tested bool
	// deferred is set by Terminal when it left the costly test of the
	// current position to ExpandTerminal, for Estimate.
	deferred bool

	// halt is the core search that drives the game, which a limit of
	// the game's own stops (core.Searcher.Stop; a pointer rather than
	// the method value, which would be allocated at every search).
	halt *core.Searcher
	// passOne is the core's table while it still holds the entries of
	// the pass searched before (pass 1 during pass 3, pass 3 during pass
	// 2), which Estimate reads (passOneHint), else nil; passOneSalt is
	// that pass's salt.
	passOne     *core.Table
	passOneSalt uint64
	// limbo counts the stopMoves on the board (see stopMove); limboSalt
	// keys the positions they lead to.
	limbo     int
	limboSalt uint64
}

// stopMove is the one move the game offers once a limit of its own (the
// play budget, the question's clock or context, the depth guard) has
// stopped it. The game-definition searches cut short by the limit cannot
// tell a terminal position from another, so the game must not answer
// Proven or Disproven any more, nor offer a move list that may be
// incomplete (an AND node with too few forced moves would be proven by
// its children alone). It asks the core to stop (halt), which the core
// notices at its next poll, a few dozen expansions later; until then
// every node it expands has stopMove as its only move, leading to a
// position of its own (limbo) that is never decided. So nothing the core
// concludes or stores after the limit is false: a stopped search ends
// unknown, and the table keeps only what was proven before, which a
// later search may reuse.
const stopMove core.Move = 1 << 31

// stopped reports whether a limit has stopped the game, and if so asks
// the core to stop.
func (g *captureGame) stopped() bool {
	if g.limbo == 0 && !g.s.stopped {
		return false
	}
	if g.halt != nil {
		g.halt.Stop()
	}
	return true
}

// Key leaves out the question number that salts the searcher's own
// table and caches (searcher.question): the core's table is cleared for
// every question anyway, and its buckets are chosen by a multiplicative
// hash, under which another salt would group other positions into a
// bucket. A reused Solver then evicts what a fresh one would, and does
// the same work (TestCoreKeyIgnoresQuestion). The searcher's tables
// index by the key's low bits, where a salt only permutes the slots.
//
// Under positional superko the key also carries the set of positions
// played since the question began (board.HistoryKey), on which the legal
// moves from here on depend: the core's table then never gives a result
// found under one history to a path with another, nor does its
// repetition check see a position repeat under another history, and
// df-pn's and PN*'s results stay sound (APS keeps only move hints
// instead). Without superko HistoryKey is 0.
func (g *captureGame) Key() core.Key {
	if g.limbo > 0 {
		return core.Key{Board: mix64(g.limboSalt + uint64(g.limbo))}
	}
	return core.Key{Board: g.s.b.Key(g.toMove) ^ g.s.ttSalt ^ g.s.b.HistoryKey()}
}

// mix64 is splitmix64's finaliser.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
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
	g.untested[p] = board.Bitset{}
	if g.rootWide && p == 0 {
		g.forced[p], g.nForced[p] = s.candidates(g.forced[p][:0], 3), 3
	} else if s.recapturePending() {
		g.forced[p] = append(g.forced[p][:0], s.target)
		g.nForced[p] = 1
	} else if g.tested {
		f, k := s.ip(g.forced[p][:0], 3)
		g.forced[p], g.nForced[p] = f, int8(k)
	} else {
		f, k := s.offered(g.forced[p][:0], 3, &g.untested[p])
		g.forced[p], g.nForced[p] = f, int8(k)
	}
	g.forcedKey[p], g.forcedOK[p] = key, true
	return g.forced[p], int(g.nForced[p])
}

// Terminal never answers after a limit stopped the game (see stopMove):
// the searches it would consult were cut short.
func (g *captureGame) Terminal() core.Outcome {
	if g.stopped() {
		return core.Unknown
	}
	o := g.terminal()
	if g.stopped() { // the limit fired during this evaluation
		return core.Unknown
	}
	return o
}

func (g *captureGame) terminal() core.Outcome {
	s := g.s
	g.deferred = false
	if s.captured() {
		return core.Proven
	}
	if s.libs() >= s.safeLibs {
		return core.Disproven
	}
	if !g.OrNode() && s.ply > 0 && s.safeExtension() {
		// Saved by an extension to SafeLibs liberties (open.go), known
		// from the board, before the threat tests and the forced
		// moves. Not at the root of a defence, whose answer names a
		// move.
		return core.Disproven
	}
	if p := s.ply; p > 0 && g.expanded[p-1] && !g.eager {
		// The parent is being expanded by the core, which will call
		// ExpandTerminal here if it ever expands this child: answer
		// only what needs no search (see deferred).
		switch g.peek() {
		case threatHolds:
			if g.OrNode() {
				return core.Proven
			}
		case threatNone:
			if !g.OrNode() {
				return core.Disproven
			}
		default:
			g.deferred = true
		}
		return core.Unknown
	}
	return g.costly()
}

// costly is the part of the terminal test that searches: an OR node is
// proven when gi1, gi2 or gi3 holds; an AND node is saved (disproven)
// when none of ip1..ip3 holds. Only whether a threat exists: the forced
// moves (a gi search per candidate) wait until the node is expanded
// (Moves). No forced moves then means proven (core: an AND node without
// moves).
func (g *captureGame) costly() core.Outcome {
	s := g.s
	if g.OrNode() {
		for n := 1; n <= g.maxGi(); n++ {
			if s.gi(n) != board.NoPoint {
				return core.Proven
			}
		}
		return core.Unknown
	}
	if g.andThreat() == 0 {
		return core.Disproven
	}
	return core.Unknown
}

func (g *captureGame) maxGi() int {
	if g.brute {
		return 1
	}
	return 3
}

// ExpandTerminal implements core.DeferredTerminal: the core expands the
// current position, whose Terminal may have left its costly test here
// (deferred valuation). What the test answers depends on the position,
// the ko pass and the game's options only, as Terminal's answers do, so
// the core may store it as the node's value.
//
// Deferred valuation: when the core expands a node it values every
// child (Terminal, Estimate), and most of them it never visits again.
// Valued in full, an AND child (after an attacker move) costs its threat
// test (ip1..ip3: three gi searches after a pass, which fail for most
// attacker moves: the string is saved), and an OR child (after a forced
// defence) its gi1..gi3 searches, most of which fail too. Deferred, a
// child costs only what the gi cache and its liberties tell (peek), and
// its Estimate says what the deferred test usually finds: an AND child
// whose threat is untested is most often saved at its expansion, an OR
// child whose gi searches are untested most often not proven.
func (g *captureGame) ExpandTerminal() core.Outcome {
	g.expanded[g.s.ply] = true
	if g.stopped() {
		return core.Unknown
	}
	o := g.costly()
	if g.stopped() { // a search was cut short
		return core.Unknown
	}
	if o == core.Disproven || o == core.Proven {
		return o
	}
	return core.Unknown
}

// What peek knows without a board play.
const (
	threatUnknown = iota
	threatNone
	threatHolds
)

// peek answers costly's test where that needs no search: at an OR node
// whether some gi_n holds, at an AND node whether a threat exists. A
// gi_n is known when the target's liberties rule it out (gi_n needs at
// most n+1, QSCapture at most 2), when the owner's extensions take the
// target out of its reach whatever the attacker plays (gi's own first
// test: reachAt, open.go), or when the gi cache holds its result
// (from a search at an earlier visit or under a sibling).
func (g *captureGame) peek() int {
	s := g.s
	if g.OrNode() {
		res := threatNone
		for n := 1; n <= g.maxGi(); n++ {
			switch g.peekGi(n) {
			case threatHolds:
				return threatHolds
			case threatUnknown:
				res = threatUnknown
			}
		}
		return res
	}
	p := s.ply
	if g.forcedOK[p] && g.forcedKey[p] == s.key(g.toMove) {
		if g.nForced[p] == 0 {
			return threatNone
		}
		return threatHolds
	}
	if (g.rootWide && p == 0) || s.recapturePending() {
		return threatHolds
	}
	res := threatNone
	s.nullMove() // not a counted play
	for k := 1; k <= 3 && res != threatHolds; k++ {
		switch g.peekGi(k) {
		case threatHolds:
			res = threatHolds
		case threatUnknown:
			res = threatUnknown
		}
	}
	s.undo()
	return res
}

// peekGi answers gi(n), the attacker to move, where that needs no
// search, as gi itself would find it: threatHolds or threatNone, else
// threatUnknown.
func (g *captureGame) peekGi(n int) int {
	s := g.s
	if s.b.Superko() || s.ply >= maxPly-16 {
		return threatUnknown
	}
	l := s.libs()
	if l == 0 || l >= s.safeLibs || l > n+1 || (n == 1 && l > 2) {
		return threatNone // gi_n fails at once
	}
	salt := giSalt[n&3]
	if n == 1 && s.safeLibs > 2 {
		salt = qsSalt(s.qsKoRetakes) // gi1 is QSCapture (gi)
	}
	_, _, m, ok := s.giLookup(s.attacker, salt)
	switch {
	case ok && m != board.NoPoint:
		return threatHolds
	case ok:
		return threatNone
	case n >= 2:
		// gi's first test, from the board (open.go); after the
		// lookup, which answers most of the calls for less.
		var r reach
		if s.reachAt(&r, min(n+1, s.safeLibs), giReachLibs) && r.all() {
			return threatNone
		}
	}
	return threatUnknown
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
	if g.stopped() {
		return append(buf[:0], stopMove)
	}
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
		var k int
		ms, k = g.andInfo()
		if k == 0 && !g.stopped() {
			// A saved node: no move list can say so (none means
			// proven). Terminal or ExpandTerminal decides every such
			// node before its moves are asked, so this is not reached;
			// were it, the search would stop unknown rather than prove
			// a saved string captured.
			g.s.stopped = true
			g.stopped()
			return append(buf[:0], stopMove)
		}
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
	if g.stopped() { // the move list may be cut short
		return append(buf[:0], stopMove)
	}
	return buf
}

func (g *captureGame) Do(m core.Move) {
	g.toMove = g.toMove.Opponent()
	if m == stopMove {
		g.limbo++
		return
	}
	p := g.s.ply
	untested := g.toMove == g.s.attacker && g.forcedOK[p] && g.untested[p].Has(board.Point(m-1))
	if !g.s.play(board.Point(m-1), g.toMove.Opponent()) {
		panic("reading: core played a move the game did not offer as legal")
	}
	g.forcedOK[p+1] = false
	g.expanded[p+1] = false
	g.untestedChild[p+1] = untested
}

func (g *captureGame) Undo(m core.Move) {
	g.toMove = g.toMove.Opponent()
	if m == stopMove {
		g.limbo--
		return
	}
	g.s.undo()
}

func (g *captureGame) Estimate() (pn, dn core.PN) {
	if g.limbo > 0 {
		return 1, 1
	}
	pn, dn = g.estimate()
	if g.passOne != nil {
		// What the pass before decided here is the first guess (see
		// passOneHint).
		k := g.Key()
		if e, ok := g.passOne.Lookup(core.Key{Board: k.Board ^ g.s.ttSalt ^ g.passOneSalt, Hand: k.Hand}, g.OrNode()); ok {
			switch {
			case e.DN == 0:
				return pn + passOneHint, 1
			case e.PN == 0:
				return 1, dn + passOneHint
			}
		}
	}
	return pn, dn
}

// passOneHint is added to the proof (disproof) number of a position
// that pass 1 disproved (proved), when pass 3 meets it first: ko power
// for the first mover changes the outcome of few positions, so pass 1's
// refutation is the likeliest one (and the first mover's wins of pass 1
// hold in pass 3). A position pass 1 decided is thus searched first on
// its side of pass 1's answer; no value changes. Pass 2, searched after
// a pass 3 won, reads pass 3's entries the same way (its ko rules differ
// from pass 3's for the first mover's retakes only): reading.tst 1.711 M
// -> 1.696 M plays, g9 2.786 M -> 2.738 M, g13 0.771 M -> 0.761 M. Measured (plays,
// reading.tst / 9×9 / 13×13 / 19×19 / g19b generated sets, in M):
// without 1.772 / 2.848 / 0.785 / 0.489 / 4.170; with 1.711 / 2.786 /
// 0.771 / 0.433 / 4.075. With a proved position estimated (1, hint)
// instead, from 64 to 16384 the totals moved within 2% (4096: 1.709 /
// 2.714 / 0.776 / 0.432 / 4.064).
const passOneHint = 1024

// estimate is Estimate from the position alone.
func (g *captureGame) estimate() (pn, dn core.PN) {
	// More liberties: harder to capture. The numbers are scaled by
	// estScale so that a deferred child can count for a fraction.
	pn = core.PN(max(g.s.libs(), 1) * estScale)
	switch {
	case !g.deferred:
		return pn, estScale
	case g.OrNode() && g.untestedChild[g.s.ply]:
		// After an owner move whose gi_k test was left here (offered):
		// most such moves do not stop gi_k, which then proves this
		// position at once, so it counts as a one-liberty string's,
		// whatever the liberties (they would make a branch of many
		// candidates look hard to prove), and is as hard to disprove
		// as another deferred child.
		return estScale, 2 * estScale
	case g.OrNode():
		// Untested gi searches: seldom proven at once, a little harder
		// to disprove than a tested child (it may still be proven).
		return pn, 2 * estScale
	default:
		// An untested threat: most often saved at once (disproven at
		// about a sixteenth of a tested child's cost), seldom proven.
		return pn + deferredANDPenalty, 1
	}
}

// estScale scales Estimate's numbers. deferredANDPenalty is added to the
// proof number of an AND child whose threat test is deferred.
//
// Measured on the 9×9 generated set (seeds 1–40, 2712 questions, 1 M
// plays each; eager valuation: 17.72 M plays): scale 16 with penalty 256 10.74 M,
// penalty 64 13.02 M, 1024 10.95 M; scale 8 (penalty 64, OR dn 2×) 11.83 M;
// OR dn 3× the scale 10.81 M. Unscaled (an untested child counted as a
// tested one) reading.tst took 8.3–8.9 M plays against 6.42 M eager: the
// deferred children then look as good as the tested ones, and df-pn
// visits them; of those it visits, 93% of AND children turn out saved
// and 92% of OR children not proven at once.
const (
	estScale           = 16
	deferredANDPenalty = 16 * estScale
)

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

// coreOptions are the core's options for algorithm (AlgoDFPN or
// AlgoPNStar), without limits.
func coreOptions(algorithm string, widen bool) core.Options {
	if algorithm == AlgoPNStar {
		return core.Options{Algorithm: core.PNStar, Widen: widen}
	}
	if algorithm == AlgoCStar { // with the extensions shogi/mate uses
		return core.Options{Algorithm: core.CStar, CStarANDCost: true, CStarBestFirst: true, Widen: widen}
	}
	// The 1+ε trick with ε = 1/4 (the suite at 1 M plays: 8.22 M ->
	// 8.03 M plays, the same passes; ε = 1/2 and 1 each lost a test).
	return core.Options{Algorithm: core.DFPN, TCA: true, Widen: widen, Epsilon: 0.25}
}

// run searches the game's current position with cs, which a limit of
// the game's own stops through halt (see stopMove).
func (g *captureGame) run(ctx context.Context, cs *core.Searcher) core.Result {
	g.halt = cs
	g.limboSalt = mix64(g.s.question ^ uint64(g.s.plays) ^ 0x6c696d626f) // "limbo"
	g.expanded = [maxPly]bool{}
	r := cs.Solve(ctx, g)
	g.halt = nil
	g.expanded = [maxPly]bool{}
	return r
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
	// C* counts every unsolved tip as one whatever Estimate says, so it
	// cannot tell a deferred child from a tested one: it values eagerly
	// (reading.tst, 1 M plays: 194 passed, 17.56 M plays; deferred 192,
	// 17.27 M, 2.4× the expansions).
	eager := o.eagerTerminal || o.Algorithm == AlgoCStar
	// The game is the Solver's, kept between questions with its
	// per-ply buffers of forced moves (a new one allocated 9.5 KB).
	if v.g == nil {
		v.g = &captureGame{}
	}
	g := v.g
	forced := g.forced
	*g = captureGame{s: s, steps: 1, brute: st.Number == 9, eager: eager, tested: eager || o.testedForced || o.Algorithm != AlgoDFPN}
	g.forced = forced
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
	// the adapter's own limits fired (plays, time, ctx, depth) is unknown
	// whatever the core concluded: the game stopped answering (stopMove)
	// and asked the core to stop, so the core's root may still be
	// undecided by then, or decided from what was proven before; only
	// searches that ran to their end count.
	solve := func(share uint64) (core.Result, error) {
		co := coreOptions(o.Algorithm, g.steps > 1)
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
		var err error
		if v.cs == nil {
			v.cs, err = core.NewSearcher(tbl, co)
		} else {
			err = v.cs.Reset(co)
		}
		if err != nil {
			return core.Result{}, err
		}
		cs := v.cs
		// The core polls its clock only every 1024 expansions, which
		// can be long here: the adapter's own clock enforces a share.
		full := s.deadline
		if timeShare > 1 && !full.IsZero() {
			s.deadline = time.Now().Add(co.TimeLimit)
		}
		r := g.run(ctx, cs)
		s.deadline = full
		used += r.Stats.Expanded
		if s.stopped {
			r.Outcome = core.Unknown
			if share > 1 && ctx.Err() == nil && (full.IsZero() || time.Now().Before(full)) && (o.Plays == 0 || s.plays < o.Plays) {
				// Only the share ran out: the question goes on, with
				// the table as the stopped search left it (its
				// outcomes were all proven before the stop).
				s.stopped = false
			}
		}
		return r, r.Err
	}
	first, second := s.attacker, s.owner
	if mode == Defend {
		first, second = s.owner, s.attacker
	}
	res := Result{Move: board.NoPoint}
	// setMode points the searcher and the game at a ko mode's root.
	setMode := func(km koMode) {
		s.koPower = km.power(first, second)
		s.ttSalt = km.salt
		s.koSeen = false
		g.toMove = first
		g.forcedOK = [maxPly]bool{}
		g.rootWide = false
	}
	// pass searches one ko mode and reports how the side moving first
	// fares. A win fills out (code, move, line, proven); a defence's
	// hunt for a named move (koDefenceCore) is made only with hunt, else
	// left to finishHunt. A loss or an undecided search sets out.Proven.
	// attackFirst asks, at a defence's root, whether the attacker
	// captures if the owner passes, with share of what is left.
	attackFirst := func(share uint64) (core.Result, error) {
		wide, ok := g.rootWide, g.forcedOK
		g.rootWide, g.forcedOK = false, [maxPly]bool{}
		s.nullMove()
		g.toMove = s.attacker
		ra, err := solve(share)
		s.undo()
		g.toMove = first
		g.rootWide, g.forcedOK = wide, ok
		res.Stats.Nodes += int64(ra.Stats.Expanded)
		return ra, err
	}
	pass := func(km koMode, out *Result, hunt bool) (passOutcome, error) {
		setMode(km)
		// passRefuted: the owner's pass is known to lose. The root of a
		// defence offers its candidate moves but not the pass, so their
		// failure proves that the string cannot be saved only then.
		passRefuted := true
		if mode == Defend {
			if g.andThreat() == 0 {
				if !o.noFirstDefence {
					m, ok, err := firstDefence(s, g, km.code, solve, &res.Stats.Nodes, tbl)
					if err != nil {
						return passUnknown, err
					}
					if ok {
						out.Code, out.Proven, out.Move = km.code, true, m
						out.Line = []board.Point{m}
						return passWon, nil
					}
				}
				// No threat within the horizon: ask the attacker-first
				// question before answering PASS, as APS does. A
				// quarter of what is left: an undecided attacker-first
				// search only sends the root to every candidate defence
				// (as in APS), which often proves a defence quickly.
				ra, err := attackFirst(attackFirstShare)
				if err != nil {
					return passUnknown, err
				}
				if s.stopped {
					// Out of budget: this pass is undecided, and so is
					// the question, whatever an earlier pass proved
					// (a failure in pass 1 may be a ko success here).
					out.Proven = false
					return passUnknown, nil
				}
				if ra.Outcome == core.Disproven {
					out.Code, out.Proven, out.Move = km.code, true, board.Pass
					if hunt && s.needsMove(km.code) {
						out.Move = koDefenceCore(s, g, km.code, solve)
					}
					out.Line = []board.Point{out.Move}
					return passWon, nil
				}
				passRefuted = ra.Outcome == core.Proven
				g.rootWide = true
				g.forcedOK = [maxPly]bool{}
			}
		}
		r, err := solve(1)
		if err != nil {
			return passUnknown, err
		}
		res.Stats.Nodes += int64(r.Stats.Expanded)
		res.Stats.Steps += max(1, len(r.Steps))
		success := (mode == Attack && r.Outcome == core.Proven) || (mode == Defend && r.Outcome == core.Disproven)
		if !success {
			out.Proven = r.Outcome != core.Unknown
			if r.Outcome == core.Unknown || s.stopped {
				return passUnknown, nil
			}
			if !passRefuted {
				// Every candidate loses, but the attacker-first
				// search ran out of its share: the pass decides, with
				// all that is left (the table now holds more).
				ra, err := attackFirst(1)
				if err != nil {
					return passUnknown, err
				}
				switch {
				case s.stopped || ra.Outcome == core.Unknown:
					out.Proven = false
					return passUnknown, nil
				case ra.Outcome == core.Disproven:
					out.Code, out.Proven, out.Move = km.code, true, board.Pass
					if hunt && s.needsMove(km.code) {
						out.Move = koDefenceCore(s, g, km.code, solve)
					}
					out.Line = []board.Point{out.Move}
					return passWon, nil
				}
			}
			return passLost, nil
		}
		out.Code, out.Proven = km.code, true
		out.Move = board.Point(r.BestMove) - 1
		if r.BestMove == core.NoMove { // decided by Terminal at the root
			out.Move = board.Pass // a defence: none needed
			if mode == Attack {
				for n := 1; n <= 3 && out.Move < 0; n++ {
					out.Move = s.gi(n)
				}
			}
		}
		if hunt {
			finishHunt(s, g, mode, km.code, out, solve)
		}
		out.Line = []board.Point{out.Move}
		if mode == Attack {
			out.Line = out.Line[:0]
			for _, m := range core.PrincipalVariation(g, tbl, 40, nil) {
				out.Line = append(out.Line, board.Point(m)-1)
			}
			if len(out.Line) == 0 {
				out.Line = []board.Point{out.Move}
			}
		}
		return passWon, nil
	}
	// One pass alone (a test option): how the first mover fares in it.
	if o.onlyPass > 0 {
		if _, err := pass(koModes[o.onlyPass-1], &res, false); err != nil {
			return Result{}, err
		}
		res.Stats.Plays = s.plays
		res.Stats.Time = time.Since(start)
		return res, nil
	}
	// The passes in the order clean (1), then the first mover's ko
	// power (3), then both bound (2). Ko power only adds moves for the
	// side that has it, so a pass gives the first mover at least what
	// the pass before it in the order 1, 2, 3 gives: when pass 3 fails,
	// pass 2 fails too, and the question is lost without searching it
	// (on reading.tst 38 questions fail in all three passes, the second
	// costing 0.40 M plays). Pass 2 runs only after a win in pass 3,
	// to tell a code-2 success from a code-3 one.
	if o.passesInOrder {
		for _, km := range koModes {
			out, err := pass(km, &res, true)
			if err != nil {
				return Result{}, err
			}
			if out != passLost || !s.koSeen {
				break
			}
			tbl.Clear()
		}
		res.Stats.Plays = s.plays
		res.Stats.Time = time.Since(start)
		return res, nil
	}
	o1, err := pass(koModes[0], &res, true)
	if err != nil {
		return Result{}, err
	}
	if o1 == passLost && s.koSeen {
		// Pass 1's entries stay for df-pn's estimates in pass 3
		// (passOneHint); the passes' keys differ by their salts. PN*
		// took more plays with them (reading.tst 198 passed, 8.18 M
		// plays, against 197, 8.69 M).
		if o.noPassOneHint || o.Algorithm != AlgoDFPN {
			tbl.Clear()
		} else {
			g.passOne, g.passOneSalt = tbl, koModes[0].salt
		}
		var r3 Result
		r3.Move = board.NoPoint
		o3, err := pass(koModes[2], &r3, false)
		kept := g.passOne != nil
		g.passOne = nil
		if err != nil {
			return Result{}, err
		}
		switch o3 {
		case passUnknown:
			res.Proven = false
		case passLost:
			// res is pass 1's loss, proven
		case passWon:
			if kept && !o.noPassTwoHint {
				g.passOne, g.passOneSalt = tbl, koModes[2].salt
			} else {
				tbl.Clear()
			}
			o2, err := pass(koModes[1], &res, true)
			g.passOne = nil
			if err != nil {
				return Result{}, err
			}
			if o2 == passLost {
				// Code 3, whether or not pass 2 met a ko: a proof of
				// pass 2 that meets none holds in pass 3 as well (no
				// move, terminal or cached gi result in it depends on
				// the ko mode), so a pass 2 without a ko cannot fail
				// where pass 3 won, and the order 1, 2, 3 (which stops
				// at 0 after such a pass 2) gives 3 too. The defence's
				// hunt for a named move runs in pass 3's mode again
				// (its table was cleared).
				stats := res.Stats
				res = r3
				res.Stats = stats
				if mode == Defend {
					setMode(koModes[2])
					tbl.Clear()
					finishHunt(s, g, mode, KoB, &res, solve)
					res.Line = []board.Point{res.Move}
				}
			}
		}
	}
	res.Stats.Plays = s.plays
	res.Stats.Time = time.Since(start)
	return res, nil
}

// passOutcome is how the side moving first fares in one ko pass.
type passOutcome int8

const (
	passUnknown passOutcome = iota // a limit stopped the pass
	passWon
	passLost
)

// finishHunt names the move of a defence won in the ko mode of code
// (as koDefenceAPS does for APS): a code-3 defence names the move the
// ko defence order prefers, not whichever the proof tried first, and a
// defence found as PASS that needs a move (needsMove) hunts for one.
func finishHunt(s *searcher, g *captureGame, mode Mode, code int, out *Result, solve func(uint64) (core.Result, error)) {
	switch {
	case mode == Defend && code == KoB:
		// The owner wins every ko in this pass, so almost any
		// move keeps the target alive.
		if m := koDefenceCore(s, g, code, solve); m != board.Pass || out.Move == board.Pass {
			out.Move = m
		}
	case mode == Defend && out.Move == board.Pass && s.needsMove(code):
		out.Move = koDefenceCore(s, g, code, solve)
	}
}

// firstDefence answers a clean defence question whose target no
// attacker move threatens within the horizon, before the attacker-first
// search: such a defence names a move whatever that search finds (a
// failed attacker-first search sends the hunt for one along the
// defence order, a successful one sends the root to every candidate),
// so when the first move of the defence order is proven to hold, it is
// the answer, and whether the string needed it no longer matters. The
// attacker-first search of a string that is in no danger (proven to
// fail, the string needing no move) is what most defence questions of
// the generated sets spent their plays on. It searches with
// 1/firstDefenceShare of what is left and reports false (the question
// goes on as before) when that move does not hold, or is not proven to
// within the share.
func firstDefence(s *searcher, g *captureGame, code int, solve func(uint64) (core.Result, error), nodes *int64, tbl *core.Table) (board.Point, bool, error) {
	if code != Win || !s.needsMove(code) || s.stopped {
		return board.NoPoint, false, nil
	}
	first := g.toMove
	defer func() { g.toMove, g.rootWide, g.forcedOK = first, false, [maxPly]bool{} }()
	ms := s.defenceOrder(s.buf(), code)
	s.bufs[s.ply] = ms
	for _, m := range ms {
		if !s.play(m, s.owner) {
			continue
		}
		g.toMove, g.rootWide, g.forcedOK = s.attacker, false, [maxPly]bool{}
		r, err := solve(firstDefenceShare)
		s.undo()
		*nodes += int64(r.Stats.Expanded)
		if err != nil {
			return board.NoPoint, false, err
		}
		if r.Outcome == core.Disproven && !s.stopped {
			return m, true, nil
		}
		// The question goes on as without this try: the table is
		// emptied of the try's entries, whose numbers a stopped
		// search left (PN* misled by them took reading.tst 109 from
		// 24 k plays to 585 k: TestFirstDefenceFailedTryLeavesNoTrace).
		tbl.Clear()
		return m, false, nil
	}
	return board.NoPoint, false, nil
}

// firstDefenceShare divides the budget left to a defence question by
// the share firstDefence may spend: a first move that holds is proven
// at once, one that does not may take long to refute, and a try that
// runs out of its share is lost work. On the generated sets (1 M plays
// a question) the 2745 tries that held took at most 6045 plays (g19b;
// g9 4353, g13 313, g19 309; 99% fewer than 300), while the 15 that
// did not took up to their whole share: 62 k plays at a sixteenth (g19
// 56, where the question takes 6 k without the try). Plays of the sets
// (reading.tst / g9 / g13 / g19 / g19b, in M) at a share of 16: 1.510 /
// 2.496 / 0.696 / 0.356 / 3.834; 64: 1.463 / 2.493 / 0.696 / 0.310 /
// 3.834; 128: 1.455 / 2.486 / 0.682 / 0.302 / 3.834; 256: 1.452 / 2.497
// / 0.667 / 0.298 / 3.851 (g19b's two costliest tries no longer fit);
// 1024: g19b 4.345. Every answer the same at each.
const firstDefenceShare = 128

// koDefenceCore is koDefenceAPS for df-pn and PN* (see kodefence.go).
func koDefenceCore(s *searcher, g *captureGame, code int, solve func(uint64) (core.Result, error)) board.Point {
	first := g.toMove
	defer func() { g.toMove, g.rootWide, g.forcedOK = first, false, [maxPly]bool{} }()
	ms := s.defenceOrder(s.buf(), code)
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
