package reading

import (
	"context"
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
func review12Board(rng *rand.Rand) *board.Board { return review12BoardOf(rng, 5+rng.Intn(5)) }

// review12BoardOf is review12Board of the given size.
func review12BoardOf(rng *rand.Rand, size int) *board.Board {
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

// review12OwnerPlayed is ownerSaves with the move played: whether the
// owner's QSSave move m saves the target from QSCapture (a failed play
// saves only when out of ko retakes), and what it tells the ko passes.
// nested reads what follows with every move played (playAll) or with
// the foresights below this one.
func review12OwnerPlayed(s *searcher, m board.Point, nested bool) (bool, review12Ko) {
	before := review12Mark(s)
	playAll := s.playAll
	s.playAll = nested
	defer func() { s.playAll = playAll }()
	var saves bool
	if !s.play(m, s.owner) {
		saves = s.koPower == s.owner && s.koBanned(m, s.owner)
	} else {
		saves = !s.qsCapture()
		s.undo()
	}
	ko := before.since(s)
	ko.seen = ko.seen != before.seen
	return saves, ko
}

// TestOwnerForesightReview12: QSSave's foresights of the owner's moves
// give the played answer and meet no ko. extensionFails (the extension
// at the one liberty, counted by breaksOut) must fail when played;
// takesOut (a capture elsewhere, any empty point not on the liberty)
// must save when played.
func TestOwnerForesightReview12(t *testing.T) { review12OwnerForesight(t, 21, 250) }

func TestOwnerForesightReview12Heavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy")
	}
	review12OwnerForesight(t, 1021, 3000)
}

