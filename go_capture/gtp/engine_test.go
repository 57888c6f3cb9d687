package gtp

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
		{"loadsgf " + filepath.Join(dir, "missing.sgf"), "? cannot open or parse '" + filepath.Join(dir, "missing.sgf") + "'\n\n"},
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
