package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

func init() { register("solve", "solve a tsume-shogi problem (mate search)", runSolve) }

// exampleSFEN is the built-in problem `tsume solve` solves without
// arguments, a mate in 3 of our own: ▲１二銀 △同　銀 ▲２二金.
const exampleSFEN = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"

// Exit statuses of solve and bench. A run that answers every problem
// (mate, nomate or unknown alike) exits 0; exitInterrupted is the shells'
// 128+SIGINT.
const (
	exitOK          = 0
	exitFailure     = 1 // a broken answer (a solver bug) or output that could not be written
	exitBadInput    = 2 // bad options, or a position that was refused
	exitInterrupted = 130
)

// maxProblemLine bounds one line of a --file; a longer line is reported as
// a bad line and skipped, the lines after it still solved.
const maxProblemLine = 1 << 20

// solveFlags are the options of `tsume solve`.
type solveFlags struct {
	sfen, moves, rules, algo, file string
	sfenGiven                      bool
	hashMB, threads                int
	timeLimit                      time.Duration
	nodes, exactNodes, lineNodes   uint64
	jsonOut, quiet, prefault       bool
	defender                       defenderFlag
	rec                            recordFlags
}

// defenderFlag is --defender: a boolean as before (--defender,
// --defender=true|false), or "auto": the side to move defends exactly when
// it is in check (mate.Options.AutoDefender).
type defenderFlag struct{ on, auto bool }

func (d *defenderFlag) String() string {
	switch {
	case d == nil:
		return "false"
	case d.auto:
		return "auto"
	}
	return fmt.Sprint(d.on)
}

func (d *defenderFlag) Set(s string) error {
	switch strings.ToLower(s) {
	case "auto":
		*d = defenderFlag{auto: true}
	case "true", "1", "yes":
		*d = defenderFlag{on: true}
	case "false", "0", "no":
		*d = defenderFlag{}
	default:
		return fmt.Errorf("want true, false or auto, got %q", s)
	}
	return nil
}

// IsBoolFlag lets a bare --defender mean true, as when it was a bool flag.
func (d *defenderFlag) IsBoolFlag() bool { return true }

// joinDefenderValue rewrites "--defender auto" (and true/false) into
// "--defender=auto": the flag package never gives a boolean flag the next
// argument, and these words after --defender were refused as stray
// arguments before, so no command line that worked changes meaning.
func joinDefenderValue(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if (a == "--defender" || a == "-defender") && i+1 < len(args) {
			switch strings.ToLower(args[i+1]) {
			case "auto", "true", "false":
				out = append(out, a+"="+args[i+1])
				i++
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// notifyInterrupt delivers SIGINT on a channel; release restores the
// default action (so that a second Ctrl-C kills a command that is already
// stopping) and may be called more than once.
func notifyInterrupt() (<-chan os.Signal, func()) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	return c, func() { signal.Stop(c) }
}

// runSolve implements `tsume solve`.
func runSolve(args []string, stdout, stderr io.Writer) int {
	sigs, release := notifyInterrupt()
	defer release()
	return solveCommand(args, stdout, stderr, sigs, release)
}

// errWriter remembers the first write error, after which it writes
// nothing: the command reports it once at the end and exits non-zero (a
// full disk or a closed pipe must not pass for a delivered answer).
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		e.err = err
	}
	return n, err
}

// stopOnInterrupt stops the solver and cancels ctx at the first signal on
// sigs (then calls release); it returns the function that ends the watch
// and reports whether a signal came.
func stopOnInterrupt(solver *mate.Solver, cancel context.CancelFunc, sigs <-chan os.Signal, release func()) (done func() bool) {
	quit := make(chan struct{})
	got := make(chan bool, 1)
	go func() {
		select {
		case <-sigs:
			if release != nil {
				release()
			}
			solver.Stop()
			cancel()
			got <- true
		case <-quit:
			got <- false
		}
	}()
	return func() bool {
		close(quit)
		return <-got
	}
}

