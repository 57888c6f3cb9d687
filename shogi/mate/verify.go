package mate

import (
	"fmt"
	"math"
	"slices"

	"github.com/tsume-solver/tsume/shogi"
)

// The independent verifier. It shares no code with the searches (only the
// shogi rules): it replays the line, checks every move, the final mate, and
// that every defender alternative along the line is also mated within the
// plies that remain, by a plain depth-limited AND/OR search of its own.

// Verification is what the verifier checked.
type Verification struct {
	// Plies is the number of moves replayed and checked: each attacker move
	// legal and a check, each defender move legal.
	Plies int `json:"plies"`
	// FinalMate reports that the final position is mate: the defender is in
	// check with no legal move (or, under tsume rules, only futile drops).
	FinalMate bool `json:"final_mate"`
	// Alternatives counts the defender's other legal replies along the line.
	Alternatives int `json:"alternatives"`
	// Refuted counts the alternatives shown mated within the remaining plies.
	Refuted int `json:"refuted"`
	// Futile counts alternatives set aside as futile interpositions.
	Futile int `json:"futile"`
	// Unsettled counts alternatives the verifier's budget did not settle.
	Unsettled int `json:"unsettled"`
	// Nodes is the verifier's own search effort.
	Nodes uint64 `json:"nodes"`
	// OK is true when every check passed and nothing is unsettled.
	OK bool `json:"ok"`
	// Wrong is true when the line was shown wrong (a move illegal or not a
	// check, the end not mate, a defence escaping in time); a line that is
	// neither OK nor Wrong was only not settled within the budget.
	Wrong bool `json:"wrong,omitempty"`
	// Problem describes the first failure, empty when OK.
	Problem string `json:"problem,omitempty"`
}

// Verdict names the outcome in one word: "verified" (OK), "rejected" (Wrong:
// the line was shown not to be a mate in its length) or "unsettled" (the
// budget ran out first).
func (v Verification) Verdict() string {
	switch {
	case v.OK:
		return "verified"
	case v.Wrong:
		return "rejected"
	}
	return "unsettled"
}

// The verifier's search budget: each defender alternative gets its own
// share (so one hard alternative does not leave the others unchecked), and
// the whole verification a cap.
const (
	verifyAltBudget   = 10_000
	verifyTotalBudget = 1_000_000
	hintedAltBudget   = 200_000
	// Alternatives a hinted search left unsettled get a second try with
	// retryFactor times the budget, within retryTotal nodes in all (and
	// the caller's stop): a long line's deep alternatives may need more
	// than the first share.
	retryFactor = 10
	retryTotal  = 20_000_000
	// maxRetryAltBudget caps an alternative's budget in the rounds of
	// a verification that retries until its stop (verifier.untilStop).
	maxRetryAltBudget = 1 << 40
	// quickTotalBudget bounds verifyQuick.
	quickTotalBudget = 200_000
	shortTries       = 7 // plies of iterative deepening before the full depth
)

// Verify checks a mating line from pos (which it does not modify) for the
// given attacker and rules. A failure is reported in the Verification,
// never silently accepted.
func Verify(pos *shogi.Position, attacker shogi.Color, rules Rules, line []shogi.Move) Verification {
	return verify(pos, attacker, rules, line, verifyAltBudget, verifyTotalBudget)
}

// The verifier's default budget for CheckLine (Verify's): nodes for each
// defender alternative, and in all.
const (
	DefaultVerifyAltNodes = verifyAltBudget
	DefaultVerifyNodes    = verifyTotalBudget
)

// CheckLine verifies a line given in USI moves (another engine's answer, a
// book's) for the question Solve would pose about pos under o: the same
// position (under tsume rules the defender's empty hand holds every spare
// piece, so its drops count) and the same attacker (o.DefenderToMove,
// o.AutoDefender), with up to perAlternative verifier nodes to show each
// defender alternative mated in time and total in all. Such a line has no
// hints from our tables, so its long alternatives may need more than
// Verify's budget; a larger one only settles more of them, it never
// changes what counts as refuted. The error is Solve's for a position it
// refuses, or names the first move that is not legal where it stands.
func CheckLine(pos *shogi.Position, o Options, usi []string, perAlternative, total uint64) (Verification, error) {
	p, attacker, err := prepare(pos, &o)
	if err != nil {
		return Verification{}, err
	}
	q := p.Clone()
	line := make([]shogi.Move, 0, len(usi))
	for i, u := range usi {
		m, err := shogi.ParseUSIMove(q, u)
		if err != nil {
			return Verification{}, fmt.Errorf("line: move %d: %w", i+1, err)
		}
		q.Do(m)
		line = append(line, m)
	}
	return verify(p, attacker, o.Rules, line, max(1, perAlternative), max(1, total)), nil
}

