package shogi

import "testing"

// TestMoveBack checks MoveBack against the moves played, and NoMove past
// the start of the history.
func TestMoveBack(t *testing.T) {
	p := NewStartPosition()
	var played []Move
	for _, u := range []string{"7g7f", "3c3d", "8h2b+", "3a2b"} {
		m, err := ParseUSIMove(p, u)
		if err != nil {
			t.Fatal(err)
		}
		p.Do(m)
		played = append(played, m)
		for n := 0; n <= len(played)+1; n++ {
			want := NoMove
			if n < len(played) {
				want = played[len(played)-1-n]
			}
			if got := p.MoveBack(n); got != want {
				t.Fatalf("after %d moves: MoveBack(%d) = %v, want %v", len(played), n, got, want)
			}
		}
		if p.MoveBack(0) != p.LastMove() || p.MoveBack(-1) != NoMove {
			t.Fatal("MoveBack(0) is not LastMove, or MoveBack(-1) is a move")
		}
	}
}
