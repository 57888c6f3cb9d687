package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-solver/tsume/shogi/mate"
)

func init() {
	register("bench", "run a tsume-shogi problem suite and print the papers' statistics", runBench)
}

// benchProblem is one line of a suite file (../shared/problems/shogi format:
// sfen<TAB>expected<TAB>name).
type benchProblem struct {
	sfen, expected, name string
	line                 int
}

// benchRow is the outcome of one problem.
type benchRow struct {
	Name     string `json:"name"`
	Expected string `json:"expected"`
	Result   string `json:"result"` // "mate" only with a verified line
	Proven   bool   `json:"proven"` // the mate is proven (also when no line was verified: Result "unknown")
	// Disproven: it is proven that there is no mate (Result "nomate"); never with Proven.
	Disproven bool    `json:"disproven"`
	Found     int     `json:"found"`
	Status    string  `json:"status"`
	OK        bool    `json:"ok"`
	Minimal   bool    `json:"minimal"`
	Verified  bool    `json:"verified"`
	TimeMS    float64 `json:"time_ms"`
	GE        uint64  `json:"ge"`
	EX        uint64  `json:"ex"`
	IT        uint64  `json:"it"`
	TE        uint64  `json:"te"` // proof-tree leaves, counted under --compare only
	RE        float64 `json:"re"`
	BR        float64 `json:"br"`
	// HitsPerGE is table hits per generated node: how often a new node's
	// value came from the table (it can exceed 1: a node is probed again
	// each time its parent is re-expanded).
	HitsPerGE  float64 `json:"table_hits_per_ge"`
	ExactNodes uint64  `json:"exact_nodes"`
	NPS        float64 `json:"nps"`
	ProofMS    float64 `json:"proof_ms"` // the proof search's part of TimeMS
	Hashfull   int     `json:"hashfull"`
	Error      string  `json:"error,omitempty"`
}

// runBench implements `tsume bench`.
func runBench(args []string, stdout, stderr io.Writer) int {
	sigs, release := notifyInterrupt()
	defer release()
	return benchCommand(args, stdout, stderr, sigs, release)
}