// VerifyWithHints is Verify with a move-ordering hint for the attacker in
// a position with a number of plies left (typically from the solver's
// tables: the move it proved with). The hint only
// orders the verifier's own exhaustive search, so the verdict never rests
// on it; it lets alternatives that need a long mate be settled within the
// budget.
func VerifyWithHints(pos *shogi.Position, attacker shogi.Color, rules Rules, line []shogi.Move, hint func(*shogi.Position, int) shogi.Move) Verification {
	return verifyFull(pos, attacker, rules, line, hint, nil, nil)
}

// verifyFull is VerifyWithHints that also stops (leaving alternatives
// unsettled) when stop, polled every few thousand nodes, reports true;
// progress, if set, is called as often with the counts so far and the
// line's ply being checked.
func verifyFull(pos *shogi.Position, attacker shogi.Color, rules Rules, line []shogi.Move, hint func(*shogi.Position, int) shogi.Move, stop func() bool, progress func(Verification, int)) Verification {
	v := verifier{pos: pos.Clone(), attacker: attacker, rules: rules, memo: newMemo(),
		altBudget: verifyAltBudget, totalBudget: verifyTotalBudget, hintedBudget: hintedAltBudget, hint: hint, stop: stop, progress: progress}
	return v.run(line)
}

// verifyUntil is verifyFull whose retries are bounded by stop alone, which
// must end the call (a deadline): rounds of growing budgets (retryFactor
// each) until every alternative is settled. The caller has the time, and
// a line left unsettled is no answer at all, however little of the time
// was spent on it.
func verifyUntil(pos *shogi.Position, attacker shogi.Color, rules Rules, line []shogi.Move, hint func(*shogi.Position, int) shogi.Move, stop func() bool, progress func(Verification, int)) Verification {
	v := verifier{pos: pos.Clone(), attacker: attacker, rules: rules, memo: newMemo(),
		altBudget: verifyAltBudget, totalBudget: verifyTotalBudget, hintedBudget: hintedAltBudget, hint: hint, stop: stop, untilStop: true,
		progress: progress}
	return v.run(line)
}

// verifyQuick is verifyFull without the retries and with quickTotalBudget
// in all: a check made while the tables still hold the proofs that the
// hints read (see Solver.verifyEarly), which costs little when they do.
func verifyQuick(pos *shogi.Position, attacker shogi.Color, rules Rules, line []shogi.Move, hint func(*shogi.Position, int) shogi.Move, stop func() bool, progress func(Verification, int)) Verification {
	v := verifier{pos: pos.Clone(), attacker: attacker, rules: rules, memo: newMemo(),
		altBudget: verifyAltBudget, totalBudget: quickTotalBudget, hintedBudget: hintedAltBudget, hint: hint, stop: stop, noRetry: true,
		progress: progress}
	return v.run(line)
}

// verify is Verify with explicit budgets (per alternative, and in all).
func verify(pos *shogi.Position, attacker shogi.Color, rules Rules, line []shogi.Move, alt, total uint64) Verification {
	v := verifier{pos: pos.Clone(), attacker: attacker, rules: rules, memo: newMemo(), altBudget: alt, totalBudget: total, hintedBudget: hintedAltBudget}
	return v.run(line)
}

// stopPollMask sets how often the verifier polls its stop test: every 64
// nodes, attacker's and defender's (a defender node generates every
// reply, and an attacker's may also run a hint search, which polls the
// same signal).
const stopPollMask = 63

// halt counts a node for the stop test and reports whether the
// verification must stop (the alternatives then count as unsettled).
func (v *verifier) halt() bool {
	if v.stopped {
		return true
	}
	v.polls++
	if v.polls&stopPollMask != 0 {
		return false
	}
	if v.progress != nil {
		r := v.res
		r.Nodes = v.nodes
		v.progress(r, v.ply)
	}
	if v.stop != nil && v.stop() {
		v.stopped = true
	}
	return v.stopped
}

