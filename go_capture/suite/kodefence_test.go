package suite

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/go_capture/reading"
	"github.com/tsume-solver/tsume/internal/sharedtest"
)

// TestKoDefencesNameAMove: defences that succeed only by ko must name
// the owner's move in the ko, as GNU Go does; each of these was
// answered "2 PASS" or "3 PASS" before.
func TestKoDefencesNameAMove(t *testing.T) {
	shared := sharedtest.Dir()
	if shared == "" {
		t.Skip("../shared is absent")
	}
	tests, err := Load(filepath.Join(shared, "problems", "go", "gnugo-reading.jsonl"))
	if err != nil {
		t.Skip("suite absent:", err)
	}
	byID := map[int]Test{}
	for _, tc := range tests {
		byID[tc.ID] = tc
	}
	cases := []struct {
		id   int
		algo string
	}{
		{32, reading.AlgoDFPN}, {79, reading.AlgoDFPN}, {98, reading.AlgoDFPN},
		{81, reading.AlgoAPS}, {81, reading.AlgoDFPN},
	}
	for _, c := range cases {
		tc, ok := byID[c.id]
		if !ok {
			t.Fatalf("test %d missing from the suite", c.id)
		}
		rows, _, err := Run(context.Background(), []Test{tc}, reading.Options{Algorithm: c.algo, TimeLimit: 5 * time.Second}, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rows[0]
		if strings.Contains(r.Reply, "PASS") || !r.Pass {
			t.Errorf("test %d (%s): reply %q, want a move matching %q", c.id, c.algo, r.Reply, tc.Pattern)
		}
	}
}
