package reading

import (
	"math"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// TestGRefutesWithTheWidestExtensionFirst: g tries the target's
// liberties by the liberties an extension there would have, the most
// first. X A5 (the owner, to move) can extend at A4, to two liberties
// between O A3 and A6, or at B5, to three; both come before the other
// candidates, and in point order A4 would be tried first.
func TestGRefutesWithTheWidestExtensionFirst(t *testing.T) {
	b := diagram(t,
		".........",
		".........",
		".........",
		"O........",
		"X.O......",
		".........",
		"O........",
		".........",
		".........",
	)
	target := vertex(t, b, "A5")
	a4, b5 := vertex(t, b, "A4"), vertex(t, b, "B5")
	if a4 > b5 {
		t.Fatalf("A4 (%d) after B5 (%d) in point order: the position tests nothing", a4, b5)
	}
	s := newSearcher(b, target, Options{SafeLibs: 5, Nodes: math.MaxInt64})
	if s.g(2) {
		t.Fatalf("g(2) of A5 holds, want a refutation\n%v", b)
	}
	// One play for the threat test (QSCapture's ladder after the pass),
	// one for B5; in point order A4 was played first, and fails.
	if k := s.gKiller[s.ply]; k != b5 || s.plays != 2 {
		t.Fatalf("g(2) refuted A5's capture with %s in %d plays, want B5 first, in 2", b.Vertex(k), s.plays)
	}
}

// TestGiReadsExtensionsAtTwoLiberties: gi reads the owner's extensions
// (reachAt) from two liberties on. X E5 has two liberties, E4 and E6,
// and an extension at either gives it four, one more than gi_2's reach:
// whatever the attacker plays, the owner extends out of it, so gi(2)
// fails from the board, without QSCapture's ladder read.
// TestOpenSpaceThresholdsAgainstPlay checks reach.leaves at one and two
// liberties against play.
func TestGiReadsExtensionsAtTwoLiberties(t *testing.T) {
	b := diagram(t,
		".........",
		".........",
		".........",
		".........",
		"...OXO...",
		".........",
		".........",
		".........",
		".........",
	)
	s := newSearcher(b, vertex(t, b, "E5"), Options{SafeLibs: 5, Nodes: math.MaxInt64})
	if m := s.giSearch(2); m != board.NoPoint {
		t.Fatalf("gi(2) of E5 holds with %s\n%v", b.Vertex(m), b)
	}
	if s.plays != 0 {
		t.Fatalf("gi(2) of E5 took %d plays, want 0 (the extensions read from the board)", s.plays)
	}
	off := newSearcher(b, vertex(t, b, "E5"), Options{SafeLibs: 5, Nodes: math.MaxInt64, noOpenSpace: true})
	if off.giSearch(2) != board.NoPoint || off.plays == 0 {
		t.Fatalf("without the open-space rules gi(2) of E5: %d plays, want a failing search that plays", off.plays)
	}
}

// TestPeekReadsExtensions: the deferred test (peek) knows gi_n's failure
// from the board where gi's own first test does (reachAt at n+1), with
// nothing in the gi cache: X E5's extensions take it out of gi_2's
// reach. On random sparse positions every gi_n that peek answers from a
// fresh cache is what gi(n) finds.
func TestPeekReadsExtensions(t *testing.T) {
	b := diagram(t,
		".........",
		".........",
		".........",
		".........",
		"...OXO...",
		".........",
		".........",
		".........",
		".........",
	)
	s := newSearcher(b, vertex(t, b, "E5"), Options{SafeLibs: 5, Nodes: math.MaxInt64})
	g := &captureGame{s: s, steps: 1, toMove: s.attacker}
	if r := g.peekGi(2); r != threatNone {
		t.Fatalf("peekGi(2) of E5 = %d, want threatNone (%d)\n%v", r, threatNone, b)
	}
	rng := rand.New(rand.NewSource(21))
	known := 0
	for i := 0; i < 200; i++ {
		b := sparseBoard(rng, 7+2*(i%3), 0.2+0.15*rng.Float64())
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p {
				continue
			}
			for n := 2; n <= 3; n++ {
				o := Options{SafeLibs: 4 + i%3, Nodes: math.MaxInt64}
				s.reset(b, p, o)
				g := &captureGame{s: s, steps: 1, toMove: s.attacker}
				r := g.peekGi(n)
				if r == threatUnknown {
					continue
				}
				known++
				s.reset(b, p, o)
				if holds := s.gi(n) != board.NoPoint; holds != (r == threatHolds) {
					t.Fatalf("peekGi(%d) of %s = %d, gi(%d) holds: %v\n%v", n, b.Vertex(p), r, n, holds, b)
				}
			}
		}
	}
	if known < 100 {
		t.Fatalf("peek answered only %d gi searches", known)
	}
}
