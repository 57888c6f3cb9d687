package reading

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// TestQSForesightMatchesPlay: the quiescence search answers alike
// whether it foresees the moves whose outcome the board tells (filling
// the last liberty of a larger string, an extension to three
// liberties) or plays every move (playAll), under every ko power and
// with ko bans set on the target's liberties (as a loaded position may
// set them). What the searches tell the ko passes (koSeen, koMet) must
// agree too: the moves foreseen are those that meet no ko.
func TestQSForesightMatchesPlay(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var s *searcher
	type outcome struct {
		capture board.Point
		saved   bool
		koSeen  bool
		koMet   uint64
	}
	search := func(b *board.Board, target board.Point, power board.Color, playAll bool) outcome {
		o := Options{SafeLibs: 5, Nodes: math.MaxInt64}
		if s == nil {
			s = newSearcher(b, target, o)
		} else {
			s.reset(b, target, o) // a fresh question: nothing cached
		}
		s.koPower, s.playAll = power, playAll
		met := s.koMet // counts on across questions
		m := s.qsCaptureMove()
		saved := false
		if b.NumLibs(target) == 1 {
			saved = !s.qsSave()
		}
		return outcome{m, saved, s.koSeen, s.koMet - met}
	}
	compared := 0
	for i := 0; i < 600; i++ {
		b := randomBoard(rng, 5+2*(i%3))
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) > 2 {
				continue
			}
			// No ban, then a ban on each liberty for each colour.
			bans := []board.Point{board.NoPoint}
			bans = b.AppendLibs(bans, p)
			for _, ban := range bans {
				for _, banned := range []board.Color{board.Black, board.White} {
					b.SetKo(ban, banned)
					for _, power := range []board.Color{board.Empty, board.Black, board.White} {
						o1 := search(b, p, power, false)
						o2 := search(b, p, power, true)
						if o1 != o2 {
							t.Fatalf("target %s, ko power %v, ban %s for %v: foreseen %+v, played %+v\n%v",
								b.Vertex(p), power, b.Vertex(ban), banned, o1, o2, b)
						}
						compared++
					}
				}
			}
			b.SetKo(board.NoPoint, board.Empty)
		}
	}
	if compared < 1000 {
		t.Fatalf("only %d searches compared", compared)
	}
}

// TestGameDefForesightMatchesPlay: gi, g and ip answer alike whether
// they look up the cache entry of the position after a move before
// playing it (cachedAfter) or play every move (playAll), under every
// ko power, and tell the ko passes the same (koSeen, the koMet delta).
func TestGameDefForesightMatchesPlay(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	var s *searcher
	type outcome struct {
		gi     [4]board.Point
		forced string
		k      int
		koSeen bool
		koMet  uint64
	}
	search := func(b *board.Board, target board.Point, power board.Color, playAll bool) outcome {
		o := Options{SafeLibs: 5, Nodes: math.MaxInt64}
		if s == nil {
			s = newSearcher(b, target, o)
		} else {
			s.reset(b, target, o)
		}
		s.koPower, s.playAll = power, playAll
		met := s.koMet
		var r outcome
		for n := 1; n <= 3; n++ {
			r.gi[n] = s.gi(n)
		}
		var forced []board.Point
		forced, r.k = s.ip(forced, 3)
		r.forced = fmt.Sprint(forced)
		r.koSeen, r.koMet = s.koSeen, s.koMet-met
		return r
	}
	compared, hits := 0, 0
	for i := 0; i < 300; i++ {
		b := randomBoard(rng, 7+2*(i%2))
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) > 4 {
				continue
			}
			for _, power := range []board.Color{board.Empty, board.Black, board.White} {
				o1 := search(b, p, power, false)
				plays := s.plays
				o2 := search(b, p, power, true)
				if o1 != o2 {
					t.Fatalf("target %s, ko power %v: foreseen %+v, played %+v\n%v", b.Vertex(p), power, o1, o2, b)
				}
				if plays < s.plays {
					hits++
				}
				compared++
			}
		}
	}
	if compared < 500 || hits < 100 {
		t.Fatalf("%d searches compared, %d with fewer plays foreseen", compared, hits)
	}
}
