package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tsume-solver/tsume/shogi/gen"
)

func init() {
	register("gen-shogi", "write end-game positions from seeded random games (one SFEN a line)", runGenShogi)
}

// runGenShogi implements `tsume gen-shogi --seed S --n N [--starts FILE]`:
// the positions the differential test and the side-by-side benchmark solve
// (bench/vs_usi.py --file), regenerated bit for bit from the seed.
func runGenShogi(args []string, rawStdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gen-shogi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "the random games' seed")
	n := fs.Int("n", 100, "how many positions (1..1000000)")
	startsPath := fs.String("starts", "", "also start games from these positions (one SFEN a line, text after a tab ignored), e.g. ../shared/problems/shogi/yaneuraou5m_heads_mate3_5_7.tsv")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gen-shogi: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *n < 1 || *n > 1_000_000 {
		fmt.Fprintf(stderr, "gen-shogi: --n %d is out of range 1..1000000\n", *n)
		return 2
	}
	var starts []string
	if *startsPath != "" {
		f, err := os.Open(*startsPath)
		if err != nil {
			fmt.Fprintf(stderr, "gen-shogi: %v\n", err)
			return 2
		}
		starts, err = gen.ReadStarts(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "gen-shogi: %s: %v\n", *startsPath, err)
			return 2
		}
	}
	ps, err := gen.Positions(*seed, *n, starts)
	if err != nil {
		fmt.Fprintf(stderr, "gen-shogi: %v\n", err)
		return 2
	}
	stdout := &errWriter{w: rawStdout}
	for _, p := range ps {
		fmt.Fprintln(stdout, p)
	}
	if stdout.err != nil {
		fmt.Fprintf(stderr, "gen-shogi: writing the output: %v\n", stdout.err)
		return exitFailure
	}
	if len(ps) < *n {
		fmt.Fprintf(stderr, "gen-shogi: %d positions (the games gave no more)\n", len(ps))
	}
	return 0
}
