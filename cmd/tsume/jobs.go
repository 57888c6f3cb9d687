package main

// The batch engine of `tsume solve --file F --jobs N [--out FILE]` and
// `tsume bench --jobs N`: problems solved on N workers by mate.SolveMany,
// one JSON record a line as each problem finishes, resumable from the
// records already written.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/tsume-solver/tsume/shogi/mate"
)

// jobsProblem is one problem of a batch file.
type jobsProblem struct {
	line int    // 1-based line number in the file
	text string // the position as written (before any tab)
}

// readJobsFile reads a problem file as `tsume solve --file` does: one
// position a line, text after a tab ignored, blank lines and lines
// starting with # skipped. Line numbers count every line.
func readJobsFile(r io.Reader) ([]jobsProblem, error) {
	var ps []jobsProblem
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(strings.SplitN(sc.Text(), "\t", 2)[0])
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		ps = append(ps, jobsProblem{line: n, text: text})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading problems: %w", err)
	}
	return ps, nil
}

// jobRecord is the JSONL record of an answered problem: the --json object
// of `tsume solve` with the problem's line number first. Fields declared
// here take precedence over any of the same JSON name in solveJSON.
type jobRecord struct {
	Line int `json:"line"`
	solveJSON
	// Proven and Candidate: a proven mate whose line no verifier accepted
	// (result "unknown"); the candidate is never the answer.
	Proven    bool     `json:"proven"`
	Candidate []string `json:"candidate,omitempty"`
	// DuplicateOf is the line of the earlier problem that asked the same
	// question and whose answer this is (0: solved itself).
	DuplicateOf int `json:"duplicate_of,omitempty"`
}

// jobError is the record of a problem that could not be solved: the same
// record as errorJSON's without --jobs.
type jobError = errorJSON

// jobsConfig is a batch run.
type jobsConfig struct {
	// Jobs is the number of workers (each with its own table of
	// Options.HashMB MiB); 0: one per CPU.
	Jobs int
	// Out is the JSONL file: records are appended to it, and a problem
	// whose line already has a record there is not solved again. "":
	// records go to stdout and nothing is resumed.
	Out string
	// Options are the solver options of every problem.
	Options mate.Options
	// Moves are USI moves played from every problem's position (--moves).
	Moves string
	// KeepDuplicates solves every line even when an earlier line asks the
	// same question.
	KeepDuplicates bool
	// Quiet turns off the progress line on stderr.
	Quiet bool
}

// solveJobs runs `tsume solve --file F --jobs N`: the flags' problem
// file, options and table size (per worker), records to out ("": stdout).
// It returns the exit code: 0, 2 when a line could not be solved (every
// other line still is), 1 when the verifier rejected a line.
func solveJobs(ctx context.Context, f *solveFlags, jobs int, out string, stdout, stderr io.Writer) int {
	opts, err := f.options()
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return 2
	}
	if err := mate.CheckHashMB(f.hashMB); err != nil {
		fmt.Fprintf(stderr, "solve: --hash-mb: %v\n", err)
		return 2
	}
	if jobs < 0 {
		fmt.Fprintf(stderr, "solve: --jobs %d is negative\n", jobs)
		return 2
	}
	opts.HashMB = f.hashMB
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
	problems, err := readJobsFile(in)
	if err != nil {
		fmt.Fprintf(stderr, "solve: %s: %v\n", f.file, err)
		return 2
	}
	return runJobs(ctx, problems, jobsConfig{Jobs: jobs, Out: out, Options: opts, Moves: f.moves, Quiet: f.quiet}, stdout, stderr)
}

// jobsText is the problem of one line with the moves of --moves
// played from it (the text form of parseProblem).
func jobsText(text, moves string) string {
	if moves = strings.TrimSpace(moves); moves == "" {
		return text
	}
	if strings.Contains(text, " moves ") || strings.HasSuffix(text, " moves") {
		return text + " " + moves
	}
	return text + " moves " + moves
}

// jobsDone is what resuming needs of a record already written.
type jobsDone struct {
	Line   int    `json:"line"`
	SFEN   string `json:"sfen"`
	Input  string `json:"input"` // an error record's
	Result string `json:"result"`
	raw    []byte
}

