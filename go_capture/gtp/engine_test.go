package gtp

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tsume-solver/tsume/go_capture/reading"
)

func TestExec(t *testing.T) {
	e := New(reading.Options{})
	tests := []struct {
		line string
		want string
		ok   bool
	}{
		{"protocol_version", "= 2\n\n", true},
		{"7 name", "=7 tsume\n\n", true},
		{"# a comment", "", false},
		{"", "", false},
		{"known_command attack", "= true\n\n", true},
		{"known_command genmove", "= false\n\n", true},
		{"boardsize 9", "= \n\n", true},
		{"boardsize 3", "? unacceptable size\n\n", true},
		{"play black C3", "= \n\n", true},
		{"play white C3", "? illegal move\n\n", true},
		{"play white I3", "? vertex \"I3\": column 'I' is not one of A-T (I is skipped)\n\n", true},
		{"play purple C4", "? invalid color\n\n", true},
		{"play white B3", "= \n\n", true},
		{"play white C2", "= \n\n", true},
		{"play white D3", "= \n\n", true},
		{"play black C5", "= \n\n", true},
		{"3 attack C3", "=3 1 C4\n\n", true},
		{"defend C3", "= 1 C4\n\n", true},
		{"attack D5", "? vertex must not be empty\n\n", true},
		{"play white C4", "= \n\n", true}, // captures C3
		{"attack C3", "? vertex must not be empty\n\n", true},
		{"undo", "= \n\n", true},
		{"attack C5", "= 0\n\n", true},
		{"trymove white D4", "= \n\n", true},
		{"popgo", "= \n\n", true},
		{"frobnicate", "? unknown command\n\n", true},
		{"quit", "= \n\n", true},
	}
	for _, tc := range tests {
		got, _, ok := e.Exec(tc.line)
		if ok != tc.ok || (tc.want != "" && got != tc.want) {
			t.Errorf("%q: got %q (ok %v), want %q", tc.line, got, ok, tc.want)
		}
	}
}

// TestAgainstGNUGo asks GNU Go, when installed, the same questions as
// tsume on a small position and compares the result codes.
func TestAgainstGNUGo(t *testing.T) {
	gnugo, err := exec.LookPath("gnugo")
	if err != nil {
		if _, err2 := os.Stat("/usr/games/gnugo"); err2 != nil {
			t.Skip("gnugo is not installed")
		}
		gnugo = "/usr/games/gnugo"
	}
	script := "boardsize 9\nplay black C3\nplay white B3\nplay white C2\nplay white D3\nplay black C5\n"
	questions := []string{"attack C3", "defend C3"}
	cmd := exec.Command(gnugo, "--mode", "gtp")
	cmd.Stdin = strings.NewReader(script + strings.Join(questions, "\n") + "\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		t.Skip("gnugo did not run:", err)
	}
	var answers []string
	for _, blk := range strings.Split(strings.TrimSpace(string(out)), "\n\n") {
		answers = append(answers, strings.TrimSpace(strings.TrimPrefix(blk, "=")))
	}
	if len(answers) < 6+len(questions) {
		t.Fatalf("gnugo answered %q", out)
	}
	answers = answers[6 : 6+len(questions)]
	t.Logf("gnugo: %q", answers)
	e := New(reading.Options{})
	for _, l := range strings.Split(strings.TrimSpace(script), "\n") {
		e.Exec(l)
	}
	for i, q := range questions {
		got, _, _ := e.Exec(q)
		got = strings.TrimSpace(strings.TrimPrefix(got, "="))
		if got[:1] != answers[i][:1] {
			t.Errorf("%s: tsume %q, gnugo %q", q, got, answers[i])
		}
	}
}

func TestLoadSGF(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "p.sgf")
	if err := os.WriteFile(f, []byte("(;SZ[9];B[ee];W[ef];B[dd])"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := New(reading.Options{})
	for _, tc := range []struct{ line, want string }{
		{"loadsgf " + f, "= white\n\n"},
		{"loadsgf " + f + " 3", "= black\n\n"},
		{"loadsgf " + f + " x", "? loadsgf: move number \"x\" is not a positive integer\n\n"},
		{"loadsgf " + filepath.Join(dir, "missing.sgf"), "? cannot open or parse \"" + filepath.Join(dir, "missing.sgf") + "\"\n\n"},
	} {
		if got, _, _ := e.Exec(tc.line); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.line, got, tc.want)
		}
	}
}

