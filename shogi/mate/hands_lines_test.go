package mate

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

// TestHeavyStoredHandsAlongLines is TestStoredHandsAreSound for every
// position along the solution lines of the shared short sets, attacker and
// defender to move, under both rule sets: each position is solved on its
// own, and when its entry is stored under another hand, solved again with
// exactly that hand; the verdict must not change. (At the last run: 891
// decided positions, 485 of them stored under another hand.)
func TestHeavyStoredHandsAlongLines(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: every position along the short sets' lines, both rule sets")
	}
	dir := sharedtest.Require(t)
	var sfens []string
	for _, name := range []string{"antma_tsume_1to9.tsv", "yaneuraou5m_heads_mate3_5_7.tsv", "sugyan_misc.tsv", "komori_mate_engine_test_mate.tsv"} {
		f, err := os.Open(filepath.Join(dir, "problems", "shogi", name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if l := sc.Text(); !strings.HasPrefix(l, "#") && strings.Contains(l, "\t") {
				sfens = append(sfens, strings.Split(l, "\t")[0])
			}
		}
		f.Close()
	}
	s, err := NewSolver(64)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	checked, changed, bad := 0, 0, 0
	for _, sf := range sfens {
		pos, err := shogi.ParseSFEN(sf)
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Rules: Tsume, NodeLimit: 200000}
		r, err := s.Solve(context.Background(), pos, o)
		if err != nil || r.Kind != Mate {
			continue
		}
		p, attacker, err := prepare(pos, &o)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i <= len(r.Moves); i++ {
			for _, rules := range []Rules{Tsume, MateSearch} {
				q, err := shogi.ParseSFEN(p.SFEN())
				if err != nil {
					t.Fatal(err)
				}
				o := Options{Rules: rules, NodeLimit: 300000, DefenderToMove: q.SideToMove() != attacker}
				decided, moved, agreed := storedHandCheck(t, s, q, o, 600000)
				if decided {
					checked++
				}
				if moved {
					changed++
				}
				if !agreed {
					bad++
				}
			}
			if i < len(r.Moves) {
				p.Do(r.Moves[i])
			}
		}
	}
	t.Logf("%d decided positions, %d stored under another hand, %d verdicts changed", checked, changed, bad)
	if checked > 100 && changed == 0 {
		t.Error("no position was stored under a proof or disproof hand: are hands off?")
	}
}
