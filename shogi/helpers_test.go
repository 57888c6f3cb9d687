package shogi

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedDir returns ../shared relative to the module root, skipping the
// test when it is absent.
func sharedDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("go.mod not found above the package")
		}
		dir = parent
	}
	shared := filepath.Join(dir, "..", "shared")
	if _, err := os.Stat(shared); err != nil {
		t.Skip("../shared is absent")
	}
	return shared
}

// sharedProblemSFENs returns every SFEN of ../shared/problems/shogi/*.tsv.
func sharedProblemSFENs(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(sharedDir(t), "problems", "shogi", "*.tsv"))
	if err != nil || len(files) == 0 {
		t.Skip("no problem files in ../shared/problems/shogi")
	}
	var out []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			out = append(out, strings.SplitN(line, "\t", 2)[0])
		}
		fh.Close()
	}
	return out
}

func mustParse(t testing.TB, s string) *Position {
	t.Helper()
	p, err := ParseSFEN(s)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", s, err)
	}
	return p
}
