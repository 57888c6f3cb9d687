package reading

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/internal/sharedtest"
)

// TestFirstDefence: a clean defence of a string no attacker move
// threatens within the horizon tries the first move of the defence
// order before the attacker-first search (firstDefence). On random 5×5
// defence questions the codes are those of the flow without it, for
// df-pn and PN*; where the move differs, the new one holds (the attack
// after it is proven to fail); and the questions take fewer plays in
// all.
func TestFirstDefence(t *testing.T) {
	for _, algo := range []string{AlgoDFPN, AlgoPNStar} {
		t.Run(algo, func(t *testing.T) { checkFirstDefence(t, algo) })
	}
}

func checkFirstDefence(t *testing.T, algo string) {
	rng := rand.New(rand.NewSource(21))
	n := 1500
	if testing.Short() {
		n = 600
	}
	var plays [2]int64
	cheaper, moved := 0, 0
	for i := 0; i < n; i++ {
		b := randomBoard(rng, 5)
		weak := weakPoints(b, 2, 3)
		if len(weak) == 0 {
			continue
		}
		target := weak[rng.Intn(len(weak))]
		x, y := solveToggled(t, b, target, Defend, Options{Algorithm: algo, SafeLibs: 4, Plays: 300000},
			func(o *Options, off bool) { o.noFirstDefence = off })
		if !x.Proven || !y.Proven {
			continue
		}
		plays[0] += x.Stats.Plays
		plays[1] += y.Stats.Plays
		if y.Stats.Plays < x.Stats.Plays {
			cheaper++
		}
		if x.Code != y.Code {
			t.Errorf("defend %s: code %d, %d without firstDefence\n%s", b.Vertex(target), y.Code, x.Code, b)
			continue
		}
		if y.Code != Win || y.Move == x.Move {
			continue
		}
		moved++
		after := b.Clone()
		if after.Play(y.Move, b.At(target)) != nil {
			t.Fatalf("defend %s: move %s is illegal\n%s", b.Vertex(target), b.Vertex(y.Move), b)
		}
		a, err := Solve(context.Background(), after, target, Attack, Options{Algorithm: algo, SafeLibs: 4, Plays: 300000})
		if err != nil {
			t.Fatal(err)
		}
		if !a.Proven || a.Code != Fail {
			t.Errorf("defend %s: %s (without firstDefence %s), after which the attack answers code %d (proven %v)\n%s",
				b.Vertex(target), b.Vertex(y.Move), b.Vertex(x.Move), a.Code, a.Proven, b)
		}
	}
	if cheaper < 20 || plays[1] >= plays[0] {
		t.Errorf("firstDefence made %d questions cheaper; %d plays in all, %d without it", cheaper, plays[1], plays[0])
	}
	t.Logf("%d questions cheaper, %d with another move; %d plays, %d without firstDefence", cheaper, moved, plays[1], plays[0])
}

// TestFirstDefenceFailedTryLeavesNoTrace: when the first move of the
// defence order does not hold within its share, the question goes on
// with an emptied table, as without the try, so it costs at most that
// share more. PN* reads the numbers a stopped search leaves in its
// table otherwise: on GNU Go's reading.tst question 109 (defend L3,
// `1 K2` in 24 k plays without the try) it took 585 k plays after a try
// of N2 that its share did not settle (undecided at 1 M plays with a
// share of a quarter).
func TestFirstDefenceFailedTryLeavesNoTrace(t *testing.T) {
	dir := sharedtest.Require(t)
	text, err := os.ReadFile(filepath.Join(dir, "problems", "go", "positions", "reading", "reading_109.sgf"))
	if err != nil {
		t.Skip(err)
	}
	b, _, err := board.ParseSGF(string(text), 0)
	if err != nil {
		t.Fatal(err)
	}
	target, err := board.ParseVertex("L3", b.Size())
	if err != nil {
		t.Fatal(err)
	}
	const budget = 1000000
	var res [2]Result
	for j, off := range []bool{true, false} {
		o := Options{Algorithm: AlgoPNStar, Plays: budget}
		o.noFirstDefence = off
		if res[j], err = Solve(context.Background(), b, target, Defend, o); err != nil {
			t.Fatal(err)
		}
	}
	x, y := res[0], res[1]
	if !x.Proven || !y.Proven || y.Code != x.Code {
		t.Fatalf("PN*, defend L3: code %d (proven %v); without the try code %d (proven %v)", y.Code, y.Proven, x.Code, x.Proven)
	}
	// The gi cache keeps the try's results, so the rest of the
	// question differs a little: a hundredth of the budget of slack.
	if most := x.Stats.Plays + budget/firstDefenceShare + budget/100; y.Stats.Plays > most {
		t.Errorf("PN*, defend L3: %d plays, %d without the try (at most %d)", y.Stats.Plays, x.Stats.Plays, most)
	}
}

