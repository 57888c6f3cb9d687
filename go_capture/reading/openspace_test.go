package reading

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/go_capture/board"
)

// sparseBoard is a random position with few stones (each point black or
// white with probability fill/2), where strings reach open space.
func sparseBoard(rng *rand.Rand, size int, fill float64) *board.Board {
	for {
		var ab, aw string
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				pt := "[" + string(rune('a'+x)) + string(rune('a'+y)) + "]"
				switch v := rng.Float64(); {
				case v < fill/2:
					ab += pt
				case v < fill:
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

// reachesSafety reports, by playing every legal move of the owner, that
// one of them leaves the target on the board with safe liberties or more.
func reachesSafety(b *board.Board, target board.Point, owner board.Color, safe int) bool {
	return reachesSafetyKo(b, target, owner, safe, false)
}

// TestOpenSpaceRuleAgainstPlay checks the open-space rules (open.go)
// against playing every move: when safeExtension holds, some owner move
// gives the target SafeLibs liberties; when outOfReach holds, after every
// legal attacker move some owner move does (both sides to move in turn,
// the simple ko ban obeyed). Random sparse 7×7 to 11×11 positions, every
// string of one to SafeLibs-1 liberties, SafeLibs 4 to 6, each side to
// move by a pass first; the rules must fire often enough to be tested.
func TestOpenSpaceRuleAgainstPlay(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	var s *searcher
	fired := [2]int{}
	for i := 0; i < 400; i++ {
		b := sparseBoard(rng, 7+2*(i%3), 0.15+0.1*rng.Float64())
		safe := 4 + i%3
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) >= safe {
				continue
			}
			o := Options{SafeLibs: safe, Nodes: math.MaxInt64}
			if s == nil {
				s = newSearcher(b, p, o)
			} else {
				s.reset(b, p, o)
			}
			owner, attacker := b.At(p), b.At(p).Opponent()
			if s.safeExtension() {
				fired[0]++
				if !reachesSafety(b, p, owner, safe) {
					t.Fatalf("safeExtension: target %s, SafeLibs %d, no owner move reaches them\n%v", b.Vertex(p), safe, b)
				}
			}
			if s.outOfReach() {
				fired[1]++
				for m := board.Point(0); int(m) < b.NumPoints(); m++ {
					if b.Play(m, attacker) != nil {
						continue
					}
					ok := b.At(p) == owner && reachesSafety(b, p, owner, safe)
					b.Undo()
					if !ok {
						t.Fatalf("outOfReach: target %s, SafeLibs %d, after attacker %s no owner move reaches them\n%v",
							b.Vertex(p), safe, b.Vertex(m), b)
					}
				}
			}
		}
	}
	if fired[0] < 500 || fired[1] < 200 {
		t.Fatalf("the rules fired too seldom to be tested: safeExtension %d, outOfReach %d", fired[0], fired[1])
	}
}

// TestOpenSpaceThresholdsAgainstPlay checks the rules at thresholds below
// SafeLibs (extendsTo(t), extensionsTo(t), reach.leaves, outOfReachAt(t),
// t = 3..SafeLibs: what g(n), ip_n and gi(n) use with t = n+2 and n+1)
// against playing every move, as TestOpenSpaceRuleAgainstPlay does at
// SafeLibs.
func TestOpenSpaceThresholdsAgainstPlay(t *testing.T) {
	rng := rand.New(rand.NewSource(18))
	var s *searcher
	fired := map[[2]int]int{}
	for i := 0; i < 300; i++ {
		b := sparseBoard(rng, 7+2*(i%3), 0.2+0.15*rng.Float64())
		safe := 4 + i%3
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) >= safe {
				continue
			}
			o := Options{SafeLibs: safe, Nodes: math.MaxInt64}
			if s == nil {
				s = newSearcher(b, p, o)
			} else {
				s.reset(b, p, o)
			}
			owner, attacker := b.At(p), b.At(p).Opponent()
			for th := 3; th <= safe; th++ {
				if s.extendsTo(th) {
					fired[[2]int{0, th}]++
					if !reachesSafety(b, p, owner, th) {
						t.Fatalf("extendsTo(%d): target %s, SafeLibs %d, no owner move reaches them\n%v", th, b.Vertex(p), safe, b)
					}
				}
				ext := s.extensionsTo(th)
				for o := ext.Next(0); o >= 0; o = ext.Next(o + 1) {
					fired[[2]int{2, th}]++
					if b.Play(o, owner) != nil {
						t.Fatalf("extensionsTo(%d): target %s, %s is not legal\n%v", th, b.Vertex(p), b.Vertex(o), b)
					}
					ok := b.At(p) == owner && b.NumLibs(p) >= th
					b.Undo()
					if !ok {
						t.Fatalf("extensionsTo(%d): target %s, %s does not reach them\n%v", th, b.Vertex(p), b.Vertex(o), b)
					}
				}
				var r reach
				if s.reachAt(&r, th, 1) {
					for m := board.Point(0); int(m) < b.NumPoints(); m++ {
						if !r.leaves(m) || b.Play(m, attacker) != nil {
							continue
						}
						fired[[2]int{3, th}]++
						ok := b.At(p) == owner && reachesSafety(b, p, owner, th)
						b.Undo()
						if !ok {
							t.Fatalf("reach(%d).leaves: target %s, after attacker %s no owner move reaches them\n%v",
								th, b.Vertex(p), b.Vertex(m), b)
						}
					}
				}
				if !s.outOfReachAt(th) {
					continue
				}
				fired[[2]int{1, th}]++
				for m := board.Point(0); int(m) < b.NumPoints(); m++ {
					if b.Play(m, attacker) != nil {
						continue
					}
					ok := b.At(p) == owner && reachesSafety(b, p, owner, th)
					b.Undo()
					if !ok {
						t.Fatalf("outOfReachAt(%d): target %s, SafeLibs %d, after attacker %s no owner move reaches them\n%v",
							th, b.Vertex(p), safe, b.Vertex(m), b)
					}
				}
			}
		}
	}
	for _, th := range []int{3, 4} {
		if fired[[2]int{0, th}] < 200 || fired[[2]int{1, th}] < 50 || fired[[2]int{2, th}] < 200 || fired[[2]int{3, th}] < 1000 {
			t.Fatalf("the rules fired too seldom at %d liberties: %v", th, fired)
		}
	}
}

