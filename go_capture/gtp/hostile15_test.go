package gtp

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
)

// TestSessionAnswersMatchFreshSolves: one GTP session plays random moves
// on a 7×7 board (ko captures included, as play), undoes some, and asks
// attack and defend of short strings between them with one reused
// solver (tables kept, pass 1's entries included); each reply must be
// the fresh reading.Solve's on a copy of the board (the code and move,
// or a failure for an undecided one), and a question must leave the
// board as it was. Also with a 2^10 table and a small play budget.
func TestSessionAnswersMatchFreshSolves(t *testing.T) {
	n := 800
	if testing.Short() {
		n = 400
	}
	for _, o := range []reading.Options{
		{SafeLibs: 4, Plays: 200000},
		{SafeLibs: 4, Plays: 200000, TableBits: 10},
		{SafeLibs: 4, Plays: 2000, Algorithm: reading.AlgoPNStar},
	} {
		rng := rand.New(rand.NewSource(1532))
		e := New(o)
		exec := func(cmd string) string {
			t.Helper()
			resp, _, _ := e.Exec(cmd)
			return resp
		}
		if r := exec("boardsize 7"); !strings.HasPrefix(r, "=") {
			t.Fatal(r)
		}
		asked, unknown, kos := 0, 0, 0
		colour := []string{"black", "white"}
		ask := func() {
			b := e.Board()
			var weak []board.Point
			for p := board.Point(0); p < 49; p++ {
				if b.At(p) != board.Empty && b.NumLibs(p) <= 3 {
					weak = append(weak, p)
				}
			}
			if len(weak) == 0 {
				return
			}
			target := weak[rng.Intn(len(weak))]
			mode := reading.Mode(rng.Intn(2))
			cmd := "attack"
			if mode == reading.Defend {
				cmd = "defend"
			}
			before, hash := b.String(), b.Hash()
			ko, kc := b.Ko()
			if ko != board.NoPoint {
				kos++
			}
			want, err := reading.Solve(context.Background(), b.Clone(), target, mode, o)
			if err != nil {
				t.Fatal(err)
			}
			got := exec(cmd + " " + board.FormatVertex(target, 7))
			asked++
			reply, err := want.GTP(7)
			if err != nil {
				unknown++
				if !strings.HasPrefix(got, "? unknown") {
					t.Errorf("%s %s: undecided, reply %q\n%s", cmd, b.Vertex(target), got, before)
				}
			} else if got != "= "+reply+"\n\n" {
				t.Errorf("%s %s: reply %q, fresh solve %q\n%s", cmd, b.Vertex(target), got, reply, before)
			}
			k2, kc2 := e.Board().Ko()
			if e.Board().String() != before || e.Board().Hash() != hash || k2 != ko || kc2 != kc {
				t.Fatalf("%s %s changed the board", cmd, b.Vertex(target))
			}
		}
		for i := 0; i < n; i++ {
			switch r := rng.Intn(10); {
			case r < 2:
				exec("undo")
			case r < 7:
				c := i % 2
				// Prefer a capture, as in a fight.
				v := board.Point(rng.Intn(49))
				for q := board.Point(0); q < 49; q++ {
					col := board.Black
					if c == 1 {
						col = board.White
					}
					if e.Board().At(q) == board.Empty && e.Board().IsCapture(q, col) && rng.Intn(2) == 0 {
						v = q
						break
					}
				}
				if rng.Intn(3) == 0 {
					// A ko capture when there is one.
					col := board.Black
					if c == 1 {
						col = board.White
					}
					tb := e.Board().Clone()
					for q := board.Point(0); q < 49; q++ {
						if tb.Play(q, col) == nil {
							k, _ := tb.Ko()
							tb.Undo()
							if k != board.NoPoint {
								v = q
								break
							}
						}
					}
				}
				exec(fmt.Sprintf("play %s %s", colour[c], board.FormatVertex(v, 7)))
			default:
				ask()
			}
			// Right after a ko capture, ask about a string next to it.
			if k, _ := e.Board().Ko(); k != board.NoPoint && rng.Intn(2) == 0 {
				ask()
			}
		}
		if !testing.Short() && kos < 20 {
			t.Errorf("only %d questions with a ko ban", kos)
		}
		if asked < n/10 {
			t.Fatalf("only %d questions asked", asked)
		}
		t.Logf("%s table bits %d plays %d: %d questions (%d with a ko ban), %d undecided", o.Algorithm, o.TableBits, o.Plays, asked, kos, unknown)
	}
}
