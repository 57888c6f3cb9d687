package try

import (
	"testing"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

func TestDbg(t *testing.T) {
	pos, _ := shogi.ParseSFEN("3sks3/9/4S4/9/9/8B/9/9/9 b S2rb4g4n4l18p 1")
	var line []shogi.Move
	for _, u := range []string{"1f5b+", "4a5b", "S*4b"} {
		m, err := shogi.ParseUSIMove(pos, u)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		pos.Do(m)
	}
	for i := len(line) - 1; i >= 0; i-- {
		pos.Undo(line[i])
	}
	t.Log(pos.SFEN())
	v := mate.Verify(pos, shogi.Black, mate.Tsume, line)
	t.Logf("%+v", v)
	m1, _ := shogi.ParseUSIMove(pos, "1f5b+")
	pos.Do(m1)
	m2, _ := shogi.ParseUSIMove(pos, "6a5b")
	pos.Do(m2)
	t.Log(pos.SFEN())
	var buf [1024]shogi.Move
	for _, m := range pos.GenerateChecks(buf[:0]) {
		pos.Do(m)
		t.Log(m.USI(), pos.IsMated(), len(pos.GenerateEvasions(nil)))
		pos.Undo(m)
	}
}
