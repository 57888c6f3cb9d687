package suite

import (
	"path/filepath"
	"testing"

	"github.com/tsume-solver/tsume/internal/sharedtest"
)

// sharedSuiteByID loads GNU Go's reading suite from ../shared, indexed by
// test id; it skips the test when the suite is absent.
func sharedSuiteByID(t *testing.T) map[int]Test {
	t.Helper()
	shared := sharedtest.Dir()
	if shared == "" {
		t.Skip("../shared is absent")
	}
	tests, err := Load(filepath.Join(shared, "problems", "go", "gnugo-reading.jsonl"))
	if err != nil {
		t.Skip("suite absent:", err)
	}
	byID := make(map[int]Test, len(tests))
	for _, tc := range tests {
		byID[tc.ID] = tc
	}
	return byID
}