// TestOpenSpaceGameDefUnchanged: gi, g (through ip) and ip answer alike
// with the open-space rules and without them (Options.noOpenSpace),
// under every ko power and at SafeLibs 4 to 6, on random sparse
// positions; with them the searches take fewer plays in many cases.
func TestOpenSpaceGameDefUnchanged(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	var s *searcher
	type outcome struct {
		gi     [4]board.Point
		forced string
		k      int
	}
	search := func(b *board.Board, target board.Point, safe int, power board.Color, off bool) (outcome, int64) {
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
		return r, s.plays
	}
	compared, cheaper := 0, 0
	for i := 0; i < 150; i++ {
		b := sparseBoard(rng, 7+2*(i%2), 0.2+0.15*rng.Float64())
		safe := 4 + i%3
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) > 4 {
				continue
			}
			for _, power := range []board.Color{board.Empty, board.Black, board.White} {
				on, playsOn := search(b, p, safe, power, false)
				off, playsOff := search(b, p, safe, power, true)
				if on != off {
					t.Fatalf("target %s, SafeLibs %d, ko power %v: open-space rules %+v, without %+v\n%v",
						b.Vertex(p), safe, power, on, off, b)
				}
				if playsOn < playsOff {
					cheaper++
				}
				compared++
			}
		}
	}
	if compared < 1000 || cheaper < 100 {
		t.Fatalf("%d searches compared, %d cheaper with the rules", compared, cheaper)
	}
}

// TestOpenSpaceSolveUnchanged: df-pn answers random sparse questions with
// the same codes with the open-space rules and without them (only where
// both decide within the budget), attack and defence, SafeLibs 4 and 5.
func TestOpenSpaceSolveUnchanged(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	compared := 0
	var plays [2]int64
	for i := 0; i < 40; i++ {
		b := sparseBoard(rng, 9, 0.25+0.1*rng.Float64())
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) > 3 || rng.Intn(3) != 0 {
				continue
			}
			for _, mode := range []Mode{Attack, Defend} {
				var res [2]Result
				for j, off := range []bool{false, true} {
					r, err := Solve(context.Background(), b, p, mode,
						Options{SafeLibs: 4 + i%2, Plays: 200000, noOpenSpace: off})
					if err != nil {
						t.Fatal(err)
					}
					res[j] = r
					plays[j] += r.Stats.Plays
				}
				if !res[0].Decided() || !res[1].Decided() {
					continue
				}
				if res[0].Code != res[1].Code {
					t.Fatalf("%v %s, SafeLibs %d: code %d with the open-space rules, %d without\n%v",
						mode, b.Vertex(p), 4+i%2, res[0].Code, res[1].Code, b)
				}
				compared++
			}
		}
	}
	if compared < 200 {
		t.Fatalf("only %d questions compared", compared)
	}
	t.Logf("%d questions, plays %d with the rules, %d without", compared, plays[0], plays[1])
}

// TestOpenSpaceTerminal: an owner node below the root whose target can
// extend to SafeLibs liberties is saved by Terminal from the board, with
// no play, even while the core expands its parent (where the threat test
// is otherwise deferred); without the rules it is deferred.
func TestOpenSpaceTerminal(t *testing.T) {
	for _, off := range []bool{false, true} {
		g := savedAfterAttack(t)
		g.s.openSpace = !off
		g.expanded[0] = true
		plays := g.s.plays
		o := g.Terminal()
		switch {
		case !off && (o != core.Disproven || g.s.plays != plays):
			t.Fatalf("open space: Terminal %v after %d plays, want Disproven at once", o, g.s.plays-plays)
		case off && (o != core.Unknown || !g.deferred):
			t.Fatalf("without the rules: Terminal %v (deferred %v), want Unknown, deferred", o, g.deferred)
		}
	}
}