// benchCommand is `tsume bench` with its interrupt source given (SIGINT in
// the command, a channel in tests). An interrupt stops the running problem,
// prints the totals of the rows done, and exits 130.
func benchCommand(args []string, rawStdout, stderr io.Writer, sigs <-chan os.Signal, release func()) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	suite := fs.String("suite", "", "problem file (sfen<TAB>expected<TAB>name per line)")
	timeLimit := fs.Duration("time-limit", 60*time.Second, "time limit per problem")
	algo := fs.String("algo", "dfpn", "proof search: dfpn, pnstar, cstar, dfpnr, dfpn-tca, dfpn-wpns")
	rulesFlag := fs.String("rules", "auto", "tsume, mate, or auto (mate when the file's header says real-game positions)")
	hashMB := fs.Int("hash-mb", 256, fmt.Sprintf("table size in MiB (%d up to the machine's memory)", mate.MinHashMB))
	threads := fs.Int("threads", 1, fmt.Sprintf("threads of the proof search (1..%d)", mate.MaxThreads))
	nodes := fs.Uint64("nodes", 0, "proof-search node limit per problem (0: none)")
	jsonOut := fs.Bool("json", false, "print JSON (one object per problem, then totals)")
	csvOut := fs.Bool("csv", false, "print CSV")
	compare := fs.Bool("compare", false, "run every algorithm and print the comparison table (Kishimoto 2010, Table 1) and the thesis's statistics per problem for C*, PN* and df-pn (Seo 1995, Table 5.1)")
	only := fs.String("only", "", "run only the problems whose name contains this text")
	jobs := fs.Int("jobs", 1, "solve the problems on N workers, each with its own table of --hash-mb (rows are printed in the suite's order)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "bench: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *suite == "" {
		fmt.Fprintln(stderr, "bench: --suite FILE is required (e.g. ../shared/problems/shogi/antma_tsume_1to9.tsv)")
		return 2
	}
	if err := mate.CheckHashMB(*hashMB); err != nil {
		fmt.Fprintf(stderr, "bench: --hash-mb: %v\n", err)
		return 2
	}
	if *timeLimit <= 0 {
		fmt.Fprintf(stderr, "bench: --time-limit %v must be positive\n", *timeLimit)
		return 2
	}
	if *jobs < 1 {
		fmt.Fprintf(stderr, "bench: --jobs %d: want at least 1\n", *jobs)
		return 2
	}
	if err := checkThreads(*threads); err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	problems, realGame, err := readSuite(*suite)
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	if *only != "" {
		kept := problems[:0]
		for _, p := range problems {
			if strings.Contains(p.name, *only) {
				kept = append(kept, p)
			}
		}
		problems = kept
	}
	var rules mate.Rules
	switch *rulesFlag {
	case "auto":
		rules = mate.Tsume
		if realGame {
			rules = mate.MateSearch
		}
	default:
		if rules, err = mate.ParseRules(*rulesFlag); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 2
		}
	}
	algos := []mate.Algorithm{}
	if *compare {
		algos = mate.Algorithms()
	} else {
		a, err := mate.ParseAlgorithm(*algo)
		if err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 2
		}
		algos = append(algos, a)
	}
	solver, err := mate.NewSolver(*hashMB)
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	defer solver.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	watchDone := stopOnInterrupt(solver, cancel, sigs, release)
	stdout := &errWriter{w: rawStdout}

	var cw *csv.Writer
	if *csvOut {
		cw = csv.NewWriter(stdout)
		cw.Write([]string{"algo", "name", "expected", "result", "found", "status", "ok", "minimal", "verified", "time_ms", "ge", "ex", "it", "re", "br", "table_hits_per_ge", "exact_nodes", "nps", "hashfull", "error"})
	}
	fmt.Fprintf(stderr, "bench: %s, %d problems, rules %s, hash %d MiB, time limit %v, %d threads\n", *suite, len(problems), rules, *hashMB, *timeLimit, *threads)
	all := map[mate.Algorithm][]benchRow{}
	code := 0
	for _, a := range algos {
		if !*jsonOut && !*csvOut {
			fmt.Fprintf(stdout, "== algorithm %s\n", a)
			fmt.Fprintf(stdout, "%-28s %8s %6s %-22s %9s %9s %9s %4s %6s %5s %7s %9s %s\n",
				"name", "expected", "found", "status", "time", "GE", "EX", "IT", "RE", "BR", "hits/GE", "nodes/s", "verified")
		}
		var rows []benchRow
		o := mate.Options{Rules: rules, Algorithm: a, TimeLimit: *timeLimit, NodeLimit: *nodes, Threads: *threads, ProofLeaves: *compare}
		var pre []*benchRow
		if *jobs > 1 {
			var el time.Duration
			pre, el = benchJobs(ctx, problems, *jobs, *hashMB, o)
			fmt.Fprintf(stderr, "bench: %s: %d problems on %d workers in %v (%.1f problems/s)\n", a, len(problems), *jobs, el.Round(time.Millisecond), float64(len(problems))/el.Seconds())
		}
		for i, p := range problems {
			if ctx.Err() != nil {
				break
			}
			var row benchRow
			if pre != nil {
				if pre[i] == nil {
					break // a cancellation left it unanswered
				}
				row = *pre[i]
			} else {
				solver.Clear() // each problem starts from an empty table
				row = benchOne(ctx, solver, p, o)
			}
			rows = append(rows, row)
			switch {
			case *jsonOut:
				b, _ := json.Marshal(struct {
					Algo string `json:"algo"`
					benchRow
				}{a.String(), row})
				fmt.Fprintln(stdout, string(b))
			case *csvOut:
				cw.Write([]string{a.String(), row.Name, row.Expected, row.Result, strconv.Itoa(row.Found), row.Status,
					strconv.FormatBool(row.OK), strconv.FormatBool(row.Minimal), strconv.FormatBool(row.Verified),
					fmt.Sprintf("%.1f", row.TimeMS), fmt.Sprint(row.GE), fmt.Sprint(row.EX), fmt.Sprint(row.IT),
					fmt.Sprintf("%.3f", row.RE), fmt.Sprintf("%.2f", row.BR), fmt.Sprintf("%.3f", row.HitsPerGE),
					fmt.Sprint(row.ExactNodes), fmt.Sprintf("%.0f", row.NPS), fmt.Sprint(row.Hashfull), row.Error})
				cw.Flush()
			default:
				ver := "no"
				if row.Verified {
					ver = "yes"
				}
				if row.Minimal {
					ver += ",minimal"
				}
				fmt.Fprintf(stdout, "%-28s %8s %6d %-22s %8.0fms %9d %9d %4d %6.3f %5.2f %7.2f %9.0f %s\n",
					trunc(row.Name, 28), row.Expected, row.Found, row.Status, row.TimeMS, row.GE, row.EX, row.IT, row.RE, row.BR, row.HitsPerGE, row.NPS, ver)
			}
			if row.Error != "" {
				fmt.Fprintf(stderr, "bench: %s: %s\n", row.Name, row.Error)
			}
			if !row.OK && code == 0 {
				code = 1
			}
			if stdout.err != nil {
				break
			}
		}
		all[a] = rows
		printTotals(stdout, a, rows, *jsonOut, *csvOut)
	}
	if *compare && !*jsonOut && !*csvOut {
		printComparison(stdout, algos, all)
		printThesisTable(stdout, all)
	}
	interrupted := watchDone()
	if cw != nil && cw.Error() != nil && stdout.err == nil {
		stdout.err = cw.Error()
	}
	if stdout.err != nil {
		fmt.Fprintf(stderr, "bench: writing the output: %v\n", stdout.err)
		code = max(code, exitFailure)
	}
	if interrupted {
		fmt.Fprintln(stderr, "bench: interrupted")
		return exitInterrupted
	}
	return code
}