// memo remembers settled answers, "mate within d plies?" by position key,
// as the bounds they give on the position's mate length: a mate within d
// is one within every d' >= d, and no mate within d none within every
// d' <= d (the search is depth-limited and path-independent), so an
// answer also settles the questions of other depths, where a transposition
// or a retry meets the position with more or fewer plies left. Its slots
// are direct-mapped, a newer position replacing an older one in its slot:
// a lost answer only costs its search again (the search is bounded by d,
// so nothing depends on finding it), and a node costs no map insertion (a
// map was an eighth of the verifier's time). The table starts small (most
// verifications take a few thousand nodes) and doubles whenever half its
// slots hold answers, up to maxMemoSlots: a long line's deep alternatives
// take millions of nodes, and with a fixed 32 k slots their answers were
// overwritten long before the transpositions and the retry rounds that
// would have read them came back.
type memo struct {
	slots []memoSlot
	shift uint8 // 64 - log2(len(slots))
	used  int   // slots holding an answer
}

type memoSlot struct {
	key uint64
	// mate is the smallest d shown a mate within d (0: none); none the
	// largest d shown no mate within d (0: none; no mate within 0 is
	// never asked).
	mate, none int32
}

// The memo's first and largest sizes: 512 KiB, then up to 64 MiB.
const (
	memoBits    = 15
	maxMemoBits = 22
)

func newMemo() memo { return memo{slots: make([]memoSlot, 1<<memoBits), shift: 64 - memoBits} }

func (m *memo) slot(key uint64) *memoSlot {
	return &m.slots[(key*0xbf58476d1ce4e5b9)>>m.shift]
}

// get returns the answer the remembered bounds give for (key, d), if any.
func (m *memo) get(key uint64, d int) (mate, ok bool) {
	sl := m.slot(key)
	if sl.key != key {
		return false, false
	}
	if sl.mate != 0 && int(sl.mate) <= d {
		return true, true
	}
	if sl.none != 0 && int(sl.none) >= d {
		return false, true
	}
	return false, false
}

// put remembers the settled answer for (key, d).
func (m *memo) put(key uint64, d int, mate bool) {
	sl := m.slot(key)
	if sl.key != key {
		if sl.mate == 0 && sl.none == 0 {
			if m.used+1 > len(m.slots)/2 && 64-m.shift < maxMemoBits {
				m.grow()
				sl = m.slot(key)
			}
			if sl.mate == 0 && sl.none == 0 {
				m.used++
			}
		}
		*sl = memoSlot{key: key}
	}
	switch {
	case mate && (sl.mate == 0 || int32(d) < sl.mate):
		sl.mate = int32(d)
	case !mate && int32(d) > sl.none:
		sl.none = int32(d)
	}
}

// grow doubles the table, moving its answers (one of two colliding in a
// new slot is dropped, as put would).
func (m *memo) grow() {
	old := m.slots
	m.slots = make([]memoSlot, 2*len(old))
	m.shift--
	m.used = 0
	for _, sl := range old {
		if sl.mate == 0 && sl.none == 0 {
			continue
		}
		n := m.slot(sl.key)
		if n.mate == 0 && n.none == 0 {
			m.used++
		}
		*n = sl
	}
}

