package mate

import (
	"unsafe"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// Game adapts a shogi position to core.Game: the attacker (OR player)
// plays only checks, the defender (AND player) every legal evasion, or every
// legal move when it is not in check (an AND root asked "does every reply
// lose?"). Under tsume rules, drop interpositions that the futile rule
// (futile.go) declares futile are not offered, so a defence that consists
// only of futile drops counts as mate.
//
// A Game keeps its own position; the core drives it with Do and Undo.
type Game struct {
	pos      *shogi.Position
	attacker shogi.Color
	rules    Rules
	// salt separates rule sets (rulesSalt) and positions with different
	// piece totals (mate-search rules with a partial defender hand) in a
	// table reused across problems:
	// within one search the total is fixed, so board + attacker hand
	// determine the defender's hand and dominance stays sound.
	salt uint64
	buf  []shogi.Move // generator scratch, MaxMoves capacity
	fut  futileScratch
	// killers is the proof table the PN* killers read (killer.go); nil
	// turns them off.
	killers *core.Table
	// delays selects the moves that wait for a sibling (delay.go);
	// lastDrop is its scratch, all -1 between calls.
	delays   int
	lastDrop [81]int16
	// evasions caches the defender's move lists (estimate.go).
	evasions *evasionCache
	// counted is the defender's position whose moves Terminal counted
	// last, and count their number: the core asks Terminal and then
	// Estimate of every new child, and Estimate takes the count from here
	// rather than copying the list out of the cache again.
	counted core.Key
	count   int
	free    int // and its king's free squares
	// noPreview turns Preview off (tests compare searches with and
	// without it).
	noPreview bool
	// noMate1 turns off the mate-in-one shortcut of Moves (for
	// measurements and tests that compare with the full move list).
	noMate1 bool
	// noCheckCount gives the attacker's nodes 1, 1 under mate-search
	// rules too (tests compare searches with and without their check
	// counts, see Estimate).
	noCheckCount bool
	// ahead holds the children's keys firstMateCounted computed at an
	// attacker's node, for PreviewKey.
	ahead childKeys
}

// childKeys are the keys of the children of the attacker's node at
// (its key), in the order of moves: the core asks PreviewKey of every
// child, in the order Moves gave, right after Moves, whose mate-in-one test
// (firstMateCounted) has just computed them. next is the first not yet
// asked for.
type childKeys struct {
	at    core.Key
	moves []shogi.Move
	keys  []core.Key
	next  int
}

// NewGame wraps pos for a core search in which attacker plays the checks
// under the given rules; the game owns pos from now on. It does not
// prepare the position (Solve does: tsume hands, input checks), so callers
// driving core directly must pass a position that Solve would accept.
func NewGame(pos *shogi.Position, attacker shogi.Color, rules Rules) *Game {
	return newGame(pos, attacker, rules, nil)
}

// newGame wraps pos (owned by the game from now on). The game uses ev as
// its evasion cache, a new one when ev is nil: a Solver passes its own, so
// that the games of its calls and hint searches share one instead of each
// allocating (and the kernel clearing) 2 MiB. Sharing is exact: an entry's
// key holds the position, the piece total and the rules (see Key), and the
// cached order depends on the position alone.
func newGame(pos *shogi.Position, attacker shogi.Color, rules Rules, ev *evasionCache) *Game {
	if ev == nil {
		ev = newEvasionCache()
	}
	g := &Game{
		pos:      pos,
		attacker: attacker,
		rules:    rules,
		salt:     totalSalt(pos) ^ rulesSalt(rules),
		buf:      make([]shogi.Move, 0, shogi.MaxMoves),
		fut:      newFutileScratch(),
		delays:   defaultDelays,
		evasions: ev,
		ahead:    childKeys{moves: make([]shogi.Move, 0, shogi.MaxMoves), keys: make([]core.Key, 0, shogi.MaxMoves)},
	}
	for i := range g.lastDrop {
		g.lastDrop[i] = -1
	}
	return g
}

// rulesSalt separates the rule sets in a table a Solver keeps across
// calls: under tsume rules futile drops are no defence, under mate-search
// rules they are, so one position may be a mate under one and not the other.
func rulesSalt(r Rules) uint64 { return uint64(r) * 0x94d049bb133111eb }

// totalSalt hashes the multiset of all pieces (board and both hands, by base
// kind), which no move changes.
func totalSalt(pos *shogi.Position) uint64 {
	var counts [16]uint64
	for s := shogi.Square(0); s < 81; s++ {
		if pc := pos.PieceAt(s); pc != shogi.Empty {
			counts[pc.Kind().Unpromote()]++
		}
	}
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		h := pos.Hand(c)
		for _, k := range shogi.HandKinds {
			counts[k] += uint64(h.Count(k))
		}
	}
	x := uint64(0x9e3779b97f4a7c15)
	for k, n := range counts {
		x ^= n << (uint(k) * 4 % 64)
		x *= 0xbf58476d1ce4e5b9
		x ^= x >> 31
	}
	return x
}

