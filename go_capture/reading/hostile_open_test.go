package reading

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// hostileBoard is a random position of the given size for the open-space
// tests: with edge true, stones only on the first three lines (strings
// next to the edge, liberties shared by several strings), otherwise
// anywhere; fill is the stone density (0.05 sparse to 0.7 dense).
func hostileBoard(rng *rand.Rand, size int, fill float64, edge bool) *board.Board {
	for {
		b, err := board.New(size)
		if err != nil {
			panic(err)
		}
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				if edge && x > 2 && y > 2 && x < size-3 && y < size-3 {
					continue
				}
				v := rng.Float64()
				if v >= fill {
					continue
				}
				c := board.Black
				if v < fill/2 {
					c = board.White
				}
				_ = b.Play(board.Point(y*size+x), c) // illegal points stay empty
			}
		}
		b.Commit()
		if b.Points(board.Black).Count() > 0 && b.Points(board.White).Count() > 0 {
			return b
		}
	}
}

// hostileKo sets a random simple ko ban on b: half the time on a liberty
// of the target for its owner (an extension the rules must not count),
// otherwise on a random empty point for a random colour, or none.
func hostileKo(rng *rand.Rand, b *board.Board, target board.Point) {
	switch rng.Intn(3) {
	case 0:
		libs := b.AppendLibs(nil, target)
		b.SetKo(libs[rng.Intn(len(libs))], b.At(target))
	case 1:
		for tries := 0; tries < 20; tries++ {
			p := board.Point(rng.Intn(b.NumPoints()))
			if b.At(p) == board.Empty {
				c := board.Black
				if rng.Intn(2) == 0 {
					c = board.White
				}
				b.SetKo(p, c)
				return
			}
		}
	}
}

// reachesSafetyKo is reachesSafety for an owner that may ignore the ko
// ban when it holds the ko power.
func reachesSafetyKo(b *board.Board, target board.Point, owner board.Color, safe int, power bool) bool {
	for p := board.Point(0); int(p) < b.NumPoints(); p++ {
		var err error
		if power {
			err = b.PlayForced(p, owner)
		} else {
			err = b.Play(p, owner)
		}
		if err != nil {
			continue
		}
		ok := b.At(target) == owner && b.NumLibs(target) >= safe
		b.Undo()
		if ok {
			return true
		}
	}
	return false
}

// TestHostileOpenSpaceRulesAgainstPlay checks safeExtension and
// outOfReach against playing every move where the rules' own test
// (TestOpenSpaceRuleAgainstPlay) does not look: every size 5 to 19, dense
// and sparse positions and stones only along the edges, SafeLibs 2 to 8,
// a ko ban on the board (often on the target's liberty for the owner:
// that extension is illegal) and an attacker holding the ko power (it
// may take a ko the ban forbids). A rule that fires must be a fact of
// the game: safeExtension, some legal owner move gives SafeLibs
// liberties; outOfReach, after every attacker move, legal or through the
// ban with the ko power, some owner move does.
func TestHostileOpenSpaceRulesAgainstPlay(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewSource(1401))
	var s *searcher
	fired := [2]int{}
	for i := 0; i < n; i++ {
		size := 5 + i%15
		fill := []float64{0.08, 0.2, 0.35, 0.5, 0.7}[rng.Intn(5)]
		b := hostileBoard(rng, size, fill, rng.Intn(3) == 0)
		safe := 2 + rng.Intn(7)
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) >= safe {
				continue
			}
			hostileKo(rng, b, p)
			o := Options{SafeLibs: safe, Nodes: math.MaxInt64}
			if s == nil {
				s = newSearcher(b, p, o)
			} else {
				s.reset(b, p, o)
			}
			owner, attacker := b.At(p), b.At(p).Opponent()
			if s.safeExtension() {
				fired[0]++
				if !reachesSafetyKo(b, p, owner, safe, false) {
					t.Fatalf("safeExtension: target %s, SafeLibs %d, ko %v: no legal owner move reaches them\n%v",
						b.Vertex(p), safe, koString(b), b)
				}
			}
			if s.outOfReach() {
				fired[1]++
				for _, power := range []bool{false, true} {
					for m := board.Point(0); int(m) < b.NumPoints(); m++ {
						var err error
						if power {
							err = b.PlayForced(m, attacker)
						} else {
							err = b.Play(m, attacker)
						}
						if err != nil {
							continue
						}
						ok := b.At(p) == owner && reachesSafetyKo(b, p, owner, safe, false)
						b.Undo()
						if !ok {
							t.Fatalf("outOfReach: target %s, SafeLibs %d, ko %v, attacker ko power %v: after attacker %s no owner move reaches them\n%v",
								b.Vertex(p), safe, koString(b), power, b.Vertex(m), b)
						}
					}
				}
			}
			b.SetKo(board.NoPoint, board.Empty)
		}
	}
	if fired[0] < n || fired[1] < n/4 {
		t.Fatalf("the rules fired too seldom to be tested: safeExtension %d, outOfReach %d", fired[0], fired[1])
	}
	t.Logf("safeExtension fired %d times, outOfReach %d", fired[0], fired[1])
}

