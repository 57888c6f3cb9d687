package usi

import (
	"testing"
	"time"
)

// TestIsReadyPrefaults: isready writes the table's pages (Prefault) when
// no search runs, and never during one (the search owns the table; the
// isready it gets then is answered at once).
func TestIsReadyPrefaults(t *testing.T) {
	f := newFake(verifiedMate3(), true)
	s := startWith(t, f)
	s.send("isready")
	s.expect("readyok", 10*time.Second)
	if n, _ := f.prefaultCounts(); n != 1 {
		t.Fatalf("isready before any search: %d Prefault calls, want 1", n)
	}
	s.send(mate3, "go mate infinite")
	waitSearches(t, f, 1)
	s.send("isready")
	s.expect("readyok", 10*time.Second)
	f.release <- struct{}{}
	s.expect("checkmate", 10*time.Second)
	if n, during := f.prefaultCounts(); n != 1 || during != 0 {
		t.Errorf("isready during a search: %d Prefault calls (%d during the search), want still 1", n, during)
	}
	// usi waits for the search's end, so the isready after it finds none.
	s.send("usi")
	s.expect("usiok", 10*time.Second)
	s.send("isready")
	s.expect("readyok", 10*time.Second)
	if n, _ := f.prefaultCounts(); n != 2 {
		t.Errorf("isready after the search: %d Prefault calls, want 2", n)
	}
	s.quit()
}
