package mate

import (
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

// TestVerifierShowsLine: once every defender alternative from a ply of the
// line on is refuted, the verifier records the line's positions from there
// as mated within the plies they have left (so an earlier alternative that
// transposes back into the line is settled from its memo), and never
// while one of them is unsettled. The line is the last 17 plies of a
// 27-ply mate (engine mate rules).
func TestVerifierShowsLine(t *testing.T) {
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
	line := usiLine(t, p, strings.Fields(usi)...)
	for _, m := range line[:10] {
		p.Do(m)
	}
	line = line[10:]
	for _, alt := range []uint64{verifyAltBudget, 20} {
		v := verifier{pos: p.Clone(), attacker: att, rules: MateSearch, memo: newMemo(),
			altBudget: alt, totalBudget: 1 << 40, hintedBudget: hintedAltBudget}
		res := v.run(line)
		mate, ok := v.memo.get(v.lineKeys[0], len(line))
		shown := mate && ok
		if res.OK != shown || res.OK != (v.shownFrom == 0) {
			t.Errorf("budget %d an alternative: verified %v (%d unsettled), the start shown mated in %d: %v (line shown from ply %d)",
				alt, res.OK, res.Unsettled, len(line), shown, v.shownFrom)
		}
		if alt == verifyAltBudget && !res.OK || alt != verifyAltBudget && (res.Unsettled == 0 || res.Refuted == 0) {
			t.Fatalf("budget %d: %+v: not the case the test needs", alt, res)
		}
		t.Logf("budget %d: %+v, line shown from ply %d", alt, res, v.shownFrom)
	}
}

// TestMemoGrows: the memo doubles as it fills, keeping its answers, so a
// verification of millions of nodes keeps most of what it settled (a fixed
// table of 1<<memoBits slots could keep at most a third of these keys).
func TestMemoGrows(t *testing.T) {
	m := newMemo()
	const n = 100_000
	key := func(i int) uint64 { return uint64(i)*0x9e3779b97f4a7c15 + 1 }
	for i := range n {
		m.put(key(i), 5+i%3*2, i%2 == 0)
	}
	kept := 0
	for i := range n {
		mate, ok := m.get(key(i), 5+i%3*2)
		if ok && mate != (i%2 == 0) {
			t.Fatalf("key %d: mate %v, put %v", i, mate, i%2 == 0)
		}
		if ok {
			kept++
		}
	}
	if kept < n*3/4 || len(m.slots) <= 1<<memoBits {
		t.Errorf("%d of %d answers kept in %d slots", kept, n, len(m.slots))
	}
	t.Logf("%d of %d answers kept in %d slots (%d used)", kept, n, len(m.slots), m.used)
}
