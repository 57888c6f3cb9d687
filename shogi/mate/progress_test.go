package mate

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestProgressEvery checks that Progress comes at the requested interval,
// not once a second: a search of a few hundred milliseconds with a 10 ms
// interval must report several times. The search is bounded by nodes, not
// time, so that a starved process still searches long enough to report.
func TestProgressEvery(t *testing.T) {
	// A lone king in the centre against a small hand: undecided within
	// the node limit, so the search is the proof search alone.
	pos, err := shogi.ParseSFEN("9/9/9/9/4k4/9/9/9/9 b RB2G2S 1")
	if err != nil {
		t.Fatal(err)
	}
	const every = 10 * time.Millisecond
	var calls atomic.Int32
	start := time.Now()
	_, err = Solve(context.Background(), pos, Options{
		HashMB:        16,
		NodeLimit:     50_000,
		ProgressEvery: every,
		Progress:      func(Progress) { calls.Add(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	el := time.Since(start)
	if el < 5*every {
		t.Fatalf("fixture: the search took %v, too short to report several times", el)
	}
	if n := calls.Load(); n < 2 {
		t.Errorf("Progress called %d times in a %v search with a %v interval, want at least 2", n, el, every)
	}
}

// TestNewSolverWithTableOptions checks that table options reach the table:
// NoHugePages must leave the table without huge pages, and a HugeTLB request
// must still give a working solver where none are reserved.
func TestNewSolverWithTableOptions(t *testing.T) {
	s, err := NewSolverWith(8, core.TableOptions{NoHugePages: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.HugePages() {
		t.Error("NoHugePages table reports huge pages")
	}
	s.Close()
	s, err = NewSolverWith(8, core.TableOptions{HugeTLB: true})
	if err != nil {
		t.Fatalf("HugeTLB request: %v (want a fallback to ordinary pages)", err)
	}
	defer s.Close()
	pos, _ := shogi.ParseSFEN("7sk/9/7PP/9/9/9/9/9/9 b GS 1")
	if r, err := s.Solve(context.Background(), pos, Options{}); err != nil || r.Kind != Mate || r.Length != 3 {
		t.Errorf("solve with a HugeTLB table: %v, %v, length %d", err, r.Kind, r.Length)
	}
	if _, err := NewSolverWith(MinHashMB-1, core.TableOptions{}); err == nil {
		t.Errorf("NewSolverWith(%d MiB) accepted", MinHashMB-1)
	}
}
