package gtp

import (
	"context"
	"math/rand"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
)

// TestHostile16SessionAgreesWithFresh drives one engine through a long
// session on 9×9 and 13×13 boards (stones placed by play, then attack
// and defend questions interleaved with plays and undos, so its reused
// solver carries tables and the extension memo from board to board) and
// answers each question again with a fresh reading.Solve on the engine's
// board: when both decide, the codes are equal; the engine's reply is
// "= code [move]" exactly when its search decided, "? unknown..." (never
// "0") otherwise.
func TestHostile16SessionAgreesWithFresh(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	opts := reading.Options{SafeLibs: 4, Plays: 2000}
	e := New(opts)
	rng := rand.New(rand.NewSource(1617))
	exec := func(cmd string) string {
		t.Helper()
		resp, _, _ := e.Exec(cmd)
		return strings.TrimSpace(resp)
	}
	var compared, unknown, questions int
	colors := []string{"black", "white"}
	for g := 0; g < n; g++ {
		size := 9
		if g%3 == 2 {
			size = 13
		}
		exec("boardsize " + string(rune('0'+size/10)) + string(rune('0'+size%10)))
		exec("clear_board")
		fill := 0.3 + 0.2*rng.Float64()
		for p := 0; p < size*size; p++ {
			if rng.Float64() < fill {
				exec("play " + colors[rng.Intn(2)] + " " + board.FormatVertex(board.Point(p), size))
			}
		}
		for k := 0; k < 8; k++ {
			b := e.Board()
			var stones []board.Point
			for p := board.Point(0); int(p) < size*size; p++ {
				if b.At(p) != board.Empty && b.NumLibs(p) <= 3 {
					stones = append(stones, p)
				}
			}
			if len(stones) == 0 {
				break
			}
			target := stones[rng.Intn(len(stones))]
			mode, name := reading.Attack, "attack"
			if rng.Intn(2) == 1 {
				mode, name = reading.Defend, "defend"
			}
			v := board.FormatVertex(target, size)
			resp := exec(name + " " + v)
			questions++
			got := e.LastResult
			if got.Decided() {
				want, _ := got.GTP(size)
				if resp != "= "+want {
					t.Errorf("%s %s: decided %d, reply %q", name, v, got.Code, resp)
				}
			} else {
				unknown++
				if !strings.HasPrefix(resp, "? unknown") {
					t.Errorf("%s %s: undecided, reply %q", name, v, resp)
				}
			}
			fresh, err := reading.Solve(context.Background(), e.Board(), target, mode, opts)
			if err != nil {
				t.Fatal(err)
			}
			if got.Decided() && fresh.Decided() {
				compared++
				if got.Code != fresh.Code {
					t.Errorf("%s %s: the session says %d, a fresh solve %d\n%v", name, v, got.Code, fresh.Code, e.Board())
				}
			}
			// Change the board a little: a play kept or taken back.
			empty := board.NoPoint
			for tries := 0; tries < 20 && empty == board.NoPoint; tries++ {
				if p := board.Point(rng.Intn(size * size)); e.Board().At(p) == board.Empty {
					empty = p
				}
			}
			if empty != board.NoPoint {
				r := exec("play " + colors[rng.Intn(2)] + " " + board.FormatVertex(empty, size))
				if strings.HasPrefix(r, "=") && rng.Intn(2) == 0 {
					exec("undo")
				}
			}
		}
	}
	if compared < questions/2 {
		t.Fatalf("only %d of %d answers compared", compared, questions)
	}
	t.Logf("%d questions, %d compared with a fresh solve, %d unknown", questions, compared, unknown)
}