// Position returns the game's current position.
func (g *Game) Position() *shogi.Position { return g.pos }

// Key returns the board key (salted with the piece total) and the
// attacker's hand as the domain word.
func (g *Game) Key() core.Key {
	return core.Key{Board: g.pos.BoardKey() ^ g.salt, Hand: uint32(g.pos.Hand(g.attacker))}
}

// OrNode reports whether the attacker is to move.
func (g *Game) OrNode() bool { return g.pos.SideToMove() == g.attacker }

// Terminal proves a defender's position without a defence (mate) before
// it is expanded, so the attacker's node that mates is proven at its own
// expansion. It counts the evasions and the king's free squares, which
// Estimate then reads (the core asks Terminal and then Estimate of every
// new child). Under mate-search rules an attacker's node without a check
// is disproven here: Estimate counts its checks anyway (checkCount), and
// its defender's node is then disproven at its own expansion rather than
// after one of the attacker's (26 hard positions of gen-shogi seed 41: the
// 18 no-mates decided before in 4.37 M -> 2.97 M expansions). Under tsume
// rules attacker nodes are not tested: a check generation per defender
// move costs more than the expansions it saves. Nor for a mate in one (as
// KomoringHeights tests each reply at a defender's first expansion): on
// Microcosmos tail 201 only 27 k of the 1.15 M attacker expansions of the
// first proof end in one, so it could save at most 1.3 % of the
// expansions.
func (g *Game) Terminal() core.Outcome {
	if g.OrNode() {
		if g.countsChecks() && g.checkCount(g.Key()) == 0 {
			return core.Disproven
		}
		return core.Unknown
	}
	g.counted = g.Key()
	g.count, g.free = g.evasionInfo(g.counted)
	if g.count == 0 {
		return core.Proven
	}
	return core.Unknown
}

