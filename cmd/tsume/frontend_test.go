package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// kotobuki is a 611-ply problem: no test search gets near its answer.
const kotobuki = "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1"

// exampleLine is the built-in example's solution, parsed.
func exampleLine(t *testing.T) (*shogi.Position, []shogi.Move, []string) {
	t.Helper()
	pos, err := shogi.ParseSFEN(exampleSFEN)
	if err != nil {
		t.Fatal(err)
	}
	usi := []string{"S*1b", "2a1b", "G*2b"}
	p := pos.Clone()
	var line []shogi.Move
	for _, s := range usi {
		m, err := shogi.ParseUSIMove(p, s)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		p.Do(m)
	}
	return pos, line, usi
}

// TestPresentNeverShowsUnverifiedMate injects the two results that must
// not be shown as a mate: a Mate whose line the verifier rejected (a
// broken solver contract) and a proven mate without a verified line. The
// text, the JSON and a bench row must all say unknown, keep the line apart
// as the candidate, and never present it as the answer.
func TestPresentNeverShowsUnverifiedMate(t *testing.T) {
	pos, line, usi := exampleLine(t)
	bad := mate.Verification{Plies: 3, Problem: "the final position is not mate"}
	cases := map[string]mate.Result{
		"mate, not verified": {Kind: mate.Mate, Length: 3, Moves: line, USI: usi, Minimal: true, Verification: bad},
		"proven, unverified": {Kind: mate.Unknown, Proven: true, Candidate: line, CandidateUSI: usi, Verification: bad,
			Note: "the mate is proven, but no line passed the verifier (the final position is not mate)"},
	}
	for name, r := range cases {
		var text bytes.Buffer
		printResult(&text, pos, &r)
		out := text.String()
		for _, no := range []string{"mate in", "\nusi:", "\nkif:", "\nverified:"} {
			if strings.Contains("\n"+out, no) {
				t.Errorf("%s: the text presents the line as an answer (%q):\n%s", name, no, out)
			}
		}
		for _, want := range []string{"unknown (", "proven:", "candidate, NOT verified and not an answer (3 plies): S*1b 2a1b G*2b", "NOT verified: the final position is not mate"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: the text lacks %q:\n%s", name, want, out)
			}
		}
		b, err := json.Marshal(resultJSON(pos, &r, mate.Tsume))
		if err != nil {
			t.Fatal(err)
		}
		var j map[string]any
		if err := json.Unmarshal(b, &j); err != nil {
			t.Fatal(err)
		}
		if j["result"] != "unknown" || j["proven"] != true || j["verified"] != false || j["length"] != 0.0 || j["minimal"] != false {
			t.Errorf("%s: JSON %s", name, b)
		}
		if moves, ok := j["moves"].([]any); !ok || len(moves) != 0 {
			t.Errorf("%s: JSON moves %v, want []", name, j["moves"])
		}
		if fmt.Sprint(j["candidate"]) != "[S*1b 2a1b G*2b]" || j["kif"] != nil {
			t.Errorf("%s: JSON candidate %v, kif %v", name, j["candidate"], j["kif"])
		}
		var row benchRow
		fillRow(&row, "3", &r)
		if row.Result != "unknown" || !row.Proven || row.OK || row.Verified || row.Found != 0 || row.Minimal {
			t.Errorf("%s: bench row %+v", name, row)
		}
		var cmp bytes.Buffer
		printComparison(&cmp, []mate.Algorithm{mate.DFPN}, map[mate.Algorithm][]benchRow{mate.DFPN: {row}})
		if !strings.Contains(cmp.String(), "       0        0") {
			t.Errorf("%s: the comparison counts the row as solved:\n%s", name, cmp.String())
		}
	}
	// The same line verified is a mate: the rule keys on the verification.
	good := mate.Result{Kind: mate.Mate, Proven: true, Length: 3, Moves: line, USI: usi, Minimal: true, Verified: true,
		Verification: mate.Verification{Plies: 3, FinalMate: true, OK: true}}
	var text bytes.Buffer
	printResult(&text, pos, &good)
	if !strings.Contains(text.String(), "mate in 3") || !strings.Contains(text.String(), "usi: S*1b 2a1b G*2b") {
		t.Errorf("a verified mate is not shown:\n%s", text.String())
	}
	if j := resultJSON(pos, &good, mate.Tsume); j.Result != "mate" || !j.Verified || len(j.Moves) != 3 || j.Candidate != nil {
		t.Errorf("verified mate: JSON %+v", j)
	}
}

