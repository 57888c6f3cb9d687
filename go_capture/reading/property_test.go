package reading

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// randomBoard draws a legal random position: about 30% black and 30%
// white stones.
func randomBoard(rng *rand.Rand, size int) *board.Board {
	for {
		var ab, aw string
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				pt := "[" + string(rune('a'+x)) + string(rune('a'+y)) + "]"
				switch v := rng.Intn(10); {
				case v < 3:
					ab += pt
				case v < 6:
					aw += pt
				}
			}
		}
		s := fmt.Sprintf("(;SZ[%d]", size)
		if ab != "" {
			s += "AB" + ab
		}
		if aw != "" {
			s += "AW" + aw
		}
		if b, _, err := board.ParseSGF(s+")", 0); err == nil {
			return b
		}
	}
}

// randomQuestions asks algo n random 5×5 questions about strings with
// at most two liberties (SafeLibs 3, so brute force can check them) and
// calls check with each answered one.
func randomQuestions(t *testing.T, algo string, n int, seed int64, check func(b *board.Board, target board.Point, mode Mode, res Result)) {
	rng := rand.New(rand.NewSource(seed))
	v, err := NewSolver(Options{Algorithm: algo, SafeLibs: 3, Nodes: 50000})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		b := randomBoard(rng, 5)
		var weak []board.Point
		for p := board.Point(0); p < 25; p++ {
			if b.At(p) != board.Empty && b.NumLibs(p) <= 2 {
				weak = append(weak, p)
			}
		}
		if len(weak) == 0 {
			continue
		}
		target := weak[rng.Intn(len(weak))]
		mode := Mode(rng.Intn(2))
		res, err := v.Solve(context.Background(), b, target, mode)
		if err != nil {
			t.Fatal(err)
		}
		check(b, target, mode, res)
	}
}

// checkCapturesAreReal asks n random 5×5 questions about strings with at
// most two liberties, of APS and of df-pn (the default). Whenever one
// proves a clean capture (attack code 1, or a proven defend code 0
// without ko), the brute-force solver must find the capture too: the
// forced-move sets may miss defences, and this is where such a miss
// would show.
func checkCapturesAreReal(t *testing.T, n int, seed int64) {
	for _, algo := range []string{AlgoAPS, AlgoDFPN} {
		checkCapturesAreRealWith(t, algo, n, seed)
	}
}

func checkCapturesAreRealWith(t *testing.T, algo string, n int, seed int64) {
	checked := 0
	randomQuestions(t, algo, n, seed, func(b *board.Board, target board.Point, mode Mode, res Result) {
		if checkCaptureIsReal(t, algo, b, target, mode, res) {
			checked++
		}
	})
	if checked < n/10 {
		t.Fatalf("%s: only %d of %d questions claimed a capture: the test checks too little", algo, checked, n)
	}
}

// checkCaptureIsReal checks one answer at SafeLibs 3: if it claims a
// clean capture, brute force must find one within 21 plies. It reports
// whether the answer claimed one.
func checkCaptureIsReal(t *testing.T, algo string, b *board.Board, target board.Point, mode Mode, res Result) bool {
	t.Helper()
	if !((mode == Attack && res.Code == Win) || (mode == Defend && res.Code == Fail && res.Proven)) {
		return false
	}
	// Quiescence captures can be long: look deeper before blaming algo.
	captured, _, err := BruteForce(b, target, mode, 9, 3)
	for _, plies := range []int{15, 21} {
		if err == nil && !captured {
			captured, _, err = BruteForce(b, target, mode, plies, 3)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if !captured {
		t.Errorf("%s %s: %s proves a capture (code %d, move %s), brute force finds none in 21 plies\n%s",
			mode, b.Vertex(target), algo, res.Code, b.Vertex(res.Move), b)
	}
	return true
}

func TestCapturesAreReal(t *testing.T) { checkCapturesAreReal(t, 300, 1) }

func TestCapturesAreRealHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: thousands of brute-force checks")
	}
	checkCapturesAreReal(t, 3000, 7)
}

// checkSavesAreReal is the converse on random positions: whenever APS or
// df-pn proves a clean save (attack code 0, or defend code 1), the
// brute-force solver must not find a capture within 7 plies (three
// attacker moves after the first, the horizon of our definition of
// saved).
func checkSavesAreReal(t *testing.T, n int, seed int64) {
	for _, algo := range []string{AlgoAPS, AlgoDFPN} {
		checkSavesAreRealWith(t, algo, n, seed)
	}
}

func checkSavesAreRealWith(t *testing.T, algo string, n int, seed int64) {
	checked := 0
	randomQuestions(t, algo, n, seed, func(b *board.Board, target board.Point, mode Mode, res Result) {
		claimsSave := (mode == Attack && res.Code == Fail && res.Proven) || (mode == Defend && res.Code == Win)
		if !claimsSave {
			return
		}
		checked++
		captured, m, err := BruteForce(b, target, mode, 7, 3)
		if err != nil {
			t.Fatal(err)
		}
		if captured {
			t.Errorf("%s %s: %s proves a save (code %d, move %s), brute force captures (%s)\n%s",
				mode, b.Vertex(target), algo, res.Code, b.Vertex(res.Move), b.Vertex(m), b)
		}
	})
	if checked < n/10 {
		t.Fatalf("%s: only %d of %d questions claimed a save: the test checks too little", algo, checked, n)
	}
}

func TestSavesAreReal(t *testing.T) { checkSavesAreReal(t, 300, 2) }

func TestSavesAreRealHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: thousands of brute-force checks")
	}
	checkSavesAreReal(t, 3000, 3)
}

// weakPoints lists the stones of b (a 5x5 board) whose strings have lo to
// hi liberties: the targets of the random questions.
func weakPoints(b *board.Board, lo, hi int) []board.Point {
	var weak []board.Point
	for p := board.Point(0); p < 25; p++ {
		if b.At(p) != board.Empty && b.NumLibs(p) >= lo && b.NumLibs(p) <= hi {
			weak = append(weak, p)
		}
	}
	return weak
}

// solveToggled answers one question twice, with o as set(o, true) and
// then as set(o, false): a rule's answers with and without it.
func solveToggled(t *testing.T, b *board.Board, target board.Point, mode Mode, o Options, set func(*Options, bool)) (on, off Result) {
	t.Helper()
	var res [2]Result
	for j, v := range []bool{true, false} {
		oo := o
		set(&oo, v)
		r, err := Solve(context.Background(), b, target, mode, oo)
		if err != nil {
			t.Fatal(err)
		}
		res[j] = r
	}
	return res[0], res[1]
}
