package reading

import (
	"context"
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