type verifier struct {
	pos      *shogi.Position
	attacker shogi.Color
	rules    Rules
	nodes    uint64
	budget   uint64 // node count at which the current alternative stops
	memo     memo
	// bufs are the move lists of the nodes on the search path, one per
	// depth, so a node allocates nothing (the generators' buffers escape).
	bufs  [][]shogi.Move
	depth int

	altBudget, totalBudget uint64
	hintedBudget           uint64 // hintedAltBudget, raised for the retries
	noRetry                bool   // leave unsettled alternatives unsettled
	untilStop              bool   // retry in rounds until stop (see verifyUntil)
	retryNodes             uint64 // the retries' total without untilStop (0: retryTotal)
	// hint, if set, suggests the attacker's move in a position (from the
	// search's tables); the verifier tries it first and trusts nothing.
	hint func(*shogi.Position, int) shogi.Move
	// stop, if set, ends the alternatives' search early (they count as
	// unsettled).
	stop    func() bool
	stopped bool
	polls   uint64 // nodes counted for the stop test (see halt)
	// progress, if set, is called with the counts so far and ply, the
	// line's ply whose alternative is being searched, as often as stop.
	progress func(Verification, int)
	ply      int
	// plain leaves the hint out: the short tries of refuted are cheaper
	// than the hint's own searches (each up to hintSearchNodes) would be.
	plain bool
	res   Verification
	// lineKeys are the keys of the line's positions (before each move,
	// then the end); those from shownFrom on are shown mated within the
	// plies they have left (see showLine).
	lineKeys  []uint64
	shownFrom int
	// noLineMemo leaves the line's positions out of the memo (tests).
	noLineMemo bool
	// tree is the best-first search's (see pns); noPNS leaves it out,
	// pnsOnly the depth-first search (tests, measurements).
	tree           pnsTree
	noPNS, pnsOnly bool
}

func (v *verifier) fail(format string, a ...any) Verification {
	v.res.OK = false
	v.res.Wrong = true
	v.res.Problem = fmt.Sprintf(format, a...)
	v.res.Nodes = v.nodes
	return v.res
}

func (v *verifier) run(line []shogi.Move) Verification {
	// The line's own moves and its final mate first: they cost one move
	// generation a ply, while the alternatives may cost the whole budget
	// (a 16497-ply main line that ended short of mate took 10 s of
	// alternatives, past the deadline, before this was found).
	if msg := v.replay(line); msg != "" {
		return v.fail("%s", msg)
	}
	p := v.pos
	v.lineKeys = make([]uint64, len(line)+1)
	for i, m := range line {
		v.lineKeys[i] = p.Key()
		p.Do(m)
	}
	v.lineKeys[len(line)] = p.Key()
	v.shownFrom = len(line)
	// The alternatives from the line's end back to its start: the late
	// ones have the fewest plies left and cost least, and once every one
	// from a ply on is refuted, the line's positions from there are shown
	// mated in the plies they have left (see showLine), which settles the
	// earlier alternatives that transpose back into the line.
	var retry []pendingAlt
	var buf [shogi.MaxMoves]shogi.Move
	for i := len(line) - 1; i >= 0; i-- {
		m := line[i]
		p.Undo(m)
		if p.SideToMove() != v.attacker {
			remaining := len(line) - i - 1
			for _, alt := range v.defences(buf[:0]) {
				if alt == m {
					continue
				}
				v.res.Alternatives++
				v.ply = i
				tried := v.nodes < v.totalBudget && !v.stopped
				p.Do(alt)
				ok, settled := v.refuted(remaining)
				p.Undo(alt)
				switch {
				case !settled:
					v.res.Unsettled++
					retry = append(retry, pendingAlt{i, alt, tried})
				case ok:
					v.res.Refuted++
				default:
					return v.fail("ply %d: the defence %s instead of %s escapes a mate in %d", i+1, alt.USI(), m.USI(), remaining)
				}
			}
		}
		if len(retry) == 0 {
			v.showLine(i)
		}
	}
	if msg := v.retry(line, retry); msg != "" {
		return v.fail("%s", msg)
	}
	v.res.OK = v.res.Unsettled == 0
	if !v.res.OK {
		v.res.Problem = fmt.Sprintf("%d defender alternatives not settled within the verifier's budget", v.res.Unsettled)
	}
	v.res.Nodes = v.nodes
	return v.res
}

// showLine records in the memo that the line's positions from ply from on
// (before the line's move from) are mated within the plies they have
// left: the line is legal, every attacker move a check and its end mate
// (replay), and the caller has refuted every defender alternative from
// that ply on, within its plies left, by the verifier's own search; the
// line's moves and those refutations are the proof. The answer is the
// verifier's, not the hints': an alternative that transposes into a later
// position of the line is then settled by the memo.
func (v *verifier) showLine(from int) {
	if v.noLineMemo {
		return
	}
	n := len(v.lineKeys) - 1
	for j := from; j < v.shownFrom; j++ {
		v.memo.put(v.lineKeys[j], n-j, true)
	}
	v.shownFrom = min(v.shownFrom, from)
}