// Moves appends the moves of the current node (see Game) to buf[:0]. The
// step is ignored: the game offers no widening.
//
// At an attacker's node with a mate in one (a check that leaves the
// defender no legal move at all) that check alone is returned: one proven
// child is the whole proof, a mate in one is the shortest a node to be
// expanded can have, and the child is proven by Terminal, so the node's
// length (1) and the line read from the table are those of the full list.
// Expanding it with every check would play each and count its evasions.
// The mate is a plain one, so it is one under both rule sets. Measured on
// the proof search alone (callgrind, with / without): Microcosmos tails 81
// and 101 take 30% and 12% fewer instructions (fewer expansions: the one
// child is a board move when one mates, so proof hands are smaller); tails
// 41 and 61, whose expansions barely change, 2.7% and 1.1% more.
//
// Whether a node has no mate in one is kept in its slot of the check cache
// (evasionCache.noMate1), so the test runs once per check list generated:
// most expansions re-expand a node. A direct-mapped table of 4096 nodes
// kept for it before let 195 k of 267 k attacker expansions repeat the
// test on Microcosmos tail 201 (500 k expansions).
func (g *Game) Moves(buf []core.Move, step int) []core.Move {
	// The moves are generated in place in buf (growing it when it is too
	// short, as append would): a core.Move and a shogi.Move are the same 32
	// bits (checked at compile time below), so no copy is needed.
	ms := g.generate(unsafe.Slice((*shogi.Move)(unsafe.SliceData(buf)), cap(buf))[:0])
	if !g.noMate1 && g.OrNode() {
		var c *evasionCache
		var k core.Key
		if g.evasions != nil && g.evasions.checks != nil {
			c, k = g.evasions.checks, g.Key()
		}
		if c == nil || !c.noMate1(k) {
			var m shogi.Move
			var ok bool
			if c != nil {
				m, ok = g.firstMateCounted(ms)
			} else {
				m, ok = g.pos.FirstMate(ms)
			}
			if ok {
				return append(buf[:0], core.Move(m))
			}
			if c != nil {
				c.setNoMate1(k)
			}
		}
	}
	return unsafe.Slice((*core.Move)(unsafe.SliceData(ms)), cap(ms))[:len(ms)]
}

// firstMateCounted is FirstMate for a game with a move cache: it plays
// each check in turn and counts the defender's evasions and king freedom
// (evasionInfo, which records them in the cache), stopping at the first
// check that leaves no legal move at all. The core values every child of
// the node right after Moves, by the same count: it now finds each one in
// the cache (PreviewEstimate) instead of playing the check again, so the
// test for a mate in one costs little more than the counts themselves.
// A count of 0 may come from futile drops removed under tsume rules; the
// mate must be a plain one, which CountEvasions decides. The values the
// core sees are the same, so the search is too.
//
// Counting every child, most of which the search never enters, measured
// cheaper than counting only those it chooses. A lazy valuation was built
// that keeps the search exactly as it is: each child valued first by a
// lower bound of its estimate (the escapes the check certainly leaves, as
// the mate test sees them, doubled for the free squares, plus the king
// taking an unguarded checker, captures by pieces no pin can hold and
// blocking drops), and counted only when it is the best or the second best
// child of its node, the choice made again until both are counted. On
// Microcosmos tail 301 (first 300 k expansions, callgrind) the expansions
// were the same and the instructions 3.03 G -> 3.35 G: of 744 k children
// of attacker's nodes, 518 k got a bound and 278 k of those were counted
// all the same; the counts saved (CountEvasions 192 M -> 113 M, Do and
// Undo 206 M -> 165 M) cost less than the mate test's escape counts
// (148 M), the bounds (170 M) and the re-selection (100 M). Weaker
// bounds (one escape found rather than all) 3.47 G; resolving only the
// best child, not the second, left tail 301 unproven at 8.6 M expansions
// (8.14 M to the first proof). With the hooks in place and the bounds
// off, 3.09 G. The same on tails 201 and 401 (300 k expansions) and 601
// (1 M): 2.57 -> 2.84 G, 2.84 -> 3.14 G, 10.04 -> 11.02 G. Valuing every
// uncounted child 3 instead of a bound (the search then changes): tail
// 301's first proof in 10.43 M expansions and 18.5 s of CPU, against
// 8.14 M and 12.8 s; valued 5, unproven at 12.6 M.
func (g *Game) firstMateCounted(ms []shogi.Move) (shogi.Move, bool) {
	// The children's slots first, all of them loading at once: each
	// count reads its slot, a random access to a table of megabytes.
	hand := g.pos.Hand(g.attacker)
	a := &g.ahead
	a.at, a.next = g.Key(), 0
	a.moves, a.keys = append(a.moves[:0], ms...), a.keys[:0]
	for _, m := range ms {
		k := g.checkKey(m, hand)
		a.keys = append(a.keys, k)
		g.evasions.prefetch(k)
	}
	for _, m := range ms {
		g.pos.Do(m)
		n, _ := g.evasionInfo(g.Key())
		mated := false
		if n == 0 {
			board, drops := g.pos.CountEvasions()
			mated = board+drops == 0
		}
		g.pos.Undo(m)
		if mated {
			return m, true
		}
	}
	return shogi.NoMove, false
}

