package suite

import (
	"path/filepath"
	"testing"

	"github.com/tsume-solver/tsume/internal/sharedtest"
)

// sharedSuite loads GNU Go's reading suite from ../shared; it skips the
// test or benchmark when ../shared or the suite is absent (project tests
// must pass without ../shared).
func sharedSuite(tb testing.TB) []Test {
	tb.Helper()
	shared := sharedtest.Dir()
	if shared == "" {
		tb.Skip("../shared is absent")
	}
	tests, err := Load(filepath.Join(shared, "problems", "go", "gnugo-reading.jsonl"))
	if err != nil {
		tb.Skip("suite absent:", err)
	}
	return tests
}

// sharedSuiteByID is sharedSuite indexed by test id.
func sharedSuiteByID(t *testing.T) map[int]Test {
	t.Helper()
	tests := sharedSuite(t)
	byID := make(map[int]Test, len(tests))
	for _, tc := range tests {
		byID[tc.ID] = tc
	}
	return byID
}