func koString(b *board.Board) string {
	k, c := b.Ko()
	if k == board.NoPoint {
		return "none"
	}
	return fmt.Sprintf("%s banned for %v", b.Vertex(k), c)
}

// TestHostileOpenSpaceGameDef: gi1..gi3 and ip answer alike with the
// open-space rules and without them on every size 5 to 19, dense and
// edge positions, SafeLibs 2 to 8, with a ko ban on the board, under
// every ko power.
func TestHostileOpenSpaceGameDef(t *testing.T) {
	n := 160
	if testing.Short() {
		n = 45
	}
	rng := rand.New(rand.NewSource(1402))
	var s *searcher
	type outcome struct {
		gi     [4]board.Point
		forced string
		k      int
	}
	search := func(b *board.Board, target board.Point, safe int, power board.Color, off bool) outcome {
		o := Options{SafeLibs: safe, Nodes: math.MaxInt64, noOpenSpace: off}
		if s == nil {
			s = newSearcher(b, target, o)
		} else {
			s.reset(b, target, o)
		}
		s.koPower = power
		var r outcome
		for n := 1; n <= 3; n++ {
			r.gi[n] = s.gi(n)
		}
		var forced []board.Point
		forced, r.k = s.ip(forced, 3)
		r.forced = fmt.Sprint(forced)
		return r
	}
	compared := 0
	for i := 0; i < n; i++ {
		size := 5 + i%15
		fill := []float64{0.1, 0.2, 0.35, 0.55}[rng.Intn(4)]
		b := hostileBoard(rng, size, fill, rng.Intn(3) == 0)
		safe := 2 + rng.Intn(7)
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) >= safe || b.NumLibs(p) > 5 || rng.Intn(2) == 0 {
				continue
			}
			hostileKo(rng, b, p)
			for _, power := range []board.Color{board.Empty, board.Black, board.White} {
				on := search(b, p, safe, power, false)
				off := search(b, p, safe, power, true)
				if on != off {
					t.Fatalf("target %s, SafeLibs %d, ko %s, ko power %v: open-space rules %+v, without %+v\n%v",
						b.Vertex(p), safe, koString(b), power, on, off, b)
				}
				compared++
			}
			b.SetKo(board.NoPoint, board.Empty)
		}
	}
	if compared < 300 {
		t.Fatalf("only %d searches compared", compared)
	}
}