// reshowLine puts the line's shown positions back in the memo, where
// later answers may have replaced them.
func (v *verifier) reshowLine() {
	if v.noLineMemo {
		return
	}
	n := len(v.lineKeys) - 1
	for j := v.shownFrom; j < n; j++ {
		v.memo.put(v.lineKeys[j], n-j, true)
	}
}

// replay plays the line from the verifier's position and back, checking
// each move (legal; the attacker's a check) and that the final position is
// mate. It counts the plies and sets FinalMate; it returns the problem, or
// "".
func (v *verifier) replay(line []shogi.Move) string {
	p := v.pos
	var buf [shogi.MaxMoves]shogi.Move
	played := 0
	defer func() {
		for played > 0 {
			played--
			p.Undo(line[played])
		}
	}()
	for i, m := range line {
		legal := false
		for _, l := range p.GenerateLegal(buf[:0]) {
			if l == m {
				legal = true
				break
			}
		}
		if !legal {
			return fmt.Sprintf("ply %d: %s is not a legal move", i+1, m.USI())
		}
		if p.SideToMove() == v.attacker && !p.GivesCheck(m) {
			return fmt.Sprintf("ply %d: attacker move %s does not give check", i+1, m.USI())
		}
		p.Do(m)
		played++
		v.res.Plies++
	}
	if p.SideToMove() == v.attacker {
		return "the line ends with the attacker to move"
	}
	if !p.InCheck() {
		return "the final position is not check"
	}
	if len(v.defences(buf[:0])) != 0 {
		return "the final position is not mate: the defender has a legal reply"
	}
	v.res.FinalMate = true
	return ""
}

// pendingAlt is a defender alternative the first pass left unsettled: the
// ply of the line where it was offered, and the move.
type pendingAlt struct {
	ply int
	alt shogi.Move
	// tried is false for an alternative the first pass did not search
	// (its node total was spent before it).
	tried bool
}

// retry gives the unsettled alternatives of a hinted verification a
// second, larger budget (see retryFactor), from the line's start position
// (left as it was found), within retryTotal nodes; with untilStop, further
// rounds, each retryFactor times the last, until all are settled or stop.
// It returns the problem when one escapes.
func (v *verifier) retry(line []shogi.Move, alts []pendingAlt) string {
	if v.hint == nil || len(alts) == 0 || v.noRetry {
		return ""
	}
	v.altBudget = max(v.altBudget, verifyAltBudget)
	v.totalBudget = v.nodes + retryTotal
	if v.retryNodes != 0 {
		v.totalBudget = v.nodes + v.retryNodes
	}
	if v.untilStop {
		v.totalBudget = math.MaxUint64
	}
	// The alternatives the first pass never searched get its budgets
	// first: most lose quickly, and the growing rounds, in the line's
	// order, would spend their budgets on the hard ones before them (Ran
	// from ply 260, 171 plies left: the first pass's total ran out at ply
	// 33, and 60 s of retries, 20 M nodes, settled one of the 158
	// alternatives, still at ply 35).
	// Each round goes from the line's end back, as the first pass (see
	// run): an alternative settled extends the line's shown positions.
	slices.SortStableFunc(alts, func(a, b pendingAlt) int { return b.ply - a.ply })
	var untried, tried []pendingAlt
	for _, a := range alts {
		if a.tried {
			tried = append(tried, a)
		} else {
			untried = append(untried, a)
		}
	}
	if len(untried) > 0 {
		others := -1
		if len(tried) > 0 {
			others = tried[0].ply
		}
		left, msg := v.retryRound(line, untried, others)
		if msg != "" {
			return msg
		}
		alts = append(tried, left...)
		slices.SortStableFunc(alts, func(a, b pendingAlt) int { return b.ply - a.ply })
	}
	for len(alts) > 0 && !v.stopped && v.nodes < v.totalBudget {
		v.altBudget = min(v.altBudget*retryFactor, maxRetryAltBudget)
		v.hintedBudget = min(v.hintedBudget*retryFactor, maxRetryAltBudget)
		var msg string
		if alts, msg = v.retryRound(line, alts, -1); msg != "" || !v.untilStop {
			return msg
		}
	}
	return ""
}

