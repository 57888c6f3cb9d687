package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// jobsFile is a problem file with comments, blank lines, bad lines and
// duplicates; wantJobs says what each problem line must give.
const jobsFile = "# a batch\n" +
	"7sk/9/7PP/9/9/9/9/9/9 b GS 1\tmate in 3\n" + // 2
	"\n" +
	"8k/9/9/9/9/9/9/9/9 b - 1\n" + // 4 nomate
	"not a position\n" + // 5 error
	"7sk/9/7PP/9/9/9/9/9/9 b GS 33\n" + // 6 duplicate of 2
	"9/9/9/9/9/9/9/9/9 b G 1\n" + // 7 error: no king
	"8k/7pl/6N2/9/9/9/9/9/R8 b b 1\n" + // 8 mate in 1 (futile interposition)
	"7sk/9/7PP/9/9/9/9/9/9 b GS 2\n" // 9 duplicate of 2

var wantJobs = map[int]struct {
	result string
	length int
	dupOf  int
}{
	2: {"mate", 3, 0}, 4: {"nomate", 0, 0}, 5: {"error", 0, 0}, 6: {"mate", 3, 2},
	7: {"error", 0, 0}, 8: {"mate", 1, 0}, 9: {"mate", 3, 2},
}

// jobsFlags are the flags of `tsume solve --file path --hash-mb 8 --quiet`.
func jobsFlags(path string) *solveFlags {
	return &solveFlags{file: path, rules: "tsume", algo: "dfpn", hashMB: 8, threads: 1, quiet: true}
}

// jobsRecords reads a JSONL output as generic objects.
func jobsRecords(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	var recs []map[string]any
	for _, ln := range bytes.Split(bytes.TrimSpace(data), []byte{'\n'}) {
		if len(ln) == 0 {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(ln, &m); err != nil {
			t.Fatalf("not JSON: %q: %v", ln, err)
		}
		recs = append(recs, m)
	}
	return recs
}

// jobsByLine checks that every problem line has exactly one record.
func jobsByLine(t *testing.T, recs []map[string]any) map[int]map[string]any {
	t.Helper()
	m := map[int]map[string]any{}
	for _, r := range recs {
		n := int(r["line"].(float64))
		if _, dup := m[n]; dup {
			t.Errorf("line %d has two records", n)
		}
		m[n] = r
	}
	if len(m) != len(wantJobs) {
		t.Errorf("%d lines have records, want %d", len(m), len(wantJobs))
	}
	return m
}

func checkJobRecords(t *testing.T, recs map[int]map[string]any) {
	t.Helper()
	for n, w := range wantJobs {
		r := recs[n]
		if r == nil {
			t.Errorf("line %d: no record", n)
			continue
		}
		if r["result"] != w.result {
			t.Errorf("line %d: result %v, want %s (%v)", n, r["result"], w.result, r)
			continue
		}
		if w.result == "error" {
			if msg, _ := r["error"].(string); msg == "" || strings.Contains(msg, "problem ") {
				t.Errorf("line %d: error %q: want the cause, without the batch's own index", n, msg)
			}
			continue
		}
		if int(r["length"].(float64)) != w.length || r["verified"] != (w.result == "mate") {
			t.Errorf("line %d: %v", n, r)
		}
		if got, _ := r["duplicate_of"].(float64); int(got) != w.dupOf {
			t.Errorf("line %d: duplicate_of %v, want %d", n, r["duplicate_of"], w.dupOf)
		}
	}
}

func TestSolveJobs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "p.txt")
	if err := os.WriteFile(in, []byte(jobsFile), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{1, 3} {
		var out, errb bytes.Buffer
		code := solveJobs(context.Background(), jobsFlags(in), jobs, "", &out, &errb)
		if code != 2 {
			t.Errorf("jobs %d: exit %d, want 2 (bad lines); stderr %s", jobs, code, errb.String())
		}
		checkJobRecords(t, jobsByLine(t, jobsRecords(t, out.Bytes())))
	}
}

// TestSolveJobsMatchesJSON: a batch record is `tsume solve --json`'s
// object plus the line (times aside).
func TestSolveJobsMatchesJSON(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "p.txt")
	const sfen = "8k/7pl/6N2/9/9/9/9/9/R8 b b 1"
	os.WriteFile(in, []byte(sfen+"\n"), 0o644)
	var out, errb bytes.Buffer
	f := jobsFlags(in)
	f.rules = "mate"
	if code := solveJobs(context.Background(), f, 2, "", &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	code, single, errOut := run("solve", "--hash-mb", "8", "--json", "--quiet", "--rules", "mate", "--sfen", sfen)
	if code != 0 {
		t.Fatalf("solve --json: exit %d: %s", code, errOut)
	}
	batch := jobsRecords(t, out.Bytes())[0]
	one := jobsRecords(t, []byte(single))[0]
	if batch["line"] != 1.0 {
		t.Errorf("line %v, want 1", batch["line"])
	}
	for _, m := range []map[string]any{batch, one} {
		for _, k := range []string{"line", "time_ms", "proof_ms", "line_ms", "nps", "proven", "candidate", "duplicate_of"} {
			delete(m, k)
		}
		delete(m["verification"].(map[string]any), "Elapsed")
	}
	if !reflect.DeepEqual(batch, one) {
		t.Errorf("batch record\n%v\ndiffers from solve --json\n%v", batch, one)
	}
}

