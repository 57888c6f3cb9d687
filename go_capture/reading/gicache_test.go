package reading

import (
	"math"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// TestPassTagsDistinct: a ko-dependent gi cache entry is told apart from
// the other ko passes' by the 8-bit tag of its pass salt alone.
func TestPassTagsDistinct(t *testing.T) {
	seen := map[uint8]int{}
	for i, km := range koModes {
		tag := passTag(km.salt)
		if j, dup := seen[tag]; dup {
			t.Errorf("ko passes %d and %d share the cache tag %#x", j, i, tag)
		}
		seen[tag] = i
	}
}

// TestGi1IsQSCapture: gi1 answers from QSCapture's cache entry (it has
// none of its own), which must be what the uncached gi1 search finds,
// also when SafeLibs makes a two-liberty string safe.
func TestGi1IsQSCapture(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	checked := 0
	var s *searcher
	for i := 0; i < 300; i++ {
		b := randomBoard(rng, 7)
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) == board.Empty || b.StringID(p) != p || b.NumLibs(p) > 3 {
				continue
			}
			for _, safe := range []int{2, 3, 5} {
				o := Options{SafeLibs: safe, Nodes: math.MaxInt64}
				if s == nil {
					s = newSearcher(b, p, o)
				} else {
					s.reset(b, p, o) // a fresh question: nothing cached
				}
				want := s.giSearch(1)
				if got := s.gi(1); got != want {
					t.Fatalf("SafeLibs %d, target %s: gi(1) = %v, the search finds %v\n%v", safe, b.Vertex(p), got, want, b)
				}
				if want != board.NoPoint {
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no position with a gi1 capture was drawn")
	}
}
