package board

import (
	"errors"
	"math/rand"
	"testing"
)

// naiveBoard is a Go board by flood fill, sharing nothing with Board but
// the point numbering: the reference for TestHostile16PlayAgainstNaive.
type naiveBoard struct {
	size     int
	color    []Color
	captured [4]int // stones of each colour taken
	koP      Point  // the point the simple ko bans, NoPoint for none
	koC      Color  // the colour it bans
}

func (n *naiveBoard) clone() *naiveBoard {
	c := *n
	c.color = append([]Color(nil), n.color...)
	return &c
}

func (n *naiveBoard) nbrs(p Point) []Point {
	x, y := int(p)%n.size, int(p)/n.size
	var out []Point
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if a, b := x+d[0], y+d[1]; a >= 0 && b >= 0 && a < n.size && b < n.size {
			out = append(out, Point(b*n.size+a))
		}
	}
	return out
}

// group returns the stones of the string at p and its liberties.
func (n *naiveBoard) group(p Point) (stones, libs map[Point]bool) {
	stones, libs = map[Point]bool{p: true}, map[Point]bool{}
	stack := []Point{p}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, r := range n.nbrs(q) {
			switch n.color[r] {
			case Empty:
				libs[r] = true
			case n.color[p]:
				if !stones[r] {
					stones[r] = true
					stack = append(stack, r)
				}
			}
		}
	}
	return stones, libs
}

// play plays c at p (forced: ignoring the ko ban) and reports the error
// Board should give.
func (n *naiveBoard) play(p Point, c Color, forced bool) error {
	if n.color[p] != Empty {
		return ErrOccupied
	}
	if !forced && n.koP == p && n.koC == c {
		return ErrKo
	}
	next := n.clone()
	next.color[p] = c
	var took []Point
	for _, r := range next.nbrs(p) {
		if next.color[r] == c.Opponent() {
			if st, l := next.group(r); len(l) == 0 {
				for q := range st {
					next.color[q] = Empty
					took = append(took, q)
				}
			}
		}
	}
	st, l := next.group(p)
	if len(l) == 0 {
		return ErrSuicide
	}
	next.captured[c.Opponent()] += len(took)
	next.koP = NoPoint
	if len(took) == 1 && len(st) == 1 && len(l) == 1 {
		next.koP, next.koC = took[0], c.Opponent()
	}
	*n = *next
	return nil
}

// TestHostile16PlayAgainstNaive plays random moves (Play and PlayForced,
// with captures, merges of up to four strings, suicides and ko retakes
// tried) and undoes some, on every board size from 5 to 19, and after
// each step compares Board with the flood-fill board: colours, each
// string's stones, liberties and counts, captures, and the predictions
// LibsAfter, Breathes and IsCapture make for every empty point before
// the move.
func TestHostile16PlayAgainstNaive(t *testing.T) {
	steps := 4000
	if testing.Short() {
		steps = 600
	}
	rng := rand.New(rand.NewSource(1620))
	for size := 5; size <= 19; size++ {
		b, err := New(size)
		if err != nil {
			t.Fatal(err)
		}
		n := &naiveBoard{size: size, color: make([]Color, size*size), koP: NoPoint}
		var history []*naiveBoard
		check := func(step int) {
			t.Helper()
			for p := Point(0); int(p) < size*size; p++ {
				if b.At(p) != n.color[p] {
					t.Fatalf("size %d step %d: %s is %v, the naive board %v\n%v", size, step, b.Vertex(p), b.At(p), n.color[p], b)
				}
				if n.color[p] == Empty {
					continue
				}
				st, l := n.group(p)
				if b.NumLibs(p) != len(l) || b.Libs(p).Count() != len(l) || b.NumStones(p) != len(st) || b.Stones(p).Count() != len(st) {
					t.Fatalf("size %d step %d: %s: libs %d/%d stones %d/%d, naive %d, %d\n%v", size, step, b.Vertex(p),
						b.NumLibs(p), b.Libs(p).Count(), b.NumStones(p), b.Stones(p).Count(), len(l), len(st), b)
				}
				for q := range l {
					if !b.Libs(p).Has(q) {
						t.Fatalf("size %d step %d: %s lacks the liberty %s\n%v", size, step, b.Vertex(p), b.Vertex(q), b)
					}
				}
				for q := range st {
					if b.StringID(q) != b.StringID(p) {
						t.Fatalf("size %d step %d: %s and %s in one string, ids differ\n%v", size, step, b.Vertex(p), b.Vertex(q), b)
					}
				}
			}
			for _, c := range []Color{Black, White} {
				if b.Captured(c) != n.captured[c] {
					t.Fatalf("size %d step %d: %v captured %d, naive %d", size, step, c, b.Captured(c), n.captured[c])
				}
			}
		}
		for step := 0; step < steps; step++ {
			if len(history) > 0 && rng.Intn(4) == 0 {
				if !b.Undo() {
					t.Fatalf("size %d step %d: nothing to undo", size, step)
				}
				n = history[len(history)-1]
				history = history[:len(history)-1]
				check(step)
				continue
			}
			p := Point(rng.Intn(size * size))
			c := Color(Black + Color(rng.Intn(2))*(White-Black))
			forced := rng.Intn(3) == 0
			if n.color[p] == Empty {
				// The predictions, before the move.
				trial := n.clone()
				trial.koP = NoPoint
				errT := trial.play(p, c, true)
				libs, capture := b.LibsAfter(p, c)
				breathes, capture2 := b.Breathes(p, c)
				wantCapture := errT == nil && trial.captured[c.Opponent()] > n.captured[c.Opponent()]
				if capture != wantCapture || capture2 != wantCapture || b.IsCapture(p, c) != wantCapture {
					t.Fatalf("size %d step %d: %v %s: capture %v/%v/%v, naive %v\n%v", size, step, c, b.Vertex(p), capture, capture2, b.IsCapture(p, c), wantCapture, b)
				}
				if !wantCapture {
					want := 0
					if errT == nil {
						_, l := trial.group(p)
						want = len(l)
					}
					if libs != want || breathes != (want > 0) {
						t.Fatalf("size %d step %d: %v %s: LibsAfter %d breathes %v, naive %d\n%v", size, step, c, b.Vertex(p), libs, breathes, want, b)
					}
				}
			}
			before := n.clone()
			want := n.play(p, c, forced)
			var got error
			if forced {
				got = b.PlayForced(p, c)
			} else {
				got = b.Play(p, c)
			}
			if !errors.Is(got, want) && !(got == nil && want == nil) {
				t.Fatalf("size %d step %d: %v %s (forced %v): Board %v, naive %v\n%v", size, step, c, b.Vertex(p), forced, got, want, b)
			}
			if got == nil {
				history = append(history, before)
			}
			check(step)
			if len(history) > 60 {
				// Keep the walk near full boards and empty ones alike.
				for len(history) > 0 && rng.Intn(2) == 0 {
					b.Undo()
					n = history[len(history)-1]
					history = history[:len(history)-1]
				}
				check(step)
			}
		}
	}
}
