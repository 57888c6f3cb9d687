package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSolveAndBenchCStar: --algo cstar solves, and bench --compare prints
// the per-problem table with a C* block beside PN* and df-pn, whose TE
// counts the proof tree's leaves.
func TestSolveAndBenchCStar(t *testing.T) {
	code, out, errOut := run("solve", "--hash-mb", "8", "--algo", "cstar")
	if code != 0 || !strings.Contains(out, "mate in 3") || !strings.Contains(out, "verified:") {
		t.Fatalf("solve --algo cstar: exit %d\n%s%s", code, out, errOut)
	}
	suite := filepath.Join(t.TempDir(), "two.tsv")
	data := "7sk/9/7PP/9/9/9/9/9/9 b GS 1\t3\tmate in 3\n" +
		"7nk/7p1/8G/9/9/9/9/9/9 b P 1\tnomate\tpawn-drop mate\n"
	if err := os.WriteFile(suite, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run("bench", "--hash-mb", "8", "--compare", "--suite", suite)
	if code != 0 {
		t.Fatalf("bench --compare: exit %d\n%s%s", code, out, errOut)
	}
	if !strings.Contains(out, "total cstar: 2/2 OK") || !strings.Contains(out, "== per problem") {
		t.Fatalf("bench --compare output:\n%s", out)
	}
	// The mate in 3's row: three blocks (C*, PN*, df-pn), each with a
	// non-zero TE and "yes"; the nomate row: TE 0.
	var mateRow, nomateRow string
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "1:mate in 3") && strings.Count(l, "|") == 3:
			mateRow = l
		case strings.HasPrefix(l, "2:pawn-drop mate") && strings.Count(l, "|") == 3:
			nomateRow = l
		}
	}
	block := regexp.MustCompile(`\|\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+[0-9.]+\s+[0-9.]+\s+yes`)
	ms := block.FindAllStringSubmatch(mateRow, -1)
	if len(ms) != 3 {
		t.Fatalf("mate row %q: want three C*/PN*/df-pn blocks", mateRow)
	}
	for _, m := range ms {
		if m[4] == "0" {
			t.Errorf("mate row %q: a TE of 0", mateRow)
		}
	}
	if ns := block.FindAllStringSubmatch(nomateRow, -1); len(ns) != 3 || ns[0][4] != "0" {
		t.Errorf("nomate row %q", nomateRow)
	}
}