// retryRound is one round of retry over alts, sorted by ply from the
// line's end back; others is the largest ply of the unsettled
// alternatives outside alts (-1: none). It returns the alternatives still
// unsettled, or the problem when one escapes.
func (v *verifier) retryRound(line []shogi.Move, alts []pendingAlt, others int) ([]pendingAlt, string) {
	p := v.pos
	var left []pendingAlt
	played := 0
	defer func() {
		for played > 0 {
			played--
			p.Undo(line[played])
		}
	}()
	v.reshowLine()
	for k, a := range alts {
		for played < a.ply {
			p.Do(line[played])
			played++
		}
		for played > a.ply {
			played--
			p.Undo(line[played])
		}
		v.ply = a.ply
		p.Do(a.alt)
		ok, settled := v.refuted(len(line) - a.ply - 1)
		p.Undo(a.alt)
		switch {
		case !settled:
			left = append(left, a)
		case ok:
			v.res.Unsettled--
			v.res.Refuted++
			if len(left) == 0 {
				open := others
				if k+1 < len(alts) {
					open = max(open, alts[k+1].ply)
				}
				v.showLine(open + 1)
			}
		default:
			return nil, fmt.Sprintf("ply %d: the defence %s instead of %s escapes a mate in %d", a.ply+1, a.alt.USI(), line[a.ply].USI(), len(line)-a.ply-1)
		}
	}
	return left, ""
}

// defences returns the defender's legal replies without those the tsume
// futile-interposition rule sets aside (counted in res.Futile); an empty
// list means mate.
func (v *verifier) defences(buf []shogi.Move) []shogi.Move {
	p := v.pos
	all := p.GenerateLegal(buf)
	if v.rules != Tsume || !p.InCheck() || len(all) == 0 {
		return all
	}
	for _, m := range all {
		if !m.IsDrop() {
			return all
		}
	}
	out := all[:0]
	for _, m := range all {
		if v.futileDrop(m) {
			v.res.Futile++
		} else {
			out = append(out, m)
		}
	}
	return out
}

// futileDrop restates the futile rule (see futile.go) independently: the
// piece found beyond the drop square, walking away from the king, must be
// able to capture the drop, still checking, after which the defender again
// has only drops (or nothing).
func (v *verifier) futileDrop(m shogi.Move) bool {
	p := v.pos
	k, ok := p.KingSquare(p.SideToMove())
	if !ok {
		return false
	}
	to := m.To()
	step := func(x int) int {
		if x > 0 {
			return 1
		}
		if x < 0 {
			return -1
		}
		return 0
	}
	sf, sr := step(to.File()-k.File()), step(to.Rank()-k.Rank())
	from := shogi.NoSquare
	for f, r := to.File()+sf, to.Rank()+sr; f >= 1 && f <= 9 && r >= 1 && r <= 9; f, r = f+sf, r+sr {
		if s := shogi.NewSquare(f, r); p.PieceAt(s) != shogi.Empty {
			from = s
			break
		}
	}
	if from == shogi.NoSquare {
		return false
	}
	p.Do(m)
	defer p.Undo(m)
	buf := v.push()
	defer v.pop()
	// Only a capture that still checks makes the drop futile, and
	// GenerateChecks gives exactly the legal moves that check: a tenth of
	// the attacker's legal moves to look through (all of them were 12 % of
	// the verifier's time on Ran's deep alternatives, tsume rules).
	for _, c := range p.GenerateChecks(buf) {
		if c.IsDrop() || c.From() != from || c.To() != to {
			continue
		}
		p.Do(c)
		futile := p.InCheck()
		if futile {
			buf2 := v.push()
			for _, e := range p.GenerateLegal(buf2) {
				if !e.IsDrop() {
					futile = false
					break
				}
			}
			v.pop()
		}
		p.Undo(c)
		if futile {
			return true
		}
	}
	return false
}