// solveCommand is `tsume solve` with its interrupt source given: SIGINT in
// the command, a channel in tests.
func solveCommand(args []string, rawStdout, stderr io.Writer, sigs <-chan os.Signal, release func()) int {
	start := time.Now()
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f solveFlags
	fs.StringVar(&f.sfen, "sfen", "", "position: bare SFEN, \"startpos\" or \"position ... moves ...\" (absent: the built-in example)")
	fs.StringVar(&f.moves, "moves", "", "USI moves played from the position before solving")
	fs.StringVar(&f.rules, "rules", "tsume", "rules: tsume (composers' rules) or mate (engine mate search)")
	fs.StringVar(&f.algo, "algo", "dfpn", "proof search: dfpn, pnstar, cstar, dfpnr, dfpn-tca, dfpn-wpns")
	fs.IntVar(&f.hashMB, "hash-mb", 256, fmt.Sprintf("table size in MiB (%d up to the machine's memory)", mate.MinHashMB))
	fs.IntVar(&f.threads, "threads", 1, fmt.Sprintf("threads of the proof search (1..%d)", mate.MaxThreads))
	fs.DurationVar(&f.timeLimit, "time-limit", 0, "wall-clock limit, e.g. 30s (0: none)")
	fs.Uint64Var(&f.nodes, "nodes", 0, "node limit of the proof search (0: none)")
	fs.Uint64Var(&f.exactNodes, "exact-nodes", 0, "node limit of the minimal-line search (0: default)")
	fs.Uint64Var(&f.lineNodes, "line-nodes", 0, "node limit of the line search after the proof (0: none; unlike --time-limit, the same on every run)")
	fs.BoolVar(&f.jsonOut, "json", false, "print one JSON object per problem (\"proven\": a mate is proven; \"disproven\": no mate is)")
	fs.Var(&f.defender, "defender", "the side to move defends (AND root: does every reply lose?); auto: only when it is in check")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress on stderr")
	fs.BoolVar(&f.prefault, "prefault", false, "write every page of the table before the search, as a USI engine does at isready, so that its page faults (1.6-1.9 s of system time on a long problem at --hash-mb 1024) are not taken during the search; it comes out of --time-limit, not out of proof_ms")
	fs.StringVar(&f.file, "file", "", "read problems from FILE (\"-\": stdin), one position a line; text after a tab is ignored; a bad line is reported with its number and skipped (exit status 2 at the end)")
	fs.StringVar(&f.rec.kif, "kif", "", "also write the problem and its verified line as a KIF file (with --file: a pattern, {n} the line number)")
	fs.StringVar(&f.rec.csa, "csa", "", "also write the problem and its verified line as a CSA file (with --file: a pattern, {n} the line number)")
	fs.StringVar(&f.rec.svg, "svg", "", "also write the problem and its verified line as an SVG picture (with --file: a pattern, {n} the line number)")
	jobs := fs.Int("jobs", 0, "with --file: solve on N processes' worth of goroutines, each with its own table of --hash-mb, writing JSON lines (as --json, with \"line\") as problems finish; a rerun with the same --out resumes")
	out := fs.String("out", "", "with --file: the JSON-lines output of --jobs (default stdout); lines already recorded there are skipped")
	if err := fs.Parse(joinDefenderValue(args)); err != nil {
		return exitBadInput
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "solve: unexpected argument %q\n", fs.Arg(0))
		return exitBadInput
	}
	fs.Visit(func(fl *flag.Flag) {
		if fl.Name == "sfen" {
			f.sfenGiven = true
		}
	})
	if err := f.check(); err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitBadInput
	}
	if err := f.checkRecords(*jobs != 0 || *out != ""); err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitBadInput
	}
	if (*jobs != 0 || *out != "") && f.file == "" {
		fmt.Fprintln(stderr, "solve: --jobs and --out need --file")
		return exitBadInput
	}
	if f.prefault && (*jobs != 0 || *out != "") {
		fmt.Fprintln(stderr, "solve: --prefault is for one solver's table, not with --jobs or --out")
		return exitBadInput
	}
	if f.file != "" && (*jobs != 0 || *out != "") {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		interrupted := make(chan bool, 1)
		quit := make(chan struct{})
		go func() {
			select {
			case <-sigs:
				if release != nil {
					release()
				}
				cancel()
				interrupted <- true
			case <-quit:
				interrupted <- false
			}
		}()
		code := solveJobs(ctx, &f, max(*jobs, 1), *out, rawStdout, stderr)
		close(quit)
		if <-interrupted {
			fmt.Fprintln(stderr, "solve: interrupted")
			return exitInterrupted
		}
		return code
	}
	opts, err := f.options()
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitBadInput
	}
	var in io.Reader
	if f.file != "" {
		in = os.Stdin
		if f.file != "-" {
			fh, err := os.Open(f.file)
			if err != nil {
				fmt.Fprintf(stderr, "solve: %v\n", err)
				return exitBadInput
			}
			defer fh.Close()
			in = fh
		}
	}
	solver, err := mate.NewSolver(f.hashMB)
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitBadInput
	}
	defer solver.Close()
	if f.prefault {
		solver.Prefault()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	watchDone := stopOnInterrupt(solver, cancel, sigs, release)
	stdout := &errWriter{w: rawStdout}

	code := exitOK
	if in == nil {
		sfen, example := f.sfen, !f.sfenGiven
		if example {
			sfen = exampleSFEN
			if !f.jsonOut {
				fmt.Fprintf(stdout, "no --sfen given: solving the built-in example %s\n", sfen)
			}
		}
		// One problem's limit counts from the command's start, so that the
		// table's allocation is not added to it; --file gives every line
		// the whole limit.
		if opts.TimeLimit > 0 {
			opts.TimeLimit = max(opts.TimeLimit-time.Since(start), time.Nanosecond)
		}
		code = solveOne(ctx, solver, problem{sfen: sfen, moves: f.moves, example: example}, opts, &f, stdout, stderr)
	} else {
		code = solveFile(ctx, solver, in, opts, &f, stdout, stderr)
	}
	interrupted := watchDone()
	if stdout.err != nil {
		fmt.Fprintf(stderr, "solve: writing the output: %v\n", stdout.err)
		code = max(code, exitFailure)
	}
	if interrupted {
		fmt.Fprintln(stderr, "solve: interrupted")
		return exitInterrupted
	}
	return code
}

