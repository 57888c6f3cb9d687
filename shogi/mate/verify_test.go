package mate

import (
	"context"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

func usiLine(t *testing.T, pos *shogi.Position, moves ...string) []shogi.Move {
	t.Helper()
	p := pos.Clone()
	var out []shogi.Move
	for _, s := range moves {
		m, err := shogi.ParseUSIMove(p, s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		out = append(out, m)
		p.Do(m)
	}
	return out
}

func TestVerifierRejectsTamperedLines(t *testing.T) {
	ex, _ := shogi.ParseSFEN("7sk/9/7PP/9/9/9/9/9/9 b GS 1")
	ex, _, _ = prepare(ex, &Options{})
	fut, _ := shogi.ParseSFEN("8k/7pl/6N2/9/9/9/9/9/R8 b b 1")
	good := usiLine(t, ex, "S*1b", "2a1b", "G*2b")
	tests := []struct {
		name  string
		pos   *shogi.Position
		rules Rules
		line  []shogi.Move
		want  string // "" = accepted
	}{
		{"the solution", ex, Tsume, good, ""},
		{"last move not a check", ex, Tsume, append(good[:2:2], shogi.NewDrop(shogi.Gold, shogi.NewSquare(5, 5))), "does not give check"},
		{"illegal drop on an occupied square", ex, Tsume, append(good[:2:2], shogi.NewDrop(shogi.Gold, shogi.NewSquare(1, 3))), "not a legal move"},
		{"truncated", ex, Tsume, good[:2], "attacker to move"},
		{"empty", ex, Tsume, nil, "attacker to move"},
		{"final position not mate", ex, Tsume, good[:1], "not mate"},
		{"futile drop ignored under tsume rules", fut, Tsume, usiLine(t, fut, "9i9a+"), ""},
		{"the same drop counts under mate rules", fut, MateSearch, usiLine(t, fut, "9i9a+"), "not mate"},
		{"mate rules, full line", fut, MateSearch, usiLine(t, fut, "9i9a+", "B*2a", "3c2a+"), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := Verify(tc.pos, tc.pos.SideToMove(), tc.rules, tc.line)
			if tc.want == "" {
				if !v.OK || !v.FinalMate {
					t.Fatalf("rejected a correct line: %+v", v)
				}
				return
			}
			if v.OK || !strings.Contains(v.Problem, tc.want) {
				t.Fatalf("got %+v, want a rejection mentioning %q", v, tc.want)
			}
		})
	}
}

// TestVerifierFindsEscapingAlternative builds lines "check, a defence that
// runs into mate, the mate" where another defence escapes: every such line
// must be rejected for that alternative.
func TestVerifierFindsEscapingAlternative(t *testing.T) {
	found := 0
	for _, sfen := range []string{"4k4/9/4P4/9/9/9/9/9/9 b 2G 1", "4k4/9/9/9/9/9/9/9/9 b 2GS 1", "8k/9/9/9/9/9/9/9/9 b RGS 1"} {
		pos, _ := shogi.ParseSFEN(sfen)
		found += escapingLines(t, pos)
	}
	if found == 0 {
		t.Fatal("no line with an escaping alternative found: the test checks nothing")
	}
	t.Logf("%d tampered lines rejected", found)
}

func escapingLines(t *testing.T, pos *shogi.Position) int {
	var b1, b2, b3 [shogi.MaxMoves]shogi.Move
	found := 0
	for _, c1 := range append([]shogi.Move(nil), pos.GenerateChecks(b1[:0])...) {
		pos.Do(c1)
		defs := append([]shogi.Move(nil), pos.GenerateEvasions(b2[:0])...)
		escaping := 0
		for _, d := range defs {
			pos.Do(d)
			mates := false
			for _, c2 := range pos.GenerateChecks(b3[:0]) {
				pos.Do(c2)
				mates = mates || pos.IsMated()
				pos.Undo(c2)
			}
			pos.Undo(d)
			if !mates {
				escaping++
			}
		}
		for _, d := range defs {
			pos.Do(d)
			for _, c2 := range append([]shogi.Move(nil), pos.GenerateChecks(b3[:0])...) {
				pos.Do(c2)
				mated := pos.IsMated()
				pos.Undo(c2)
				if !mated || escaping == 0 {
					continue
				}
				pos.Undo(d)
				pos.Undo(c1)
				v := Verify(pos, shogi.Black, MateSearch, []shogi.Move{c1, d, c2})
				if v.OK || !strings.Contains(v.Problem, "escapes") {
					t.Errorf("line %s %s %s accepted or wrongly rejected: %+v", c1.USI(), d.USI(), c2.USI(), v)
				}
				found++
				pos.Do(c1)
				pos.Do(d)
			}
			pos.Undo(d)
		}
		pos.Undo(c1)
	}
	return found
}

// TestVerifierRetriesUnsettled starves the first pass (a budget of one
// node per alternative) so that alternatives are left unsettled; with a
// hint, the retry settles them; without one (plain Verify), they stay
// unsettled and the line is not accepted.
func TestVerifierRetriesUnsettled(t *testing.T) {
	starved := 0
	for _, tc := range shortSample(boundedCases(t), 4) {
		if tc.n < 3 {
			continue
		}
		pos, _ := shogi.ParseSFEN(tc.sfen)
		r, err := Solve(context.Background(), pos, Options{Rules: tc.rules, HashMB: 8})
		if err != nil || !r.Verified {
			t.Fatalf("%s: %v %+v", tc.name, err, r.Verification)
		}
		p, att, _ := prepare(pos, &Options{Rules: tc.rules})
		noHint := func(*shogi.Position, int) shogi.Move { return shogi.NoMove }
		for _, hint := range []func(*shogi.Position, int) shogi.Move{nil, noHint} {
			v := verifier{pos: p.Clone(), attacker: att, rules: tc.rules, memo: newMemo(),
				altBudget: 1, totalBudget: 1 << 20, hintedBudget: 1, hint: hint}
			res := v.run(r.Moves)
			if hint == nil && res.Unsettled > 0 {
				starved++
				if res.OK {
					t.Errorf("%s: unsettled alternatives accepted: %+v", tc.name, res)
				}
			}
			if hint != nil && (!res.OK || res.Refuted != res.Alternatives) {
				t.Errorf("%s: the retry did not settle the alternatives: %+v", tc.name, res)
			}
		}
	}
	if starved == 0 && sharedtest.Dir() == "" {
		t.Skip("our own problems are too easy to starve; the antma set is absent")
	}
	if starved == 0 {
		t.Error("no line had unsettled alternatives under starvation: the test exercises nothing")
	}
}

// TestVerifierChecksLineFirst cuts the last two plies off solved lines: the
// line no longer ends in mate, which the verifier must report before it
// spends any search on the defender's alternatives along the line.
func TestVerifierChecksLineFirst(t *testing.T) {
	withAlts := 0
	for _, tc := range shortSample(boundedCases(t), 4) {
		if tc.n < 5 {
			continue
		}
		pos, _ := shogi.ParseSFEN(tc.sfen)
		r, err := Solve(context.Background(), pos, Options{Rules: tc.rules, HashMB: 8})
		if err != nil || !r.Verified {
			t.Fatalf("%s: %v %+v", tc.name, err, r.Verification)
		}
		if r.Verification.Alternatives > 0 {
			withAlts++
		}
		p, att, _ := prepare(pos, &Options{Rules: tc.rules})
		v := Verify(p, att, tc.rules, r.Moves[:len(r.Moves)-2])
		if v.OK || !strings.Contains(v.Problem, "not mate") || v.Nodes != 0 || v.Alternatives != 0 || v.FinalMate {
			t.Errorf("%s: cut line: %+v", tc.name, v)
		}
		if v.Plies != len(r.Moves)-2 {
			t.Errorf("%s: %d plies replayed, want %d", tc.name, v.Plies, len(r.Moves)-2)
		}
	}
	if withAlts == 0 && sharedtest.Dir() == "" {
		t.Skip("our own problems of 5 plies or more have no defender alternatives; the antma set is absent")
	}
	if withAlts == 0 {
		t.Error("no line had defender alternatives: the test exercises nothing")
	}
}

// TestVerifierAllocatesLittle: the verifier's nodes take their move lists
// from its own stack, not the heap. The line is a 27-ply mate (engine mate
// rules) from a generated game whose alternatives cost the verifier
// thousands of nodes; before the stack, every node allocated its list.
func TestVerifierAllocatesLittle(t *testing.T) {
	const sfen = "ln3k2+P/7g1/p2psl2p/2ps1Bpr1/P8/2P3P1P/N2gP4/9/L2S1KGS1 w BGL4Pr2n3p 72"
	const usi = "P*4h 4i4h 4c4d L*4e R*4g 4h4g 2d2g+ G*3g N*5e 4g4h 4d4e P*4f 4e4f 3g4f B*3g 4h4i P*4h 3i4h 2g2i L*3i 3g4h+ 4i4h G*3h 3i3h S*5i 4h3g N*2e"
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Rules: MateSearch, AutoDefender: true}
	p, att, err := prepare(pos, &o)
	if err != nil {
		t.Fatal(err)
	}
	var line []shogi.Move
	q := p.Clone()
	for _, u := range strings.Fields(usi) {
		m, err := shogi.ParseUSIMove(q, u)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		q.Do(m)
	}
	var nodes uint64
	allocs := testing.AllocsPerRun(2, func() {
		nodes = verify(p, att, MateSearch, line, verifyAltBudget, 20_000).Nodes
	})
	if nodes < 1000 {
		t.Fatalf("only %d verifier nodes: not a test of the nodes' allocations", nodes)
	}
	if allocs > float64(nodes)/20 {
		t.Errorf("%.0f allocations for %d verifier nodes", allocs, nodes)
	}
	t.Logf("%.0f allocations for %d verifier nodes", allocs, nodes)
}
