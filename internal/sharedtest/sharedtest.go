// Package sharedtest locates the project's shared test data, the folder
// ../shared beside the module root (problem sets, GNU Go's suite, papers).
// Tests use it so that they skip cleanly where the folder is absent.
package sharedtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir returns the path of ../shared relative to the module root found
// above the working directory, or "" when there is none.
func Dir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			s := filepath.Join(dir, "..", "shared")
			if _, err := os.Stat(s); err == nil {
				return s
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Require returns Dir(), skipping the test when the folder is absent.
func Require(t testing.TB) string {
	t.Helper()
	d := Dir()
	if d == "" {
		t.Skip("../shared is absent")
	}
	return d
}

// Microcosmos returns the start position (SFEN) and the 1525 solution
// moves (USI) of ../shared/problems/shogi/microcosmos_1525.usi, skipping
// the test when the file is absent. The position with N plies left is the
// start after the first len(moves)-N moves.
func Microcosmos(t testing.TB) (sfen string, moves []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Require(t), "problems", "shogi", "microcosmos_1525.usi"))
	if err != nil {
		t.Skip(err)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if len(lines) < 2 {
		t.Fatal("microcosmos_1525.usi: want a SFEN line and a moves line")
	}
	return lines[0], strings.Fields(lines[1])
}