// check refuses contradictory or empty options.
func (f *solveFlags) check() error {
	if f.sfenGiven && f.file != "" {
		return errors.New("--sfen and --file exclude each other (--file reads one position a line)")
	}
	if f.sfenGiven && strings.TrimSpace(f.sfen) == "" {
		return errors.New("--sfen is empty (leave it out to solve the built-in example)")
	}
	if err := mate.CheckHashMB(f.hashMB); err != nil {
		return fmt.Errorf("--hash-mb: %w", err)
	}
	return nil
}

// solveFile solves one problem per line of in. A bad line is reported (on
// stderr; under --json also as a record with "result": "error") with its
// line number and does not stop the others; the exit status is then
// exitBadInput. An interrupt or an output error ends the run.
func solveFile(ctx context.Context, solver *mate.Solver, in io.Reader, opts mate.Options, f *solveFlags, stdout *errWriter, stderr io.Writer) int {
	code := exitOK
	br := bufio.NewReaderSize(in, 1<<16)
	for n := 1; ; n++ {
		raw, tooLong, err := readLine(br, maxProblemLine)
		if err != nil && err != io.EOF {
			fmt.Fprintf(stderr, "solve: reading problems: line %d: %v\n", n, err)
			return max(code, exitBadInput)
		}
		if raw == nil && err == io.EOF {
			break
		}
		// Text after a tab is a comment (the suites' expected answer and
		// name); what remains keeps its leading blanks, so byte offsets in
		// a parse error count from the start of the line.
		field, _, _ := strings.Cut(string(raw), "\t")
		line := strings.TrimSpace(field)
		if !tooLong && (line == "" || strings.HasPrefix(line, "#")) {
			if err == io.EOF {
				break
			}
			continue
		}
		if !f.jsonOut {
			fmt.Fprintf(stdout, "== line %d: %s\n", n, shortText(line, 200))
		}
		p := problem{sfen: field, moves: f.moves, line: n}
		if tooLong {
			p.err = fmt.Errorf("line longer than %d bytes", maxProblemLine)
		}
		code = max(code, solveOne(ctx, solver, p, opts, f, stdout, stderr))
		if ctx.Err() != nil || stdout.err != nil || err == io.EOF {
			break
		}
	}
	return code
}

