package reading

import (
	"context"
	"testing"
)

// TestPlaysBudget: Options.Plays stops every algorithm at the budget,
// the answer is then unknown (these cases need more plays), and the same budget
// gives the same answer, nodes and plays again (an effort limit, not a
// wall-clock one). A budget large enough gives the unlimited answer.
func TestPlaysBudget(t *testing.T) {
	const slack = 256 // plays while a stopped search unwinds
	cases := []struct {
		algo, name string
		budget     int64
	}{
		{AlgoAPS, "ko capture is a ko result", 500},
		{AlgoAPS, "ladder broken by breakers", 100000},
		{AlgoDFPN, "ko capture is a ko result", 400},
		{AlgoDFPN, "ladder: the victim runs", 20000},
		{AlgoDFPN, "ladder broken by breakers", 10000},
		{AlgoPNStar, "ko capture is a ko result", 500},
		{AlgoPNStar, "ladder broken by breakers", 50000},
	}
	for _, c := range cases {
		t.Run(c.algo+" "+c.name, func(t *testing.T) {
			var tc *captureCase
			for i := range captureCases {
				if captureCases[i].name == c.name {
					tc = &captureCases[i]
				}
			}
			if tc == nil {
				t.Fatalf("no capture case %q", c.name)
			}
			b := diagram(t, tc.rows...)
			target := vertex(t, b, tc.target)
			full, err := Solve(context.Background(), b, target, tc.mode, Options{Algorithm: c.algo})
			if err != nil {
				t.Fatal(err)
			}
			if full.Stats.Plays <= c.budget+slack {
				t.Fatalf("the unlimited search takes only %d plays: the case tests nothing", full.Stats.Plays)
			}
			opts := Options{Algorithm: c.algo, Plays: c.budget}
			r1, err := Solve(context.Background(), b, target, tc.mode, opts)
			if err != nil {
				t.Fatal(err)
			}
			if r1.Stats.Plays > c.budget+slack {
				t.Errorf("%d plays with a budget of %d", r1.Stats.Plays, c.budget)
			}
			if r1.Proven {
				t.Errorf("proven code %d %s within %d plays, although the unlimited search needs %d",
					r1.Code, b.Vertex(r1.Move), c.budget, full.Stats.Plays)
			}
			r2, _ := Solve(context.Background(), b, target, tc.mode, opts)
			if r1.Code != r2.Code || r1.Move != r2.Move || r1.Proven != r2.Proven ||
				r1.Stats.Nodes != r2.Stats.Nodes || r1.Stats.Plays != r2.Stats.Plays {
				t.Errorf("same budget, other answer: %+v then %+v", r1, r2)
			}
			// A defence's attacker-first search gets a quarter of what is
			// left: four times the unlimited plays leave it enough.
			big, err := Solve(context.Background(), b, target, tc.mode, Options{Algorithm: c.algo, Plays: 4*full.Stats.Plays + slack})
			if err != nil {
				t.Fatal(err)
			}
			if big.Code != full.Code || big.Move != full.Move || big.Proven != full.Proven {
				t.Errorf("ample budget: code %d %s proven %v, unlimited: code %d %s proven %v",
					big.Code, b.Vertex(big.Move), big.Proven, full.Code, b.Vertex(full.Move), full.Proven)
			}
		})
	}
}
