package record

import (
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

const mate3 = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"

// line plays USI moves from sfen and returns the position and the moves.
func line(t *testing.T, sfen string, usi ...string) (*shogi.Position, []shogi.Move) {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Clone()
	var ms []shogi.Move
	for _, u := range usi {
		m, err := shogi.ParseUSIMove(q, u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		ms = append(ms, m)
		q.Do(m)
	}
	return p, ms
}

func TestKIFMateInThree(t *testing.T) {
	p, ms := line(t, mate3, "S*1b", "2a1b", "G*2b")
	got, err := KIF(p, ms, true)
	if err != nil {
		t.Fatal(err)
	}
	want := `#KIF version=2.0 encoding=UTF-8
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・v銀v玉|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ 歩 歩|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金　銀
手数----指手---------消費時間--
   1 １二銀打   ( 0:00/00:00:00)
   2 同　銀(21)   ( 0:00/00:00:00)
   3 ２二金打   ( 0:00/00:00:00)
   4 詰み   ( 0:00/00:00:00)
`
	if got != want {
		t.Errorf("KIF:\n%s\nwant:\n%s", got, want)
	}
}

func TestCSAMateInThree(t *testing.T) {
	p, ms := line(t, mate3, "S*1b", "2a1b", "G*2b")
	got, err := CSA(p, ms, true)
	if err != nil {
		t.Fatal(err)
	}
	empty := "P%d *  *  *  *  *  *  *  *  * \n"
	var rows []string
	for r := 4; r <= 9; r++ {
		rows = append(rows, strings.Replace(empty, "%d", string(rune('0'+r)), 1))
	}
	want := "V2.2\nP1 *  *  *  *  *  *  * -GI-OU\n" + strings.Replace(empty, "%d", "2", 1) +
		"P3 *  *  *  *  *  *  * +FU+FU\n" + strings.Join(rows, "") +
		"P+00KI00GI\n+\n+0012GI\n-2112GI\n+0022KI\n%TSUMI\n"
	if got != want {
		t.Errorf("CSA:\n%s\nwant:\n%s", got, want)
	}
}

// TestMoveForms: promotion (成, the promoted CSA code), a promoted piece
// moving (its own name), a capture on the last move's square (同), a
// position with White to move (後手番, "-"), and counted hands.
func TestMoveForms(t *testing.T) {
	// White to move; Black's bishop on 5e, pawns in hand.
	const sfen = "4k4/9/9/9/4B4/9/9/9/4K4 w 18P2L 1"
	p, ms := line(t, sfen, "5a4a", "5e2b+", "4a5b", "2b3b")
	kif, err := KIF(p, ms, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"先手の持駒：香二　歩十八", "後手番", "   1 ４一玉(51)", "   2 ２二角成(55)", "   3 ５二玉(41)", "   4 ３二馬(22)"} {
		if !strings.Contains(kif, w) {
			t.Errorf("KIF lacks %q:\n%s", w, kif)
		}
	}
	if strings.Contains(kif, "詰み") {
		t.Errorf("KIF of no mate says 詰み:\n%s", kif)
	}
	csa, err := CSA(p, ms, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"P+00KY00KY" + strings.Repeat("00FU", 18) + "\n", "\n-\n", "-5141OU\n", "+5522UM\n", "+2232UM\n"} {
		if !strings.Contains(csa, w) {
			t.Errorf("CSA lacks %q:\n%s", w, csa)
		}
	}
	_, ms2 := line(t, mate3, "S*1b", "2a1b")
	if k, _ := KIF(p, nil, false); strings.Contains(k, "同") {
		t.Errorf("an empty line has 同:\n%s", k)
	}
	p3, _ := line(t, mate3)
	k3, err := KIF(p3, ms2, false)
	if err != nil || !strings.Contains(k3, "   2 同　銀(21)") {
		t.Errorf("recapture not 同 (%v):\n%s", err, k3)
	}
}

func TestIllegalMoveRefused(t *testing.T) {
	p, ms := line(t, mate3, "S*1b", "2a1b", "G*2b")
	bad := []shogi.Move{ms[0], ms[2]} // Black twice
	if _, err := KIF(p, bad, true); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("KIF: %v, want an error naming move 2", err)
	}
	if _, err := CSA(p, bad, true); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("CSA: %v, want an error naming move 2", err)
	}
}
