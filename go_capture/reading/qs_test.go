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
	safe := 5
	search := func(b *board.Board, target board.Point, power board.Color, playAll bool) outcome {
		o := Options{SafeLibs: safe, Nodes: math.MaxInt64}
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
// ko power and at SafeLibs 5 and 2, and tell the ko passes the same
// (koSeen, the koMet delta).
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
	safe := 5
	search := func(b *board.Board, target board.Point, power board.Color, playAll bool) outcome {
		o := Options{SafeLibs: safe, Nodes: math.MaxInt64}
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
		safe = 5
		if i%3 == 0 {
			safe = 2 // gi1 is then no ladder read, and has no cache entry
		}
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

// TestLegalForesightMatchesPlay: legal answers alike from the board and
// by playing the move, for every point and colour, with ko bans and
// every ko power, and tells the ko passes the same.
func TestLegalForesightMatchesPlay(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	o := Options{SafeLibs: 5, Nodes: math.MaxInt64}
	var s *searcher
	checked := 0
	for i := 0; i < 200; i++ {
		b := randomBoard(rng, 5+2*(i%3))
		ban := board.Point(rng.Intn(b.NumPoints()))
		b.SetKo(ban, board.Color(1+rng.Intn(2)))
		if s == nil {
			s = newSearcher(b, 0, o)
		}
		for p := board.Point(-1); int(p) < b.NumPoints(); p++ {
			for c := board.Black; c <= board.White; c++ {
				for _, power := range []board.Color{board.Empty, board.Black, board.White} {
					var got [2]bool
					var seen [2]bool
					var met [2]uint64
					for j, playAll := range []bool{false, true} {
						s.reset(b, 0, o)
						s.koPower, s.playAll = power, playAll
						k := s.koMet
						got[j] = s.legal(p, c)
						seen[j], met[j] = s.koSeen, s.koMet-k
					}
					if got[0] != got[1] || seen[0] != seen[1] || met[0] != met[1] {
						t.Fatalf("%v %s, ko power %v, ban %s: from the board %v %v %d, played %v %v %d\n%v",
							c, b.Vertex(p), power, b.Vertex(ban), got[0], seen[0], met[0], got[1], seen[1], met[1], b)
					}
					if got[0] {
						checked++
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no legal move checked")
	}
}

// TestQSAtariFromTheClosedSide: of a two-liberty string's liberties,
// QSCapture first tries the atari after which the owner's extension has
// fewer liberties (the side that drives the string into the attacker's
// stones). Black C3 can be taken by a ladder after white D3 (the
// extension at C4 has two liberties) or at once after white C4 (the
// extension at D3 has one): C4 is found first, in one play, where the
// liberties in point order read the ladder first.
func TestQSAtariFromTheClosedSide(t *testing.T) {
	b := diagram(t,
		".........",
		".........",
		".........",
		".........",
		".........",
		".O.......",
		".OX.O....",
		"..OO.....",
		".........",
	)
	target := vertex(t, b, "C3")
	s := newSearcher(b, target, Options{SafeLibs: 5, Nodes: math.MaxInt64})
	if m := s.qsCaptureMove(); m != vertex(t, b, "C4") || s.plays != 1 {
		t.Fatalf("QSCapture of C3: %s in %d plays, want C4 in one", b.Vertex(m), s.plays)
	}
	// The ladder after D3 works too: both sides capture.
	s = newSearcher(b, target, Options{SafeLibs: 5, Nodes: math.MaxInt64})
	s.play(vertex(t, b, "D3"), board.White)
	if s.qsSave() != true {
		t.Fatalf("after white D3 the ladder should take C3\n%v", b)
	}
}