// TestSolveJobsResume cuts an output short (a killed run: some records,
// then half a record) and reruns: every line ends with exactly one
// record, the cut record is dropped, and only the missing lines are
// solved; a third run writes nothing.
func TestSolveJobsResume(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "p.txt")
	os.WriteFile(in, []byte(jobsFile), 0o644)
	outPath := filepath.Join(dir, "out.jsonl")
	var errb bytes.Buffer
	if code := solveJobs(context.Background(), jobsFlags(in), 2, outPath, jobsDiscard(), &errb); code != 2 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	full, _ := os.ReadFile(outPath)
	lines := bytes.SplitAfter(full, []byte{'\n'})
	// Keep the records of the lines 2 and 4 only (the first solved
	// problem and nomate), plus half of another record.
	var cut []byte
	kept := 0
	for _, ln := range lines {
		if bytes.Contains(ln, []byte(`"line":2,`)) || bytes.Contains(ln, []byte(`"line":4,`)) {
			cut = append(cut, ln...)
			kept++
		}
	}
	if kept != 2 {
		t.Fatalf("records of lines 2 and 4 not found in\n%s", full)
	}
	cut = append(cut, `{"line":8,"sfen":"8k/7p`...)
	os.WriteFile(outPath, cut, 0o644)

	errb.Reset()
	if code := solveJobs(context.Background(), jobsFlags(in), 2, outPath, jobsDiscard(), &errb); code != 2 {
		t.Fatalf("rerun: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "cut-off last record") {
		t.Errorf("the cut record was not reported: %s", errb.String())
	}
	again, _ := os.ReadFile(outPath)
	recs := jobsByLine(t, jobsRecords(t, again))
	checkJobRecords(t, recs)
	// Lines 6 and 9 repeat line 2, whose record was kept: they are
	// answered from it, not searched again.
	for _, n := range []int{6, 9} {
		if recs[n]["duplicate_of"] != 2.0 {
			t.Errorf("line %d after resuming: %v, want a copy of line 2's record", n, recs[n])
		}
	}
	if !bytes.HasPrefix(again, cut[:bytes.LastIndexByte(cut, '\n')+1]) {
		t.Error("the records kept were rewritten")
	}

	errb.Reset()
	solveJobs(context.Background(), jobsFlags(in), 2, outPath, jobsDiscard(), &errb)
	if strings.Contains(errb.String(), "another problem file") {
		t.Errorf("the complete output, its error records included, was refused: %s", errb.String())
	}
	if third, _ := os.ReadFile(outPath); !bytes.Equal(third, again) {
		t.Errorf("a run over a complete output wrote:\n%s", third[len(again):])
	}
}

// jobsDiscard is a writer that drops everything (stdout is unused with --out).
func jobsDiscard() *bytes.Buffer { return new(bytes.Buffer) }

// TestSolveJobsForeignOutput: an output written for another problem file
// is refused and left as it is.
func TestSolveJobsForeignOutput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "p.txt")
	os.WriteFile(in, []byte(jobsFile), 0o644)
	for _, foreign := range []string{
		`{"line":2,"sfen":"4k4/9/4P4/9/9/9/9/9/9 b G 1","result":"mate"}` + "\n", // another position
		`{"line":3,"sfen":"x","result":"error"}` + "\n",                          // a line without a problem
		"not json\n",
	} {
		outPath := filepath.Join(dir, "out.jsonl")
		os.WriteFile(outPath, []byte(foreign), 0o644)
		var errb bytes.Buffer
		if code := solveJobs(context.Background(), jobsFlags(in), 1, outPath, jobsDiscard(), &errb); code != 2 || !strings.Contains(errb.String(), "another") {
			t.Errorf("%q: exit %d, stderr %q: want a refusal", foreign, code, errb.String())
		}
		if got, _ := os.ReadFile(outPath); string(got) != foreign {
			t.Errorf("%q: the output was changed to %q", foreign, got)
		}
	}
}

// TestBenchJobs: the suite graded on two workers gives the serial bench's
// rows (times aside), in the suite's order.
func TestBenchJobs(t *testing.T) {
	suite := filepath.Join(sharedtest.Require(t), "problems", "shogi", "yaneuraou5m_heads_mate3_5_7.tsv")
	problems, _, err := readSuite(suite)
	if err != nil {
		t.Skipf("%v", err)
	}
	o := mate.Options{Rules: mate.MateSearch, TimeLimit: 30e9}
	rows, _ := benchJobs(context.Background(), problems, 2, 16, o)
	if len(rows) != len(problems) {
		t.Fatalf("%d rows for %d problems", len(rows), len(problems))
	}
	s, err := mate.NewSolver(16)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i, p := range problems {
		s.Clear()
		want := benchOne(context.Background(), s, p, o)
		if rows[i] == nil {
			t.Fatalf("%s: no row", p.name)
		}
		got := *rows[i]
		for _, r := range []*benchRow{&want, &got} {
			r.TimeMS, r.ProofMS, r.NPS = 0, 0, 0
		}
		if got != want {
			t.Errorf("%s: jobs %+v\nserial %+v", p.name, got, want)
		}
	}
}
