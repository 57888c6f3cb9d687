package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
)

func init() {
	register("capture", "Go capture game: can a string be captured or saved?", runCapture)
}

// captureFlags are the search options shared by `capture`, `gtp` and
// `bench-go`.
type captureFlags struct {
	algo, widening string
	timeLimit      time.Duration
	nodes          int64
	plays          int64
	safeLibs       int
	superko        bool
}

func (f *captureFlags) register(fs *flag.FlagSet, defaultTime time.Duration, defaultPlays int64) {
	fs.StringVar(&f.algo, "algo", reading.DefaultAlgorithm, "search: dfpn (df-pn, the strongest), pnstar (PN*), cstar (C*) or aps (Abstract Proof Search)")
	fs.StringVar(&f.widening, "widening", reading.DefaultStrategy, "widening strategy: 1..9 or its name, e.g. OR2-2AND1-2, brute-force (df-pn and PN* widen only the attacker's moves: OR1 first when the strategy starts with OR1)")
	fs.DurationVar(&f.timeLimit, "time-limit", defaultTime, "wall-clock limit per question (0: none)")
	fs.Int64Var(&f.nodes, "nodes", 0, fmt.Sprintf("node limit per question (0: %d)", reading.DefaultNodes))
	fs.Int64Var(&f.plays, "plays", defaultPlays, "board-play budget per question, a reproducible effort limit (0: none)")
	fs.IntVar(&f.safeLibs, "safe-libs", 5, "liberties at which a string counts as saved")
	fs.BoolVar(&f.superko, "superko", false, "positional superko instead of the simple ko ban")
}

func (f *captureFlags) options() reading.Options {
	return reading.Options{Algorithm: f.algo, Widening: f.widening, TimeLimit: f.timeLimit,
		Nodes: f.nodes, Plays: f.plays, SafeLibs: f.safeLibs, Superko: f.superko}
}

// captureJSON is the --json output of `tsume capture`.
type captureJSON struct {
	Target    string   `json:"target"`
	Question  string   `json:"question"`
	Code      *int     `json:"code"` // null when the search did not decide
	Result    string   `json:"result"`
	Move      string   `json:"move,omitempty"`
	Line      []string `json:"line"`
	Proven    bool     `json:"proven"`
	Nodes     int64    `json:"nodes"`
	Plays     int64    `json:"plays"`
	TimeMS    float64  `json:"time_ms"`
	Algorithm string   `json:"algorithm"`
	Widening  string   `json:"widening"`
}

// runCapture implements `tsume capture`.
func runCapture(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("capture", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		sgf, target    string
		move           int
		attack, defend bool
		jsonOut        bool
		progress       time.Duration
		cf             captureFlags
	)
	fs.DurationVar(&progress, "progress", 0, "print the nodes searched so far to stderr at this interval (0: never)")
	fs.StringVar(&sgf, "sgf", "", "SGF file with the position (required)")
	fs.IntVar(&move, "move", 0, "stop before move N of the SGF's main line (0: after the last move)")
	fs.StringVar(&target, "target", "", "a stone of the string in question, e.g. D4 (required)")
	fs.BoolVar(&attack, "attack", false, "can the string be captured, its opponent moving first (default)")
	fs.BoolVar(&defend, "defend", false, "can the string be saved, its owner moving first")
	fs.BoolVar(&jsonOut, "json", false, "print one JSON object")
	cf.register(fs, 10*time.Second, benchGoPlays)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "capture: "+format+"\n", a...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q", fs.Arg(0))
	case sgf == "":
		return fail("--sgf FILE is required")
	case target == "":
		return fail("--target VERTEX is required")
	case attack && defend:
		return fail("--attack and --defend exclude each other")
	case move < 0:
		return fail("--move %d is negative", move)
	}
	text, err := os.ReadFile(sgf)
	if err != nil {
		return fail("%v", err)
	}
	b, _, err := board.ParseSGF(string(text), move)
	if err != nil {
		return fail("%s: %v", sgf, err)
	}
	p, err := board.ParseVertex(target, b.Size())
	if err != nil {
		return fail("--target: %v", err)
	}
	if p == board.Pass || b.At(p) == board.Empty {
		return fail("--target %s is not a stone", strings.ToUpper(target))
	}
	mode := reading.Attack
	if defend {
		mode = reading.Defend
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := cf.options()
	switch {
	case progress < 0:
		return fail("--progress %v is negative", progress)
	case progress > 0:
		opts.Progress = &reading.Progress{Every: progress, Func: func(nodes uint64, elapsed time.Duration) {
			fmt.Fprintf(stderr, "capture: %d nodes, %v\n", nodes, elapsed.Round(time.Millisecond))
		}}
	}
	res, err := reading.Solve(ctx, b, p, mode, opts)
	if err != nil {
		return fail("%v", err)
	}
	st, _ := reading.ParseStrategy(cf.widening)
	out := captureJSON{
		Target: b.Vertex(p), Question: mode.String(), Result: res.Word(mode),
		Line: []string{}, Proven: res.Proven, Nodes: res.Stats.Nodes, Plays: res.Stats.Plays,
		TimeMS:    float64(res.Stats.Time.Microseconds()) / 1000,
		Algorithm: cf.algo, Widening: st.Name,
	}
	gtpReply, undecided := res.GTP(b.Size())
	if undecided == nil {
		out.Code = &res.Code
	}
	if res.Code != reading.Fail {
		out.Move = b.Vertex(res.Move)
	}
	for _, m := range res.Line {
		out.Line = append(out.Line, b.Vertex(m))
	}
	if jsonOut {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(out); err != nil {
			return fail("%v", err)
		}
		return 0
	}
	if undecided != nil {
		fmt.Fprintf(stdout, "%s %s: unknown (%v)\n", out.Question, out.Target, undecided)
	} else {
		fmt.Fprintf(stdout, "%s %s: %s (GNU Go code %s)\n", out.Question, out.Target, out.Result, gtpReply)
	}
	if out.Move != "" {
		fmt.Fprintf(stdout, "move:  %s\n", out.Move)
		fmt.Fprintf(stdout, "line:  %s\n", strings.Join(out.Line, " "))
	}
	fmt.Fprintf(stdout, "nodes: %d (board plays %d)\n", out.Nodes, out.Plays)
	fmt.Fprintf(stdout, "time:  %v\n", res.Stats.Time.Round(time.Microsecond))
	return 0
}
