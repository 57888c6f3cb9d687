package mate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/gen"
)

// pnsQuestions returns positions to ask "mate within d?" about, the
// attacker to move and not in check: the real-game mates 3, 5 and 7 of the
// shared set and positions of seeded random games from them (most with no
// short mate), with the defender's replies to the checked ones.
func pnsQuestions(t *testing.T, seed uint64, n int) []*shogi.Position {
	t.Helper()
	f, err := os.Open(filepath.Join(sharedtest.Require(t), "problems", "shogi", "yaneuraou5m_heads_mate3_5_7.tsv"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	starts, err := gen.ReadStarts(f)
	if err != nil {
		t.Fatal(err)
	}
	sfens, err := gen.Positions(seed, n, starts)
	if err != nil {
		t.Fatal(err)
	}
	var out []*shogi.Position
	var buf [shogi.MaxMoves]shogi.Move
	for _, s := range append(starts, sfens...) {
		p, err := shogi.ParseSFEN(s)
		if err != nil {
			t.Fatal(err)
		}
		if !p.InCheck() {
			out = append(out, p)
			continue
		}
		for _, m := range p.GenerateLegal(buf[:0]) {
			q := p.Clone()
			q.Do(m)
			out = append(out, q)
		}
	}
	return out
}

// TestPNSAgreesWithDepthFirst asks the best-first search "mate within d?"
// (d = 1..7) about real-game positions and checks every settled answer
// against the plain depth-first search's, which enumerates every check and
// every defence to the same depth: the two search the same tree, so they
// must agree, true or false. The false answers at d >= 3 include positions
// where the attacker has a check after which some defences lose in time:
// a search that took one refuted defence for all would call them mates.
func TestPNSAgreesWithDepthFirst(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 12
	}
	var agree, mates, falses, skipped int
	for _, p := range pnsQuestions(t, 16, n) {
		// One best-first verifier for all the depths asked about a
		// position, up and down, as a line's alternatives share one: the
		// bounds its memo keeps from one depth must hold at the others.
		bf := verifier{pos: p.Clone(), attacker: p.SideToMove(), rules: MateSearch, memo: newMemo(),
			altBudget: 1_000_000, totalBudget: 1 << 40, pnsOnly: true}
		for _, d := range []int{1, 3, 5, 7, 5, 3, 1} {
			df := verifier{pos: p.Clone(), attacker: p.SideToMove(), rules: MateSearch, memo: newMemo(),
				altBudget: 300_000, totalBudget: 300_000, noPNS: true}
			want, settled := df.refuted(d)
			if !settled {
				skipped++
				continue
			}
			got, settled := bf.refuted(d)
			if !settled {
				skipped++
				continue
			}
			if got != want {
				t.Fatalf("%s: mate within %d: best-first %v, depth-first %v", p.SFEN(), d, got, want)
			}
			if bf.pos.SFEN() != p.SFEN() {
				t.Fatalf("%s: the best-first search left the position as %s", p.SFEN(), bf.pos.SFEN())
			}
			agree++
			if got {
				mates++
			} else if d >= 3 {
				falses++
			}
		}
	}
	t.Logf("%d answers agree (%d mates, %d no mate within 3..7 plies), %d unsettled", agree, mates, falses, skipped)
	if mates == 0 || falses == 0 {
		t.Fatal("the questions do not have both answers: the test checks little")
	}
}

// The position of seed 121 #94 of the generated real-game positions, and
// KomoringHeights' mate in 21 from it (mate rules).
const (
	deepSFEN = "lnsgk2+Pl/6+N2/p1pp2p1p/1B2p2R1/9/2P3P2/P2PP+sN1P/4+r1g1K/L7L b B2SN4P2gp 59"
	deepLine = "2d5d P*5b 3b4b 5a6b 4b5b 6a5b N*7d 6b5a S*4b 5a4b B*3a 4b4a 5d5b+ 4a5b S*5c 5b4c G*4d 4c3b 2a2b 3b4a 3a4b+"
)

// TestVerifierSettlesForeignLineHeavy checks KomoringHeights' 21-ply line on a
// real-game position: the depth-first search alone leaves defender
// alternatives 17 and 19 plies from the end unsettled (no hint orders the
// attacker's moves for a line from elsewhere); the best-first search
// settles them all.
func TestVerifierSettlesForeignLineHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	pos, _ := shogi.ParseSFEN(deepSFEN)
	line := usiLine(t, pos, strings.Fields(deepLine)...)
	v := verify(pos, pos.SideToMove(), MateSearch, line, 2_000_000, 20_000_000)
	if !v.OK {
		t.Fatalf("not verified: %+v", v)
	}
	t.Logf("%+v", v)
}

// TestVerifierRejectsShortClaim gives the verifier a line that mates one
// defence quickly (2d5d P*5c, mate in 5 more) while other defences at that
// ply need 15 plies or more: the best-first search alone must show one of
// them escaping the 5 plies and reject the line.
func TestVerifierRejectsShortClaim(t *testing.T) {
	pos, _ := shogi.ParseSFEN(deepSFEN)
	line := usiLine(t, pos, "2d5d", "P*5c", "5d5c+", "6a5b", "3b4b", "5a6a", "5c5b")
	v := verifier{pos: pos.Clone(), attacker: pos.SideToMove(), rules: MateSearch, memo: newMemo(),
		altBudget: 1_000_000, totalBudget: 10_000_000, pnsOnly: true}
	r := v.run(line)
	if !r.Wrong || !strings.Contains(r.Problem, "escapes") {
		t.Fatalf("a line whose alternatives escape was not rejected: %+v", r)
	}
	t.Logf("%s (%d nodes)", r.Problem, r.Nodes)
}

// TestPNSDeepBoundHeavy checks "mate within d" exactly at a depth the
// depth-first search cannot reach: after 2d5d G*5b in the position above
// the shortest mate takes 15 plies, so the best-first search must prove
// 15 and must not prove 11 (a search that counted a mate in 15 within
// fewer plies, or took one refuted defence for all, would).
func TestPNSDeepBoundHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	pos, _ := shogi.ParseSFEN(deepSFEN)
	for _, m := range usiLine(t, pos, "2d5d", "G*5b") {
		pos.Do(m)
	}
	for _, c := range []struct {
		d    int
		want bool
	}{{11, false}, {15, true}} {
		v := verifier{pos: pos.Clone(), attacker: pos.SideToMove(), rules: MateSearch, memo: newMemo(),
			altBudget: 5_000_000, totalBudget: 5_000_000, pnsOnly: true}
		got, settled := v.refuted(c.d)
		if !settled || got != c.want {
			t.Errorf("mate within %d: got %v (settled %v), want %v", c.d, got, settled, c.want)
		}
		t.Logf("mate within %d: %v, %d nodes", c.d, got, v.nodes)
	}
}
