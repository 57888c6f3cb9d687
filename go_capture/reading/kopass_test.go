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
		weak := weakPoints(b, 1, 3)
		if len(weak) == 0 {
			continue
		}
		target, mode := weak[rng.Intn(len(weak))], Mode(rng.Intn(2))
		x, y := solveToggled(t, b, target, mode, Options{SafeLibs: 4, Plays: 300000},
			func(o *Options, inOrder bool) { o.passesInOrder = inOrder })
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

// randomKoBoard returns a random board (randomBoard) on which a last
// move took a ko, so that a ko ban is set at the root; nil when twenty
// boards offer no such move. Questions on them differ between the ko
// passes about one time in five (one in twenty on randomBoard's).
func randomKoBoard(rng *rand.Rand, size int) *board.Board {
	for tries := 0; tries < 20; tries++ {
		b := randomBoard(rng, size)
		start := rng.Intn(size * size)
		for i := 0; i < size*size; i++ {
			p := board.Point((start + i) % (size * size))
			for _, c := range []board.Color{board.Black, board.White} {
				if b.At(p) != board.Empty || b.Play(p, c) != nil {
					continue
				}
				if k, _ := b.Ko(); k != board.NoPoint {
					b.Commit()
					return b
				}
				b.Undo()
			}
		}
	}
	return nil
}

// koQuestions calls ask with n random questions (mode and a target of
// at most three liberties) on 5×5 boards with a ko ban at the root.
func koQuestions(seed int64, n int, ask func(b *board.Board, target board.Point, mode Mode) bool) {
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < n; {
		b := randomKoBoard(rng, 5)
		if b == nil {
			continue
		}
		weak := weakPoints(b, 1, 3)
		if len(weak) == 0 {
			continue
		}
		i++
		if !ask(b, weak[rng.Intn(len(weak))], Mode(rng.Intn(2))) {
			return
		}
	}
}

// TestKoPassesMonotone checks the premise of the pass order 1, 3, 2: ko
// power only adds moves for the side that has it, so the side moving
// first that succeeds in a pass succeeds in every later pass of the
// order 1, 2, 3. Each pass is searched alone (from its own table) on
// random questions with a ko ban at the root, attack and defence, by
// every algorithm that uses that order; a pass stopped by the budget
// tells nothing.
func TestKoPassesMonotone(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 150
	}
	for _, algo := range []string{AlgoDFPN, AlgoPNStar, AlgoCStar} {
		differ := 0
		koQuestions(31, n, func(b *board.Board, target board.Point, mode Mode) bool {
			var won [3]int // 1 won, 0 lost, -1 undecided
			for k := range won {
				o := Options{Algorithm: algo, SafeLibs: 4, Plays: 300000}
				o.onlyPass = int8(k + 1)
				r, err := Solve(context.Background(), b, target, mode, o)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case r.Code != Fail:
					won[k] = 1
				case r.Proven:
					won[k] = 0
				default:
					won[k] = -1
				}
			}
			if won[0] != won[2] {
				differ++
			}
			for k := 0; k < 2; k++ {
				for j := k + 1; j < 3; j++ {
					if won[k] == 1 && won[j] == 0 {
						t.Errorf("%s %s %s: succeeds in pass %d, fails in pass %d\n%s", algo, mode, b.Vertex(target), k+1, j+1, b)
					}
				}
			}
			return true
		})
		if differ < n/10 {
			t.Errorf("%s: only %d of %d questions differ between passes 1 and 3: the test checks too little", algo, differ, n)
		}
	}
}

// TestKoPassOrderSameAnswers: df-pn, PN* and C* give the answer of the
// passes searched in the order 1, 2, 3 on random questions with a ko
// ban at the root: the code, and the move where the rules fix it (the
// hunt of a code-3 defence, run again in pass 3's mode after pass 2).
func TestKoPassOrderSameAnswers(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 150
	}
	for _, algo := range []string{AlgoDFPN, AlgoPNStar, AlgoCStar} {
		var codes [4]int
		koQuestions(32, n, func(b *board.Board, target board.Point, mode Mode) bool {
			x, y := solveToggled(t, b, target, mode, Options{Algorithm: algo, SafeLibs: 4, Plays: 300000},
				func(o *Options, inOrder bool) { o.passesInOrder = inOrder })
			if !x.Proven || !y.Proven {
				return true // a budget stops the passes at other places
			}
			codes[y.Code]++
			// The move is fixed by the rules for a code-1 answer (pass
			// 1 is searched alike) and a code-3 defence (the first move
			// of the ko defence order that holds); elsewhere it is the
			// proof's, which the history of the passes before may
			// change.
			fixed := y.Code == Win || (y.Code == KoB && mode == Defend)
			if x.Code != y.Code || (fixed && x.Move != y.Move) {
				t.Errorf("%s %s %s: %d %s in the order 1, 3, 2, %d %s in the order 1, 2, 3\n%s",
					algo, mode, b.Vertex(target), y.Code, b.Vertex(y.Move), x.Code, b.Vertex(x.Move), b)
			}
			return true
		})
		if codes[KoA] < n/40 || codes[KoB] < n/40 {
			t.Errorf("%s: codes %v: too few ko answers to check the order", algo, codes)
		}
	}
}

// TestKoPassBudgetSweep asks questions whose answer is a ko code (2 or
// 3) under play budgets swept up to what each needs: a budget
// that stops a pass (pass 3 after a failed pass 1, pass 2 after a won
// pass 3, the hunt for a ko defence's move) leaves the question
// undecided, never another code than the unlimited one's.
func TestKoPassBudgetSweep(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 12
	}
	for _, algo := range []string{AlgoDFPN, AlgoPNStar, AlgoCStar} {
		asked, decided := 0, 0
		koQuestions(33, 100*n, func(b *board.Board, target board.Point, mode Mode) bool {
			full, err := Solve(context.Background(), b, target, mode, Options{Algorithm: algo, SafeLibs: 4, Plays: 1 << 22})
			if err != nil {
				t.Fatal(err)
			}
			if !full.Proven || full.Code < KoA {
				return true
			}
			v, err := NewSolver(Options{Algorithm: algo, SafeLibs: 4})
			if err != nil {
				t.Fatal(err)
			}
			defer v.Close()
			for k := int64(1); k < full.Stats.Plays+64; k = k*9/8 + 1 {
				v.o.Plays = k
				res, err := v.Solve(context.Background(), b, target, mode)
				if err != nil {
					t.Fatal(err)
				}
				if !res.Decided() {
					continue
				}
				decided++
				if res.Code != full.Code {
					t.Errorf("%s %s %s: %d plays give code %d, without a limit code %d\n%s", algo, mode, b.Vertex(target), k, res.Code, full.Code, b)
					break
				}
			}
			asked++
			return asked < n
		})
		if asked < n || decided < n {
			t.Errorf("%s: %d ko questions, %d decided budgets: the test checks too little", algo, asked, decided)
		}
	}
}
