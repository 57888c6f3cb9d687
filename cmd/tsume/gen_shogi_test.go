package main

import (
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

// TestGenShogi: the same seed writes the same positions, one valid SFEN a
// line; bad arguments are refused with a message.
func TestGenShogi(t *testing.T) {
	code, a, stderr := run("gen-shogi", "--seed", "3", "--n", "12")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, b, _ := run("gen-shogi", "--seed", "3", "--n", "12")
	lines := strings.Split(strings.TrimSpace(a), "\n")
	if len(lines) != 12 || a != b {
		t.Fatalf("%d lines, same output twice: %v", len(lines), a == b)
	}
	for _, l := range lines {
		if _, err := shogi.ParseSFEN(l); err != nil {
			t.Errorf("%q: %v", l, err)
		}
	}
	for _, args := range [][]string{{"--n", "0"}, {"--starts", "/nonexistent"}, {"stray"}} {
		if code, _, stderr := run(append([]string{"gen-shogi"}, args...)...); code != 2 || !strings.Contains(stderr, "gen-shogi:") {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
}
