package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/tsume-solver/tsume/go_capture/reading"
	"github.com/tsume-solver/tsume/go_capture/suite"
)

// benchGoPlays is bench-go's default effort per question, in board plays:
// a budget rather than a time limit, so that a run gives the same answers
// on any machine and under any load.
const benchGoPlays = 1000000

func init() {
	register("bench-go", "run GNU Go's reading suite against the capture solver", runBenchGo)
}

// runBenchGo implements `tsume bench-go` (`tsume bench --go-suite FILE`
// forwards here).
func runBenchGo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench-go", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		file       string
		strategies bool
		quiet      bool
		cf         captureFlags
	)
	fs.StringVar(&file, "go-suite", "../shared/problems/go/gnugo-reading.jsonl", "the suite (JSON lines)")
	fs.BoolVar(&strategies, "strategies", false, "also run every widening strategy and print the paper's table")
	fs.BoolVar(&quiet, "quiet", false, "print only the totals (and the strategy table)")
	cf.register(fs, 0, benchGoPlays)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "bench-go: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	tests, err := suite.Load(file)
	if err != nil {
		fmt.Fprintf(stderr, "bench-go: %v\n", err)
		return 2
	}
	if _, err := reading.ParseStrategy(cf.widening); err != nil {
		fmt.Fprintf(stderr, "bench-go: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	if !quiet {
		fmt.Fprintf(stdout, "%4s  %-7s %-5s %-24s %-8s %-8s %-8s %-4s %9s %9s %10s\n",
			"id", "command", "arg", "expected", "ours", "result", "gnugo", "pass", "nodes", "plays", "time")
	}
	row := func(r suite.Row) {
		if quiet {
			return
		}
		exp := r.Test.Pattern
		if r.Test.Negate {
			exp = "!" + exp
		}
		mode := reading.Attack
		if r.Test.Command == "defend" {
			mode = reading.Defend
		}
		fmt.Fprintf(stdout, "%4d  %-7s %-5s %-24s %-8s %-8s %-8s %-4s %9d %9d %10v\n",
			r.Test.ID, r.Test.Command, r.Test.Args[0], exp, r.Reply, r.Result.Word(mode), r.Test.GNUGo,
			map[bool]string{true: "PASS", false: "fail"}[r.Pass], r.Result.Stats.Nodes,
			r.Result.Stats.Plays, r.Result.Stats.Time.Round(time.Microsecond))
	}
	rows, tot, err := suite.Run(ctx, tests, cf.options(), row)
	if err != nil {
		fmt.Fprintf(stderr, "bench-go: %v\n", err)
		return 1
	}
	ours, theirs := 0, 0
	for _, r := range rows {
		if r.Pass && !r.Test.GNUGoPass {
			ours++
		}
		if !r.Pass && r.Test.GNUGoPass {
			theirs++
		}
	}
	fmt.Fprintf(stdout, "\ntotal: passed %d of %d (GNU Go 3.8: %d); nodes %d, board plays %d, time %v (per question %s; %s, %s)\n",
		tot.Passed, tot.Tests, tot.GNUGoPassed, tot.Nodes, tot.Plays, tot.Time.Round(time.Millisecond), limits(cf), cf.algo, cf.widening)
	fmt.Fprintf(stdout, "passed by us only: %d; by GNU Go only: %d\n", ours, theirs)
	if !strategies {
		return 0
	}
	fmt.Fprintf(stdout, "\nwidening strategies (Cazenave 2001, tables 1-5), %s, per question %s:\n", cf.algo, limits(cf))
	fmt.Fprintf(stdout, "%2s  %-16s %10s %10s %12s %8s\n", "#", "strategy", "time", "nodes", "board plays", "solved")
	for _, st := range reading.Strategies {
		o := cf.options()
		o.Widening = st.Name
		_, t, err := suite.Run(ctx, tests, o, nil)
		if err != nil {
			fmt.Fprintf(stderr, "bench-go: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%2d  %-16s %10v %10d %12d %7.2f%%\n", st.Number, st.Name,
			t.Time.Round(time.Millisecond), t.Nodes, t.Plays, 100*float64(t.Passed)/float64(max(1, t.Tests)))
	}
	return 0
}

// limits describes the per-question limits of a run.
func limits(cf captureFlags) string {
	var parts []string
	if cf.plays > 0 {
		parts = append(parts, fmt.Sprintf("%d plays", cf.plays))
	}
	if cf.timeLimit > 0 {
		parts = append(parts, cf.timeLimit.String())
	}
	if cf.nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", cf.nodes))
	}
	if len(parts) == 0 {
		return fmt.Sprintf("%d nodes", reading.DefaultNodes)
	}
	return strings.Join(parts, ", ")
}
