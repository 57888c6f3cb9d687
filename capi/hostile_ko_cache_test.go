package main

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
)

// hostileKoTwins plays a seeded random game on a size×size board and ends
// it with a ko capture when there is one. It returns the game as SGF moves
// (the board keeps the ko ban of the last move) and its twin: the same
// stones as a set-up without IL (no ban), so two questions differ by the
// ban alone.
func hostileKoTwins(rng *rand.Rand, size int) (withBan, without string, ok bool) {
	b, _ := board.New(size)
	letter := map[board.Color]string{board.Black: "B", board.White: "W"}
	pt := func(p board.Point) string { return fmt.Sprintf("%c%c", 'a'+int(p)%size, 'a'+int(p)/size) }
	var moves strings.Builder
	c := board.Black
	for i := 0; i < size*size*2/3; i++ {
		for tries := 0; tries < 20; tries++ {
			p := board.Point(rng.Intn(size * size))
			if b.Play(p, c) == nil {
				fmt.Fprintf(&moves, ";%s[%s]", letter[c], pt(p))
				break
			}
		}
		c = c.Opponent()
	}
	for _, tc := range []board.Color{c, c.Opponent()} {
		for p := board.Point(0); int(p) < b.NumPoints() && !ok; p++ {
			if b.Play(p, tc) != nil {
				continue
			}
			if k, _ := b.Ko(); k != board.NoPoint {
				fmt.Fprintf(&moves, ";%s[%s]", letter[tc], pt(p))
				ok = true
				break
			}
			b.Undo()
		}
	}
	if !ok {
		return "", "", false
	}
	var setup strings.Builder
	fmt.Fprintf(&setup, "(;SZ[%d]", size)
	for _, col := range []board.Color{board.Black, board.White} {
		pts := b.Points(col)
		setup.WriteString("A" + letter[col])
		for p := pts.Next(0); p >= 0; p = pts.Next(p + 1) {
			setup.WriteString("[" + pt(p) + "]")
		}
	}
	setup.WriteString(")")
	return fmt.Sprintf("(;SZ[%d]%s)", size, moves.String()), setup.String(), true
}

// TestHostileCaptureKoAndCache: the C ABI's capture answers (through the
// solver with its result cache) equal reading.Solve's on the same board,
// for positions ending with a ko capture and for their twins without the
// ban, asked on one solver in turn (a cache keyed without the ban would
// answer one with the other's result), every algorithm, attack and
// defence, a tiny budget first (unknown, never cached) and then a large
// one. Each kind and code must be reading's: a lying code is a bug.
func TestHostileCaptureKoAndCache(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 30
	}
	rng := rand.New(rand.NewSource(1406))
	s := newTestSolver(t, 8)
	algos := []int32{algoDFPN, algoPNStar, algoAPS, algoCStar}
	asked, differ := 0, 0
	for i := 0; i < n; i++ {
		size := 5 + i%4
		withBan, without, ok := hostileKoTwins(rng, size)
		if !ok {
			continue
		}
		b, _, err := board.ParseSGF(withBan, 0)
		if err != nil {
			t.Fatal(err)
		}
		ko, _ := b.Ko()
		// The stones next to the ko point: the questions the ban is about.
		var targets []board.Point
		for _, r := range b.Neighbors(ko) {
			if b.At(r) != board.Empty {
				targets = append(targets, r)
			}
		}
		algo := algos[i%len(algos)]
		for _, target := range targets {
			for _, mode := range []int32{modeAttack, modeDefend} {
				var codes [2]int32
				for j, text := range []string{withBan, without} {
					bb, _, err := board.ParseSGF(text, 0)
					if err != nil {
						t.Fatal(err)
					}
					rmode := reading.Attack
					if mode == modeDefend {
						rmode = reading.Defend
					}
					want, err := reading.Solve(context.Background(), bb, target, rmode,
						reading.Options{Algorithm: captureAlgo(algo), Plays: 300_000})
					if err != nil {
						t.Fatal(err)
					}
					q := captureQuery{sgf: text, hasSGF: true, target: board.FormatVertex(target, size), mode: mode, algo: algo}
					for _, plays := range []int64{5, 300_000} {
						r, err := s.solve(q.textKey(), func() (question, error) { return newCaptureQuestion(q) }, limits{plays: plays})
						if err != nil {
							t.Fatal(err)
						}
						where := fmt.Sprintf("%s %s mode %d algo %d plays %d", text, q.target, mode, algo, plays)
						if plays == 5 && r.cached {
							t.Errorf("%s: answered from the cache before any finished search of it", where)
						}
						if plays == 5 && r.kind != KindUnknown && !r.cached {
							continue // decided within 5 plays: checked with the large budget
						}
						if plays == 5 {
							continue
						}
						var wantKind Kind
						switch {
						case !want.Decided():
							wantKind = KindUnknown
						case want.Code == reading.Fail:
							wantKind = KindDisproven
						case want.Code == reading.Win:
							wantKind = KindProven
						default:
							wantKind = KindKo
						}
						if r.kind != wantKind || (wantKind != KindUnknown && r.code != int32(want.Code)) {
							t.Errorf("%s: kind %d code %d (cached %v), reading.Solve: code %d decided %v", where, r.kind, r.code, r.cached, want.Code, want.Decided())
						}
						codes[j] = r.code
					}
					asked++
				}
				if codes[0] != codes[1] {
					differ++
				}
			}
		}
	}
	if asked < n || differ == 0 {
		t.Fatalf("%d questions, %d where the ban changes the answer: too few to test", asked, differ)
	}
	t.Logf("%d questions, %d where the ko ban changes the code", asked, differ)
}
