package reading

import (
	"math"
	"math/rand"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// TestPassTagsDistinct: a ko-dependent gi cache entry is told apart from
// the other ko passes' by the 2-bit tag of its pass salt alone.
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

// TestGiEntryRoundTrip: a one-word cache entry gives back every move a
// search can store (NoPoint, Pass, the corner points of 19×19), answers
// a ko-dependent entry only in the ko pass that stored it, and tells
// the searches (salts) apart.
func TestGiEntryRoundTrip(t *testing.T) {
	b, err := board.New(19)
	if err != nil {
		t.Fatal(err)
	}
	target := board.Point(100)
	if err := b.Play(target, board.Black); err != nil {
		t.Fatal(err)
	}
	s := newSearcher(b, target, Options{SafeLibs: 5, Nodes: math.MaxInt64})
	for _, m := range []board.Point{board.NoPoint, board.Pass, 0, 18, 342, board.MaxPoints - 1} {
		for _, koDep := range []bool{false, true} {
			s.reset(b, target, Options{SafeLibs: 5, Nodes: math.MaxInt64})
			s.ttSalt = koModes[1].salt
			e, key, _, ok := s.giLookup(s.attacker, giSalt[2])
			if ok {
				t.Fatal("a fresh question found an entry")
			}
			met := s.koMet
			if koDep {
				s.koMet++ // the search met a ko
			}
			s.giStore(e, key, m, met, true)
			if _, _, _, ok := s.giLookup(s.attacker, giSalt[3]); ok {
				t.Fatal("another search's salt found the entry")
			}
			before := s.koMet
			_, _, got, ok := s.giLookup(s.attacker, giSalt[2])
			if !ok || got != m {
				t.Fatalf("stored %v (koDep %v), found %v, %v", m, koDep, got, ok)
			}
			if koDep != (s.koMet != before) {
				t.Errorf("koDep %v: a hit moved koMet by %d", koDep, s.koMet-before)
			}
			s.ttSalt = koModes[2].salt
			if _, _, _, ok := s.giLookup(s.attacker, giSalt[2]); ok == koDep {
				t.Errorf("koDep %v: in another ko pass the entry answers: %v", koDep, ok)
			}
		}
	}
}

// TestGiCacheKeepsCostly: a cheap entry evicts the cheap one of its pair
// and spares a costly one, however many cheap entries come after it;
// between entries of one kind the older goes.
func TestGiCacheKeepsCostly(t *testing.T) {
	b, err := board.New(9)
	if err != nil {
		t.Fatal(err)
	}
	s := newSearcher(b, 40, Options{SafeLibs: 5, Nodes: math.MaxInt64})
	// Keys of one pair: the same index bits but the lowest, other high bits.
	key := func(i uint64) uint64 { return 0x1234&giCacheMask&^1 | i<<giCacheBits }
	store := func(i uint64, costly bool) {
		e, k, _, ok := s.giLookupKey(key(i))
		if ok {
			t.Fatalf("key %d found before it was stored", i)
		}
		s.giStore(e, k, board.Point(i), s.koMet, costly)
	}
	found := func(i uint64) bool {
		_, _, m, ok := s.giLookupKey(key(i))
		return ok && m == board.Point(i)
	}
	store(1, true)
	for i := uint64(2); i < 6; i++ {
		store(i, false)
		if !found(1) {
			t.Fatalf("cheap entry %d evicted the costly one", i)
		}
		if !found(i) {
			t.Fatalf("cheap entry %d not found", i)
		}
	}
	store(6, true) // evicts the cheap one; the costly ones stay, newest first
	store(7, true) // evicts the older costly one
	if !found(6) || !found(7) || found(1) {
		t.Fatalf("costly entries: 1 %v, 6 %v, 7 %v; want 6 and 7", found(1), found(6), found(7))
	}
}

// TestGiCacheForgetsEarlierQuestions: a Solver's searcher answers a new
// question with the gi cache of the questions before it, whose entries
// never match again (their keys carry the earlier question's salt) and
// must give way as empty slots do in a fresh Solver's cache, so that a
// reused Solver does the same work as a fresh one. Here a costly entry
// of an earlier question shares a pair with two cheap entries of the
// current one: both must stay, as in a searcher that never stored it,
// however many questions lie between. With the epoch read from the
// question's salt, the earlier entry still counted as costly when the
// salts' top two bits agreed (two questions later), and evicted the first
// cheap entry (a reused Solver then did other work on 31 of reading.tst's
// 234 questions).
func TestGiCacheForgetsEarlierQuestions(t *testing.T) {
	b, err := board.New(9)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{SafeLibs: 5, Nodes: math.MaxInt64}
	key := func(i uint64) uint64 { return 0x1234&giCacheMask&^1 | i<<giCacheBits }
	store := func(s *searcher, i uint64, costly bool) {
		e, k, _, _ := s.giLookupKey(key(i))
		s.giStore(e, k, board.Point(i), s.koMet, costly)
	}
	found := func(s *searcher, i uint64) bool {
		_, _, m, ok := s.giLookupKey(key(i))
		return ok && m == board.Point(i)
	}
	for _, n := range []int{1, 2, 3, 4, 5, 127, 128, 129, 255, 256} {
		fresh, used := newSearcher(b, 40, o), newSearcher(b, 40, o)
		store(used, 1, true) // the earlier question's costly entry
		for range n {
			fresh.reset(b, 40, o)
			used.reset(b, 40, o)
		}
		for _, s := range []*searcher{fresh, used} {
			store(s, 2, false)
			store(s, 3, false)
		}
		if !found(fresh, 2) || !found(fresh, 3) {
			t.Fatalf("%d questions later: a fresh cache lost a cheap entry", n)
		}
		if !found(used, 2) || !found(used, 3) {
			t.Errorf("%d questions later: an earlier question's costly entry evicted a cheap entry of this one (2 %v, 3 %v)",
				n, found(used, 2), found(used, 3))
		}
	}
}