// readLine reads one line without its newline. A line longer than limit is
// consumed to its end and reported by tooLong, its first limit bytes kept.
func readLine(br *bufio.Reader, limit int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > limit {
			tooLong = true
			if room := limit - len(line); room > 0 {
				line = append(line, chunk[:room]...)
			}
		} else {
			line = append(line, chunk...)
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return bytes.TrimRight(line, "\r\n"), tooLong, nil
		case io.EOF:
			if len(line) == 0 {
				return nil, tooLong, io.EOF
			}
			return bytes.TrimRight(line, "\r\n"), tooLong, io.EOF
		default:
			return nil, tooLong, err
		}
	}
}

// shortText cuts s to n bytes for an echo, on a character boundary.
// inputEcho is what an error record shows of the problem's text (the
// "input" of errorJSON, with --jobs too): trimmed, at most 200 bytes.
func inputEcho(text string) string { return shortText(strings.TrimSpace(text), 200) }

func shortText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
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
	return mate.Options{Rules: rules, Algorithm: algo, NodeLimit: f.nodes, ExactNodeLimit: f.exactNodes, LineNodeLimit: f.lineNodes,
		TimeLimit: f.timeLimit, DefenderToMove: f.defender.on, AutoDefender: f.defender.auto, Threads: f.threads}, nil
}

// checkThreads checks a --threads value.
func checkThreads(n int) error {
	if n < 1 || n > mate.MaxThreads {
		return fmt.Errorf("--threads %d is out of range 1..%d", n, mate.MaxThreads)
	}
	return nil
}

// parseProblem reads a position (any form shogi.ParseSFEN takes) and plays
// the USI moves given apart from it. The position is parsed as given, so
// that byte offsets in its errors are the caller's.
func parseProblem(sfen, moves string) (*shogi.Position, error) {
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		return nil, err
	}
	for i, ms := range strings.Fields(moves) {
		m, err := shogi.ParseUSIMove(pos, ms)
		if err != nil {
			return nil, fmt.Errorf("--moves: move %d: %w", i+1, err)
		}
		pos.Do(m)
	}
	return pos, nil
}

// problem is one position to solve: from --sfen (example when it is the
// built-in one) or from line `line` of a --file (err set when the line was
// refused before parsing).
type problem struct {
	sfen, moves string
	example     bool
	line        int
	err         error
}

// errorJSON is the --json record of a problem that was refused.
type errorJSON struct {
	Line   int    `json:"line,omitempty"`
	Input  string `json:"input"`
	Result string `json:"result"` // always "error"
	Error  string `json:"error"`
}

// solveOne solves and prints one problem; it returns the exit status.
func solveOne(ctx context.Context, solver *mate.Solver, pb problem, opts mate.Options, f *solveFlags, stdout, stderr io.Writer) int {
	refuse := func(err error) int {
		where := ""
		if pb.line > 0 {
			where = fmt.Sprintf("line %d: ", pb.line)
		}
		fmt.Fprintf(stderr, "solve: %s%v\n", where, err)
		if f.jsonOut && pb.line > 0 {
			writeJSON(stdout, errorJSON{Line: pb.line, Input: inputEcho(pb.sfen), Result: "error", Error: err.Error()})
		}
		return exitBadInput
	}
	if pb.err != nil {
		return refuse(pb.err)
	}
	pos, err := parseProblem(pb.sfen, pb.moves)
	if err != nil {
		return refuse(fmt.Errorf("bad position: %w", err))
	}
	if !f.quiet {
		opts.Progress = func(p mate.Progress) {
			fmt.Fprintf(stderr, "info %s: %s\n", p.Phase, progressLine(p))
		}
	}
	r, err := solver.Solve(ctx, pos, opts)
	if err != nil {
		return refuse(err)
	}
	a := presentable(&r)
	// The files first: a reader that closes our output early (a pager,
	// head) must not cost the user the record.
	recErr := f.writeRecords(pb.line, pos, opts, a)
	if f.jsonOut {
		j := resultJSON(pos, &r, opts.Rules)
		j.Line, j.Example = pb.line, pb.example
		writeJSON(stdout, j)
	} else {
		printResult(stdout, pos, &r)
	}
	if a.bug != "" {
		fmt.Fprintf(stderr, "solve: BUG: %s (please report this position)\n", a.bug)
		return exitFailure
	}
	if recErr != nil {
		fmt.Fprintf(stderr, "solve: writing the record: %v\n", recErr)
		return exitFailure
	}
	return exitOK
}

