package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/eval"
)

func init() {
	register("bestmove", "search a shogi position for its best move (C* for minimax trees or alpha-beta, material evaluation)", runBestMove)
}

// runBestMove implements `tsume bestmove`.
func runBestMove(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bestmove", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sfen := fs.String("sfen", "startpos", "position (SFEN, or startpos)")
	moves := fs.String("moves", "", "USI moves played from the position first")
	algo := fs.String("algo", "cstar", "search: cstar (C* for minimax trees, Seo 1995 ch. 6) or alphabeta")
	depth := fs.Int("depth", 3, "horizon in plies: positions there are evaluated, never expanded")
	sep := fs.Uint64("separation", 3, "C*: stop once the best move's separation (the least number of evaluations that must change for another move to become better) reaches this; 0: until it cannot change")
	fixed := fs.Bool("fixed-horizon", false, "C*: count the horizon's evaluations as exact, so a separation of 0 (infinity) finds a best move of the bounded tree")
	nodes := fs.Uint64("nodes", 100000, "expanded-node budget (0: none)")
	timeLimit := fs.Duration("time-limit", 0, "time limit (0: none)")
	jsonOut := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return exitBadInput
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "bestmove: unexpected argument %q\n", fs.Arg(0))
		return exitBadInput
	}
	if *depth < 1 {
		fmt.Fprintf(stderr, "bestmove: --depth %d: want at least 1\n", *depth)
		return exitBadInput
	}
	s := *sfen
	if s == "startpos" {
		s = shogi.NewStartPosition().SFEN()
	}
	pos, err := parseProblem(s, *moves)
	if err != nil {
		fmt.Fprintf(stderr, "bestmove: bad position: %v\n", err)
		return exitBadInput
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	o := eval.Options{Algorithm: *algo, Depth: *depth, Separation: *sep, FixedHorizon: *fixed, NodeLimit: *nodes, TimeLimit: *timeLimit}
	j, err := eval.Search(ctx, pos, o)
	if err != nil {
		fmt.Fprintf(stderr, "bestmove: %v\n", err)
		return exitBadInput
	}
	if *jsonOut {
		b, _ := json.Marshal(j)
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	fmt.Fprintf(stdout, "bestmove %s value %d (%s, depth %d, material: pawn 100 ... rook 1000)\n", j.Move, j.Value, j.Algorithm, *depth)
	if j.Algorithm == core.MinimaxCStar.String() {
		fmt.Fprintf(stdout, "conspiracy: fall %s (MIN-CN(best, value-1)), rise %s (least MAX-CN(other, value+1)), separation %s, target %s: %s\n",
			j.Fall, j.Rise, j.Separation, eval.CN(orInf(core.PN(*sep))), decidedWord(j.Decided))
	} else {
		fmt.Fprintf(stdout, "alpha-beta: completed depth %d: %s\n", j.Depth, decidedWord(j.Decided))
	}
	fmt.Fprintf(stdout, "stats: EX %d GE %d IT %d RE %.3f BR %.2f; move chosen at node %d; %s in %.0f ms\n",
		j.EX, j.GE, j.IT, j.RE, j.BR, j.DecidedAt, j.Stop, j.TimeMS)
	return exitOK
}

func orInf(x core.PN) core.PN {
	if x == 0 {
		return core.Infinity
	}
	return x
}

func decidedWord(d bool) string {
	if d {
		return "decided"
	}
	return "not decided (budget or nothing left to expand)"
}