// hostileSolveCompare asks Solve the same question with the open-space
// rules and without them and fails when both decide with different
// codes. It returns whether both decided.
func hostileSolveCompare(t *testing.T, b *board.Board, p board.Point, mode Mode, o Options) bool {
	t.Helper()
	var res [2]Result
	for j, off := range []bool{false, true} {
		oo := o
		oo.noOpenSpace = off
		r, err := Solve(context.Background(), b, p, mode, oo)
		if err != nil {
			t.Fatal(err)
		}
		res[j] = r
	}
	if !res[0].Decided() || !res[1].Decided() {
		return false
	}
	if res[0].Code != res[1].Code {
		t.Errorf("%v %s, %s, SafeLibs %d, ko %s: code %d with the open-space rules, %d without\n%v",
			mode, b.Vertex(p), o.Algorithm, o.SafeLibs, koString(b), res[0].Code, res[1].Code, b)
	}
	if res[0].Code == Win {
		hostileCheckMove(t, b, p, mode, o, res[0].Move)
	}
	return true
}

// hostileCheckMove: the move of a clean success found with the rules is
// one in the game: after it, the other side moving first, the search
// without the rules does not succeed cleanly.
func hostileCheckMove(t *testing.T, b *board.Board, p board.Point, mode Mode, o Options, m board.Point) {
	t.Helper()
	c := b.Clone()
	mover, next := c.At(p).Opponent(), Defend
	if mode == Defend {
		mover, next = c.At(p), Attack
	}
	if err := c.Play(m, mover); err != nil {
		t.Errorf("%v %s, %s, SafeLibs %d: move %s is illegal: %v\n%v", mode, b.Vertex(p), o.Algorithm, o.SafeLibs, b.Vertex(m), err, b)
		return
	}
	c.Commit()
	if c.At(p) == board.Empty {
		return // captured at once (a snapback is the game's business)
	}
	oo := o
	oo.noOpenSpace, oo.Algorithm = true, AlgoDFPN
	r, err := Solve(context.Background(), c, p, next, oo)
	if err != nil {
		t.Fatal(err)
	}
	if r.Code == Win {
		t.Errorf("%v %s, %s, SafeLibs %d, ko %s: move %s, after which %v succeeds with %s\n%v",
			mode, b.Vertex(p), o.Algorithm, o.SafeLibs, koString(b), b.Vertex(m), next, c.Vertex(r.Move), b)
	}
}

// TestHostileOpenSpaceSolve: every algorithm answers with the same code
// with the open-space rules and without them (where both decide within
// the budget), attack and defence, sizes 5 to 19, SafeLibs 2 to 8, dense,
// sparse and edge positions, ko bans on the board.
func TestHostileOpenSpaceSolve(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 30
	}
	compared := hostileSolveRounds(t, rand.New(rand.NewSource(1403)), n, 30000)
	if compared < n/2 {
		t.Fatalf("only %d questions compared", compared)
	}
	t.Logf("%d questions compared", compared)
}

// TestHostileOpenSpaceCapturesAreReal: on small boards (5×5, 6×6) a
// capture claimed with the open-space rules (attack 1, defence 0 proven)
// is a capture in the game: full-width brute force finds one within 15
// plies, the ko ban on the board obeyed. Ko answers (2, 3) are left out:
// brute force reads ko by the simple ban only.
func TestHostileOpenSpaceCapturesAreReal(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 16
	}
	rng := rand.New(rand.NewSource(1404))
	checked := 0
	for i := 0; i < n; i++ {
		b := hostileBoard(rng, 5+i%2, []float64{0.3, 0.45, 0.6}[rng.Intn(3)], false)
		safe := 2 + rng.Intn(3)
		var weak []board.Point
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) != board.Empty && b.StringID(p) == p && b.NumLibs(p) < safe {
				weak = append(weak, p)
			}
		}
		if len(weak) == 0 {
			continue
		}
		p := weak[rng.Intn(len(weak))]
		hostileKo(rng, b, p)
		for _, mode := range []Mode{Attack, Defend} {
			r, err := Solve(context.Background(), b, p, mode, Options{SafeLibs: safe, Plays: 50000})
			if err != nil {
				t.Fatal(err)
			}
			if r.Word(mode) != "captured" {
				continue
			}
			found := false
			for _, h := range []int{5, 9, 15} {
				c, _, err := BruteForce(b, p, mode, h, safe)
				if err != nil {
					t.Fatal(err)
				}
				if c {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%v %s, SafeLibs %d, ko %s: code %d (captured), brute force finds no capture in 15 plies\n%v",
					mode, b.Vertex(p), safe, koString(b), r.Code, b)
			}
			checked++
		}
	}
	if checked < n/4 {
		t.Fatalf("only %d captures checked", checked)
	}
	t.Logf("%d captures checked", checked)
}

