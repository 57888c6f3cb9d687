package reading

import (
	"context"
	"math/rand"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// targetsWithLibs returns the points of b's stones whose strings have lo
// to hi liberties, one point a string.
func targetsWithLibs(b *board.Board, lo, hi int) []board.Point {
	var out []board.Point
	seen := map[board.Point]bool{}
	n := b.Size() * b.Size()
	for p := board.Point(0); int(p) < n; p++ {
		if b.At(p) == board.Empty || seen[b.StringID(p)] {
			continue
		}
		seen[b.StringID(p)] = true
		if l := b.NumLibs(p); l >= lo && l <= hi {
			out = append(out, p)
		}
	}
	return out
}

// TestHostile16LargerBoards asks attack and defence questions about weak
// strings on random 9×9 and 13×13 boards (where the first defence's try,
// its share of the budget and the extension memo act; 5×5 and 7×7 are
// the session 15 tests'): a fresh df-pn solve with a large budget is the
// reference; a tiny table, PN*, a reused solver (its extension memo and
// tables carried from the previous question) and budgets of a half to a
// thirtieth of the plays the reference took must give its code whenever
// they decide, and an undecided answer is Code 0, not proven, with no GTP
// reply. A decided success's move is checked by asking the other side's
// question after it: an attack's capture must leave a defence that fails
// (when that is decided), a defence's save an attack that fails; a ko
// code there is the known gap of TestHostile16KoDefenceRefutedBUG,
// logged and counted.
func TestHostile16LargerBoards(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 24
	}
	rng := rand.New(rand.NewSource(1616))
	ref := Options{Algorithm: AlgoDFPN, SafeLibs: 4, Plays: 400000}
	reused, err := NewSolver(ref)
	if err != nil {
		t.Fatal(err)
	}
	defer reused.Close()
	var compared, undecided, followed, koClaims int
	for i := 0; i < n; i++ {
		size := 9
		if i%3 == 2 {
			size = 13
		}
		b := hostileBoard(rng, size, 0.3+0.2*rng.Float64(), false)
		weak := targetsWithLibs(b, 1, 3)
		if len(weak) == 0 {
			continue
		}
		target, mode := weak[rng.Intn(len(weak))], Mode(rng.Intn(2))
		want, err := Solve(context.Background(), b, target, mode, ref)
		if err != nil {
			t.Fatal(err)
		}
		if !want.Decided() {
			continue
		}
		check := func(name string, r Result) {
			if !r.Decided() {
				undecided++
				if r.Code != Fail || r.Proven {
					t.Errorf("%s: undecided answer code %d proven %v", name, r.Code, r.Proven)
				}
				if _, err := r.GTP(b.Size()); err == nil {
					t.Errorf("%s: undecided answer has a GTP reply", name)
				}
				return
			}
			compared++
			if r.Code != want.Code {
				t.Errorf("%s: %v %s: code %d, the reference %d\n%v", name, mode, b.Vertex(target), r.Code, want.Code, b)
			}
		}
		small := ref
		small.TableBits = 10
		r, err := Solve(context.Background(), b, target, mode, small)
		if err != nil {
			t.Fatal(err)
		}
		check("table 2^10", r)
		pn := ref
		pn.Algorithm = AlgoPNStar
		if r, err = Solve(context.Background(), b, target, mode, pn); err != nil {
			t.Fatal(err)
		}
		check("PN*", r)
		if r, err = reused.Solve(context.Background(), b, target, mode); err != nil {
			t.Fatal(err)
		}
		check("reused solver", r)
		for _, frac := range []int64{2, 5, 30} {
			o := ref
			o.Plays = max(want.Stats.Plays/frac, 1)
			if r, err = Solve(context.Background(), b, target, mode, o); err != nil {
				t.Fatal(err)
			}
			check("budget", r)
		}
		// The success's move, then the other side's question.
		if want.Code == Win && want.Move != board.Pass && want.Move != board.NoPoint {
			c := b.Clone()
			mover := c.At(target)
			if mode == Attack {
				mover = mover.Opponent()
			}
			if err := c.Play(want.Move, mover); err != nil {
				t.Errorf("%v %s: the winning move %s is illegal: %v\n%v", mode, b.Vertex(target), b.Vertex(want.Move), err, b)
				continue
			}
			c.Commit()
			if c.At(target) == board.Empty {
				continue // captured at once
			}
			after, err := Solve(context.Background(), c, target, 1-mode, ref)
			if err != nil {
				t.Fatal(err)
			}
			if after.Decided() {
				followed++
				if after.Code == KoA || after.Code == KoB {
					// Our game's known gap: a defence by ko that a move
					// outside the candidate sets refutes (see
					// TestHostile16KoDefenceRefutedBUG).
					koClaims++
					t.Logf("%v %s: after the winning %s, the %v answer is the ko %d", mode, b.Vertex(target), b.Vertex(want.Move), 1-mode, after.Code)
				} else if after.Code != Fail {
					t.Errorf("%v %s: after the winning %s, the %v answer is %d\n%v", mode, b.Vertex(target), b.Vertex(want.Move), 1-mode, after.Code, c)
				}
			}
		}
	}
	if compared < n/2 {
		t.Fatalf("only %d answers compared: the test checks too little", compared)
	}
	t.Logf("%d answers compared, %d undecided, %d winning moves followed (%d answered by a ko claim)", compared, undecided, followed, koClaims)
}

