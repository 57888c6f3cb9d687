package usi

import (
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi/mate"
)

// TestAlgorithmCStar: the Algorithm combo offers cstar, and choosing it
// reaches the search.
func TestAlgorithmCStar(t *testing.T) {
	f := newFake(verifiedMate3(), false)
	s := startWith(t, f)
	s.send("usi")
	if got := strings.Join(s.collectUntil("usiok", 5*time.Second), "\n"); !strings.Contains(got, "var cstar") {
		t.Errorf("the Algorithm combo lacks cstar:\n%s", got)
	}
	s.send("setoption name Algorithm value cstar", mate3, "go mate 1000")
	s.expect("checkmate", 5*time.Second)
	if c := waitSearches(t, f, 1)[0]; c.opts.Algorithm != mate.CStar {
		t.Errorf("the search got algorithm %v", c.opts.Algorithm)
	}
}
