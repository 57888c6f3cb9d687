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
// not once a second: a 400 ms search with a 20 ms interval must report
// several times (a 1 s interval would report at most once).
func TestProgressEvery(t *testing.T) {
	// A lone king in the centre against a full hand: a long search.
	pos, err := shogi.ParseSFEN("9/9/9/9/4k4/9/9/9/9 b 2R2B4G4S4N4L18P 1")
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	_, err = Solve(context.Background(), pos, Options{
		HashMB:        16,
		TimeLimit:     400 * time.Millisecond,
		ProgressEvery: 20 * time.Millisecond,
		Progress:      func(Progress) { calls.Add(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := calls.Load(); n < 2 {
		t.Errorf("Progress called %d times in a 400 ms search with a 20 ms interval, want at least 2", n)
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