// generate appends the node's moves, ordered, to buf.
func (g *Game) generate(buf []shogi.Move) []shogi.Move { return g.gen(buf, true) }

// gen is generate; with ordered false a defender's evasions may come in
// any order (for counting).
func (g *Game) gen(buf []shogi.Move, ordered bool) []shogi.Move {
	if g.OrNode() {
		ms := interpositionFirst(g.pos, g.sortedChecks(buf))
		if m, ok := g.killerMove(ms); ok {
			moveToFront(ms, m)
		}
		return ms
	}
	if !g.pos.InCheck() {
		return g.pos.GenerateLegal(buf)
	}
	var k core.Key
	if g.evasions != nil {
		k = g.Key()
		if ms, ok := g.evasions.get(k, buf); ok {
			return ms
		}
	}
	buf = g.pos.GenerateEvasions(buf)
	if g.rules == Tsume {
		buf = removeFutile(g.pos, buf, &g.fut)
	}
	if ordered {
		buf = orderEvasions(buf)
	}
	if g.evasions != nil {
		g.evasions.put(k, buf, ordered)
	}
	return buf
}

// sortedChecks appends the attacker's checks, in sortChecks' order, to buf.
func (g *Game) sortedChecks(buf []shogi.Move) []shogi.Move {
	if g.evasions == nil || g.evasions.checks == nil {
		return sortChecks(g.pos.GenerateChecks(buf))
	}
	c := g.evasions.checks
	k := g.Key()
	if ms, ok := c.get(k, buf); ok {
		return ms
	}
	ms := sortChecks(g.pos.GenerateChecks(buf))
	c.put(k, ms, true)
	return ms
}

// Do plays m and starts loading the new position's slot of the move cache
// (the check cache at an attacker's node), which its expansion (Moves)
// reads first: the core plays a move to enter a node, whose entry it
// then looks up in its table, and the two misses overlap.
func (g *Game) Do(m core.Move) {
	g.pos.Do(shogi.Move(m))
	c := g.evasions
	if c == nil {
		return
	}
	if g.OrNode() {
		c = c.checks
		if c == nil {
			return
		}
	}
	c.prefetch(g.Key())
}

// Undo takes m back.
func (g *Game) Undo(m core.Move) { g.pos.Undo(shogi.Move(m)) }