// TestHostile16KoDefenceRefutedBUG: a defence by ko that a plain
// full-width search refutes, found by TestHostile16LargerBoards (seed
// 1616) after an attack's winning move. White A2 has one liberty (A1).
// Our df-pn and PN* answer `defend A2` with `3 B1`, proven: after B1
// black's A1 takes A2 by ko. But black answers B1 with C2 (B1-C1 down to
// A1, where white's stone would be suicide) and takes all three stones
// with A1 next, no ko: GNU Go 3.8 says `defend A2` = 0 (and, after white
// B1, `attack A2` = `1 C2`, where we say `2 A1`), and BruteForce captures
// with white moving first. The attacker's candidate moves miss C2, a
// liberty of another string of the owner that shares the target's last
// liberty; go_capture/README's "bug" class (a defence by ko the
// full-width search refutes). The same answers at 05140af (before
// session 16's Go changes).
func TestHostile16KoDefenceRefutedBUG(t *testing.T) {
	t.Skip("BUG: defend A2 on this 9x9 board is answered 3 B1 (proven); the full-width answer is 0 (B1 C2 then A1 captures); see the comment")
	b, err := board.New(9)
	if err != nil {
		t.Fatal(err)
	}
	stones := map[board.Color]string{
		board.Black: "B9 J8 E7 F7 G7 A6 C4 A3 B3 C3 B2 F2 D1",
		board.White: "D9 F9 B8 D7 E6 D5 A4 F4 D3 A2 D2 C1",
	}
	for c, vs := range stones {
		for _, v := range strings.Fields(vs) {
			p, err := board.ParseVertex(v, 9)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Play(p, c); err != nil {
				t.Fatal(err)
			}
		}
	}
	b.Commit()
	target, _ := board.ParseVertex("A2", 9)
	if captured, _, err := BruteForce(b, target, Defend, 5, 3); err != nil || !captured {
		t.Fatalf("the full-width search does not capture: %v %v", captured, err)
	}
	for _, algo := range []string{AlgoDFPN, AlgoPNStar} {
		r, err := Solve(context.Background(), b, target, Defend, Options{Algorithm: algo, SafeLibs: 4, Plays: 400000})
		if err != nil {
			t.Fatal(err)
		}
		if r.Code != Fail {
			t.Errorf("%s: defend A2 = %d %s (proven %v), the full-width answer 0\n%v", algo, r.Code, b.Vertex(r.Move), r.Proven, b)
		}
	}
}

// TestHostile16SavesNotCapturedShallow: a clean save our search proves
// (defend 1, or attack 0 proven) on random 7×7 and 9×9 boards must not be
// a capture that the full-width BruteForce finds within 7 plies (5
// under -short) under the
// same SafeLibs, the side to move as the question's.
func TestHostile16SavesNotCapturedShallow(t *testing.T) {
	n, plies := 400, 7
	if testing.Short() {
		n, plies = 40, 5
	}
	rng := rand.New(rand.NewSource(1618))
	o := Options{Algorithm: AlgoDFPN, SafeLibs: 4, Plays: 200000}
	checked := 0
	for i := 0; i < n; i++ {
		size := 7 + 2*(i%2)
		b := hostileBoard(rng, size, 0.3+0.25*rng.Float64(), false)
		weak := targetsWithLibs(b, 1, 3)
		if len(weak) == 0 {
			continue
		}
		target, mode := weak[rng.Intn(len(weak))], Mode(rng.Intn(2))
		r, err := Solve(context.Background(), b, target, mode, o)
		if err != nil {
			t.Fatal(err)
		}
		saved := (mode == Defend && r.Code == Win) || (mode == Attack && r.Code == Fail && r.Proven)
		if !saved {
			continue
		}
		checked++
		captured, m, err := BruteForce(b, target, mode, plies, o.SafeLibs)
		if err != nil {
			t.Fatal(err)
		}
		if captured {
			t.Errorf("%v %s: a proven clean save (code %d %s), BruteForce captures (%s)\n%v", mode, b.Vertex(target), r.Code, b.Vertex(r.Move), b.Vertex(m), b)
		}
	}
	if checked < n/5 {
		t.Fatalf("only %d saves checked", checked)
	}
	t.Logf("%d saves checked", checked)
}
