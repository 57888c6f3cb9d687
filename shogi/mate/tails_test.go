package mate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi"
)

// microcosmosFile reads ../shared's Microcosmos file: the SFEN and the
// published solution's USI moves. It skips the test when the file is absent.
func microcosmosFile(t *testing.T) (sfen string, moves []string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(sharedDir(t), "microcosmos_1525.usi"))
	if err != nil {
		t.Skip(err)
	}
	var fields []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			fields = append(fields, l)
		}
	}
	if len(fields) < 2 {
		t.Fatal("want a SFEN line and a moves line")
	}
	return fields[0], strings.Fields(fields[1])
}

// microcosmosTail returns the position n plies before the end of
// Microcosmos' published solution (its remaining solution has n plies).
func microcosmosTail(t *testing.T, n int) *shogi.Position {
	t.Helper()
	sfen, moves := microcosmosFile(t)
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range moves[:len(moves)-n] {
		m, err := shogi.ParseUSIMove(p, u)
		if err != nil {
			t.Fatal(err)
		}
		p.Do(m)
	}
	p, err = shogi.ParseSFEN(p.SFEN()) // a fresh game: no history
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestHeavyMicrocosmosTails solves positions near the end of Microcosmos
// through the long-line method (their proofs are longer than
// exactMaxProof): the published remaining length, verified; proven
// minimal for the 31-ply tail (about 15 s here); for the 41-ply tail with
// a 15 s limit, which ends the minimality search early, still the
// published length and a verified line, the note saying what is open.
func TestHeavyMicrocosmosTails(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: Microcosmos tails, up to a minute")
	}
	tests := []struct {
		n       int
		limit   time.Duration
		minimal bool
	}{
		{31, 90 * time.Second, true},
		{41, 15 * time.Second, false},
	}
	s, err := NewSolver(512)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, tc := range tests {
		r, err := s.Solve(context.Background(), microcosmosTail(t, tc.n), Options{TimeLimit: tc.limit})
		if err != nil {
			t.Fatal(err)
		}
		if r.Kind != Mate || r.Length != tc.n || !r.Verified || tc.minimal && !r.Minimal {
			t.Errorf("tail %d: %v in %d, minimal %v, verified %v (%s), note %q", tc.n, r.Kind, r.Length, r.Minimal, r.Verified, r.Verification.Problem, r.Note)
		}
		if !r.Minimal && !strings.Contains(r.Note, "not proven") {
			t.Errorf("tail %d: not minimal, and the note does not say what is open: %q", tc.n, r.Note)
		}
		t.Logf("tail %d: %d plies, minimal %v, %v, note %q", tc.n, r.Length, r.Minimal, r.Elapsed.Round(time.Millisecond), r.Note)
		s.Clear()
	}
}