// Estimate gives mobility-based initial numbers (as in df-pn+). After a
// check (AND node) pn is the number of defences (futile drops excluded,
// each must be refuted) plus the defender king's free squares (a king with
// room tends to slip away later). Measured against free squares alone (the
// previous estimate): 31% fewer expansions on the antma set, 34% fewer on
// the YaneuraOu set, 32% and 50% fewer on 31- and 41-ply positions, at the
// cost of a second move generation per child.
//
// An attacker's node gets 1, 1 under tsume rules. Under mate-search rules
// (real-game positions, where either answer is common) it gets pn 1 and
// dn checksDN(its number of checks): its first expansion gives it the
// number itself as dn (the sum of its children's, 1 each). With 1, 1 a
// defender's node expanded every reply once only to learn that number
// before it could choose the reply with the fewest checks to refute: on a
// generated no-mate a third of all expansions were such attacker nodes,
// ending at once above their threshold. The checks are generated into the
// check cache, where the node's expansion finds them. Measured (proof
// search expansions, 256 MiB): 26 hard positions of gen-shogi seed 41
// (limit 2 M each), 19.5 M -> 15.4 M in all, one more decided (a no-mate
// at 0.74 M), the 18 no-mates decided before 7.19 M -> 4.37 M, the two
// mates 0.35 M -> 0.32 M; seed 21 (100 positions, limit 1 M), the same
// answers, the no-mates 1.86 M -> 1.31 M, the mates 0.40 M -> 0.45 M.
// Under tsume rules it lost on the Microcosmos tails' first proofs: tails
// 41 to 401 0.73-1.70x, six of eight in more expansions (with a terminal
// test of attackers without a check as well, 0.51-1.04x, but tail 601
// unproven after 34.7 M expansions, 18.7 M before).
//
// The weights of the defender's number stay 1 and 1: the first proofs
// swing both ways with them. The free squares counted twice (n + 2 free)
// took tails 201, 301, 401 and 601 0.95x, 0.86x, 0.91x and 0.88x the
// expansions and the antma set 0.92x, but tails 81 and 101 2.8x and 2.4x
// (756 k, 679 k); 1.5 times took 101 1.19x, 201 1.13x, 301 1.12x, and 81
// past 1.4x; three times 201 0.94x, 301 1.03x. A forced reply (one
// evasion) valued 1 instead of 1 + free: 201 1.17x, 301 1.15x.
func (g *Game) Estimate() (pn, dn core.PN) {
	if g.OrNode() {
		if !g.countsChecks() {
			return 1, 1
		}
		return 1, checksDN(g.checkCount(g.Key()))
	}
	n, free := g.count, g.free
	if k := g.Key(); k != g.counted || k == (core.Key{}) {
		n, free = g.evasionInfo(k)
	}
	return core.PN(max(1, n) + free), 1
}

// checksDN is the disproof number Estimate gives an attacker's node with
// n checks: n itself, the dn the node's first expansion gives it (the sum
// of its children's, 1 each; under mate-search rules the proof search sums
// them, see proofOptions), so the estimate does not jump when the node is
// expanded. Half of it, rounded up, suited SNDA's max, which gave the
// expanded node less than the sum: with the sum, on the 58 positions of
// gen-shogi seeds 21, 31, 61 and 71 that took 20 k expansions or more
// (a fresh table each, limit 1.5 M), all 58 decided either way, the
// no-mates 6.97 M -> 5.51 M expansions, the mates 3.31 M -> 3.87 M; on
// the 26 hard positions of seed 41 (limit 2 M), one more no-mate
// decided (at 1.95 M), the 19 decided before 3.87 M -> 3.06 M, the two
// mates 0.26 M -> 0.29 M. A third, rounded up: no-mates 8.29 M on the
// 58. Used only under mate-search rules.
func checksDN(n int) core.PN { return core.PN(max(1, n)) }

// countsChecks reports whether the attacker's nodes are valued by their
// number of checks (Estimate): under mate-search rules.
func (g *Game) countsChecks() bool { return g.rules == MateSearch && !g.noCheckCount }

// checkCount returns the number of checks of the current attacker's node
// k, from the check cache, generating them into it when they are not there.
func (g *Game) checkCount(k core.Key) int {
	if g.evasions == nil || g.evasions.checks == nil {
		return len(g.pos.GenerateChecks(g.fut.est[:0]))
	}
	c := g.evasions.checks
	if n, ok := c.count(k); ok {
		return n
	}
	// Stored unsorted: most counted nodes are never expanded (get sorts).
	ms := g.pos.GenerateChecks(g.fut.est[:0])
	c.put(k, ms, false)
	return len(ms)
}

