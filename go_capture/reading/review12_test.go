package reading

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// The tests of this file check each foresight of the quiescence and
// game-definition searches (a move whose outcome is read from the board
// instead of played) against playing the move, rule by rule, on random
// positions of 5×5 to 9×9: placed stones of varied density and colour
// mix, and positions of random games (captures of several strings,
// snapback shapes, a ko ban from the last move), with ko bans set by
// hand, every ko power, and searches started deep enough to meet the
// depth guard. Every rule that answers "known" must give the played
// answer and leave the ko bookkeeping (koMet, koSeen) as the played
// move does, since cache entries shared by the ko passes rest on it.

// review12Board draws a random position of size 5..9: either stones
// placed at random (density 15%..85%, black share 20%..80%), or a
// random game of legal moves from the empty board (mostly alternating,
// sometimes a side moving twice), which leaves captures, kos and the
// last move's ko ban on the board.
func review12Board(rng *rand.Rand) *board.Board {
	size := 5 + rng.Intn(5)
	if rng.Intn(2) == 0 {
		d := 0.15 + 0.7*rng.Float64()
		bs := 0.2 + 0.6*rng.Float64()
		for {
			var ab, aw string
			for y := 0; y < size; y++ {
				for x := 0; x < size; x++ {
					if rng.Float64() >= d {
						continue
					}
					pt := "[" + string(rune('a'+x)) + string(rune('a'+y)) + "]"
					if rng.Float64() < bs {
						ab += pt
					} else {
						aw += pt
					}
				}
			}
			s := fmt.Sprintf("(;SZ[%d]", size)
			if ab != "" {
				s += "AB" + ab
			}
			if aw != "" {
				s += "AW" + aw
			}
			if b, _, err := board.ParseSGF(s+")", 0); err == nil {
				return b
			}
		}
	}
	b, _ := board.New(size)
	n := size * size * (30 + rng.Intn(120)) / 100
	c := board.Black
	for i := 0; i < n; i++ {
		for try := 0; try < 20; try++ {
			p := board.Point(rng.Intn(size * size))
			if b.Play(p, c) == nil {
				break
			}
		}
		if rng.Intn(8) != 0 {
			c = c.Opponent()
		}
	}
	b.Commit()
	return b
}

// review12State is one way of asking a question about a position: the
// ko power, a ko ban set by hand (NoPoint: the board's own), and the
// ply the search starts at (null moves below it).
type review12State struct {
	power    board.Color
	ban      board.Point
	banColor board.Color
	pre      int
}

func (st review12State) String() string {
	return fmt.Sprintf("ko power %v, ban %d for %v, ply %d", st.power, st.ban, st.banColor, st.pre)
}

// review12States draws a few states for a target: every ko power at
// ply 0 with the board's ban, plus random bans on the target's
// liberties and neighbours and random starts near the depth guard.
func review12States(rng *rand.Rand, b *board.Board, target board.Point) []review12State {
	var sts []review12State
	for _, pw := range []board.Color{board.Empty, board.Black, board.White} {
		sts = append(sts, review12State{power: pw, ban: board.NoPoint})
	}
	var near []board.Point
	near = b.AppendLibs(near, target)
	for _, r := range b.Neighbors(target) {
		near = append(near, r)
	}
	for i := 0; i < 3; i++ {
		st := review12State{power: board.Color(rng.Intn(3)), ban: board.NoPoint}
		if rng.Intn(2) == 0 {
			st.ban = near[rng.Intn(len(near))]
			st.banColor = board.Color(1 + rng.Intn(2))
		}
		if rng.Intn(3) == 0 {
			st.pre = maxPly - 22 + rng.Intn(22)
		}
		sts = append(sts, st)
	}
	return sts
}

// review12Prep points s at the question under state st.
func review12Prep(s *searcher, b *board.Board, target board.Point, o Options, st review12State, playAll bool) {
	s.reset(b, target, o)
	for i := 0; i < st.pre; i++ {
		s.nullMove()
	}
	if st.ban != board.NoPoint {
		b.SetKo(st.ban, st.banColor)
	}
	s.koPower, s.playAll = st.power, playAll
}

// review12Unprep takes back the null moves (and so a ban set on them;
// a ban set at ply 0 is put back as it was by the caller).
func review12Unprep(s *searcher) {
	for s.ply > 0 {
		s.undo()
	}
}

// review12Ko is what a search tells the ko passes, and whether a limit
// stopped it.
type review12Ko struct {
	met     uint64
	seen    bool
	stopped bool
}

