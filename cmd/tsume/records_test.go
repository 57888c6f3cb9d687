package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveWritesRecords: --kif and --csa write the problem and its
// verified line; a no-mate gets the position without moves; with --file
// a {n} pattern gives one file per line, and a plain name or --jobs is
// refused before anything is solved.
func TestSolveWritesRecords(t *testing.T) {
	dir := t.TempDir()
	kif, csa := filepath.Join(dir, "m3.kif"), filepath.Join(dir, "m3.csa")
	if code, _, errOut := run("solve", "--sfen", "7sk/9/7PP/9/9/9/9/9/9 b GS 1", "--kif", kif, "--csa", csa, "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for path, want := range map[string][]string{
		kif: {"   1 １二銀打", "   2 同　銀(21)", "   3 ２二金打", "   4 詰み", "先手の持駒：金　銀"},
		csa: {"+0012GI\n-2112GI\n+0022KI\n%TSUMI\n", "P+00KI00GI"},
	} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s lacks %q:\n%s", filepath.Base(path), w, b)
			}
		}
	}

	problems := filepath.Join(dir, "p.txt")
	if err := os.WriteFile(problems, []byte("7sk/9/7PP/9/9/9/9/9/9 b GS 1\n\n4k4/9/9/9/9/9/9/9/4K4 b P 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pattern := filepath.Join(dir, "{n}.kif")
	if code, _, errOut := run("solve", "--file", problems, "--kif", pattern, "--quiet"); code != 0 {
		t.Fatalf("--file: exit %d: %s", code, errOut)
	}
	one, err1 := os.ReadFile(filepath.Join(dir, "1.kif"))
	three, err3 := os.ReadFile(filepath.Join(dir, "3.kif"))
	if err1 != nil || err3 != nil {
		t.Fatalf("per-line files: %v %v", err1, err3)
	}
	if !strings.Contains(string(one), "詰み") || strings.Contains(string(three), "詰み") || strings.Contains(string(three), "   1 ") {
		t.Errorf("line 1 (mate) or line 3 (no mate) record wrong:\n%s\n%s", one, three)
	}

	for _, args := range [][]string{
		{"--file", problems, "--kif", filepath.Join(dir, "all.kif")},
		{"--file", problems, "--jobs", "2", "--csa", pattern},
	} {
		code, _, errOut := run(append([]string{"solve"}, args...)...)
		if code != exitBadInput || !strings.Contains(errOut, "--") {
			t.Errorf("%v: exit %d (%s), want a refusal", args, code, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "all.kif")); err == nil {
		t.Errorf("a refused run wrote all.kif")
	}
}
