package gen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/suite"
	"github.com/tsume-solver/tsume/internal/sharedtest"
)

// TestAskGNUGoMatchesStoredAnswers asks a live GNU Go the first questions
// of reading.tst through AskGNUGo and expects the answers recorded in the
// suite by GNU Go 3.8: a position set up wrongly (a setup move played on
// a stone the normalized position already holds, say) changes them.
func TestAskGNUGoMatchesStoredAnswers(t *testing.T) {
	const gnugo = "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("gnugo is not installed")
	}
	tests, err := suite.Load(filepath.Join(sharedtest.Require(t), "problems", "go", "gnugo-reading.jsonl"))
	if err != nil {
		t.Skip("suite absent:", err)
	}
	e, err := StartEngine(gnugo, "--mode", "gtp")
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for i := range tests[:min(40, len(tests))] {
		tc := &tests[i]
		reply, _, err := AskGNUGo(e, tc)
		if err != nil {
			t.Fatal(err)
		}
		if reply != tc.GNUGo {
			t.Errorf("test %d: %s %s: live %q, stored %q", tc.ID, tc.Command, tc.Args[0], reply, tc.GNUGo)
		}
	}
}