// FuzzExec feeds arbitrary command lines to the engine: it must answer
// each with a response or an error, never panic.
func FuzzExec(f *testing.F) {
	for _, s := range []string{"boardsize 5", "play b A1", "attack A1", "12 defend E5", "undo", "popgo",
		"trymove w B2", "loadsgf /nonexistent 3", "komi x", "known_command play", "play black pass"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e := New(reading.Options{Nodes: 200})
		for _, l := range []string{"boardsize 5", "play b C3", "play w C4", line, "showboard", line} {
			resp, _, ok := e.Exec(l)
			if ok && !strings.HasPrefix(resp, "=") && !strings.HasPrefix(resp, "?") {
				t.Fatalf("%q: response %q", l, resp)
			}
		}
	})
}

// TestUndecidedIsAFailure: a question that its budget stops answers a GTP
// failure, never "0" (which says the string cannot be saved); the
// default options (df-pn) decide issue 12's chase: D4 saves D5.
func TestUndecidedIsAFailure(t *testing.T) {
	setup := []string{"boardsize 9", "clear_board", "play black E5", "play white D5", "play black C5", "play black D6"}
	for _, algo := range []string{reading.AlgoDFPN, reading.AlgoPNStar, reading.AlgoAPS} {
		e := New(reading.Options{Algorithm: algo, Plays: 300})
		for _, l := range setup {
			e.Exec(l)
		}
		for _, q := range []string{"defend D5", "4 defend D5"} {
			got, _, _ := e.Exec(q)
			if !strings.HasPrefix(got, "? unknown: ") && !strings.HasPrefix(got, "?4 unknown: ") {
				t.Errorf("%s, 300 plays, %q: %q, want a failure saying unknown", algo, q, got)
			}
		}
		if got, _, _ := e.Exec("attack D5"); got != "= 1 D4\n\n" { // in atari: decided at once
			t.Errorf("%s, 300 plays: attack D5 = %q, want \"= 1 D4\"", algo, got)
		}
	}
	e := New(reading.Options{Plays: 1000000})
	for _, l := range setup {
		e.Exec(l)
	}
	if got, _, _ := e.Exec("defend D5"); got != "= 1 D4\n\n" {
		t.Errorf("default options: defend D5 = %q, want \"= 1 D4\"", got)
	}
}

// TestGNUGoConventions: the protocol details in which GNU Go 3.8 is the
// reference (checked against it in TestAgainstGNUGo when installed): an
// integer id is echoed, normalised, only when it is not negative; command
// names are case-sensitive; known_command without an argument is false;
// defend answers a string short of five liberties that needs no defence
// with a real move, and PASS only from five liberties on.
func TestGNUGoConventions(t *testing.T) {
	e := New(reading.Options{Plays: 1000000})
	for _, tc := range []struct{ line, want string }{
		{"-5 name", "= tsume\n\n"},
		{"+5 name", "=5 tsume\n\n"},
		{"05 name", "=5 tsume\n\n"},
		{"NAME", "? unknown command\n\n"},
		{"7 Name", "?7 unknown command\n\n"},
		{"Quit", "? unknown command\n\n"},
		{"known_command", "= false\n\n"},
		{"3 known_command", "=3 false\n\n"},
		{"known_command KNOWN_COMMAND", "= false\n\n"},
		{"known_command known_command", "= true\n\n"},
		{"boardsize 9", "= \n\n"},
		{"play black E5", "= \n\n"},
		{"defend E5", "= 1 E4\n\n"}, // four liberties, no threat: GNU Go's E4
		{"play white E6", "= \n\n"},
		{"defend E5", "= 1 E4\n\n"},
		{"play black C3", "= \n\n"},
		{"play black C4", "= \n\n"},
		{"play black C5", "= \n\n"},
		{"defend C3", "= 1 PASS\n\n"}, // eight liberties
	} {
		if got, _, _ := e.Exec(tc.line); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.line, got, tc.want)
		}
	}
}