// evasionInfo returns the number of moves of the current defender's node
// k (generate's list) and its king's free squares, from the cache when it
// knows them, and records them there. In check it counts without listing
// (shogi's CountEvasions), except where the futile rule may remove drops:
// under tsume rules, when every evasion is a drop. Most counted positions
// are never expanded (on Microcosmos tail 201, 95 k of 594 k within 500 k
// expansions), so their lists are not made at all. Both numbers go to the
// slot in one write: the slot is a random memory access.
func (g *Game) evasionInfo(k core.Key) (n, free int) {
	def := g.pos.SideToMove()
	if !g.pos.InCheck() {
		return len(g.gen(g.fut.est[:0], false)), g.pos.KingFreedom(def)
	}
	if g.evasions != nil {
		if n, free, ok := g.evasions.info(k); ok {
			return n, free
		}
	}
	board, drops := g.pos.CountEvasions()
	if g.rules == Tsume && board == 0 && drops > 0 {
		// gen records the list; the freedom goes to its slot.
		n = len(g.gen(g.fut.est[:0], false))
		free = g.pos.KingFreedom(def)
		if g.evasions != nil {
			g.evasions.setFreedom(k, free)
		}
		return n, free
	}
	n, free = board+drops, g.pos.KingFreedom(def)
	if g.evasions != nil {
		g.evasions.putCount(k, n, free)
	}
	return n, free
}

// PreviewKey implements core.Previewer: the key after m without playing
// it. After a check it starts loading the move cache's slot of the
// defender's position, which PreviewEstimate reads.
func (g *Game) PreviewKey(m core.Move) (k core.Key, or bool, ok bool) {
	if g.noPreview {
		return k, false, false
	}
	sm := shogi.Move(m)
	hand := g.pos.Hand(g.attacker)
	if !g.OrNode() {
		return core.Key{Board: g.pos.BoardKeyAfter(sm) ^ g.salt, Hand: uint32(hand)}, true, true
	}
	if g.evasions == nil {
		return k, false, false
	}
	if a := &g.ahead; a.next < len(a.moves) && a.moves[a.next] == sm && a.at == g.Key() {
		// Computed (and its slot loaded) by firstMateCounted.
		k = a.keys[a.next]
		a.next++
		return k, false, true
	}
	k = g.checkKey(sm, hand)
	g.evasions.prefetch(k)
	return k, false, true
}

// checkKey returns the key after the attacker's move m, the attacker
// holding hand before it.
func (g *Game) checkKey(m shogi.Move, hand shogi.Hand) core.Key {
	if m.IsDrop() {
		hand = hand.Sub(m.Kind())
	} else if c := m.Captured(); c != shogi.NoKind {
		hand = hand.Add(c.Unpromote())
	}
	return core.Key{Board: g.pos.BoardKeyAfter(m) ^ g.salt, Hand: uint32(hand)}
}

// PreviewEstimate implements core.Previewer. A defender's move leads to
// an attacker's node whose number of checks (Estimate) the check cache may
// hold; an attacker's check leads to a defender's node whose number of
// evasions and king freedom the move cache may hold from an earlier
// visit. A position without a move (a mate, or under mate-search rules an
// attacker without a check) is left to Do and Terminal.
func (g *Game) PreviewEstimate(m core.Move, k core.Key) (pn, dn core.PN, ok bool) {
	if !g.OrNode() {
		if !g.countsChecks() {
			return 1, 1, true
		}
		if g.evasions == nil || g.evasions.checks == nil {
			return 0, 0, false
		}
		n, ok := g.evasions.checks.count(k)
		if !ok || n == 0 {
			return 0, 0, false // no check: Terminal disproves it
		}
		return 1, checksDN(n), true
	}
	n, free, ok := g.evasions.info(k)
	if !ok || n == 0 {
		return 0, 0, false
	}
	return core.PN(n + free), 1, true
}

// CycleOutcome: a repetition on the path means the attacker checked
// forever, which fails under both rule sets (perpetual check loses).
func (g *Game) CycleOutcome() core.Outcome { return core.Disproven }

// Dominates reports whether attacker hand a contains hand b: with the
// piece total fixed, the defender then holds less, so a is at least as
// good for the attacker on the same board.
func (g *Game) Dominates(a, b uint32) bool { return shogi.Hand(a).Superior(shogi.Hand(b)) }

// This does not compile unless core.Move and shogi.Move have the
// same size, which Moves's in-place casts between their slices rely on.
var _ = [1]struct{}{}[unsafe.Sizeof(core.Move(0))-unsafe.Sizeof(shogi.Move(0))]
