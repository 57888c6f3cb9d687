package shogi

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/internal/sharedtest"
)

// sharedDir returns ../shared, skipping the test when it is absent.
func sharedDir(t testing.TB) string {
	t.Helper()
	return sharedtest.Require(t)
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