// refuted reports whether the attacker, to move after a defender
// alternative, mates within d plies. Short mates are tried first
// (iterative deepening to shortTries plies: most alternatives lose
// quickly); then, with the search's hints, the full depth at once (the
// hinted proof is followed first, every defence still enumerated). Each
// alternative has its own budget.
func (v *verifier) refuted(d int) (ok, settled bool) {
	if v.nodes >= v.totalBudget || v.stopped {
		return false, false
	}
	v.budget = min(v.nodes+v.altBudget, v.totalBudget)
	if v.pnsOnly {
		return v.pns(d)
	}
	ok, settled = v.refutedDF(d)
	if settled || v.stopped || v.noPNS || v.nodes >= v.totalBudget {
		return ok, settled
	}
	// The depth-first search ran out: the best-first search gets the
	// alternative's budget again.
	v.budget = min(v.nodes+v.altBudget, v.totalBudget)
	return v.pns(d)
}

// refutedDF is refuted's depth-first search, within v.budget.
func (v *verifier) refutedDF(d int) (ok, settled bool) {
	for n := 1; n <= d && n <= shortTries; n += 2 {
		v.plain = true
		ok, settled := v.or(n)
		v.plain = false
		if ok {
			return true, true
		}
		if !settled {
			if v.stopped || v.hint == nil || d <= shortTries {
				return false, false
			}
			break // out of the short budget: try the hinted full depth
		}
	}
	if d <= shortTries {
		return false, true // every depth up to d settled without a mate
	}
	if v.hint == nil && !v.noPNS {
		// Without hints the full depth is the best-first search's: a
		// depth-first search of 9 plies or more orders the checks by
		// nothing and rarely settles a mate it did not find short.
		return false, false
	}
	if v.hint != nil {
		v.budget = min(v.nodes+v.hintedBudget, v.totalBudget)
	}
	return v.or(d)
}

// push returns an empty move list for the next depth of the search path;
// pop gives it back.
func (v *verifier) push() []shogi.Move {
	if v.depth == len(v.bufs) {
		v.bufs = append(v.bufs, make([]shogi.Move, 0, shogi.MaxMoves))
	}
	v.depth++
	return v.bufs[v.depth-1][:0]
}

func (v *verifier) pop() { v.depth-- }

// and reports whether the defender, to move, is mated within d plies, and
// whether the answer was settled within the budget.
func (v *verifier) and(d int) (bool, bool) {
	p := v.pos
	if d < 2 && p.KingCanMove() {
		// At the horizon only "any defence at all?" matters, and a king
		// move is one (never a futile drop): no list to generate.
		return false, true
	}
	buf := v.push()
	defer v.pop()
	saved := v.res.Futile
	moves := v.defences(buf)
	v.res.Futile = saved // only the line's own nodes count futile drops
	if len(moves) == 0 {
		return true, true // no legal reply (or only futile drops): mated
	}
	if d < 2 {
		return false, true
	}
	if v.halt() {
		return false, false
	}
	key := p.Key()
	if r, ok := v.memo.get(key, d); ok {
		return r, true
	}
	for _, m := range moves {
		p.Do(m)
		ok, settled := v.or(d - 1)
		p.Undo(m)
		if !settled {
			return false, false
		}
		if !ok {
			v.memo.put(key, d, false)
			return false, true
		}
	}
	v.memo.put(key, d, true)
	return true, true
}

// or reports whether the attacker, to move, mates within d plies, and
// whether the answer was settled within the budget.
func (v *verifier) or(d int) (bool, bool) {
	v.nodes++
	if v.nodes > v.budget || v.stopped {
		return false, false
	}
	if v.halt() {
		return false, false
	}
	if d < 1 {
		return false, true
	}
	p := v.pos
	key := p.Key()
	if r, ok := v.memo.get(key, d); ok {
		return r, true
	}
	buf := v.push()
	defer v.pop()
	checks := p.GenerateChecks(buf)
	if v.hint != nil && !v.plain {
		// A hinted move is only tried first: every move is still checked
		// by this search, so a wrong hint costs time, never correctness.
		if h := v.hint(p, d); h != shogi.NoMove {
			for i, m := range checks {
				if m == h {
					checks[0], checks[i] = checks[i], checks[0]
					break
				}
			}
		}
	}
	for _, m := range checks {
		p.Do(m)
		ok, settled := v.and(d - 1)
		p.Undo(m)
		if !settled {
			return false, false
		}
		if ok {
			v.memo.put(key, d, true)
			return true, true
		}
	}
	v.memo.put(key, d, false)
	return false, true
}