// writeJSON prints v as one line of JSON.
func writeJSON(w io.Writer, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // the records are plain structs: a failure is a bug here
	}
	w.Write(append(b, '\n'))
}

// answer is what the command presents of a result. It holds the rule every
// front end keeps: a line the verifier did not accept is never the answer.
// A proven mate without a verified line is "unknown", with its line kept
// apart as the candidate.
type answer struct {
	kind   string // "mate", "nomate" or "unknown"
	proven bool   // the mate is proven (with kind "mate", or "unknown" when no line was verified)
	// usi and moves are the answer's line, empty unless kind is "mate".
	usi   []string
	moves []shogi.Move
	// candidate and candidateMoves are a proven mate's unverified line.
	candidate      []string
	candidateMoves []shogi.Move
	// bug names a broken contract of the solver (a Mate without a verified
	// line): the answer is then shown as unknown and the command fails.
	bug string
}

// presentable applies the rule to r.
func presentable(r *mate.Result) answer {
	switch r.Kind {
	case mate.NoMate:
		return answer{kind: "nomate"}
	case mate.Mate:
		if r.Verified && r.Verification.OK {
			return answer{kind: "mate", proven: true, usi: r.USI, moves: r.Moves}
		}
		return answer{kind: "unknown", proven: true, candidate: r.USI, candidateMoves: r.Moves,
			bug: "a mate was returned with a line the verifier did not accept (" + r.Verification.Problem + ")"}
	}
	return answer{kind: "unknown", proven: r.Proven, candidate: r.CandidateUSI, candidateMoves: r.Candidate}
}

// progressLine formats one progress report.
func progressLine(p mate.Progress) string {
	s := fmt.Sprintf("nodes %d nps %.0f hashfull %d‰", p.Nodes, p.NodesPerSecond, p.Hashfull)
	if p.HasRoot() {
		s += fmt.Sprintf(" root pn %s dn %s", pnString(uint64(p.RootPN)), pnString(uint64(p.RootDN)))
	}
	if t := p.LineText(); t != "" {
		s += " " + t
	}
	return s + fmt.Sprintf(" time %.1fs", p.Elapsed.Seconds())
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
	a := presentable(r)
	switch a.kind {
	case "mate":
		min := "minimal length proven"
		if !r.Minimal {
			min = "minimality NOT proven"
		}
		fmt.Fprintf(w, "mate in %d (%s)\n", len(a.moves), min)
		fmt.Fprintf(w, "usi: %s\n", strings.Join(a.usi, " "))
		fmt.Fprintf(w, "kif: %s\n", strings.Join(kifLine(pos, a.moves), " "))
		fmt.Fprintln(w, verifiedText(r.Verification))
		if r.Note != "" {
			fmt.Fprintf(w, "note: %s\n", r.Note)
		}
	case "nomate":
		fmt.Fprintln(w, "nomate (proven: the attacker has no mate)")
	default:
		why := r.Note
		if a.bug != "" {
			why = "BUG: " + a.bug
		}
		if why == "" {
			why = "the search stopped before an answer"
		}
		fmt.Fprintf(w, "unknown (%s; root pn %s dn %s)\n", why, pnString(uint64(r.RootPN)), pnString(uint64(r.RootDN)))
		if a.proven {
			fmt.Fprintln(w, "proven: the proof search proved a mate, but no line of it passed the verifier")
			if len(a.candidate) > 0 {
				fmt.Fprintf(w, "candidate, NOT verified and not an answer (%d plies): %s\n", len(a.candidate), strings.Join(a.candidate, " "))
			}
			fmt.Fprintln(w, verifiedText(r.Verification))
		}
	}
	el := r.Elapsed.Seconds()
	fmt.Fprintf(w, "nodes %d (proof %d, minimal-line %d)  time %.3f s  nodes/s %.0f  hashfull %d‰\n",
		r.Nodes(), r.Stats.Expanded, r.ExactNodes, el, float64(r.Nodes())/max(el, 1e-9), r.Hashfull)
}