// TestHostileOpenSpaceHeavy runs the open-space comparisons on more
// positions and larger budgets: the rules against play (3000 positions)
// and Solve's codes and moves with and without them (600 questions at
// 100 000 plays), other seeds than the short tests'.
func TestHostileOpenSpaceHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: about a minute")
	}
	rng := rand.New(rand.NewSource(1410))
	var s *searcher
	for i := 0; i < 3000; i++ {
		size := 5 + i%15
		b := hostileBoard(rng, size, []float64{0.08, 0.2, 0.35, 0.5, 0.7}[rng.Intn(5)], rng.Intn(3) == 0)
		safe := 2 + rng.Intn(7)
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) >= safe {
				continue
			}
			hostileKo(rng, b, p)
			o := Options{SafeLibs: safe, Nodes: math.MaxInt64}
			if s == nil {
				s = newSearcher(b, p, o)
			} else {
				s.reset(b, p, o)
			}
			owner, attacker := b.At(p), b.At(p).Opponent()
			if s.safeExtension() && !reachesSafetyKo(b, p, owner, safe, false) {
				t.Fatalf("safeExtension: target %s, SafeLibs %d, ko %s\n%v", b.Vertex(p), safe, koString(b), b)
			}
			if s.outOfReach() {
				for m := board.Point(0); int(m) < b.NumPoints(); m++ {
					if b.PlayForced(m, attacker) != nil {
						continue
					}
					ok := b.At(p) == owner && reachesSafetyKo(b, p, owner, safe, false)
					b.Undo()
					if !ok {
						t.Fatalf("outOfReach: target %s, SafeLibs %d, ko %s, after %s\n%v", b.Vertex(p), safe, koString(b), b.Vertex(m), b)
					}
				}
			}
			b.SetKo(board.NoPoint, board.Empty)
		}
	}
	compared := hostileSolveRounds(t, rng, 300, 100000)
	t.Logf("%d questions compared", compared)
}

// hostileSolveRounds asks n random questions (sizes 5 to 19, dense to
// sparse, edge positions, SafeLibs 2 to 8, a ko ban near a weak string;
// attack and defence, the four algorithms in turn, plays per question)
// with and without the open-space rules (hostileSolveCompare), and
// returns how many both decided.
func hostileSolveRounds(t *testing.T, rng *rand.Rand, n int, plays int64) (compared int) {
	t.Helper()
	algos := []string{AlgoDFPN, AlgoPNStar, AlgoAPS, AlgoCStar}
	for i := 0; i < n; i++ {
		size := 5 + i%15
		fill := []float64{0.1, 0.25, 0.4, 0.6}[rng.Intn(4)]
		b := hostileBoard(rng, size, fill, rng.Intn(3) == 0)
		safe := 2 + rng.Intn(7)
		var weak []board.Point
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) != board.Empty && b.StringID(p) == p && b.NumLibs(p) < safe && b.NumLibs(p) <= 4 {
				weak = append(weak, p)
			}
		}
		if len(weak) == 0 {
			continue
		}
		p := weak[rng.Intn(len(weak))]
		hostileKo(rng, b, p)
		for _, mode := range []Mode{Attack, Defend} {
			o := Options{Algorithm: algos[i%len(algos)], SafeLibs: safe, Plays: plays, Nodes: math.MaxInt64}
			if hostileSolveCompare(t, b, p, mode, o) {
				compared++
			}
		}
	}
	return compared
}
