package reading

import (
	"math"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// TestQSForesightMatchesPlay: the quiescence search answers alike
// whether it foresees the moves whose outcome the board tells (filling
// the last liberty of a larger string, an extension to three
// liberties) or plays every move (playAll), under every ko power and
// with ko bans set anywhere (as a loaded position may set them).
func TestQSForesightMatchesPlay(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var s *searcher
	search := func(b *board.Board, target board.Point, power board.Color, playAll bool) (board.Point, bool) {
		o := Options{SafeLibs: 5, Nodes: math.MaxInt64}
		if s == nil {
			s = newSearcher(b, target, o)
		} else {
			s.reset(b, target, o) // a fresh question: nothing cached
		}
		s.koPower, s.playAll = power, playAll
		m := s.qsCaptureMove()
		saved := false
		if b.NumLibs(target) == 1 {
			saved = !s.qsSave()
		}
		return m, saved
	}
	compared := 0
	for i := 0; i < 400; i++ {
		b := randomBoard(rng, 7)
		if i%2 == 0 { // a ban on a random empty point, for a random colour
			p := board.Point(rng.Intn(b.NumPoints()))
			if b.At(p) == board.Empty {
				b.SetKo(p, board.Color(1+rng.Intn(2)))
			}
		}
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) > 2 {
				continue
			}
			for _, power := range []board.Color{board.Empty, board.Black, board.White} {
				m1, s1 := search(b, p, power, false)
				m2, s2 := search(b, p, power, true)
				if m1 != m2 || s1 != s2 {
					t.Fatalf("target %s, ko power %v: foreseen capture %v saved %v, played %v %v\n%v",
						b.Vertex(p), power, m1, s1, m2, s2, b)
				}
				compared++
			}
		}
	}
	if compared < 1000 {
		t.Fatalf("only %d searches compared", compared)
	}
}