func review12OwnerForesight(t *testing.T, seed int64, boards int) {
	rng := rand.New(rand.NewSource(seed))
	var s *searcher
	fails, saves := 0, 0
	for i := 0; i < boards; i++ {
		b := review12Board(rng)
		o := Options{SafeLibs: 3 + rng.Intn(4), Nodes: math.MaxInt64}
		if s == nil {
			s = newSearcher(b, 0, o)
		}
		review12Each(rng, b, 1, 1, func(target board.Point, st review12State) {
			lib := b.Libs(target).Next(0)
			review12Prep(s, b, target, o, st, false)
			before := review12Mark(s)
			out, known, ext := s.breaksOut()
			f := known && !out && s.extensionFails(lib, ext)
			if after := before.since(s); after.met != 0 || after.seen != before.seen {
				t.Fatalf("breaksOut/extensionFails changed state")
			}
			review12Unprep(s)
			if f {
				fails++
				for _, nested := range []bool{true, false} {
					review12Prep(s, b, target, o, st, true)
					sv, ko := review12OwnerPlayed(s, lib, nested)
					review12Unprep(s)
					if sv || ko.met != 0 || ko.seen || ko.stopped {
						t.Fatalf("extensionFails(%s, %d) target %s, %v, SafeLibs %d: played (playAll %v) saves=%v, ko %+v\n%v",
							b.Vertex(lib), ext, b.Vertex(target), st, o.SafeLibs, nested, sv, ko, b)
					}
				}
			}
			for m := board.Point(0); int(m) < b.NumPoints(); m++ {
				if m == lib {
					continue
				}
				review12Prep(s, b, target, o, st, false)
				before := review12Mark(s)
				hash := b.Hash()
				takes := s.takesOut(m)
				if after := before.since(s); after.met != 0 || after.seen != before.seen || b.Hash() != hash {
					t.Fatalf("takesOut changed state")
				}
				review12Unprep(s)
				if !takes {
					continue
				}
				saves++
				for _, nested := range []bool{true, false} {
					review12Prep(s, b, target, o, st, true)
					sv, ko := review12OwnerPlayed(s, m, nested)
					review12Unprep(s)
					if !sv || ko.met != 0 || ko.seen || ko.stopped {
						t.Fatalf("takesOut(%s) target %s, %v, SafeLibs %d: played (playAll %v) saves=%v, ko %+v\n%v",
							b.Vertex(m), b.Vertex(target), st, o.SafeLibs, nested, sv, ko, b)
					}
				}
			}
		})
	}
	t.Logf("%d extensions foreseen to fail, %d captures foreseen to save", fails, saves)
	if fails < boards || saves < boards/20 {
		t.Fatalf("too few foreseen: %d failing extensions, %d saving captures", fails, saves)
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
			shared := int8(-1)
			for j, m := range libs {
				oth := libs[1-j]
				review12Prep(s, b, target, o, st, false)
				before := review12Mark(s)
				esc, cnt, ext := s.escapesAfter(m, oth)
				atari := int8(-1)
				c := cnt && s.capturesAfter(m, oth, ext, &atari)
				if cnt && j == 1 && shared >= 0 {
					// as qsCaptureSearch asks: the answer about the
					// target's neighbours kept from the first liberty
					if c2 := s.capturesAfter(m, oth, ext, &shared); c2 != c {
						t.Fatalf("capturesAfter with the first liberty's atari answer %v, fresh %v", c2, c)
					}
				}
				if cnt && j == 0 {
					s.capturesAfter(m, oth, ext, &shared)
				}
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
						if s.qsSaveAfter(false, 0) {
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
					if out, known, e := s.breaksOut(); out || !known || e != ext {
						t.Fatalf("escapesAfter counted %d, after the move breaksOut %v %v %d: %s", ext, out, known, e, where())
					}
					if s.extensionFails(oth, ext) {
						sv, ko := review12OwnerPlayed(s, oth, true)
						if sv || ko.met != 0 || ko.seen || ko.stopped {
							t.Fatalf("extensionFails(%s, %d) after the atari: played saves=%v, ko %+v: %s", b.Vertex(oth), ext, sv, ko, where())
						}
					}
					if c {
						caps++
						got := s.qsSaveAfter(false, 0)
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

// review12Answers asks n random questions on 5×5 positions of
// review12BoardOf (varied density, random games with captures and a
// ko ban) about strings of one or two liberties (SafeLibs 3, as
// randomQuestions, so brute force can check them), of algo.
func review12Answers(t *testing.T, algo string, n int, seed int64, check func(b *board.Board, target board.Point, mode Mode, res Result)) {
	rng := rand.New(rand.NewSource(seed))
	v, err := NewSolver(Options{Algorithm: algo, SafeLibs: 3, Nodes: 50000})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	for i := 0; i < n; i++ {
		b := review12BoardOf(rng, 5)
		weak := weakPoints(b, 1, 2)
		if len(weak) == 0 {
			continue
		}
		target := weak[rng.Intn(len(weak))]
		mode := Mode(rng.Intn(2))
		res, err := v.Solve(context.Background(), b, target, mode)
		if err != nil {
			t.Fatal(err)
		}
		check(b, target, mode, res)
	}
}

// TestCapturesAreRealReview12Heavy: every clean capture APS, df-pn or
// PN* proves on these positions, brute force finds within 21 plies
// (checkCapturesAreRealWith on other positions and seeds). Three of them
// showed APS proving "no defence" while the owner's pass was unrefuted
// (TestAPSPassStaysOpen).
func TestCapturesAreRealReview12Heavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy")
	}
	for _, algo := range []string{AlgoDFPN, AlgoAPS, AlgoPNStar} {
		checked := 0
		review12Answers(t, algo, 5000, 41, func(b *board.Board, target board.Point, mode Mode, res Result) {
			if checkCaptureIsReal(t, algo, b, target, mode, res) {
				checked++
			}
		})
		t.Logf("%s: %d captures checked", algo, checked)
		if checked < 500 {
			t.Fatalf("%s: only %d captures checked", algo, checked)
		}
	}
}

// review12Gi is giSearch with nothing cached and no killer: gi_n by
// the game's definition (orMoves, candidates, the quiescence search),
// every g below read by review12G.
func review12Gi(s *searcher, n int) bool {
	if n == 1 && s.safeLibs > 2 {
		return s.qsCaptureMove() != board.NoPoint
	}
	l := s.libs()
	if l == 0 || l >= s.safeLibs || l > n+1 {
		return false
	}
	if s.qsCaptureMove() != board.NoPoint {
		return true
	}
	if n == 1 {
		return false
	}
	var ms []board.Point
	if l == n+1 {
		ms = s.addLibs(ms, s.target)
	} else {
		ms = s.orMoves(ms, 2)
	}
	for _, m := range ms {
		if !s.play(m, s.attacker) {
			continue
		}
		ok := s.captured() || review12G(s, n-1)
		s.undo()
		if ok {
			return true
		}
	}
	return false
}

// review12G is gSearch as the game defines it: for the smallest k with
// a threat, every candidate of ip_k in list order, none tried first.
func review12G(s *searcher, n int) bool {
	if s.captured() {
		return true
	}
	if s.libs() >= s.safeLibs {
		return false
	}
	if s.recapturePending() {
		if !s.play(s.target, s.owner) {
			return true
		}
		ok := s.captured() || review12Gi(s, n)
		s.undo()
		return ok
	}
	for k := 1; k <= n; k++ {
		s.nullMove()
		threat := review12Gi(s, k)
		s.undo()
		if !threat {
			continue
		}
		for _, c := range s.candidates(nil, k) {
			if !s.play(c, s.owner) {
				continue
			}
			ok := s.captured() || review12Gi(s, n)
			s.undo()
			if !ok {
				return false
			}
		}
		return true
	}
	return false
}

// TestGameDefOrderReview12: g (which tries the target's liberties
// before the other candidates, the killer first, with its caches) and
// gi answer as the plain definitions above, for n from 1 to 3, at
// SafeLibs 2 to 5, under every ko power and with ko bans.
func TestGameDefOrderReview12(t *testing.T) { review12GameDefOrder(t, 25, 150) }

func TestGameDefOrderReview12Heavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy")
	}
	review12GameDefOrder(t, 1025, 700)
}

func review12GameDefOrder(t *testing.T, seed int64, boards int) {
	rng := rand.New(rand.NewSource(seed))
	var s *searcher
	compared, gTrue := 0, 0
	for i := 0; i < boards; i++ {
		b := review12BoardOf(rng, 5+rng.Intn(3))
		o := Options{SafeLibs: 2 + rng.Intn(4), Nodes: math.MaxInt64}
		if s == nil {
			s = newSearcher(b, 0, o)
		}
		review12Each(rng, b, 1, 3, func(target board.Point, st review12State) {
			if st.pre > 0 {
				return // the depth guard stops these searches: nothing to compare
			}
			for n := 1; n <= 3; n++ {
				var got, want [2]bool
				for j := 0; j < 2; j++ {
					review12Prep(s, b, target, o, st, false)
					if j == 0 {
						got[0] = s.gi(n) != board.NoPoint
						got[1] = s.g(n)
					} else {
						s.playAll = true
						want[0] = review12Gi(s, n)
						want[1] = review12G(s, n)
					}
					review12Unprep(s)
				}
				if got != want {
					t.Fatalf("n=%d target %s, %v, SafeLibs %d: gi, g %v, by definition %v\n%v", n, b.Vertex(target), st, o.SafeLibs, got, want, b)
				}
				if want[1] {
					gTrue++
				}
				compared++
			}
		})
	}
	t.Logf("%d compared, g true in %d", compared, gTrue)
	if compared < boards || gTrue == 0 {
		t.Fatalf("too few compared: %d (g true %d)", compared, gTrue)
	}
}

// TestSolverReuseAcrossSizesReview12: a Solver (df-pn or PN*) asked questions on
// boards of changing sizes (19, 5, 9, 7, 13 in turn; its working board
// is the previous question's, copied over), with the ko ban of a
// random game's last move and superko on for some, answers each as a
// fresh Solve does, with the same work (a play budget makes it
// reproducible).
func TestSolverReuseAcrossSizesReview12(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	sizes := []int{19, 5, 9, 7, 13}
	algos := []string{AlgoDFPN, AlgoPNStar}
	var solvers [4]*Solver
	for k := range solvers {
		o := Options{Algorithm: algos[k/2], SafeLibs: 5, Plays: 20000, Superko: k%2 == 1}
		v, err := NewSolver(o)
		if err != nil {
			t.Fatal(err)
		}
		defer v.Close()
		solvers[k] = v
	}
	asked := 0
	for i := 0; asked < 80; i++ {
		b := review12BoardOf(rng, sizes[i%len(sizes)])
		if i%2 == 0 {
			if kb := randomKoBoard(rng, b.Size()); kb != nil {
				b = kb
			}
		}
		var weak []board.Point
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) != board.Empty && b.NumLibs(p) <= 3 {
				weak = append(weak, p)
			}
		}
		if k, _ := b.Ko(); k != board.NoPoint {
			// a string next to the ban, whose answer may depend on it
			weak = weak[:0]
			for _, r := range b.Neighbors(k) {
				weak = append(weak, r)
			}
		}
		if len(weak) == 0 {
			continue
		}
		target := weak[rng.Intn(len(weak))]
		mode := Mode(rng.Intn(2))
		k := rng.Intn(4)
		o := Options{Algorithm: algos[k/2], SafeLibs: 5, Plays: 20000, Superko: k%2 == 1}
		before := b.String()
		got, err := solvers[k].Solve(context.Background(), b, target, mode)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Solve(context.Background(), b, target, mode, o)
		if err != nil {
			t.Fatal(err)
		}
		if b.String() != before {
			t.Fatal("Solve changed the caller's board")
		}
		if got.Code != want.Code || got.Move != want.Move || got.Proven != want.Proven ||
			got.Stats.Plays != want.Stats.Plays || got.Stats.Nodes != want.Stats.Nodes {
			t.Fatalf("%s %s %s (size %d, superko %v): reused Solver %d %s proven %v, %d plays %d nodes; fresh %d %s proven %v, %d plays %d nodes\n%v",
				o.Algorithm, mode, b.Vertex(target), b.Size(), o.Superko, got.Code, b.Vertex(got.Move), got.Proven, got.Stats.Plays, got.Stats.Nodes,
				want.Code, b.Vertex(want.Move), want.Proven, want.Stats.Plays, want.Stats.Nodes, b)
		}
		asked++
	}
}
