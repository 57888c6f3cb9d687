package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchGoAsksGNUGoLive: with --gnugo, every question is put to the
// engine (its position loaded with loadsgf by absolute path, then asked),
// its replies are scored by the suite's patterns next to ours; with
// --gnugo none there is no live line. The engine here is a fake that
// answers 0 to every question.
func TestBenchGoAsksGNUGoLive(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.sgf"), []byte("(;GM[1]FF[4]SZ[9]AB[ee]AW[ed][de][fe])"), 0o644); err != nil {
		t.Fatal(err)
	}
	suiteText := `{"id": 1, "command": "attack", "args": ["E5"], "setup_moves": [], "pattern": "1 E6", "position_sgf": "p.sgf", "gnugo38_response": "1 E6", "gnugo38_pass": true}
{"id": 2, "command": "defend", "args": ["E5"], "setup_moves": [], "pattern": "0", "position_sgf": "p.sgf", "gnugo38_response": "0", "gnugo38_pass": true}
`
	suitePath := filepath.Join(dir, "s.jsonl")
	if err := os.WriteFile(suitePath, []byte(suiteText), 0o644); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "log")
	fake := filepath.Join(dir, "fakegnugo")
	script := "#!/bin/sh\nwhile read cmd rest; do\n  echo \"$cmd $rest\" >> " + log + "\n  case \"$cmd\" in\n    attack|defend) printf '= 0\\n\\n';;\n    quit) printf '=\\n\\n'; exit 0;;\n    *) printf '=\\n\\n';;\n  esac\ndone\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := run("bench-go", "--go-suite", suitePath, "--gnugo", fake)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "GNU Go live ("+fake+", same run): passed 1 of 2") {
		t.Errorf("no live line with 1 of 2 passed:\n%s", out)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(b), "loadsgf "+filepath.Join(dir, "p.sgf")); got != 2 {
		t.Errorf("the position was loaded %d times by absolute path, want 2:\n%s", got, b)
	}
	if !strings.Contains(string(b), "attack E5") || !strings.Contains(string(b), "defend E5") {
		t.Errorf("the questions were not asked:\n%s", b)
	}
	_, out, _ = run("bench-go", "--go-suite", suitePath, "--gnugo", "none")
	if strings.Contains(out, "GNU Go live") {
		t.Errorf("--gnugo none still asked GNU Go:\n%s", out)
	}
}