func review12Mark(s *searcher) review12Ko { return review12Ko{s.koMet, s.koSeen, s.stopped} }

func (k review12Ko) since(s *searcher) review12Ko {
	return review12Ko{s.koMet - k.met, s.koSeen, s.stopped}
}

// review12Each calls f for every string of b (by its id point) whose
// liberties are within lo..hi, under each state drawn for it; the
// board's ko ban is restored after each.
func review12Each(rng *rand.Rand, b *board.Board, lo, hi int, f func(target board.Point, st review12State)) {
	k, kc := b.Ko()
	for p := board.Point(0); int(p) < b.NumPoints(); p++ {
		if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) < lo || b.NumLibs(p) > hi {
			continue
		}
		for _, st := range review12States(rng, b, p) {
			f(p, st)
			b.SetKo(k, kc)
		}
	}
}

// TestForeseeOwnerReview12: whenever foreseeOwner answers (known), the
// owner's QSSave move m, played, gives the same answer: a failed play
// saves only when out of ko retakes, else the target is saved exactly
// when QSCapture then fails, read with every move played (playAll) and
// with the foresights below this one; and the played move meets no ko
// (it tells the ko passes nothing the foreseen one does not).
func TestForeseeOwnerReview12(t *testing.T) { review12ForeseeOwner(t, 21, 250) }

func TestForeseeOwnerReview12Heavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy")
	}
	review12ForeseeOwner(t, 1021, 3000)
}

func review12ForeseeOwner(t *testing.T, seed int64, boards int) {
	rng := rand.New(rand.NewSource(seed))
	var s *searcher
	known, saves := 0, 0
	for i := 0; i < boards; i++ {
		b := review12Board(rng)
		o := Options{SafeLibs: 3 + rng.Intn(4), Nodes: math.MaxInt64}
		if s == nil {
			s = newSearcher(b, 0, o)
		}
		review12Each(rng, b, 1, 1, func(target board.Point, st review12State) {
			for m := board.Point(0); int(m) < b.NumPoints(); m++ {
				review12Prep(s, b, target, o, st, false)
				before := review12Mark(s)
				hash := b.Hash()
				sv, ok := s.foreseeOwner(m)
				if after := before.since(s); after.met != 0 || after.seen != before.seen || b.Hash() != hash {
					t.Fatalf("foreseeOwner changed state")
				}
				review12Unprep(s)
				if !ok {
					continue
				}
				known++
				if sv {
					saves++
				}
				for _, nested := range []bool{true, false} {
					review12Prep(s, b, target, o, st, true)
					before := review12Mark(s)
					s.playAll = nested
					var played bool
					if !s.play(m, s.owner) {
						played = s.koPower == s.owner && s.koBanned(m, s.owner)
					} else {
						played = !s.qsCapture()
						s.undo()
					}
					ko := before.since(s)
					review12Unprep(s)
					if played != sv || ko.met != 0 || ko.seen != before.seen || ko.stopped {
						t.Fatalf("foreseeOwner(%s) target %s, %v, SafeLibs %d: foreseen saves=%v, played (playAll %v) saves=%v, ko %+v\n%v",
							b.Vertex(m), b.Vertex(target), st, o.SafeLibs, sv, nested, played, ko, b)
					}
				}
			}
		})
	}
	t.Logf("%d moves foreseen (%d saving)", known, saves)
	if known < boards || saves == 0 || saves == known {
		t.Fatalf("too few foreseen moves: %d (%d saving)", known, saves)
	}
}

// TestCapturesAfterReview12: the attacker's atari m on one of the two
// liberties of the target that escapesAfter and capturesAfter declare
// a certain capture is legal and, played, QSSave (every move played)
// finds no saving move, meeting no ko. escapesAfter is checked too: an
// escape fails when played, and a counted extension is counted alike
// after the move (breaksOut fails, extensionLibs the same).
func TestCapturesAfterReview12(t *testing.T) { review12CapturesAfter(t, 22, 300) }

func TestCapturesAfterReview12Heavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy")
	}
	review12CapturesAfter(t, 1022, 4000)
}

