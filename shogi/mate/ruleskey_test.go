package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

// TestRulesDoNotShareEntries solves one position under both rule sets with
// one Solver and no Clear in between, in both orders: a futile drop is no
// defence under tsume rules (mate in 1) but is under mate-search rules
// (mate in 3). Entries of one rule set read by the other would give the
// second question the first one's length. (On this position the line
// phase happens to recover the right length even from shared entries; the
// test guards the behaviour, the salt in Game.Key is what makes it hold in
// general.) The exact search is turned off
// so the line comes from the bounded searches, which share the table.
func TestRulesDoNotShareEntries(t *testing.T) {
	const sfen = "8k/7pl/6N2/9/9/9/9/9/R8 b b 1"
	want := map[Rules]int{Tsume: 1, MateSearch: 3}
	for _, order := range [][2]Rules{{Tsume, MateSearch}, {MateSearch, Tsume}} {
		s, err := NewSolver(16)
		if err != nil {
			t.Fatal(err)
		}
		s.exactMax = 0
		for _, r := range order {
			pos, err := shogi.ParseSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Solve(context.Background(), pos, Options{Rules: r})
			if err != nil {
				t.Fatal(err)
			}
			if res.Kind != Mate || len(res.Moves) != want[r] {
				t.Errorf("order %v, rules %v: %v in %d plies, want mate in %d", order, r, res.Kind, len(res.Moves), want[r])
			}
		}
		s.Close()
	}
}
