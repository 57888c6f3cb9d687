package reading

import (
	"context"
	"math/rand"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// TestOpenSpaceIsCheapHeavy: a string that escapes into open space only
// after a long chase must be called saved within a node budget by every
// algorithm. Before the late-defence reduction in andNode, APS spent
// 36 M board plays on the first question without deciding it.
func TestOpenSpaceIsCheapHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: several seconds")
	}
	atari := []string{
		".........",
		".........",
		".........",
		"...O.....",
		"..OXO....",
		".........",
		".........",
		".........",
		".........",
	}
	threeLibs := append([]string(nil), atari...)
	threeLibs[5] = "...X....."
	cases := []struct {
		name  string
		rows  []string
		mode  Mode
		algo  string
		nodes int64
		code  int
		move  string
	}{
		{"atari defend aps", atari, Defend, AlgoAPS, 100000, Win, "D4"},
		{"three libs attack aps", threeLibs, Attack, AlgoAPS, 150000, Fail, ""},
		{"atari defend dfpn", atari, Defend, AlgoDFPN, 20000, Win, "D4"},
		{"three libs attack dfpn", threeLibs, Attack, AlgoDFPN, 20000, Fail, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := diagram(t, c.rows...)
			res, err := Solve(context.Background(), b, vertex(t, b, "D5"), c.mode,
				Options{Algorithm: c.algo, Nodes: c.nodes, TimeLimit: 5 * time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Proven || res.Code != c.code {
				t.Fatalf("code %d proven %v after %d nodes, %d plays; want code %d proven within %d nodes",
					res.Code, res.Proven, res.Stats.Nodes, res.Stats.Plays, c.code, c.nodes)
			}
			if c.move != "" && b.Vertex(res.Move) != c.move {
				t.Fatalf("move %s, want %s", b.Vertex(res.Move), c.move)
			}
		})
	}
}

// TestDefenceBudgetIsShared: a defence without a threat in the horizon
// runs an attacker-first search before the main one; both share the
// question's node budget. Here the attacker-first search cannot finish
// within its share, and the main search proves D3 with what is left.
func TestDefenceBudgetIsShared(t *testing.T) {
	b := diagram(t,
		".........",
		".........",
		".........",
		"...O.....",
		"..OXO....",
		"...X.....",
		".........",
		".........",
		".........")
	for _, algo := range []string{AlgoDFPN, AlgoPNStar} {
		t.Run(algo, func(t *testing.T) {
			const budget = 200
			res, err := Solve(context.Background(), b, vertex(t, b, "D5"), Defend, Options{Algorithm: algo, Nodes: budget})
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.Nodes > budget {
				t.Errorf("%d nodes searched with a budget of %d", res.Stats.Nodes, budget)
			}
			if !res.Proven || res.Code != Win || res.Move == board.Pass {
				t.Errorf("code %d move %s proven %v; want a proven defence move", res.Code, b.Vertex(res.Move), res.Proven)
			}
		})
	}
}

// reachFresh is reachAt computed without the searcher's memo
// (extensionBound and extensionSet at every liberty), for
// TestExtMemoMatchesFresh.
func reachFresh(s *searcher, t, minLibs int) (reach, bool) {
	var r reach
	n := s.libs()
	if !s.openSpace || s.b.Superko() || s.b.At(s.target) != s.owner ||
		n < minLibs || n > maxOpenLibs || n >= s.safeLibs {
		return r, false
	}
	r.t = t
	libs := s.b.Libs(s.target)
	for o := libs.Next(0); o >= 0; o = libs.Next(o + 1) {
		if s.extensionBound(o, s.b.StringID(s.target), n) < t {
			continue
		}
		l := s.extensionSet(o)
		if c := l.Count(); c >= t {
			r.ext[r.k], r.sets[r.k], r.cnt[r.k] = o, l, c
			if c > t {
				r.wide++
			}
			r.k++
		}
	}
	return r, r.k > 0
}

// TestExtMemoMatchesFresh: extensions and reachAt, which read the
// target's extensions from the searcher's memo (extFor), answer as the
// same computations without it, at every position of random walks of
// plays and undos (positions recur, so entries are read back) from
// random sparse positions, for every threshold, and for a second
// target on the same stones right after the first (the memo is keyed
// by the stones alone, and must be emptied for a new question).
func TestExtMemoMatchesFresh(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	var s *searcher
	hits, checked := 0, 0
	compare := func(b *board.Board, what string) {
		t.Helper()
		for th := 1; th <= s.safeLibs+1; th++ {
			for _, first := range []bool{true, false} {
				want := board.Bitset{}
				if s.openSpace && !s.b.Superko() && s.b.At(s.target) == s.owner {
					want = s.extensionsUncached(th, first)
				}
				if got := s.extensions(th, first); got != want {
					t.Fatalf("%s: extensions(%d, %v) = %v, want %v, target %s\n%v", what, th, first, got, want, b.Vertex(s.target), b)
				}
			}
			for _, minLibs := range []int{1, 2, 3} {
				want, wok := reachFresh(s, th, minLibs)
				var got reach
				ok := s.reachAt(&got, th, minLibs)
				if ok != wok || (ok && got != want) {
					t.Fatalf("%s: reachAt(%d, %d) = %v %+v, want %v %+v, target %s\n%v", what, th, minLibs, ok, got, wok, want, b.Vertex(s.target), b)
				}
			}
			checked++
		}
	}
	for i := 0; i < 120; i++ {
		b := sparseBoard(rng, 7+2*(i%3), 0.25+0.2*rng.Float64())
		var targets []board.Point
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) != board.Empty && b.StringID(p) == p {
				targets = append(targets, p)
			}
		}
		if len(targets) < 2 {
			continue
		}
		rng.Shuffle(len(targets), func(i, j int) { targets[i], targets[j] = targets[j], targets[i] })
		for _, target := range targets[:2] {
			o := Options{SafeLibs: 4 + i%4}
			if s == nil {
				s = newSearcher(b, target, o)
			} else {
				s.reset(b, target, o)
			}
			compare(b, "start")
			c := board.Black
			for step := 0; step < 60; step++ {
				if b.Depth() > 0 && rng.Intn(3) == 0 {
					b.Undo()
				} else if b.Play(board.Point(rng.Intn(b.NumPoints())), c) != nil {
					continue
				}
				c = c.Opponent()
				h := b.Hash()
				if x := &s.ext[(h*0x9e3779b97f4a7c15)>>(64-extMemoBits)]; x.ok && x.hash == h {
					hits++
				}
				compare(b, "walk")
			}
			for b.Depth() > 0 {
				b.Undo()
			}
		}
	}
	if hits < 500 || checked < 10000 {
		t.Fatalf("too few memo hits (%d) or checks (%d)", hits, checked)
	}
}
