package reading

import (
	"context"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// TestKoPassOrder: df-pn searches the ko passes in the order 1, 3, 2 and
// skips pass 2 when pass 3 fails (a pass with more ko power for the
// first mover cannot fail where one with less succeeds). On random 5×5
// questions every answer is the one of the passes searched in the order
// 1, 2, 3; a question that fails in all three that way fails after two
// passes here, and such questions take fewer plays in all (one may
// take more: pass 3 can cost more than pass 2).
func TestKoPassOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	n := 1500
	if testing.Short() {
		n = 500
	}
	skipped := 0
	var plays [2]int64
	for i := 0; i < n; i++ {
		b := randomBoard(rng, 5)
		var weak []board.Point
		for p := board.Point(0); p < 25; p++ {
			if b.At(p) != board.Empty && b.NumLibs(p) <= 3 {
				weak = append(weak, p)
			}
		}
		if len(weak) == 0 {
			continue
		}
		target, mode := weak[rng.Intn(len(weak))], Mode(rng.Intn(2))
		var res [2]Result
		for j, inOrder := range []bool{true, false} {
			o := Options{SafeLibs: 4, Plays: 300000}
			o.passesInOrder = inOrder
			r, err := Solve(context.Background(), b, target, mode, o)
			if err != nil {
				t.Fatal(err)
			}
			res[j] = r
		}
		x, y := res[0], res[1]
		if !x.Proven || !y.Proven {
			continue
		}
		if x.Code != y.Code {
			t.Errorf("%s %s: code %d in the order 1, 3, 2, %d in the order 1, 2, 3\n%s", mode, b.Vertex(target), y.Code, x.Code, b)
		}
		if x.Code == Fail && x.Stats.Steps == 3 {
			skipped++
			plays[0] += x.Stats.Plays
			plays[1] += y.Stats.Plays
			if y.Stats.Steps != 2 {
				t.Errorf("%s %s fails in three passes: searched %d passes here\n%s", mode, b.Vertex(target), y.Stats.Steps, b)
			}
		}
	}
	if skipped < 5 {
		t.Fatalf("only %d questions failed in all three passes: the test checks too little", skipped)
	}
	if plays[1] >= plays[0] {
		t.Errorf("questions failing in every pass: %d plays, %d in the order 1, 2, 3", plays[1], plays[0])
	}
	t.Logf("%d questions failed in all three passes: %d plays, %d in the order 1, 2, 3", skipped, plays[1], plays[0])
}
