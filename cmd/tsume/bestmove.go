package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/eval"
)

func init() {
	register("bestmove", "search a shogi position for its best move (C* for minimax trees or alpha-beta, material evaluation)", runBestMove)
}

// bestMoveJSON is the --json output of `tsume bestmove`.
type bestMoveJSON struct {
	Algorithm  string  `json:"algorithm"`
	Move       string  `json:"move"`
	Value      int     `json:"value"`
	Fall       string  `json:"fall"`
	Rise       string  `json:"rise"`
	Separation string  `json:"separation"`
	Decided    bool    `json:"decided"`
	DecidedAt  uint64  `json:"decided_at"`
	Depth      int     `json:"depth"`
	Stop       string  `json:"stop"`
	GE         uint64  `json:"ge"`
	EX         uint64  `json:"ex"`
	IT         uint64  `json:"it"`
	RE         float64 `json:"re"`
	BR         float64 `json:"br"`
	TimeMS     float64 `json:"time_ms"`
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
	var a core.MinimaxAlgorithm
	switch *algo {
	case "cstar":
		a = core.MinimaxCStar
	case "alphabeta":
		a = core.MinimaxAlphaBeta
	default:
		fmt.Fprintf(stderr, "bestmove: unknown algorithm %q (want cstar or alphabeta)\n", *algo)
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
	o := core.MinimaxOptions{Algorithm: a, Depth: *depth, Separation: core.PN(*sep), FixedHorizon: *fixed,
		NodeLimit: *nodes, TimeLimit: *timeLimit}
	r := core.BestMove(ctx, eval.New(pos), o)
	if r.Err != nil {
		fmt.Fprintf(stderr, "bestmove: %v\n", r.Err)
		return exitBadInput
	}
	mv := "none"
	if r.Move != core.NoMove {
		mv = shogi.Move(r.Move).USI()
	}
	cn := func(x core.PN) string {
		if x == core.Infinity {
			return "inf"
		}
		return fmt.Sprint(uint64(x))
	}
	j := bestMoveJSON{Algorithm: a.String(), Move: mv, Value: r.Value, Fall: cn(r.Fall), Rise: cn(r.Rise),
		Separation: cn(r.Separation), Decided: r.Decided, DecidedAt: r.DecidedAt, Depth: r.Depth, Stop: r.Stop.String(),
		GE: r.Stats.Generated, EX: r.Stats.Expanded, IT: r.Stats.Iterations, RE: r.Stats.ReExpansionRatio(),
		BR: r.Stats.BranchingFactor(), TimeMS: float64(r.Stats.Elapsed) / float64(time.Millisecond)}
	if *jsonOut {
		b, _ := json.Marshal(j)
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	fmt.Fprintf(stdout, "bestmove %s value %d (%s, depth %d, material: pawn 100 ... rook 1000)\n", mv, r.Value, a, *depth)
	if a == core.MinimaxCStar {
		fmt.Fprintf(stdout, "conspiracy: fall %s (MIN-CN(best, value-1)), rise %s (least MAX-CN(other, value+1)), separation %s, target %s: %s\n",
			j.Fall, j.Rise, j.Separation, cn(orInf(o.Separation)), decidedWord(r.Decided))
	} else {
		fmt.Fprintf(stdout, "alpha-beta: completed depth %d: %s\n", r.Depth, decidedWord(r.Decided))
	}
	fmt.Fprintf(stdout, "stats: EX %d GE %d IT %d RE %.3f BR %.2f; move chosen at node %d; %s in %v\n",
		j.EX, j.GE, j.IT, j.RE, j.BR, r.DecidedAt, r.Stop, r.Stats.Elapsed.Round(time.Millisecond))
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
