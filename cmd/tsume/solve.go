package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

func init() { register("solve", "solve a tsume-shogi problem (mate search)", runSolve) }

// exampleSFEN is the built-in problem `tsume solve` solves without
// arguments, a mate in 3 of our own: ▲１二銀 △同　銀 ▲２二金.
const exampleSFEN = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"

// solveFlags are the options of `tsume solve` (and the per-problem part of
// `tsume bench`).
type solveFlags struct {
	sfen, moves, rules, algo, file string
	hashMB, threads                int
	timeLimit                      time.Duration
	nodes, exactNodes              uint64
	jsonOut, defender, quiet       bool
}

// runSolve implements `tsume solve`.
func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f solveFlags
	fs.StringVar(&f.sfen, "sfen", "", "position: bare SFEN, \"startpos\" or \"position ... moves ...\" (default: the built-in example)")
	fs.StringVar(&f.moves, "moves", "", "USI moves played from --sfen before solving")
	fs.StringVar(&f.rules, "rules", "tsume", "rules: tsume (composers' rules) or mate (engine mate search)")
	fs.StringVar(&f.algo, "algo", "dfpn", "proof search: dfpn, pnstar, dfpnr, dfpn-tca, dfpn-wpns")
	fs.IntVar(&f.hashMB, "hash-mb", 256, "table size in MiB (2..1048576)")
	fs.IntVar(&f.threads, "threads", 1, fmt.Sprintf("threads of the proof search (1..%d)", mate.MaxThreads))
	fs.DurationVar(&f.timeLimit, "time-limit", 0, "wall-clock limit, e.g. 30s (0: none)")
	fs.Uint64Var(&f.nodes, "nodes", 0, "node limit of the proof search (0: none)")
	fs.Uint64Var(&f.exactNodes, "exact-nodes", 0, "node limit of the minimal-line search (0: default)")
	fs.BoolVar(&f.jsonOut, "json", false, "print one JSON object per problem")
	fs.BoolVar(&f.defender, "defender", false, "the side to move defends (AND root: does every reply lose?)")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress on stderr")
	fs.StringVar(&f.file, "file", "", "read problems from FILE (\"-\": stdin), one SFEN a line; text after a tab is ignored")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "solve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	opts, err := f.options()
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return 2
	}
	if f.hashMB < 2 || f.hashMB > mate.MaxHashMB {
		fmt.Fprintf(stderr, "solve: --hash-mb %d is out of range 2..%d\n", f.hashMB, mate.MaxHashMB)
		return 2
	}
	solver, err := mate.NewSolver(f.hashMB)
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return 2
	}
	defer solver.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	if f.file == "" {
		sfen := f.sfen
		if sfen == "" {
			sfen = exampleSFEN
			if !f.jsonOut {
				fmt.Fprintf(stdout, "no --sfen given: solving the built-in example %s\n", sfen)
			}
		}
		return solveOne(ctx, solver, sfen, f.moves, opts, &f, stdout, stderr)
	}
	var in io.Reader = os.Stdin
	if f.file != "-" {
		fh, err := os.Open(f.file)
		if err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return 2
		}
		defer fh.Close()
		in = fh
	}
	code := 0
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(strings.SplitN(sc.Text(), "\t", 2)[0])
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !f.jsonOut {
			fmt.Fprintf(stdout, "== line %d: %s\n", n, line)
		}
		if c := solveOne(ctx, solver, line, f.moves, opts, &f, stdout, stderr); c > code {
			code = c
		}
		if ctx.Err() != nil {
			break
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(stderr, "solve: reading problems: %v\n", err)
		return 2
	}
	return code
}

// options turns the flags into solver options.
func (f *solveFlags) options() (mate.Options, error) {
	rules, err := mate.ParseRules(f.rules)
	if err != nil {
		return mate.Options{}, err
	}
	algo, err := mate.ParseAlgorithm(f.algo)
	if err != nil {
		return mate.Options{}, err
	}
	if f.timeLimit < 0 {
		return mate.Options{}, fmt.Errorf("--time-limit %v is negative", f.timeLimit)
	}
	if err := checkThreads(f.threads); err != nil {
		return mate.Options{}, err
	}
	return mate.Options{Rules: rules, Algorithm: algo, NodeLimit: f.nodes, ExactNodeLimit: f.exactNodes,
		TimeLimit: f.timeLimit, DefenderToMove: f.defender, Threads: f.threads}, nil
}

// checkThreads checks a --threads value.
func checkThreads(n int) error {
	if n < 1 || n > mate.MaxThreads {
		return fmt.Errorf("--threads %d is out of range 1..%d", n, mate.MaxThreads)
	}
	return nil
}

// parseProblem reads a position and the moves played from it.
func parseProblem(sfen, moves string) (*shogi.Position, error) {
	s := strings.TrimSpace(sfen)
	if moves = strings.TrimSpace(moves); moves != "" {
		if strings.Contains(s, " moves ") || strings.HasSuffix(s, " moves") {
			s += " " + moves
		} else {
			s += " moves " + moves
		}
	}
	if strings.HasPrefix(s, "position ") || strings.HasPrefix(s, "startpos") || strings.HasPrefix(s, "sfen ") {
		return shogi.ParseSFEN(s)
	}
	return shogi.ParseSFEN("sfen " + s)
}

