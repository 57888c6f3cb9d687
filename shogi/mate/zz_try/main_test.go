package try

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

func TestTry(t *testing.T) {
	f, _ := os.Open(os.Getenv("SET"))
	sc := bufio.NewScanner(f)
	s, err := mate.NewSolver(64)
	if err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "#") || l == "" {
			continue
		}
		fs := strings.Split(l, "\t")
		pos, err := shogi.ParseSFEN(fs[0])
		if err != nil {
			t.Log(err)
			continue
		}
		rules := mate.Tsume
		if os.Getenv("RULES") == "mate" {
			rules = mate.MateSearch
		}
		st := time.Now()
		r, err := s.Solve(context.Background(), pos, mate.Options{Rules: rules, TimeLimit: 10 * time.Second})
		if err != nil {
			t.Log(err)
			continue
		}
		t.Logf("%-8s exp=%-6s got=%-3d min=%v ver=%v %v nodes=%d ex=%d %v %s %s", r.Kind, fs[1], r.Length, r.Minimal, r.Verified, time.Since(st).Round(time.Millisecond), r.Stats.Expanded, r.ExactNodes, r.USI, r.Verification.Problem, r.Note)
	}
}