// runJobs solves problems on cfg.Jobs workers and writes one record per
// problem as it finishes. See solveJobs for the exit code.
func runJobs(ctx context.Context, problems []jobsProblem, cfg jobsConfig, stdout, stderr io.Writer) int {
	start := time.Now()
	w := stdout
	done := map[int]jobsDone{}
	if cfg.Out != "" {
		fh, recs, err := openJobsOut(cfg.Out, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return 2
		}
		defer fh.Close()
		w = fh
		if done, err = matchDone(cfg.Out, recs, problems, cfg); err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return 2
		}
	}
	code := 0
	errorsSeen := 0
	for _, d := range done {
		if d.Result == "error" {
			errorsSeen++
		}
	}
	writeRecord := func(v any) bool {
		b, err := json.Marshal(v)
		if err == nil {
			// One write per record, so that a killed run leaves at most
			// its last record cut short (dropped when resuming).
			_, err = w.Write(append(b, '\n'))
		}
		if err != nil {
			fmt.Fprintf(stderr, "solve: writing a record: %v\n", err)
			code = 2
			return false
		}
		return true
	}

	// Lines that ask a question already answered in the output are
	// answered from that record, without a search.
	answered := map[string]jobsDone{}
	for _, p := range problems {
		if d, ok := done[p.line]; ok && d.Result != "error" {
			if k, err := mate.QuestionKey(jobsText(p.text, cfg.Moves), cfg.Options); err == nil {
				answered[k] = d
			}
		}
	}
	var pending []jobsProblem
	copied := 0
	for _, p := range problems {
		if _, ok := done[p.line]; ok {
			continue
		}
		if !cfg.KeepDuplicates {
			text := jobsText(p.text, cfg.Moves)
			if k, err := mate.QuestionKey(text, cfg.Options); err == nil {
				if d, ok := answered[k]; ok {
					if rec, err := jobsCopy(d, p.line, text); err == nil && writeRecord(rec) {
						copied++
						continue
					}
				}
			}
		}
		pending = append(pending, p)
	}

	texts := make([]string, len(pending))
	for i, p := range pending {
		texts[i] = jobsText(p.text, cfg.Moves)
	}
	meter := newJobsMeter(stderr, len(pending), cfg.Quiet)
	counts := map[string]int{}
	solved, dups := 0, 0
	err := mate.SolveMany(ctx, texts, cfg.Jobs, mate.BatchOptions{Options: cfg.Options, KeepDuplicates: cfg.KeepDuplicates},
		func(it mate.BatchItem) {
			p := pending[it.Index]
			var rec any
			if it.Err != nil {
				cause := it.Err
				if u := errors.Unwrap(it.Err); u != nil {
					cause = u
				}
				// The message without --jobs: a text that does not parse
				// is a bad position, the solver's refusals are as they are.
				msg := cause.Error()
				if _, perr := parseProblem(p.text, cfg.Moves); perr != nil {
					msg = fmt.Sprintf("bad position: %v", perr)
				}
				rec = jobError{Line: p.line, Input: inputEcho(p.text), Result: "error", Error: msg}
				counts["error"]++
				errorsSeen++
			} else {
				r := &it.Result
				jr := jobRecord{Line: p.line, solveJSON: resultJSON(it.Position, r, cfg.Options.Rules), Proven: r.Proven, Candidate: r.CandidateUSI}
				if it.DuplicateOf >= 0 {
					jr.DuplicateOf = pending[it.DuplicateOf].line
					dups++
				} else {
					solved++
				}
				rec = jr
				counts[r.Kind.String()]++
				if r.Kind == mate.Mate && !r.Verification.OK && r.Verification.Unsettled == 0 {
					fmt.Fprintf(stderr, "solve: line %d: BUG: the verifier rejected the line: %s (please report this position)\n", p.line, r.Verification.Problem)
					code = 1
				}
			}
			writeRecord(rec)
			meter.add(1)
		})
	meter.finish()
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return 2
	}
	if !cfg.Quiet {
		el := time.Since(start).Seconds()
		fmt.Fprintf(stderr, "solve: %d problems: %d mate, %d nomate, %d unknown, %d errors this run; %d searched on %d workers in %.1f s (%.1f problems/s), %d duplicates answered once, %d lines resumed from earlier records\n",
			len(problems), counts["mate"], counts["nomate"], counts["unknown"], counts["error"], solved, workersUsed(cfg.Jobs, solved), el,
			float64(solved+dups)/max(el, 1e-9), dups+copied, len(done))
	}
	if code == 0 && errorsSeen > 0 {
		code = 2
	}
	return code
}

// workersUsed is how many workers SolveMany starts for n problems.
func workersUsed(jobs, n int) int {
	if jobs <= 0 {
		jobs = defaultJobs()
	}
	return min(jobs, n)
}

// openJobsOut opens (or creates) the output file for appending and
// returns its records. A last line without its newline is the record a
// killed run was writing: it is cut off so that the next record starts a
// line of its own.
func openJobsOut(path string, stderr io.Writer) (*os.File, []jobsDone, error) {
	fh, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(fh)
	if err != nil {
		fh.Close()
		return nil, nil, err
	}
	keep := len(data)
	if keep > 0 && data[keep-1] != '\n' {
		keep = bytes.LastIndexByte(data, '\n') + 1
		fmt.Fprintf(stderr, "solve: %s: dropping a cut-off last record (%d bytes)\n", path, len(data)-keep)
		if err := fh.Truncate(int64(keep)); err != nil {
			fh.Close()
			return nil, nil, err
		}
	}
	if _, err := fh.Seek(int64(keep), io.SeekStart); err != nil {
		fh.Close()
		return nil, nil, err
	}
	var recs []jobsDone
	for i, ln := range bytes.Split(data[:keep], []byte{'\n'}) {
		if len(bytes.TrimSpace(ln)) == 0 {
			continue
		}
		var d jobsDone
		if err := json.Unmarshal(ln, &d); err != nil || d.Line <= 0 {
			fh.Close()
			return nil, nil, fmt.Errorf("%s:%d: not a record of tsume solve --jobs (%.60q): use another output file", path, i+1, ln)
		}
		d.raw = append([]byte(nil), ln...)
		recs = append(recs, d)
	}
	return fh, recs, nil
}

