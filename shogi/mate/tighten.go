package mate

import (
	"context"
	"slices"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// Tightening a proven line along its own positions.
//
// A line of n plies whose every defence off the line is mated within the
// plies it leaves (repairLine's result) proves "mate within n" at the root.
// It is shorter where the attacker has a shorter mate from one of its own
// positions: at the attacker's node i, with r = n-i plies left, a proof of
// "mate within r-2" gives a new tail (walkLine), and the line with that
// tail is repaired again (every earlier defence asked whether it is mated
// within its new, smaller remainder; one that is not becomes the line). A
// repaired line shorter than n replaces the line.
//
// Measured on the Microcosmos tail 301 (first proof 10.4 M expansions):
// the 313-ply line the shortening reached is 12 plies too long because of
// one attacker choice 132 plies in; from that position "mate within 179"
// (the line leaves 181) took 2 k expansions and 177 down to 169 another
// 0.65 M, and the published 301-ply line repairs (every defence proven
// within its remainder) with 26 k nodes of proof walks, while "mate within
// 311" from the root was still open after 5.5 M expansions. The root's
// search has to find which of the line's hundred attacker nodes can do
// better; the questions along the line ask each one directly, and the
// productive ones are small.
//
// A pass asks the line's attacker nodes from the end backwards (the root
// is left to the shortening's own search), each with tightenBudget
// expansions, and stops at the first shorter line. The shortening gives a
// pass each line of a new length that the first proof or the root's search
// produced, and sends the line a pass finds to the root's search, not to
// another pass: the bounded searches share their entries by position and
// plies left, and after more passes the root's search did much worse
// (tail 201: "mate within 207" from the root took 1.0 M expansions after
// one pass, and was open after 9.7 M when a second pass with 16 k per
// node, or a 4 k pass over the pass's own line, came first), while passes
// alone reached only 309 plies on tail 301 after 5.2 M line nodes. With
// one pass per such line, line-phase nodes until the published length,
// against the root's searches alone: tail 151 240 k (764 k), tail 201
// 1.43 M (1.95 M), tail 301 8.56 M (13.98 M; 313 plies after 213 k
// against 2.18 M); tail 401 reached 401 plies 45 s into the line phase
// against 74 s (loaded machine). The cost: a pass over a line that is
// already minimal finds nothing and makes the root's disproof harder (tail
// 41, proven minimal either way: 1.52 M line nodes against 1.11 M).

// tightenBudget is a pass's budget per node. The questions that find a
// shorter line are small (on the Microcosmos tails 101, 151 and 201: 213,
// 8 and 60 expansions), while a pass over a line with no shortcut within
// reach spends the budget at nearly every node. With epochs (bounded.go),
// line-phase nodes until the published length with 4 k, 2 k and 1 k per
// node: tail 61 172 k, -, 110 k; 101 505 k, 450 k, 406 k; 151 242 k,
// 183 k, 165 k; 201 1.04 M, 1.01 M, 988 k; 301 4.74 M, -, 4.67 M (500:
// 101 397 k, 151 136 k, 201 1.01 M). Against that, tail 41, whose first
// line is minimal, was proven so after 1.20 M, 1.27 M and 1.29 M: the
// pass's disproofs there are lemmas of the root's. Under mate rules,
// whose lines are short, 5 k and 20 k per node took the 36 generated mates
// of proofOptions from 2.42 M line nodes to the final lengths to 2.44 M
// and 3.29 M, and seeds 21 #68, 51 #95 and 91 #70 from 1.07 M to 0.92 M
// and 1.14 M: no gain beyond the spread of single positions.
const tightenBudget = 1_000

// The lower-bound pass. Under tsume rules the questions of a pass that
// find nothing are the line's lower bounds ("no mate within r-2" at the
// attacker's node with r plies left), and these are the root's disproof
// of "mate within n-2" along the line cut into pieces: asked from the end
// backwards, each is small given the ones after it, whose disproofs reach
// Terminal through the horizon summaries whatever the epoch. The cheap
// pass settles only the last twenty-odd plies of a long line (tail 151:
// up to "mate within 19?"), and the root's search does the rest at once.
// So once the cheap pass has had a line (and found nothing, or found the
// line), a second pass asks the same questions with lowerBoundNodes each
// before the root's search; like the cheap pass it stops at the first
// shorter line, and after tightenOpenRun questions in a row left
// undecided it asks the rest with tightenBudget (the lower bounds further
// back depend on the ones it could not settle, and each question would
// spend its whole budget).
//
// Line-phase nodes until proven minimal (1 GiB, one core) without it and
// with it: Microcosmos tail 81 11.66 M and 10.03 M, 101 15.83 M and
// 13.35 M, 151 26.90 M and 18.76 M, 201 open at 30 M ("no mate within
// 199?" undecided after 29.8 M) and 26.25 M. The published length is
// reached later where the first line is longer and the cheap pass does
// not find it: tail 101 after 682 k line nodes instead of 48 k, 201 after
// 1.11 M instead of 158 k (81 and 151: unchanged, 30 k and 51 k). On
// the shorter tails, whose root disproofs are small, it costs: tails 31,
// 35, ..., 59, 41 and 61 7.25 M and 7.59 M in all (59 1.81 M -> 1.47 M,
// 47 499 k -> 764 k, 41 369 k -> 487 k, the others within +30 %). Other
// budgets, measured before the pass had its own turn (one pass of N per
// node, the lower bounds and the shortcuts at once): no limit, tail 151
// 22.5 M (one node's "no mate within 77" 11.2 M), tail 81 16.6 M; 100 k
// without tightenOpenRun, 151 18.0 M, 81 10.5 M, 101 20.6 M, 201 25.1 M
// but its length after 6.9 M. The pass only after the root's search with
// a budget of 1 M ended open (the root's disproofs below that asked at
// once, as before): the ten shorter tails 7.06 M in all (the eight below
// 59 unchanged), 101 12.79 M with its length after 48 k, but 81 14.21 M,
// 151 21.04 M, and 201 open after 35 M (the pass over the 201-ply line
// gave up at "mate within 41?", the first line's pass never ran).

// lowerBoundNodes is the lower-bound pass's budget per node under rules r,
// 0 for no such pass: under mate rules, whose lines are short, a larger
// budget gained nothing (see tightenBudget).
func lowerBoundNodes(r Rules) uint64 {
	if r == Tsume {
		return 100_000
	}
	return 0
}

// lowerBounds is the lower-bound pass's budget per node under rules r: the
// Solver's override (lowerBoundsSet: negative for none) if set, else
// lowerBoundNodes.
func (s *Solver) lowerBounds(r Rules) uint64 {
	if s.lowerBoundsSet < 0 {
		return 0
	}
	if s.lowerBoundsSet > 0 {
		return uint64(s.lowerBoundsSet)
	}
	return lowerBoundNodes(r)
}

// tightenOpenRun is the number of questions in a row that a pass with a
// budget above tightenBudget may leave undecided before it asks the rest
// with tightenBudget. On the Microcosmos tail 201, with 100 k per node and
// no such limit, a pass over a 20x-ply line left the 58 questions from
// "mate within 55?" to 169 undecided: 5.8 M expansions before the root's
// search.
const tightenOpenRun = 3

// tightenPass runs one pass over line (a mate within its length, every
// defence checked) from its last attacker node towards the root, with
// budget expansions per node (tightenBudget, or the lower-bound pass's),
// and returns the first shorter line it establishes (repaired, and
// verified early), or nil.
func (s *Solver) tightenPass(ctx context.Context, g *Game, line []shogi.Move, bounded func(int, uint64) core.Result, budget uint64, stopped func() bool) []shogi.Move {
	n := len(line)
	played := 0
	goTo := func(k int) {
		for played > k {
			played--
			g.pos.Undo(line[played])
		}
		for played < k {
			g.pos.Do(line[played])
			played++
		}
	}
	defer goTo(0)
	// The repair's own bounded searches (an alternative the proof walk did
	// not settle) have a budget too.
	capped := nodeCapped(bounded, repairSearchNodes(g.rules))
	undecided := 0 // questions in a row left undecided
	for i := n - 1; i > 0 && !stopped(); i-- {
		goTo(i)
		lim := n - i - 2
		if !g.OrNode() || lim < 1 {
			continue
		}
		out := bounded(lim, budget).Outcome
		if out != core.Unknown {
			undecided = 0
		} else if undecided++; undecided == tightenOpenRun {
			budget = min(budget, tightenBudget)
		}
		if out != core.Proven {
			continue
		}
		sub := s.walkLine(g, lim, bounded)
		if sub == nil {
			continue
		}
		cand := append(slices.Clip(line[:i]), sub...)
		goTo(0)
		if rep := s.repairLine(ctx, g, cand, capped); rep != nil && len(rep) < n {
			s.verifyEarly(ctx, g, rep, stopped)
			return rep
		}
	}
	return nil
}

// repairSearchNodes bounds each bounded search of a capped repair (a
// tightening pass's, and settleByRepair's of a short unverified line)
// under rules r. Such a search either settles a defence within the plies
// it leaves or meets the defence that escapes, whose disproof costs what
// one from the root does; a capped search that ends undecided is wasted.
// Under mate rules, in positions from real games, the settling searches
// are small: on gen-shogi seed 81 #3, seed 91 #79, seed 51 #95 and 36
// generated mates (line-node limit 1 M), every one that settled took at
// most 31 k expansions, and the three that hit the 100 k cap ended
// undecided. With mateRepairNodes, line nodes until the answer's length
// went 2.09 M -> 1.90 M in all: seed 91 #79 0.43 M -> 0.30 M (its mate
// in 17), another mate in 20 0.25 M -> 0.19 M, the other 37 unchanged.
func repairSearchNodes(r Rules) uint64 {
	if r == MateSearch {
		return mateRepairNodes
	}
	return tightenRepairNodes
}

// repairSearchNodes' budgets: tightenRepairNodes under tsume rules,
// mateRepairNodes under mate rules.
const (
	tightenRepairNodes = 100_000
	mateRepairNodes    = 40_000
)
