package mate

import (
	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// boundedGame is Game with a horizon: "does the attacker mate within
// limit plies?". An OR node with no plies left has no moves (disproven);
// an AND node with no legal defence is mate whatever the plies left. Keys
// are salted with the plies left, so a result is stored for one horizon
// (a position may be mated within 9 plies from one path and not within the
// 7 left on another); Terminal carries results across horizons.
//
// The value of a position in the bounded game depends on the position and
// the plies left only, not on the path: a mate within n plies that passes
// through a repetition can be shortened by cutting the cycle, and when
// the attacker plays towards the nearest mate no position repeats. So a
// mate within n is a mate within every n' >= n, no mate within n is no
// mate within every n' <= n, and no mate at all under tsume rules (a
// repetition being the attacker's failure) is no mate within any n.
type boundedGame struct {
	*Game
	rootPly int
	limit   int
	// table, when set, holds results of other horizons and of the
	// unbounded proof search for Terminal to reuse.
	table *core.Table
	// seen, when set, holds every board whose horizon summary table holds
	// (see summaryFilter): Terminal probes the summaries of those only.
	seen *summaryFilter
	// ep is the epoch whose keys the search stores under (see epochs).
	ep epochs
	// reachBuf is disproofReach's move buffer (one per thread: Clone
	// drops it).
	reachBuf []shogi.Move
}

// newBoundedGame asks "mate within limit plies?" from g's current
// position; t, if not nil, is the table whose other results it reuses.
// Its keys are those of the first epoch (see epochs).
func newBoundedGame(g *Game, limit int, t *core.Table) *boundedGame {
	return &boundedGame{Game: g, rootPly: g.pos.GamePly(), limit: limit, table: t}
}

// epochs separates the line phase's bounded searches into epochs, so that
// a search meets only the undecided entries of its own epoch, and the
// decided ones of its own and of the one before. A bounded search's keys
// are salted with its epoch (cur); under tsume rules a new epoch starts
// before each bounded search from the root (shorten; under mate rules
// there is one, see rootEpochs). A search that meets a position another
// search left undecided starts from that search's proof and disproof
// numbers, which are about another question (another root, another
// horizon along the path): measured on the Microcosmos tail 101, "mate
// within 103" from the root took 844 k expansions after a pass of 40
// questions along the 105-ply line (tighten.go) had left their open
// entries. Decided results hold whoever asked (see boundedGame), so they
// are read across the boundary: the previous epoch's, which hold the last
// root search's proof and the line walked from it. Older epochs' entries
// are not read by probeDecided's readers (each would cost them one more
// probe) and age out of the table; Terminal reads every epoch's decided
// results through the horizon summary (Decided). Line-phase expansions until the published length, before
// and with epochs (one core, 1 GiB): tail 101 1.33 M and 505 k, tail 201
// 1.30 M and 1.04 M, tail 151 242 k both; the tail 41 proven minimal
// after 1.40 M and 1.20 M. (Hiding every open entry written before a
// search from the root, decided ones of all epochs kept, which the table
// cannot do today: 101 389 k, 201 1.11 M.)
type epochs struct {
	cur, prev uint64 // Board salts; 0 is the first epoch
}

// rootEpochs reports whether the shortening's searches from the root start
// epochs under rules r. Under mate rules they do not: every bounded search
// of a Solve meets the undecided entries of the others. The lines of
// positions from real games are short (9-45 plies), so a root search at
// hi-2 meets positions that the previous root search (at hi, two plies
// deeper) or the tightening pass along its line left open with the same
// plies left, and starts from their numbers. Line nodes to the final
// length (256 MiB, a 2 M line-node limit), with epochs and without: the 36
// generated mates of proofOptions 2.42 M and 2.17 M; gen-shogi seed 21 #68
// 513 k and 79 k, seed 91 #70 517 k and 447 k, seed 51 #95 39 k both;
// held out, the mates of seeds 131 (49), 141 (44) and 151 (32): 731 k and
// 696 k, 3.52 M and 2.41 M (one line 31 -> 27 plies), 530 k and 123 k;
// the same lengths otherwise and the same proven-minimal flags (one
// position worse: 51 k -> 293 k, a mate in 23). With disproof reach and
// the shared horizon summaries (reach.go), measured again the same way
// without epochs and with: the 36 mates 2.06 M and 2.10 M (the same
// lengths and proven-minimal flags), seed 21 #68 77 k and 519 k, seed 51
// #45 703 k and 666 k (17 plies), seed 91 #70 583 k and 545 k (23), seed
// 51 #95 39 k both (23). Under tsume rules, with
// long lines and passes of hundreds of questions far from the root's, the
// epochs pay (see epochs).
func rootEpochs(r Rules) bool { return r == Tsume }

// next returns the epochs after a new one starts; n counts the epochs.
func (e epochs) next(n int) epochs {
	// Bit 63 stays clear: boundedKey sets it, so that no bounded key of
	// any epoch equals an unbounded key (see boundedKey).
	return epochs{cur: uint64(n) * 0x9e3779b97f4a7c15 &^ (1 << 63), prev: e.cur}
}

// epochKey is boundedKey in the epoch whose salt is ep.
func epochKey(k core.Key, left int, ep uint64) core.Key {
	k = boundedKey(k, left)
	k.Board ^= ep
	return k
}

// probeDecided returns the decided entry of the position k (unsalted)
// with left plies left, from the current epoch or else the previous one.
func (e epochs) probeDecided(t *core.Table, k core.Key, left int, or bool, dom core.Dominance) (core.Entry, bool) {
	if en, ok := t.Probe(epochKey(k, left, e.cur), or, dom); ok && (en.PN == 0 || en.DN == 0) {
		return en, true
	}
	if e.prev != e.cur {
		if en, ok := t.Probe(epochKey(k, left, e.prev), or, dom); ok && (en.PN == 0 || en.DN == 0) {
			return en, true
		}
	}
	return core.Entry{}, false
}

// Clone implements core.Cloner, so that a bounded search can run on
// several threads (the embedded *Game's own Clone would drop the horizon).
// The copy keeps the horizon's root ply: its position is the same.
func (b *boundedGame) Clone() core.Game {
	c := *b
	c.Game = b.Game.Clone()
	c.reachBuf = nil
	return &c
}

// The bounded game keeps Game's Estimate. A bounded proof is a proof, so
// the open entry the unbounded proof search left for a position bounds its
// bounded proof number from below, but seeding new nodes with it sent the
// bounded searches away from the parts the proof had worked on: line nodes
// to the final length on gen-shogi seeds 21 #68, 51 #95 and 91 #70 (mate
// rules) 1.07 M -> 2.53 M, 2.63 M with the disproof numbers too.

// PreviewKey and PreviewEstimate implement core.Previewer so as not to
// inherit Game's: the bounded game's keys and Terminal differ, so it
// previews nothing.
func (b *boundedGame) PreviewKey(core.Move) (core.Key, bool, bool) { return core.Key{}, false, false }

// PreviewEstimate: see PreviewKey.
func (b *boundedGame) PreviewEstimate(core.Move, core.Key) (core.PN, core.PN, bool) {
	return 0, 0, false
}

// left returns the plies left before the horizon.
func (b *boundedGame) left() int { return b.limit - (b.pos.GamePly() - b.rootPly) }

// Key salts the game's key with the plies left.
func (b *boundedGame) Key() core.Key { return epochKey(b.Game.Key(), b.left(), b.ep.cur) }

// boundedKey salts a key with the plies left before the horizon. The salt
// is never zero (left is -1 just past the horizon), so no bounded key equals
// the unbounded search's key of the same position.
func boundedKey(k core.Key, left int) core.Key {
	x := uint64(left+2) * 0xd6e8feb86659fd93
	x ^= x >> 32
	k.Board ^= x | 1<<63
	return k
}

// Moves returns no attacker move at the horizon.
func (b *boundedGame) Moves(buf []core.Move, step int) []core.Move {
	if b.OrNode() && b.left() < 1 {
		return buf[:0]
	}
	return b.Game.Moves(buf, step)
}

// Dominates is the game's hand test (same board and horizon).
func (b *boundedGame) Dominates(a, c uint32) bool { return shogi.Hand(a).Superior(shogi.Hand(c)) }

// Terminal decides the horizon without an expansion: an attacker node
// with no ply left is disproven, a defender node at the horizon is mated
// (no defence: Game.Terminal) or has escaped. Measured on the 41-ply
// Microcosmos tail, the disproof of "mate within 39": 1.47 M expansions
// (7.1 s CPU for the whole solve) before, 1.13 M (6.0 s) with it; on the
// 61-ply tail, "mate within 59": 9.23 M -> 8.06 M.
//
// It also answers from results stored for other questions about the same
// position (see boundedGame): at either node, no mate at all (the unbounded
// search's disproof) or a mate the unbounded search proved with a proof of
// at most the plies left (an entry's Length is the depth of its proof
// tree, which bounds the mate's length; such a proof only ever answers
// "mate within", so a disproof, and with it a minimality claim, never rests
// on it, and the lines it yields are verified like any other); and at
// either node a result of any epoch at any horizon that covers this one, a
// mate within at most the plies left or none within at least them (the
// horizon summary, see Decided). Each is one probe.
// Measured on the 41-ply Microcosmos tail, horizons 43, 41 and 39: 325k,
// 249k and 2.99M expansions without it; with it (and the line walker,
// linewalk.go) 268k, 6k and 3.09M: the proofs reuse, the last disproof
// hardly does. The unbounded proofs' lengths took the 41-ply tail's line
// search from 1.23M to 1.11M expansions.
func (b *boundedGame) Terminal() core.Outcome {
	or := b.OrNode()
	left := b.left()
	if or && left < 1 {
		return core.Disproven // no ply left for a check
	}
	if out := b.Game.Terminal(); out != core.Unknown {
		return out // mated: no defence
	}
	if !or && left < 1 {
		return core.Disproven // a defence, and no ply left to answer it
	}
	if b.table == nil {
		return core.Unknown
	}
	k := b.Game.Key()
	if e, ok := b.table.Probe(k, or, b.Game); ok {
		if e.DN == 0 {
			return core.Disproven
		}
		if e.PN == 0 && int(e.Length) <= left {
			return core.Proven
		}
	}
	// Any other horizon's result (see Decided): a mate within at most
	// the plies left, or none within at least them.
	if b.seen != nil && !b.seen.may(summaryBoard(k)) {
		return core.Unknown
	}
	if e, ok := b.table.Probe(lengthsKey(k, true), or, b.Game); ok && e.PN == 0 && int(e.Length) <= left {
		return core.Proven
	}
	if e, ok := b.table.Probe(lengthsKey(k, false), or, b.Game); ok && e.DN == 0 && int(e.Length) >= left {
		return core.Disproven
	}
	return core.Unknown
}

// lengthsKey is the key of a position's horizon summary (see Decided):
// the smallest horizon proven (proven) or the largest disproven. The
// proven summary's salt differs from every horizon's (see boundedKey),
// and is not zero, so it is not the unbounded key either. The disproven summary's Board is the proven one's plus
// summaryStep, so that the two land in one bucket of the table:
// boundedGame.Terminal probes both for nearly every new child that the
// unbounded entry does not decide, and most find nothing, so each probe is
// a cache miss (on the Microcosmos tail 81's line phase Terminal took 31 %
// of the CPU profile, most of it in the probes' first read of a bucket).
// With one bucket, the tail 61 proven minimal after 1.65 M line-phase
// expansions against 1.68 M (the buckets' evictions differ) in 0.80x
// the CPU time of the whole solve, the tail 41 after 536 k both, 0.94x.
// (The unbounded entry's bucket too, the summaries at offsets 1 and 2:
// tail 41 603 k, the summaries crowding its four slots.)
func lengthsKey(k core.Key, proven bool) core.Key {
	k.Board ^= 0xc2b2ae3d27d4eb4f | 1<<63
	if !proven {
		k.Board += summaryStep
	}
	return k
}

// summaryStep is the inverse of core's bucket multiplier modulo 2^64: the
// table picks a Board's bucket from the high bits of Board *
// 0x9e3779b97f4a7c15 (core's bucketNo), and a Board plus summaryStep
// multiplies to one more, which falls in the same bucket unless the first
// is a bucket's last value (one in 2^64/buckets). Should the table hash
// otherwise, the keys stay distinct and only the saving is lost.
const summaryStep = 0xf1de83e19937733d

// Decided implements core.DecidedNoter: a position decided at one horizon
// is summarised under one key per outcome, the smallest horizon proven and
// the largest disproven (each holding for its hand, and by dominance for
// superior hands' proofs and inferior hands' disproofs, as the table's
// probes read them), so that Terminal reads every other horizon's result
// with two probes, whatever the epoch. Results hold whoever asked (see
// boundedGame): a mate within n is one within every n' >= n, none within
// n none within every n' <= n. Before, Terminal probed the horizons two
// plies away only. Line-phase expansions until minimality (one core,
// 1 GiB), Microcosmos tail 41: 715 k before, with the horizons up to 4,
// 8 and 40 plies away probed one by one 616 k, 659 k and 663 k; tail 61:
// 2.52 M before, 2.54 M, 2.34 M and 2.15 M.
func (b *boundedGame) Decided(e core.Entry) {
	if b.table == nil || e.PN != 0 && e.DN != 0 {
		return
	}
	k := b.Game.Key()
	own := k.Hand
	k.Hand = e.Key.Hand
	left := b.left()
	noteHorizon(b.table, b.seen, k, left, e)
	if e.DN == 0 {
		// A disproof may reach past its horizon (see disproofReach): the
		// reach holds for the position's own hand.
		if d := b.disproofReach(left); d > left {
			k.Hand = own
			noteHorizon(b.table, b.seen, k, d, e)
		}
	}
}

// noteHorizon adds to the horizon summary of the position k (unsalted;
// its hand the one the result holds under) the result e (decided) for
// left plies, unless the summary holds as much already, and notes the
// board in f (if not nil) first. Threads that
// write one position's summary at once may leave the weaker of their
// results: every result stored is true, so the summary stays sound.
func noteHorizon(t *core.Table, f *summaryFilter, k core.Key, left int, e core.Entry) {
	if f != nil {
		f.note(summaryBoard(k))
	}
	proven := e.PN == 0
	lk := lengthsKey(k, proven)
	if old, ok := t.Lookup(lk, e.OrNode); ok {
		if proven && old.PN == 0 && int(old.Length) <= left || !proven && old.DN == 0 && int(old.Length) >= left {
			return
		}
	}
	s := core.Entry{Key: lk, OrNode: e.OrNode, PN: e.PN, DN: e.DN, Move: e.Move, Length: uint32(left), Amount: e.Amount, Sound: true}
	t.Store(&s)
}

// PathKey implements core.PathKeyer: on the path a position is compared
// under the game's own key, without the horizon and epoch salts (Key), so
// that a position met again further down, with fewer plies left, is seen
// as the repetition it is. Valuing it as the attacker's failure is sound
// for the bounded question (see core.PathKeyer; an inferior hand too, see
// the core's repetition), and without it cycles such as Microcosmos's
// tokin shuffles were searched down to the horizon. The core's searches of
// a bounded game start at its root, so depth plies below it limit-depth
// plies are left.
func (b *boundedGame) PathKey(k core.Key, depth int) core.Key {
	k.Board ^= epochKey(core.Key{}, b.limit-depth, b.ep.cur).Board
	return k
}
