package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"time"

	"github.com/tsume-solver/tsume/go_capture/gen"
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
		gnugo      string
		fresh      bool
		cf         captureFlags
	)
	fs.StringVar(&file, "go-suite", "../shared/problems/go/gnugo-reading.jsonl", "the suite (JSON lines)")
	fs.BoolVar(&strategies, "strategies", false, "also run every widening strategy and print the paper's table")
	fs.BoolVar(&quiet, "quiet", false, "print only the totals (and the strategy table)")
	fs.StringVar(&gnugo, "gnugo", "auto", "a GNU Go binary asked the same questions live, in the same run (auto: /usr/games/gnugo or gnugo on PATH if installed; none: no live column)")
	fs.BoolVar(&fresh, "fresh-step-table", false, "APS: start every widening step with an empty table (to measure what sharing it is worth, the paper's Table 6)")
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
	live, err := askGNUGo(gnugoBinary(gnugo), tests)
	if err != nil {
		fmt.Fprintf(stderr, "bench-go: %v\n", err)
		return 1
	}

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
			r.Test.ID, r.Test.Command, r.Test.Args[0], exp, r.Reply, r.Result.Word(mode), gnugoReply(live, r.Test),
			map[bool]string{true: "PASS", false: "fail"}[r.Pass], r.Result.Stats.Nodes,
			r.Result.Stats.Plays, r.Result.Stats.Time.Round(time.Microsecond))
	}
	opts := cf.options()
	opts.FreshStepTable = fresh
	rows, tot, err := suite.Run(ctx, tests, opts, row)
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
	if live != nil {
		passed, lours, ltheirs := 0, 0, 0
		var t time.Duration
		for _, r := range rows {
			a := live[r.Test.ID]
			t += a.time
			if a.pass {
				passed++
			}
			if r.Pass && !a.pass {
				lours++
			}
			if !r.Pass && a.pass {
				ltheirs++
			}
		}
		fmt.Fprintf(stdout, "GNU Go live (%s, same run): passed %d of %d, time %v (per question %s); our time %.1fx GNU Go's; passed by us only: %d; by GNU Go only: %d\n",
			live[0].name, passed, len(rows), t.Round(time.Millisecond), (t / time.Duration(max(1, len(rows)))).Round(time.Microsecond),
			float64(tot.Time)/float64(max(t, 1)), lours, ltheirs)
	}
	if !strategies {
		return 0
	}
	fmt.Fprintf(stdout, "\nwidening strategies (Cazenave 2001, tables 1-5), %s, per question %s:\n", cf.algo, limits(cf))
	fmt.Fprintf(stdout, "%2s  %-16s %10s %10s %12s %8s\n", "#", "strategy", "time", "nodes", "board plays", "solved")
	for _, st := range reading.Strategies {
		o := opts
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

// liveAnswer is GNU Go's answer to one question in this run.
type liveAnswer struct {
	reply string
	pass  bool
	time  time.Duration
	name  string // in live[0] only: the binary asked
}

// gnugoBinary resolves --gnugo: "" when none is to be asked.
func gnugoBinary(flagValue string) string {
	switch flagValue {
	case "none", "":
		return ""
	case "auto":
		if _, err := os.Stat("/usr/games/gnugo"); err == nil {
			return "/usr/games/gnugo"
		}
		if p, err := exec.LookPath("gnugo"); err == nil {
			return p
		}
		return ""
	}
	return flagValue
}

// askGNUGo asks GNU Go every question of the suite, live, one GTP session
// for all (nil, nil without a binary). The answers are keyed by test ID;
// the entry 0 names the binary.
func askGNUGo(bin string, tests []suite.Test) (map[int]liveAnswer, error) {
	if bin == "" {
		return nil, nil
	}
	e, err := gen.StartEngine(bin, "--mode", "gtp")
	if err != nil {
		return nil, err
	}
	defer e.Close()
	live := map[int]liveAnswer{0: {name: bin}}
	for i := range tests {
		t := &tests[i]
		reply, d, err := gen.AskGNUGo(e, t)
		if err != nil {
			return nil, fmt.Errorf("GNU Go (%s): %w", bin, err)
		}
		live[t.ID] = liveAnswer{reply: reply, pass: t.Pass(reply), time: d}
	}
	return live, nil
}

// gnugoReply is the live answer to t when GNU Go was asked, else the one
// the suite recorded.
func gnugoReply(live map[int]liveAnswer, t *suite.Test) string {
	if a, ok := live[t.ID]; ok {
		return a.reply
	}
	return t.GNUGo
}