// TestSolveBugExitsNonZero checks the exit status when the solver breaks
// its contract: the fault is in the result, so the run fails.
func TestSolveBugStatus(t *testing.T) {
	_, line, usi := exampleLine(t)
	a := presentable(&mate.Result{Kind: mate.Mate, Moves: line, USI: usi})
	if a.kind != "unknown" || a.bug == "" || a.usi != nil {
		t.Errorf("unverified Mate presented as %+v", a)
	}
}

// lineWatch is an stderr that signals once a line containing key was
// written (safe for the searching goroutine's progress reports).
type lineWatch struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	key  string
	seen chan struct{}
	once sync.Once
}

func newLineWatch(key string) *lineWatch {
	return &lineWatch{key: key, seen: make(chan struct{})}
}

func (w *lineWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.key) {
		w.once.Do(func() { close(w.seen) })
	}
	return len(p), nil
}

func (w *lineWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// runInterrupted runs cmd with an interrupt sent once its first progress
// line is out, and returns the exit status and outputs. The search would
// run for hours: a hang here means the interrupt was lost.
func runInterrupted(t *testing.T, cmd func(args []string, stdout, stderr *lineWatch, sigs chan os.Signal) int, args ...string) (int, string, string) {
	t.Helper()
	stdout, stderr := newLineWatch("\x00"), newLineWatch("info proof")
	sigs := make(chan os.Signal, 1)
	done := make(chan int, 1)
	go func() { done <- cmd(args, stdout, stderr, sigs) }()
	select {
	case <-stderr.seen:
	case <-time.After(2 * time.Minute):
		t.Fatalf("no progress line:\n%s", stderr.String())
	}
	sigs <- os.Interrupt
	select {
	case code := <-done:
		return code, stdout.String(), stderr.String()
	case <-time.After(2 * time.Minute):
		t.Fatal("the interrupt did not stop the command")
	}
	return 0, "", ""
}

func TestSolveInterrupt(t *testing.T) {
	solve := func(args []string, stdout, stderr *lineWatch, sigs chan os.Signal) int {
		return solveCommand(args, stdout, stderr, sigs, nil)
	}
	code, out, errOut := runInterrupted(t, solve, "--hash-mb", "16", "--sfen", kotobuki)
	if code != exitInterrupted || !strings.Contains(out, "unknown (") || !strings.Contains(out, "nodes ") || !strings.Contains(errOut, "solve: interrupted") {
		t.Errorf("exit %d, want %d with the partial result\n%s%s", code, exitInterrupted, out, errOut)
	}
	// --file: the interrupted line is printed and the lines after it are not solved.
	file := filepath.Join(t.TempDir(), "p.sfen")
	if err := os.WriteFile(file, []byte(kotobuki+"\n"+exampleSFEN+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runInterrupted(t, solve, "--hash-mb", "16", "--json", "--file", file)
	if code != exitInterrupted || strings.Count(out, "\n") != 1 || !strings.Contains(out, `"result":"unknown"`) {
		t.Errorf("--file: exit %d\n%s%s", code, out, errOut)
	}
}

func TestBenchInterrupt(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "s.tsv")
	if err := os.WriteFile(suite, []byte(kotobuki+"\t611\tkotobuki\n"+exampleSFEN+"\t3\texample\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bench := func(args []string, stdout, stderr *lineWatch, sigs chan os.Signal) int {
		return benchCommand(args, stdout, stderr, sigs, nil)
	}
	// bench reports no progress of its own: the watch waits for its header.
	stdout, stderr := newLineWatch("\x00"), newLineWatch("bench: ")
	sigs := make(chan os.Signal, 1)
	done := make(chan int, 1)
	go func() {
		done <- bench([]string{"--hash-mb", "16", "--time-limit", "1h", "--suite", suite}, stdout, stderr, sigs)
	}()
	<-stderr.seen
	time.Sleep(200 * time.Millisecond) // into the first problem's search (any point will do)
	sigs <- os.Interrupt
	var code int
	select {
	case code = <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the interrupt did not stop bench")
	}
	out := stdout.String()
	if code != exitInterrupted || !strings.Contains(out, "total dfpn: 0/1 OK") || strings.Contains(out, "example") || !strings.Contains(stderr.String(), "bench: interrupted") {
		t.Errorf("exit %d, want %d with the totals of the rows done\n%s%s", code, exitInterrupted, out, stderr.String())
	}
}

// TestSolveSIGINT sends a real SIGINT to the command.
func TestSolveSIGINT(t *testing.T) {
	cmd := tsumeCommand(t, "solve", "--hash-mb", "16", "--sfen", kotobuki)
	var out bytes.Buffer
	cmd.Stdout = &out
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() }) // hang guard
	defer timer.Stop()
	sc := bufio.NewScanner(errPipe)
	var errOut strings.Builder
	signalled := false
	for sc.Scan() {
		errOut.WriteString(sc.Text() + "\n")
		if !signalled && strings.HasPrefix(sc.Text(), "info proof") {
			cmd.Process.Signal(os.Interrupt)
			signalled = true
		}
	}
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || !strings.Contains(out.String(), "unknown (") {
		t.Errorf("exit %d (%v), want %d and the partial result\n%s%s", code, cmd.ProcessState, exitInterrupted, out.String(), errOut.String())
	}
}

func TestSolveDefenderAuto(t *testing.T) {
	// After ▲１二銀 the side to move (white) is in check: auto makes it
	// the defender, mated in 2; without the flag white would attack while
	// in check, which is refused.
	after := []string{"--sfen", exampleSFEN, "--moves", "S*1b"}
	tests := []struct {
		args   []string
		result string
		length int
	}{
		{append([]string{"--defender", "auto"}, after...), "mate", 2},
		{append([]string{"--defender=auto"}, after...), "mate", 2},
		{[]string{"--defender", "auto"}, "mate", 3}, // not in check: the side to move attacks
		{append([]string{"--defender"}, after...), "mate", 2},
		{append([]string{"--defender", "true"}, after...), "mate", 2},
		{[]string{"--defender=false"}, "mate", 3},
	}
	for _, rules := range []string{"tsume", "mate"} {
		for _, tc := range tests {
			args := append([]string{"solve", "--quiet", "--json", "--hash-mb", "8", "--rules", rules}, tc.args...)
			code, out, errOut := run(args...)
			var j solveJSON
			if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil || j.Result != tc.result || j.Length != tc.length {
				t.Errorf("%v: exit %d, %s%s; want %s in %d", args[1:], code, out, errOut, tc.result, tc.length)
			}
		}
	}
	for _, bad := range [][]string{{"--defender=maybe"}, {"--defender", "maybe"}} {
		if code, _, errOut := run(append([]string{"solve", "--quiet"}, bad...)...); code != exitBadInput || errOut == "" {
			t.Errorf("%v: exit %d, %q", bad, code, errOut)
		}
	}
	if code, _, errOut := run(append([]string{"solve", "--quiet", "--hash-mb", "8"}, after...)...); code != exitBadInput {
		t.Errorf("white to move in check, attacking the black side's missing king: exit %d, %q", code, errOut)
	}
}

func TestSolveSFENGiven(t *testing.T) {
	for _, empty := range [][]string{{"--sfen", ""}, {"--sfen="}, {"--sfen", "  "}} {
		code, out, errOut := run(append([]string{"solve", "--hash-mb", "8", "--json"}, empty...)...)
		if code != exitBadInput || out != "" || !strings.Contains(errOut, "--sfen is empty") {
			t.Errorf("%q: exit %d, %q %q", empty, code, out, errOut)
		}
	}
	var j solveJSON
	code, out, _ := run("solve", "--hash-mb", "8", "--json", "--quiet")
	if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil || !j.Example || j.Result != "mate" {
		t.Errorf("no --sfen: exit %d, %s", code, out)
	}
	j = solveJSON{}
	code, out, _ = run("solve", "--hash-mb", "8", "--json", "--quiet", "--sfen", exampleSFEN)
	if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil || j.Example || !strings.Contains(out, `"example":false`) {
		t.Errorf("--sfen given: exit %d, %s", code, out)
	}
}

func TestSolveFileBadLines(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.sfen")
	long := strings.Repeat("9/", maxProblemLine) // longer than a line may be
	data := "# problems\n" +
		"xyz\n" +
		exampleSFEN + "\tmate in 3\n" +
		"7sk/9/7PP/9/9/9/9/9/9 b GSé 1\n" +
		long + "\n" +
		"4k4/9/9/9/9/9/9/4r4/4K4 b - 1\n" +
		"7nk/7p1/8G/9/9/9/9/9/9 b P 1\n"
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run("solve", "--hash-mb", "8", "--quiet", "--json", "--file", file)
	if code != exitBadInput {
		t.Errorf("exit %d, want %d (bad lines)", code, exitBadInput)
	}
	recs := strings.Split(strings.TrimSpace(out), "\n")
	want := []struct {
		line           int
		result, errHas string
	}{
		{2, "error", "bad position"},
		{3, "mate", ""},
		{4, "error", "'é' (U+00E9) at byte 26"},
		{5, "error", "longer than"},
		{6, "error", "in check"},
		{7, "nomate", ""},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d:\n%s\n%s", len(recs), len(want), out, errOut)
	}
	for i, w := range want {
		var r struct {
			Line   int    `json:"line"`
			Result string `json:"result"`
			Error  string `json:"error"`
			Input  string `json:"input"`
		}
		if err := json.Unmarshal([]byte(recs[i]), &r); err != nil || r.Line != w.line || r.Result != w.result || !strings.Contains(r.Error, w.errHas) || len(r.Input) > 300 {
			t.Errorf("record %d: %s, want line %d %s %q", i, shortText(recs[i], 300), w.line, w.result, w.errHas)
		}
		if w.errHas != "" && !strings.Contains(errOut, fmt.Sprintf("solve: line %d: ", w.line)) {
			t.Errorf("stderr does not name line %d:\n%s", w.line, errOut)
		}
	}
	code, out, errOut = run("solve", "--hash-mb", "8", "--quiet", "--file", file)
	if code != exitBadInput || strings.Count(out, "== line") != 6 || !strings.Contains(out, "nomate") || !strings.Contains(errOut, "solve: line 4: bad position: sfen: 'é'") {
		t.Errorf("text: exit %d\n%s%s", code, out, errOut)
	}
	// Good lines only: exit 0.
	good := filepath.Join(dir, "good.sfen")
	os.WriteFile(good, []byte(exampleSFEN+"\n"), 0o644)
	if code, _, errOut := run("solve", "--hash-mb", "8", "--quiet", "--file", good); code != 0 {
		t.Errorf("good file: exit %d %s", code, errOut)
	}
	// --file and --sfen together are refused, even with an empty --sfen.
	for _, s := range []string{exampleSFEN, ""} {
		if code, out, errOut := run("solve", "--file", "/dev/null", "--sfen", s); code != exitBadInput || out != "" || !strings.Contains(errOut, "--sfen and --file") {
			t.Errorf("--file with --sfen %q: exit %d, %q", s, code, errOut)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestOutputWriteErrors(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "s.tsv")
	os.WriteFile(suite, []byte(exampleSFEN+"\t3\n"), 0o644)
	for _, args := range [][]string{
		{"solve", "--hash-mb", "8", "--quiet"},
		{"solve", "--hash-mb", "8", "--quiet", "--json"},
		{"solve", "--hash-mb", "8", "--quiet", "--file", suite},
		{"bench", "--hash-mb", "8", "--suite", suite},
		{"bench", "--hash-mb", "8", "--csv", "--suite", suite},
		{"bench", "--hash-mb", "8", "--json", "--suite", suite},
		{"perft", "--depth", "2"},
		{"perft", "--depth", "1", "--divide"},
	} {
		var errb bytes.Buffer
		code := dispatch(args, failWriter{}, &errb)
		if code == 0 || !strings.Contains(errb.String(), "writing the output: no space left on device") {
			t.Errorf("%v to a failing writer: exit %d, %q", args, code, errb.String())
		}
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	cmd := tsumeCommand(t, "solve", "--hash-mb", "8", "--quiet")
	cmd.Stdout = full
	var errb bytes.Buffer
	cmd.Stderr = &errb
	cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != exitFailure || !strings.Contains(errb.String(), syscall.ENOSPC.Error()) {
		t.Errorf("> /dev/full: exit %d, %q", code, errb.String())
	}
}

func TestHashMB(t *testing.T) {
	if code, out, errOut := run("solve", "--hash-mb", "1", "--quiet"); code != 0 || !strings.Contains(out, "mate in 3") {
		t.Errorf("--hash-mb 1: exit %d %s%s", code, out, errOut)
	}
	for _, cmd := range []string{"solve", "bench"} {
		for _, mb := range []int{0, -3, mate.MaxHashMB + 1} {
			args := []string{cmd, "--hash-mb", fmt.Sprint(mb)}
			if cmd == "bench" {
				args = append(args, "--suite", "/nonexistent")
			}
			code, _, errOut := run(args...)
			if code != exitBadInput || !strings.Contains(errOut, fmt.Sprintf("--hash-mb: hash size %d MiB", mb)) {
				t.Errorf("%s --hash-mb %d: exit %d, %q", cmd, mb, code, errOut)
			}
		}
		total := core.PhysicalMemoryMB()
		if total == 0 || total >= mate.MaxHashMB {
			continue
		}
		// Above the machine's memory; the missing files are never reached.
		args := []string{cmd, "--hash-mb", fmt.Sprint(total + 1), "--file", "/nonexistent"}
		if cmd == "bench" {
			args[3] = "--suite"
		}
		code, _, errOut := run(args...)
		if code != exitBadInput || !strings.Contains(errOut, fmt.Sprintf("%d MiB exceeds this machine's %d MiB", total+1, total)) {
			t.Errorf("%s --hash-mb %d: exit %d, %q", cmd, total+1, code, errOut)
		}
	}
}