func review12CapturesAfter(t *testing.T, seed int64, boards int) {
	rng := rand.New(rand.NewSource(seed))
	var s *searcher
	caps, escapes, counted := 0, 0, 0
	for i := 0; i < boards; i++ {
		b := review12Board(rng)
		o := Options{SafeLibs: 3 + rng.Intn(4), Nodes: math.MaxInt64}
		if s == nil {
			s = newSearcher(b, 0, o)
		}
		review12Each(rng, b, 2, 2, func(target board.Point, st review12State) {
			l := b.Libs(target)
			a := l.Next(0)
			libs := [2]board.Point{a, l.Next(a + 1)}
			for j, m := range libs {
				oth := libs[1-j]
				review12Prep(s, b, target, o, st, false)
				before := review12Mark(s)
				esc, cnt, ext := s.escapesAfter(m, oth)
				c := cnt && s.capturesAfter(m, oth, ext)
				if after := before.since(s); after.met != 0 || after.seen != before.seen {
					t.Fatalf("escapesAfter/capturesAfter changed state")
				}
				review12Unprep(s)
				if !esc && !cnt {
					continue
				}
				review12Prep(s, b, target, o, st, true)
				before = review12Mark(s)
				ok := s.play(m, s.attacker)
				where := func() string {
					return fmt.Sprintf("target %s, atari %s, %v, SafeLibs %d\n%v", b.Vertex(target), b.Vertex(m), st, o.SafeLibs, b)
				}
				switch {
				case esc:
					escapes++
					if ok {
						if s.qsSaveAfter(false) {
							t.Fatalf("escapesAfter: the played atari captures: %s", where())
						}
						s.undo()
					}
				case !ok && s.stopped && c:
					t.Fatalf("capturesAfter foresaw a capture where the depth guard refuses the atari: %s", where())
				case !ok && s.stopped:
					// the depth guard: the atari is refused as it would be in the search
				case !ok:
					t.Fatalf("escapesAfter counted an illegal atari: %s", where())
				default:
					counted++
					if s.breaksOut() || s.extensionLibs(oth, board.NoPoint) != ext {
						t.Fatalf("escapesAfter counted %d, after the move %d (breaksOut %v): %s",
							ext, s.extensionLibs(oth, board.NoPoint), s.breaksOut(), where())
					}
					if c {
						caps++
						got := s.qsSaveAfter(false)
						ko := before.since(s)
						if !got || ko.met != 0 || ko.seen != before.seen || ko.stopped {
							t.Fatalf("capturesAfter: foreseen capture, played QSSave captured=%v ko %+v: %s", got, ko, where())
						}
					}
					s.undo()
				}
				review12Unprep(s)
			}
		})
	}
	t.Logf("%d certain captures foreseen, %d escapes, %d counted", caps, escapes, counted)
	if caps < boards/10 || escapes == 0 {
		t.Fatalf("too few foreseen: %d captures, %d escapes", caps, escapes)
	}
}

// TestOutOfReachReview12: an owner move that outOfReach declares out of
// gi(n)'s reach is legal, leaves the target on the board, and gi(n),
// read with every move played and with the foresights below, then finds
// no capture, meeting no ko; for n from 1 to 3 and SafeLibs 2 to 6.
func TestOutOfReachReview12(t *testing.T) { review12OutOfReach(t, 23, 120) }

func TestOutOfReachReview12Heavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy")
	}
	review12OutOfReach(t, 1023, 1500)
}

func review12OutOfReach(t *testing.T, seed int64, boards int) {
	rng := rand.New(rand.NewSource(seed))
	var s *searcher
	found := 0
	for i := 0; i < boards; i++ {
		b := review12Board(rng)
		o := Options{SafeLibs: 2 + rng.Intn(5), Nodes: math.MaxInt64}
		if s == nil {
			s = newSearcher(b, 0, o)
		}
		review12Each(rng, b, 1, 5, func(target board.Point, st review12State) {
			var cands []board.Point
			cands = b.AppendLibs(cands, target)
			for n := 1; n <= 3; n++ {
				for _, c := range cands {
					review12Prep(s, b, target, o, st, false)
					r := s.outOfReach(c, n)
					review12Unprep(s)
					if !r {
						continue
					}
					found++
					for _, nested := range []bool{true, false} {
						review12Prep(s, b, target, o, st, nested)
						before := review12Mark(s)
						if !s.play(c, s.owner) {
							t.Fatalf("outOfReach(%s, %d) target %s, %v: the move is illegal\n%v", b.Vertex(c), n, b.Vertex(target), st, b)
						}
						capt := s.captured()
						m := s.gi(n)
						s.undo()
						ko := before.since(s)
						review12Unprep(s)
						if capt || m != board.NoPoint || ko.met != 0 || ko.seen != before.seen {
							t.Fatalf("outOfReach(%s, %d) target %s, %v, SafeLibs %d: played gi (playAll %v) captures with %s (captured %v), ko %+v\n%v",
								b.Vertex(c), n, b.Vertex(target), st, o.SafeLibs, nested, b.Vertex(m), capt, ko, b)
						}
					}
				}
			}
		})
	}
	t.Logf("%d moves out of reach", found)
	if found < boards {
		t.Fatalf("too few moves out of reach: %d", found)
	}
}