// TestHostileInput: a line of any length is survived (one longer than
// maxLine is refused and the session goes on), and what an error echoes
// of the input is cut and escaped.
func TestHostileInput(t *testing.T) {
	huge := "12 " + strings.Repeat("x\x00\xff", 700000) + "\nname\n"
	var out strings.Builder
	if err := New(reading.Options{}).Run(strings.NewReader(huge), &out); err != nil {
		t.Fatal(err)
	}
	if want := "?12 command line too long (2100004 bytes; at most 65536)\n\n= tsume\n\n"; out.String() != want {
		t.Errorf("a 2 MB line: %q, want %q", out.String(), want)
	}
	e := New(reading.Options{})
	for _, line := range []string{
		"boardsize " + strings.Repeat("\x01\xfe9", 5000),
		"komi " + strings.Repeat("é\u200b", 5000),
		"play black " + strings.Repeat("D4", 5000),
		"loadsgf " + strings.Repeat("/nope", 5000),
		"loadsgf f.sgf " + strings.Repeat("\xff", 5000),
		strings.Repeat("frobnicate", 5000),
	} {
		got, _, _ := e.Exec(line)
		if len(got) > 400 || !strings.HasPrefix(got, "? ") { // 64 bytes of input, escaped: at most 256
			t.Errorf("%.20q...: answer of %d bytes: %.300q", line, len(got), got)
		}
		for _, r := range strings.TrimSuffix(got, "\n\n") {
			if r == utf8.RuneError || (r < 32 || r == 127 || r == '\u200b') {
				t.Errorf("%.20q...: answer %q holds %U", line, got, r)
				break
			}
		}
	}
}

// gnugoPath returns GNU Go's path, or skips the test.
func gnugoPath(t *testing.T) string {
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/gnugo"); err == nil {
		return "/usr/games/gnugo"
	}
	t.Skip("gnugo is not installed")
	return ""
}

// TestProtocolAgainstGNUGo runs one script through GNU Go and tsume and
// compares the responses: exactly for the protocol lines (ids, letter
// case, known_command), by code and by PASS or move for defend.
func TestProtocolAgainstGNUGo(t *testing.T) {
	gnugo := gnugoPath(t)
	type line struct {
		cmd   string
		exact bool
	}
	script := []line{
		{"-5 protocol_version", true}, {"+5 protocol_version", true}, {"05 protocol_version", true},
		{"PROTOCOL_VERSION", true}, {"7 Protocol_version", true}, {"known_command", true},
		{"3 known_command", true}, {"known_command KOMI", true}, {"known_command komi", true},
		{"frobnicate", true}, {"boardsize 9", true}, {"clear_board", true},
		{"play black E5", true}, {"defend E5", false}, {"play white E6", true}, {"defend E5", false},
		{"play black C3", true}, {"play black C4", true}, {"play black C5", true}, {"defend C3", false},
		{"play black E4", true}, {"play black D4", true}, {"defend E5", false},
		{"play black A1", true}, {"defend A1", false}, {"play black A2", true}, {"defend A1", false},
	}
	var in strings.Builder
	for _, l := range script {
		in.WriteString(l.cmd + "\n")
	}
	cmd := exec.Command(gnugo, "--mode", "gtp")
	cmd.Stdin = strings.NewReader(in.String() + "quit\n")
	out, err := cmd.Output()
	if err != nil {
		t.Skip("gnugo did not run:", err)
	}
	theirs := strings.Split(strings.TrimSuffix(string(out), "\n\n"), "\n\n")
	if len(theirs) != len(script)+1 {
		t.Fatalf("gnugo gave %d answers to %d lines: %q", len(theirs), len(script)+1, out)
	}
	e := New(reading.Options{Plays: 1000000})
	for i, l := range script {
		ours, _, _ := e.Exec(l.cmd)
		ours = strings.TrimSuffix(ours, "\n\n")
		if l.exact {
			if ours != theirs[i] {
				t.Errorf("%q: tsume %q, gnugo %q", l.cmd, ours, theirs[i])
			}
			continue
		}
		if ours[:3] != theirs[i][:3] || strings.HasSuffix(ours, "PASS") != strings.HasSuffix(theirs[i], "PASS") {
			t.Errorf("%q: tsume %q, gnugo %q (the code or PASS differs)", l.cmd, ours, theirs[i])
		}
	}
}