// solveOne solves and prints one problem; it returns the exit code.
func solveOne(ctx context.Context, solver *mate.Solver, sfen, moves string, opts mate.Options, f *solveFlags, stdout, stderr io.Writer) int {
	pos, err := parseProblem(sfen, moves)
	if err != nil {
		fmt.Fprintf(stderr, "solve: bad position: %v\n", err)
		return 2
	}
	if !f.quiet {
		opts.Progress = func(p mate.Progress) {
			fmt.Fprintf(stderr, "info %s: %s\n", p.Phase, progressLine(p))
		}
	}
	r, err := solver.Solve(ctx, pos, opts)
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return 2
	}
	if f.jsonOut {
		b, _ := json.Marshal(resultJSON(pos, &r, opts.Rules))
		fmt.Fprintln(stdout, string(b))
	} else {
		printResult(stdout, pos, &r)
	}
	if r.Kind == mate.Mate && !r.Verification.OK && r.Verification.Unsettled == 0 {
		fmt.Fprintf(stderr, "solve: BUG: the verifier rejected the line: %s (please report this position)\n", r.Verification.Problem)
		return 1
	}
	return 0
}

// progressLine formats one progress report.
func progressLine(p mate.Progress) string {
	return fmt.Sprintf("nodes %d nps %.0f hashfull %d‰ root pn %s dn %s time %.1fs",
		p.Nodes, p.NodesPerSecond, p.Hashfull, pnString(uint64(p.RootPN)), pnString(uint64(p.RootDN)), p.Elapsed.Seconds())
}

func pnString(x uint64) string {
	if x == ^uint64(0) {
		return "inf"
	}
	return fmt.Sprint(x)
}

// kifLine spells the line in Japanese KIF notation (▲２二金打 △同　玉 …).
func kifLine(pos *shogi.Position, line []shogi.Move) []string {
	p := pos.Clone()
	out := make([]string, len(line))
	prev := p.LastMove() // a move given with --moves may make the first 同
	for i, m := range line {
		out[i] = p.KIF(m, prev)
		p.Do(m)
		prev = m
	}
	return out
}

// verifiedText says in words what the verifier checked.
func verifiedText(v mate.Verification) string {
	if !v.OK {
		return "NOT verified: " + v.Problem
	}
	return fmt.Sprintf("verified: %d plies replayed (attacker moves legal checks, defender moves legal), final position mate, %d defender alternatives refuted within the remaining plies (%d futile drops set aside)",
		v.Plies, v.Refuted, v.Futile)
}

// printResult prints the text report of one answer.
func printResult(w io.Writer, pos *shogi.Position, r *mate.Result) {
	switch r.Kind {
	case mate.Mate:
		min := "minimal length proven"
		if !r.Minimal {
			min = "minimality NOT proven"
		}
		fmt.Fprintf(w, "mate in %d (%s)\n", r.Length, min)
		fmt.Fprintf(w, "usi: %s\n", strings.Join(r.USI, " "))
		fmt.Fprintf(w, "kif: %s\n", strings.Join(kifLine(pos, r.Moves), " "))
		fmt.Fprintln(w, verifiedText(r.Verification))
	case mate.NoMate:
		fmt.Fprintln(w, "nomate (proven: the attacker has no mate)")
	default:
		fmt.Fprintf(w, "unknown (%s; root pn %s dn %s)\n", r.Note, pnString(uint64(r.RootPN)), pnString(uint64(r.RootDN)))
	}
	if r.Note != "" && r.Kind == mate.Mate {
		fmt.Fprintf(w, "note: %s\n", r.Note)
	}
	el := r.Elapsed.Seconds()
	fmt.Fprintf(w, "nodes %d (proof %d, minimal-line %d)  time %.3f s  nodes/s %.0f  hashfull %d‰\n",
		r.Nodes(), r.Stats.Expanded, r.ExactNodes, el, float64(r.Nodes())/max(el, 1e-9), r.Hashfull)
}

// solveJSON is the --json object.
type solveJSON struct {
	SFEN         string            `json:"sfen"`
	Rules        string            `json:"rules"`
	Result       string            `json:"result"`
	Length       int               `json:"length"`
	Moves        []string          `json:"moves"`
	KIF          []string          `json:"kif,omitempty"`
	Minimal      bool              `json:"minimal"`
	Verified     bool              `json:"verified"`
	Verification mate.Verification `json:"verification"`
	Nodes        uint64            `json:"nodes"`
	ProofNodes   uint64            `json:"proof_nodes"`
	ExactNodes   uint64            `json:"exact_nodes"`
	TimeMS       float64           `json:"time_ms"`
	NPS          float64           `json:"nps"`
	Threads      int               `json:"threads"`
	Hashfull     int               `json:"hashfull"`
	RootPN       string            `json:"root_pn"`
	RootDN       string            `json:"root_dn"`
	Note         string            `json:"note,omitempty"`
}

func resultJSON(pos *shogi.Position, r *mate.Result, rules mate.Rules) solveJSON {
	el := r.Elapsed.Seconds()
	j := solveJSON{SFEN: pos.SFEN(), Rules: rules.String(), Result: r.Kind.String(), Length: r.Length, Moves: r.USI,
		Minimal: r.Minimal, Verified: r.Verified, Verification: r.Verification, Nodes: r.Nodes(),
		ProofNodes: r.Stats.Expanded, ExactNodes: r.ExactNodes, TimeMS: el * 1000,
		NPS: float64(r.Nodes()) / max(el, 1e-9), Threads: r.Threads, Hashfull: r.Hashfull,
		RootPN: pnString(uint64(r.RootPN)), RootDN: pnString(uint64(r.RootDN)), Note: r.Note}
	if j.Moves == nil {
		j.Moves = []string{}
	}
	j.KIF = kifLine(pos, r.Moves)
	return j
}