// matchDone checks that the records belong to this problem file (each
// names a line that holds a problem, with that problem's position) and
// returns them by line.
func matchDone(path string, recs []jobsDone, problems []jobsProblem, cfg jobsConfig) (map[int]jobsDone, error) {
	byLine := make(map[int]string, len(problems))
	for _, p := range problems {
		byLine[p.line] = p.text
	}
	done := make(map[int]jobsDone, len(recs))
	for _, d := range recs {
		text, ok := byLine[d.Line]
		if !ok {
			return nil, fmt.Errorf("%s: a record for line %d, which holds no problem: the output belongs to another problem file", path, d.Line)
		}
		got, want := d.SFEN, text
		switch {
		case d.Result != "error":
			if pos, err := parseProblem(text, cfg.Moves); err == nil {
				want = pos.SFEN()
			}
		case d.Input != "":
			got, want = d.Input, inputEcho(text)
		}
		if got != want {
			return nil, fmt.Errorf("%s: the record of line %d is for %q, but the line holds %q: the output belongs to another problem file", path, d.Line, got, want)
		}
		if _, dup := done[d.Line]; !dup {
			done[d.Line] = d
		}
	}
	return done, nil
}

// jobsCopy is d's record for another line that asks the same question.
func jobsCopy(d jobsDone, line int, text string) (map[string]any, error) {
	var m map[string]any
	if err := json.Unmarshal(d.raw, &m); err != nil {
		return nil, err
	}
	pos, err := parseProblem(text, "")
	if err != nil {
		return nil, err
	}
	orig := d.Line
	if o, ok := m["duplicate_of"].(float64); ok && o > 0 {
		orig = int(o)
	}
	m["line"], m["sfen"], m["duplicate_of"] = line, pos.SFEN(), orig
	return m, nil
}

// jobsMeter prints a progress line on stderr: problems done, problems
// per second and the time left at that rate, at most twice a second.
type jobsMeter struct {
	w           io.Writer
	total, done int
	start, last time.Time
	off         bool
}

func newJobsMeter(w io.Writer, total int, quiet bool) *jobsMeter {
	return &jobsMeter{w: w, total: total, start: time.Now(), off: quiet || total == 0}
}

func (m *jobsMeter) add(n int) {
	m.done += n
	if m.off || time.Since(m.last) < 500*time.Millisecond && m.done < m.total {
		return
	}
	m.last = time.Now()
	fmt.Fprintf(m.w, "\r%s", m.line())
}

func (m *jobsMeter) line() string {
	el := time.Since(m.start).Seconds()
	rate := float64(m.done) / max(el, 1e-9)
	eta := "?"
	if m.done > 0 {
		eta = (time.Duration(float64(m.total-m.done)/rate) * time.Second).Round(time.Second).String()
	}
	return fmt.Sprintf("%d/%d problems (%.0f%%), %.1f problems/s, ETA %s   ", m.done, m.total, 100*float64(m.done)/float64(m.total), rate, eta)
}

func (m *jobsMeter) finish() {
	if !m.off {
		fmt.Fprintf(m.w, "\r%s\n", m.line())
	}
}

// benchJobs is `tsume bench --jobs N` for one algorithm: the suite's
// problems solved on jobs workers (each with a table of hashMB MiB,
// cleared before each problem as the serial bench does, every problem
// searched even when it repeats another), graded as benchOne grades
// them. rows[i] is problem i's row, nil when a cancellation left it
// unanswered; elapsed is the wall-clock time of the whole suite.
func benchJobs(ctx context.Context, problems []benchProblem, jobs, hashMB int, o mate.Options) (rows []*benchRow, elapsed time.Duration) {
	start := time.Now()
	texts := make([]string, len(problems))
	for i, p := range problems {
		texts[i] = p.sfen
	}
	o.HashMB = hashMB
	rows = make([]*benchRow, len(problems))
	mate.SolveMany(ctx, texts, jobs, mate.BatchOptions{Options: o, KeepDuplicates: true}, func(it mate.BatchItem) {
		row := benchRowOf(problems[it.Index], it)
		rows[it.Index] = &row
	})
	return rows, time.Since(start)
}

// benchRowOf is benchOne's row for an answer SolveMany gave.
func benchRowOf(p benchProblem, it mate.BatchItem) benchRow {
	row := benchRow{Name: p.name, Expected: p.expected}
	if row.Expected == "" {
		row.Expected = "mate"
	}
	if it.Err != nil {
		cause := it.Err
		if u := errors.Unwrap(it.Err); u != nil {
			cause = u
		}
		row.Status, row.Error = "error", cause.Error()
		if it.Position == nil {
			row.Status = "bad input"
		}
		return row
	}
	fillRow(&row, p.expected, &it.Result)
	return row
}

// defaultJobs is the number of workers of --jobs 0: one per CPU.
func defaultJobs() int { return runtime.GOMAXPROCS(0) }
