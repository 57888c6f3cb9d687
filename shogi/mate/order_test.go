package mate

import (
	"slices"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

// TestSortsAreStableByScore compares sortChecks and orderEvasions with a
// stable sort by descending score on the checks of a few positions (a
// crowded tsume board with promoted pieces among them) and the evasions
// after each: the moves must come back unchanged, in that order.
func TestSortsAreStableByScore(t *testing.T) {
	for _, sfen := range []string{
		"4k4/1P1P1L3/2S3N2/P8/9/8p/2n3s2/1p1l1p1P1/4K4 b RBGrbg 1",
		"g3+P+P+P+P+L/1p1k5/+Rn2ppppp/2+Psg+p+R2/+b+nL6/1PP+B1ssP1/4+Ps2N/4+P1P1L/6G1g b Nl 1",
		"k8/9/9/9/9/9/9/9/r7K b PLNSGBR 1",
	} {
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		var lists [][]shogi.Move
		checks := pos.GenerateChecks(nil)
		lists = append(lists, checks)
		for _, m := range checks {
			pos.Do(m)
			lists = append(lists, pos.GenerateEvasions(nil))
			pos.Undo(m)
		}
		if pos.InCheck() {
			lists = append(lists, pos.GenerateEvasions(nil))
		}
		for _, ms := range lists {
			for _, c := range []struct {
				sort  func([]shogi.Move) []shogi.Move
				score func(shogi.Move) int
			}{{sortChecks, checkScore}, {orderEvasions, evasionScore}} {
				want := slices.Clone(ms)
				slices.SortStableFunc(want, func(a, b shogi.Move) int { return c.score(b) - c.score(a) })
				if got := c.sort(slices.Clone(ms)); !slices.Equal(got, want) {
					t.Fatalf("%s: sorted %v, want %v", sfen, got, want)
				}
			}
		}
	}
}
