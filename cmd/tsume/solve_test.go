package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/shogi/mate"
)

// run runs one tsume command line in-process.
func run(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = dispatch(args, &o, &e)
	return code, o.String(), e.String()
}

func TestSolveBuiltInExample(t *testing.T) {
	code, out, errOut := run("solve", "--hash-mb", "8")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"built-in example", "mate in 3", "usi: S*1b 2a1b G*2b", "verified:"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestSolveThreads(t *testing.T) {
	code, out, errOut := run("solve", "--hash-mb", "8", "--threads", "2", "--quiet")
	if code != 0 || !strings.Contains(out, "usi: S*1b 2a1b G*2b") {
		t.Fatalf("--threads 2: exit %d\n%s%s", code, out, errOut)
	}
}

// TestSolvePrefault: writing the table's pages first changes no answer.
func TestSolvePrefault(t *testing.T) {
	code, out, errOut := run("solve", "--hash-mb", "8", "--prefault", "--quiet")
	if code != 0 || !strings.Contains(out, "usi: S*1b 2a1b G*2b") {
		t.Fatalf("--prefault: exit %d\n%s%s", code, out, errOut)
	}
}

func TestSolveJSON(t *testing.T) {
	code, out, errOut := run("solve", "--hash-mb", "8", "--json", "--rules", "mate", "--sfen", "8k/7pl/6N2/9/9/9/9/9/R8 b b 1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var j struct {
		Result   string   `json:"result"`
		Length   int      `json:"length"`
		Moves    []string `json:"moves"`
		Minimal  bool     `json:"minimal"`
		Verified bool     `json:"verified"`
		Nodes    uint64   `json:"nodes"`
		TimeMS   *float64 `json:"time_ms"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if j.Result != "mate" || j.Length != 3 || len(j.Moves) != 3 || !j.Minimal || !j.Verified || j.Nodes == 0 || j.TimeMS == nil {
		t.Fatalf("unexpected JSON: %s", out)
	}
}

func TestSolveBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--sfen", "9/9/9 b - 1"}, "bad position"},
		{[]string{"--sfen", "xyz"}, "bad position"},
		{[]string{"--sfen", "4k4/9/9/9/9/9/9/4r4/4K4 b - 1"}, "in check"},
		{[]string{"--sfen", "9/9/9/9/9/9/9/9/4K4 b G 1"}, "no king"},
		{[]string{"--hash-mb", "0"}, "hash-mb"},
		{[]string{"--hash-mb", "999999999"}, "hash-mb"},
		{[]string{"--rules", "chess"}, "rules"},
		{[]string{"--threads", "0"}, "--threads"},
		{[]string{"--threads", "257"}, "--threads"},
		{[]string{"--algo", "magic"}, "algorithm"},
		{[]string{"--moves", "1a1b"}, "bad position"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"--prefault", "--jobs", "1", "--file", "-"}, "--prefault"},
	}
	for _, tc := range tests {
		code, _, errOut := run(append([]string{"solve"}, tc.args...)...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want non-zero and %q", tc.args, code, errOut, tc.want)
		}
	}
}

func TestSolveFileAndBench(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "own.tsv")
	data := "# own problems\n" +
		"7sk/9/7PP/9/9/9/9/9/9 b GS 1\t3\tmate in 3\n" +
		"7nk/7p1/8G/9/9/9/9/9/9 b P 1\tnomate\tpawn-drop mate\n" +
		"8k/7pl/6N2/9/9/9/9/9/R8 b b 1\t3\tpublished 3, we find 1\n"
	if err := os.WriteFile(suite, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run("solve", "--hash-mb", "8", "--quiet", "--file", suite)
	if code != 0 || strings.Count(out, "== line") != 3 || !strings.Contains(out, "nomate") {
		t.Fatalf("solve --file: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = run("bench", "--hash-mb", "8", "--time-limit", "20s", "--suite", suite)
	if code != 1 {
		t.Errorf("bench with a failing problem exited %d, want 1", code)
	}
	for _, want := range []string{"shorter than published", "total dfpn: 2/3 OK"} {
		if !strings.Contains(out, want) {
			t.Errorf("bench output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = run("bench", "--hash-mb", "8", "--csv", "--suite", suite)
	if code != 1 || strings.Count(out, "\n") != 4 || !strings.HasPrefix(out, "algo,name,expected") {
		t.Errorf("bench --csv: exit %d\n%s", code, out)
	}
	// Two threads: the same grades, and the JSON row has the proof time.
	code, out, errOut = run("bench", "--hash-mb", "8", "--threads", "2", "--json", "--suite", suite)
	if code != 1 || strings.Count(out, `"status":"OK"`) != 2 || !strings.Contains(out, `"proof_ms"`) || !strings.Contains(errOut, "2 threads") {
		t.Errorf("bench --threads 2: exit %d\n%s%s", code, out, errOut)
	}
	// The nomate row says what was proven; the mates' rows do not claim it.
	if strings.Count(out, `"proven":false,"disproven":true`) != 1 || strings.Count(out, `"proven":true,"disproven":false`) != 2 {
		t.Errorf("bench --json: want one disproven row and two proven ones\n%s", out)
	}
	if code, _, errOut := run("bench", "--threads", "0", "--suite", suite); code != 2 || !strings.Contains(errOut, "--threads") {
		t.Errorf("bench --threads 0: exit %d, %q", code, errOut)
	}
	if code, _, errOut := run("bench", "--suite", filepath.Join(dir, "missing.tsv")); code != 2 || errOut == "" {
		t.Errorf("missing suite: exit %d", code)
	}
}

// TestSolveJSONSaysWhatWasProven: "proven" keeps meaning a proven mate
// (false for a nomate, as old readers expect) and "disproven" says that
// there is proven to be no mate, so a proven nomate is told apart from an
// undecided search; never both. Three kinds of answer are fed to
// resultJSON (a verified mate needs a real line), and
// a real nomate and mate go through the command.
func TestSolveJSONSaysWhatWasProven(t *testing.T) {
	pos, err := parseProblem("4k4/9/9/9/9/9/9/9/9 b P 1", "")
	if err != nil {
		t.Fatal(err)
	}
	line := []string{"G*5b"}
	tests := []struct {
		name              string
		r                 mate.Result
		result            string
		proven, disproven bool
	}{
		{"nomate", mate.Result{Kind: mate.NoMate}, "nomate", false, true},
		{"undecided", mate.Result{Kind: mate.Unknown}, "unknown", false, false},
		{"mate proven, no verified line", mate.Result{Kind: mate.Unknown, Proven: true, CandidateUSI: line}, "unknown", true, false},
	}
	for _, tc := range tests {
		j := resultJSON(pos, &tc.r, mate.Tsume)
		if j.Result != tc.result || j.Proven != tc.proven || j.Disproven != tc.disproven {
			t.Errorf("%s: result %q proven %v disproven %v, want %q %v %v", tc.name, j.Result, j.Proven, j.Disproven, tc.result, tc.proven, tc.disproven)
		}
	}
	for _, c := range []struct {
		sfen, result      string
		proven, disproven bool
	}{{"4k4/9/9/9/9/9/9/9/9 b P 1", "nomate", false, true}, {"9/3k5/9/3P5/9/9/9/9/9 b 2G 1", "mate", true, false}} {
		code, out, errOut := run("solve", "--hash-mb", "8", "--json", "--quiet", "--sfen", c.sfen)
		var j map[string]any
		if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil {
			t.Fatalf("%s: exit %d, %v\n%s%s", c.sfen, code, err, out, errOut)
		}
		if j["result"] != c.result || j["proven"] != c.proven || j["disproven"] != c.disproven {
			t.Errorf("%s: result %v proven %v disproven %v, want %s %v %v", c.sfen, j["result"], j["proven"], j["disproven"], c.result, c.proven, c.disproven)
		}
	}
}
