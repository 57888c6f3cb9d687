package mate

import (
	"github.com/tsume-solver/tsume/shogi"
)

// Results that reach past their horizon.
//
// A bounded search that disproves "mate within n" from a position often
// shows more: where no horizon cut the disproof short (a defence leaves
// the attacker no check, the unbounded search disproved a child, a child
// was disproven at a larger horizon before), no mate exists within more
// plies. As KomoringHeights does with the lengths it returns, the horizon
// summary (see Decided) records the largest horizon the children's own
// records establish, so that a question about the same position with more
// plies left, from a transposition a tempo-wasting check away or from the
// next shortening step, is answered at once instead of searched again.
//
// The recurrence is that of the bounded game. An attacker's node is not
// mated within d if no check's defender node is mated within d-1, so its
// reach is one more than its checks' smallest reach; a defender's node is
// not mated within d if one defence's attacker node is not mated within
// d-1, so its reach is one more than its defences' largest. A child's
// reach is read from the table: no mate at all (an attacker's node without
// a check, the unbounded search's disproof) is any horizon; else the
// child's horizon summary; else nothing is known beyond what the node's
// own disproof implies (the plies it leaves the child), so the reach never
// falls below the node's horizon. Every record read is a disproof that holds
// whatever the path (the bounded game's value depends on the position and
// the plies left only, see boundedGame; Decided sees sound results only),
// so the reach is one too.
//
// Measured (line-phase expansions until proven minimal, 1 GiB, one core)
// on the Microcosmos tails 31, 35, ..., 59, 41 and 61: 7.62 M in all
// before, 7.25 M with the reach (geometric mean of the ratios 0.91; tail
// 41 536 k -> 369 k, 43 778 k -> 633 k, 55 876 k -> 718 k; the largest
// losses 61 1.65 M -> 1.81 M and 59 1.74 M -> 1.81 M); tail 81 12.07 M
// (before the summaries shared a bucket) -> 11.66 M, 49.3 s -> 44.4 s of
// CPU for the whole solve; tail 101 13.09 M -> 15.83 M. A search this
// size moves by tens of per cent with any change of the entries it meets
// (without the check count, before the shared bucket, tail 101 took
// 12.26 M against 14.19 M and tail 81 more than 24 M): the gain is the
// mean over many. A solve's CPU time per expansion is unchanged within
// the noise (tail 59: 1.01x). Under
// mate rules the 36 generated mates of proofOptions took 2.29 M line
// nodes to their final lengths before and 2.06 M with it (the same
// lengths and minimal flags). Without the check count (no check at any
// length only under mate rules, where Terminal counts them anyway) the
// tails' mean ratio was 0.95 with losses up to 13 % (tail 41 605 k). The
// mirror image for proofs (the smallest horizon the children's proofs
// establish) took the tails to 0.91 too but the 36 mates to 2.53 M (one
// 242 k -> 825 k): not kept. Under tsume rules the shortening's wall is
// one disproof from the root (tail 81: "no mate within 79", 12 M
// expansions), whose nodes are mostly open ones of positions met at other
// horizons, which no decided result answers: of the first 2 M expansions
// of the line phase, 2.4 % expand a position whose summary holds a
// disproof at another horizon, 0.5 % a proof, and 33 % one with an open
// entry at another horizon (two thirds of those four plies away). Seeding
// a new node's numbers from those entries (its proof number from the
// entry two or four plies more, its disproof number from the one two or
// four plies fewer) took tail 41 to 566 k, the disproof number alone to
// 475 k, the proof number alone to 544 k, against 520 k without: not kept.

// unboundedReach stands for "no mate at any length" in reaches (below
// core's largest Length, and far above any horizon asked).
const unboundedReach = 1 << 14

// disproofReach returns the largest horizon, at least left and of its
// parity, for which the current position (its own hand) is shown not to
// be mated within by the disproofs its children's table records hold. The
// position must be disproven within left plies.
func (b *boundedGame) disproofReach(left int) int {
	or := b.OrNode()
	ms := b.gen(b.reachScratch(), false)
	reach := -1 // a defender's node: the largest child reach
	if or {
		reach = unboundedReach // an attacker's node: the smallest
	}
	for _, m := range ms {
		b.pos.Do(m)
		r := b.childReach()
		b.pos.Undo(m)
		if or {
			reach = min(reach, r)
			if reach < left {
				return left
			}
		} else if r > reach {
			reach = r
			if reach >= unboundedReach {
				break
			}
		}
	}
	d := reach + 1
	if reach >= unboundedReach {
		d = unboundedReach
	}
	if d <= left {
		return left
	}
	return d - (d-left)%2
}

// childReach returns the largest horizon within which the table shows the
// current position (a child of the node whose reach is computed) not to be
// mated: unboundedReach for no mate at all, -1 when nothing is recorded.
func (b *boundedGame) childReach() int {
	k := b.Game.Key()
	or := b.OrNode()
	if or && b.checkCount(k) == 0 {
		return unboundedReach
	}
	if e, ok := b.table.Probe(k, or, b.Game); ok && e.DN == 0 {
		return unboundedReach
	}
	if e, ok := b.table.Probe(lengthsKey(k, false), or, b.Game); ok && e.DN == 0 {
		return int(e.Length)
	}
	return -1
}

// reachScratch returns the empty move buffer of the reach computations,
// allocated on first use (Decided runs between the core's expansions,
// which hold the game's other buffers).
func (b *boundedGame) reachScratch() []shogi.Move {
	if b.reachBuf == nil {
		b.reachBuf = make([]shogi.Move, 0, shogi.MaxMoves)
	}
	return b.reachBuf[:0]
}