// review12QSCapture is the paper's QSCapture with nothing foreseen,
// cached or reordered: the target's liberties in point order, every
// candidate played. Its answer is what qsCaptureMove must find,
// whatever order it tries its ataris in.
func review12QSCapture(s *searcher) bool {
	if s.stopped || s.ply >= maxPly-8 {
		return false
	}
	switch s.libs() {
	case 1:
		lib := s.b.Libs(s.target).Next(0)
		if !s.play(lib, s.attacker) {
			return s.koPower == s.attacker && s.koBanned(lib, s.attacker)
		}
		ok := s.captured()
		s.undo()
		return ok
	case 2:
		var libs []board.Point
		for _, m := range s.b.AppendLibs(libs, s.target) {
			if !s.play(m, s.attacker) {
				continue
			}
			ok := review12QSSave(s)
			s.undo()
			if ok {
				return true
			}
		}
	}
	return false
}

// review12QSSave is QSSave with nothing foreseen: true when every
// quiescence move of the owner still loses the target.
func review12QSSave(s *searcher) bool {
	if s.captured() {
		return true
	}
	if s.libs() != 1 || s.stopped || s.ply >= maxPly-8 {
		return false
	}
	var ms []board.Point
	ms = s.addLibs(ms, s.target)
	ms = s.addAdjacentLibs(ms, 1)
	if s.b.NumStones(s.target) == 1 {
		ms = s.addNearLibs(ms, 2)
		ms = s.addNearOwnLibs(ms, 2)
	}
	for _, m := range ms {
		if !s.play(m, s.owner) {
			if s.koPower == s.owner && s.koBanned(m, s.owner) {
				return false
			}
			continue
		}
		ok := review12QSCapture(s)
		s.undo()
		if !ok {
			return false
		}
	}
	return true
}

// TestQSOrderReview12: QSCapture (which tries the atari that leaves the
// extension fewer liberties first, and foresees moves) and QSSave
// answer as the plain quiescence search in point order with every move
// played and nothing cached.
func TestQSOrderReview12(t *testing.T) { review12QSOrder(t, 24, 300) }

func TestQSOrderReview12Heavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy")
	}
	review12QSOrder(t, 1024, 4000)
}

func review12QSOrder(t *testing.T, seed int64, boards int) {
	rng := rand.New(rand.NewSource(seed))
	var s *searcher
	compared, captures := 0, 0
	for i := 0; i < boards; i++ {
		b := review12Board(rng)
		o := Options{SafeLibs: 3 + rng.Intn(4), Nodes: math.MaxInt64}
		if s == nil {
			s = newSearcher(b, 0, o)
		}
		review12Each(rng, b, 1, 2, func(target board.Point, st review12State) {
			var got [3]bool
			for j := range got {
				review12Prep(s, b, target, o, st, j == 1)
				if j < 2 {
					got[j] = s.qsCaptureMove() != board.NoPoint
				} else {
					s.inQS = true
					got[j] = review12QSCapture(s)
					s.inQS = false
				}
				review12Unprep(s)
			}
			if got[0] != got[2] || got[1] != got[2] {
				t.Fatalf("QSCapture target %s, %v: foreseen %v, playAll %v, plain %v\n%v", b.Vertex(target), st, got[0], got[1], got[2], b)
			}
			if got[2] {
				captures++
			}
			compared++
			if b.NumLibs(target) != 1 {
				return
			}
			for j := range got {
				review12Prep(s, b, target, o, st, j == 1)
				if j < 2 {
					got[j] = s.qsSave()
				} else {
					s.inQS = true
					got[j] = review12QSSave(s)
					s.inQS = false
				}
				review12Unprep(s)
			}
			if got[0] != got[2] || got[1] != got[2] {
				t.Fatalf("QSSave target %s, %v: foreseen %v, playAll %v, plain %v\n%v", b.Vertex(target), st, got[0], got[1], got[2], b)
			}
		})
	}
	t.Logf("%d questions compared, %d captures", compared, captures)
	if compared < boards || captures == 0 {
		t.Fatalf("too few compared: %d (%d captures)", compared, captures)
	}
}
