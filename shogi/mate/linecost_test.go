package mate

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestLineDisproofCost is a measurement of what makes "no mate within
// L-2" dear on a Microcosmos tail of L plies: from the attacker's node
// TSUME_LINECOST_PLY plies into the published line (default 2), after the
// unbounded proof, it asks for each check "mate within the plies the line
// leaves minus two?" (at most 3 M expansions each) and says whether the
// unbounded proof left the child open. Measured on tail 81 at ply 2 (77
// plies asked): the line's own move 2.39 M expansions from a fresh table
// (the line's lower bounds, which a backward pass along the line settles
// for about 2 M in all), the other checks but two 0 to 103 k, and the two
// that waste a tempo (+L 1a2a and the tokin's 3a2a, each a mate of at
// most 86 plies by the unbounded proof) open after 3 M each: their "no
// mate within 76" is the lower-bound proof of another long line, whose
// positions (a piece displaced) the line's own proofs do not cover.
// Run: TSUME_LINECOST=81 go test -run TestLineDisproofCost -v ./shogi/mate
func TestLineDisproofCost(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TSUME_LINECOST"))
	if n == 0 {
		t.Skip("a measurement: run with TSUME_LINECOST=<tail length> (and TSUME_LINECOST_PLY)")
	}
	ply := 2
	if v := os.Getenv("TSUME_LINECOST_PLY"); v != "" {
		ply, _ = strconv.Atoi(v)
	}
	_, moves := microcosmosFile(t)
	pos := microcosmosTail(t, n)
	for _, u := range moves[len(moves)-n:][:ply] {
		m, err := shogi.ParseUSIMove(pos, u)
		if err != nil {
			t.Fatal(err)
		}
		pos.Do(m)
	}
	p, att, err := prepare(pos, &Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(1024)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := newGame(p, att, Tsume, s.evasionCache())
	g.delays, g.killers = s.delays, s.table
	if !g.OrNode() {
		t.Fatalf("ply %d is a defender's node", ply)
	}
	co := coreOptions(Options{})
	r := core.Solve(context.Background(), g, s.table, co)
	t.Logf("%s: proof %v after %d expansions", pos.SFEN(), r.Outcome, r.Stats.Expanded)
	lim := n - ply - 2
	bco := co
	bco.Epsilon, bco.NodeLimit = boundedEpsilon, 3_000_000
	var buf [shogi.MaxMoves]shogi.Move
	for _, m := range append(buf[:0], g.generate(g.buf[:0])...) {
		g.pos.Do(m)
		status := "open"
		if e, ok := s.table.Probe(g.Key(), false, g); !ok {
			status = "not in the table"
		} else if e.PN == 0 {
			status = "proven, length " + strconv.Itoa(int(e.Length))
		} else if e.DN == 0 {
			status = "disproven"
		}
		br := core.Solve(context.Background(), newBoundedGame(g, lim-1, s.table), s.table, bco)
		t.Logf("%s: unbounded %s; mate within %d: %v after %d expansions", m.USI(), status, lim-1, br.Outcome, br.Stats.Expanded)
		g.pos.Undo(m)
	}
}