// solveJSON is the --json object. Result is "mate" only with a verified
// line in Moves, "nomate" only when no mate is proven, else "unknown"; a
// proven mate without a verified line is "unknown" with Proven set and the
// line in Candidate. What the proof search proved is Proven (a mate) or
// Disproven (no mate), never both; neither for an undecided search.
type solveJSON struct {
	Line    int    `json:"line,omitempty"`
	SFEN    string `json:"sfen"`
	Example bool   `json:"example"`
	Rules   string `json:"rules"`
	Result  string `json:"result"`
	// Proven: a mate is proven (result "mate", or "unknown" when no line
	// passed the verifier). False for a nomate: see Disproven.
	Proven bool `json:"proven"`
	// Disproven: it is proven that there is no mate (result "nomate").
	Disproven    bool              `json:"disproven"`
	Length       int               `json:"length"`
	Moves        []string          `json:"moves"`
	KIF          []string          `json:"kif,omitempty"`
	Candidate    []string          `json:"candidate,omitempty"`
	Minimal      bool              `json:"minimal"`
	Verified     bool              `json:"verified"`
	Verification mate.Verification `json:"verification"`
	Nodes        uint64            `json:"nodes"`
	ProofNodes   uint64            `json:"proof_nodes"`
	ExactNodes   uint64            `json:"exact_nodes"`
	ProofMS      float64           `json:"proof_ms"`          // the proof search's time: when the first proof came, if proven
	LineMS       float64           `json:"line_ms,omitempty"` // for a mate: when a line of its length was first found
	LineNodes    uint64            `json:"line_nodes,omitempty"`
	TimeMS       float64           `json:"time_ms"`
	NPS          float64           `json:"nps"`
	Threads      int               `json:"threads"`
	Hashfull     int               `json:"hashfull"`
	RootPN       string            `json:"root_pn"`
	RootDN       string            `json:"root_dn"`
	Note         string            `json:"note,omitempty"`
}

func resultJSON(pos *shogi.Position, r *mate.Result, rules mate.Rules) solveJSON {
	a := presentable(r)
	el := r.Elapsed.Seconds()
	j := solveJSON{SFEN: pos.SFEN(), Rules: rules.String(), Result: a.kind, Proven: a.proven, Disproven: a.kind == "nomate",
		Length: len(a.moves), Moves: a.usi, Candidate: a.candidate,
		Minimal: a.kind == "mate" && r.Minimal, Verified: a.kind == "mate", Verification: r.Verification, Nodes: r.Nodes(),
		ProofNodes: r.Stats.Expanded, ExactNodes: r.ExactNodes, ProofMS: r.Stats.Elapsed.Seconds() * 1000, LineMS: r.LineElapsed.Seconds() * 1000, LineNodes: r.LineNodes, TimeMS: el * 1000,
		NPS: float64(r.Nodes()) / max(el, 1e-9), Threads: r.Threads, Hashfull: r.Hashfull,
		RootPN: pnString(uint64(r.RootPN)), RootDN: pnString(uint64(r.RootDN)), Note: r.Note}
	if a.bug != "" {
		j.Note = "BUG: " + a.bug
	}
	if j.Moves == nil {
		j.Moves = []string{}
	}
	j.KIF = kifLine(pos, a.moves)
	return j
}
