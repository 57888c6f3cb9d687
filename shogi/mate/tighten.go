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

// tightenPass runs one pass over line (a mate within its length, every
// defence checked) from its last attacker node towards the root, and
// returns the first shorter line it establishes (repaired, and verified
// early), or nil.
func (s *Solver) tightenPass(ctx context.Context, g *Game, line []shogi.Move, bounded func(int, uint64) core.Result, stopped func() bool) []shogi.Move {
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
	for i := n - 1; i > 0 && !stopped(); i-- {
		goTo(i)
		lim := n - i - 2
		if !g.OrNode() || lim < 1 {
			continue
		}
		if bounded(lim, tightenBudget).Outcome != core.Proven {
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
