package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/tsume-solver/tsume/shogi"
)

func init() { register("perft", "count leaf nodes of the legal move tree", runPerft) }

// runPerft implements `tsume perft --sfen SFEN --depth N [--divide]`.
func runPerft(args []string, rawStdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sfen := fs.String("sfen", "startpos", "position: SFEN, \"startpos\", or \"position ... moves ...\"")
	depth := fs.Int("depth", 1, "depth in plies (1..20)")
	divide := fs.Bool("divide", false, "print the count below every root move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *depth < 1 || *depth > 20 {
		fmt.Fprintf(stderr, "perft: --depth %d is out of range 1..20\n", *depth)
		return 2
	}
	pos, err := shogi.ParseSFEN(*sfen)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	stdout := &errWriter{w: rawStdout}
	start := time.Now()
	var total uint64
	if *divide {
		for _, e := range shogi.Divide(pos, *depth) {
			fmt.Fprintf(stdout, "%s: %d\n", e.Move.USI(), e.Count)
			total += e.Count
		}
	} else {
		total = shogi.Perft(pos, *depth)
	}
	el := time.Since(start)
	fmt.Fprintf(stdout, "%d\n", total)
	if stdout.err != nil {
		fmt.Fprintf(stderr, "perft: writing the output: %v\n", stdout.err)
		return exitFailure
	}
	nps := float64(total) / el.Seconds()
	fmt.Fprintf(stderr, "perft %d: %d leaves in %.3f s (%.1f M leaves/s)\n", *depth, total, el.Seconds(), nps/1e6)
	return 0
}