// TestFirstDefenceBudgetSweep asks defence questions on which
// firstDefence tries a move (a string of two or three liberties short
// of SafeLibs) under play budgets from 200 up to 16 times what each
// needs (the try's share may be too small even then), for df-pn, PN*
// and C*: a budget that stops the try or the question leaves the
// unlimited code or no answer, and a code-1 answer's move holds (the
// attack after it is proven to fail), so an undecided try is never
// taken for a defence.
func TestFirstDefenceBudgetSweep(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	for _, algo := range []string{AlgoDFPN, AlgoPNStar, AlgoCStar} {
		rng := rand.New(rand.NewSource(23))
		asked, decided := 0, 0
		v, err := NewSolver(Options{Algorithm: algo, SafeLibs: 4})
		if err != nil {
			t.Fatal(err)
		}
		for asked < n {
			b := randomBoard(rng, 5)
			weak := weakPoints(b, 2, 3)
			if len(weak) == 0 {
				continue
			}
			target := weak[rng.Intn(len(weak))]
			full, err := Solve(context.Background(), b, target, Defend, Options{Algorithm: algo, SafeLibs: 4, Plays: 1 << 22})
			if err != nil {
				t.Fatal(err)
			}
			// Questions that take some work: the try's share of a
			// small budget is then too small for it.
			if !full.Proven || full.Stats.Plays < 2000 {
				continue
			}
			asked++
			held := map[board.Point]bool{}
			// Up to 16 times what the question needs: the try's share
			// of a budget above that need may still stop it.
			for k := int64(200); k < 16*full.Stats.Plays; k = k*5/4 + 1 {
				v.o.Plays = k
				res, err := v.Solve(context.Background(), b, target, Defend)
				if err != nil {
					t.Fatal(err)
				}
				if !res.Decided() {
					continue
				}
				decided++
				if res.Code != full.Code {
					t.Errorf("%s defend %s: %d plays give code %d (%s), without a limit %d (%s)\n%s",
						algo, b.Vertex(target), k, res.Code, b.Vertex(res.Move), full.Code, b.Vertex(full.Move), b)
					break
				}
				if res.Code != Win || res.Move < 0 || held[res.Move] {
					continue
				}
				after := b.Clone()
				if after.Play(res.Move, b.At(target)) != nil {
					t.Fatalf("%s defend %s: %s is illegal\n%s", algo, b.Vertex(target), b.Vertex(res.Move), b)
				}
				a, err := Solve(context.Background(), after, target, Attack, Options{Algorithm: algo, SafeLibs: 4, Plays: 1 << 22})
				if err != nil {
					t.Fatal(err)
				}
				if !a.Proven || a.Code != Fail {
					t.Errorf("%s defend %s: %d plays answer 1 %s, after which the attack answers code %d (proven %v)\n%s",
						algo, b.Vertex(target), k, b.Vertex(res.Move), a.Code, a.Proven, b)
					break
				}
				held[res.Move] = true
			}
		}
		v.Close()
		if decided < n {
			t.Errorf("%s: %d decided budgets on %d questions: the test checks too little", algo, decided, asked)
		}
	}
}

// TestFirstDefenceFailedTryIsCheap: a first move of the defence order
// that does not hold costs the question little beyond the flow without
// the try (a hundredth of the budget), since a move that holds is
// proven within a small share (firstDefenceShare). Two generated
// questions whose try fails: 19×19 (`gen-go --size 19 --seed 1 --games
// 1 --random-moves 8 --max-moves 160 --every 40`) question 56, 6 k
// plays without the try and 66 k with a share of a sixteenth; 9×9
// (`--size 9 --seed 1 --games 40 --every 10`) question 2528, 1.6 k and
// 20 k. Each answer is the one without the try.
func TestFirstDefenceFailedTryIsCheap(t *testing.T) {
	cases := []struct {
		name, target string
		rows         []string
	}{
		{"g19-56", "A16", []string{
			"....O..............",
			"..XO.O.............",
			".O.XO.....X..X..X..",
			"XXXXO...O..........",
			".OOO........OX..O..",
			".........O.........",
			"............X.X....",
			".........O......O..",
			"..X..X.X....O.O....",
			"...................",
			"...................",
			"...................",
			"......O...........X",
			"...................",
			".O.......O.........",
			"..O.X.X............",
			".OXX....X..X.......",
			"OXO................",
			"...................",
		}},
		{"g9-2528", "E9", []string{
			"....O....",
			"X....X...",
			"....X....",
			".........",
			"...O.X...",
			"..X.O.XX.",
			"......OO.",
			".O.O.....",
			".........",
		}},
	}
	const budget = 1000000
	for _, tc := range cases {
		b := diagram(t, tc.rows...)
		var res [2]Result
		for j, off := range []bool{true, false} {
			o := Options{Plays: budget}
			o.noFirstDefence = off
			var err error
			if res[j], err = Solve(context.Background(), b, vertex(t, b, tc.target), Defend, o); err != nil {
				t.Fatal(err)
			}
		}
		x, y := res[0], res[1]
		if !x.Proven || !y.Proven || y.Code != x.Code || y.Move != x.Move {
			t.Fatalf("%s defend %s: %d %s (proven %v); without the try %d %s (proven %v)",
				tc.name, tc.target, y.Code, b.Vertex(y.Move), y.Proven, x.Code, b.Vertex(x.Move), x.Proven)
		}
		if most := x.Stats.Plays + budget/100; y.Stats.Plays > most {
			t.Errorf("%s defend %s: %d plays, %d without the try (at most %d)", tc.name, tc.target, y.Stats.Plays, x.Stats.Plays, most)
		}
	}
}