func trunc(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// readSuite reads a problem file; realGame reports that a header comment
// says the positions come from real games (solved under mate-search rules
// by --rules auto).
func readSuite(path string) ([]benchProblem, bool, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer fh.Close()
	var ps []benchProblem
	realGame := false
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.HasPrefix(line, "#") {
			if strings.Contains(line, "real-game") {
				realGame = true
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		p := benchProblem{sfen: strings.TrimSpace(f[0]), line: n}
		if len(f) > 1 {
			p.expected = strings.TrimSpace(f[1])
		}
		if len(f) > 2 {
			p.name = strings.TrimSpace(f[2])
		}
		if p.name == "" {
			p.name = fmt.Sprintf("line %d", n)
		} else {
			p.name = fmt.Sprintf("%d:%s", n, p.name)
		}
		ps = append(ps, p)
	}
	if err := sc.Err(); err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	if len(ps) == 0 {
		return nil, false, fmt.Errorf("%s: no problems", path)
	}
	return ps, realGame, nil
}

// benchOne solves one problem and grades it against the expected answer.
func benchOne(ctx context.Context, solver *mate.Solver, p benchProblem, o mate.Options) benchRow {
	row := benchRow{Name: p.name, Expected: p.expected}
	if row.Expected == "" {
		row.Expected = "mate"
	}
	pos, err := parseProblem(p.sfen, "")
	if err != nil {
		row.Status, row.Error = "bad input", err.Error()
		return row
	}
	r, err := solver.Solve(ctx, pos, o)
	if err != nil {
		row.Status, row.Error = "error", err.Error()
		return row
	}
	fillRow(&row, p.expected, &r)
	return row
}

// fillRow records a result in a row under the front ends' rule: a row is a
// mate, and counts as solved, only with a line the verifier accepted.
func fillRow(row *benchRow, expected string, r *mate.Result) {
	a := presentable(r)
	el := r.Elapsed.Seconds()
	row.Result, row.Proven, row.Disproven, row.Found = a.kind, a.proven, a.kind == "nomate", len(a.moves)
	row.Minimal, row.Verified = a.kind == "mate" && r.Minimal, a.kind == "mate"
	row.TimeMS = el * 1000
	row.ProofMS = r.Stats.Elapsed.Seconds() * 1000
	row.GE, row.EX, row.IT, row.TE = r.Stats.Generated, r.Stats.Expanded, r.Stats.Iterations, r.Stats.Terminal
	row.RE, row.BR = r.Stats.ReExpansionRatio(), r.Stats.BranchingFactor()
	if r.Stats.Generated > 0 {
		row.HitsPerGE = float64(r.Stats.TableHits) / float64(r.Stats.Generated)
	}
	row.ExactNodes, row.Hashfull = r.ExactNodes, r.Hashfull
	row.NPS = float64(r.Nodes()) / max(el, 1e-9)
	row.Status, row.OK = grade(expected, r)
	if a.bug != "" {
		row.Error = "BUG: " + a.bug
	}
}

// grade compares an answer with the expected field of the suite format.
func grade(expected string, r *mate.Result) (string, bool) {
	a := presentable(r)
	switch {
	case a.bug != "":
		return "UNVERIFIED: " + r.Verification.Problem, false
	case a.kind == "unknown" && a.proven:
		return "unknown (proven, no verified line)", false
	case a.kind == "unknown":
		return "unknown", false
	}
	switch {
	case expected == "nomate":
		if r.Kind == mate.NoMate {
			return "OK", true
		}
		return "mate (expected nomate)", false
	case expected == "" || expected == "mate":
		if r.Kind == mate.Mate {
			return "OK", true
		}
		return "nomate", false
	case strings.HasPrefix(expected, ">="):
		n, _ := strconv.Atoi(expected[2:])
		if r.Kind != mate.Mate {
			return "nomate", false
		}
		if r.Length >= n {
			return "OK", true
		}
		return "shorter than expected", false
	case strings.HasPrefix(expected, ">"):
		n, _ := strconv.Atoi(expected[1:])
		if r.Kind == mate.NoMate || r.Length > n {
			return "OK", true
		}
		return "shorter than expected", false
	}
	n, err := strconv.Atoi(expected)
	if err != nil {
		return "bad expected field", false
	}
	switch {
	case r.Kind == mate.NoMate:
		return "nomate", false
	case r.Length == n && r.Minimal:
		return "OK", true
	case r.Length == n:
		return "OK (length not proven minimal)", true
	case r.Length > n:
		return "longer than published", false
	}
	return "shorter than published", false
}

// printTotals prints one algorithm's totals.
func printTotals(w io.Writer, a mate.Algorithm, rows []benchRow, jsonOut, csvOut bool) {
	var ok, verified, minimal int
	var ex, ge, exact uint64
	var ms float64
	for _, r := range rows {
		if r.OK {
			ok++
		}
		if r.Verified {
			verified++
		}
		if r.Minimal {
			minimal++
		}
		ex += r.EX
		ge += r.GE
		exact += r.ExactNodes
		ms += r.TimeMS
	}
	if csvOut {
		return
	}
	if jsonOut {
		b, _ := json.Marshal(map[string]any{"algo": a.String(), "totals": true, "problems": len(rows), "ok": ok,
			"verified": verified, "minimal": minimal, "ge": ge, "ex": ex, "exact_nodes": exact, "time_ms": ms})
		fmt.Fprintln(w, string(b))
		return
	}
	fmt.Fprintf(w, "total %s: %d/%d OK, %d verified, %d proven minimal; GE %d, EX %d, minimal-line nodes %d; time %.1f s; %.0f nodes/s\n",
		a, ok, len(rows), verified, minimal, ge, ex, exact, ms/1000, float64(ex+exact)/max(ms/1000, 1e-9))
}

// printComparison prints Kishimoto's Table 1 for our suite: per algorithm
// the problems solved, and the nodes and time over the problems every
// algorithm solved (so the columns compare like with like).
func printComparison(w io.Writer, algos []mate.Algorithm, all map[mate.Algorithm][]benchRow) {
	n := len(all[algos[0]])
	common := make([]bool, n)
	for i := range common {
		common[i] = true
		for _, a := range algos {
			if i >= len(all[a]) || all[a][i].Result == "unknown" || all[a][i].Result == "" {
				common[i] = false
			}
		}
	}
	fmt.Fprintln(w, "== comparison (Kishimoto 2010, Table 1 layout)")
	fmt.Fprintf(w, "%-10s %8s %8s %14s %14s %10s\n", "algorithm", "solved", "correct", "EX (common)", "GE (common)", "time (common)")
	for _, a := range algos {
		var solved, correct int
		var ex, ge uint64
		var ms float64
		for i, r := range all[a] {
			if r.Result == "mate" || r.Result == "nomate" {
				solved++
			}
			if r.OK {
				correct++
			}
			if common[i] {
				ex += r.EX
				ge += r.GE
				ms += r.TimeMS
			}
		}
		fmt.Fprintf(w, "%-10s %8d %8d %14d %14d %9.2fs\n", a, solved, correct, ex, ge, ms/1000)
	}
}
