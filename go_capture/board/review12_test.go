package board

import (
	"math/rand"
	"slices"
	"testing"
)

// TestAppendAdjacentReview12: AppendAdjacent, asked through any stone
// of a string (not only its id), with liberty bounds from none to four
// and appending to a buffer that already holds string ids (some of them
// among the answer), equals the general walk (appendAdjacent) and a
// flood fill: the enemy strings touching it, each once, in the order of
// their lowest point next to it, appended after the buffer. Positions
// come from random trees of plays and undos at varied densities on
// every size from 5 to 19, and from set-up positions (Place).
// AnyAdjacentInAtari must tell whether the walk finds a string in atari.
func TestAppendAdjacentReview12(t *testing.T) { review12Adjacent(t, 31, 600) }

func TestAppendAdjacentReview12Heavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy")
	}
	review12Adjacent(t, 1031, 20000)
}

func review12Adjacent(t *testing.T, seed int64, steps int) {
	rng := rand.New(rand.NewSource(seed))
	checked := 0
	for _, size := range []int{5, 6, 7, 8, 9, 11, 13, 19} {
		b, _ := New(size)
		c := Black
		fill := 0.3 + 0.6*rng.Float64() // the depth the tree keeps near
		for i := 0; i < steps; i++ {
			if b.Depth() > 0 && (rng.Intn(3) == 0 || float64(b.Depth()) > fill*float64(b.n)) {
				b.Undo()
				c = c.Opponent()
			} else if b.Play(Point(rng.Intn(b.n)), c) == nil {
				if rng.Intn(6) != 0 {
					c = c.Opponent()
				}
			}
			if i%7 != 0 {
				continue
			}
			checked += review12CheckAdjacent(t, rng, b)
		}
		// A set-up position of the same stones, strings rebuilt.
		d := b.Clone()
		for p := Point(0); int(p) < d.n; p++ {
			if rng.Intn(10) == 0 {
				if err := d.Place(p, Empty); err != nil {
					t.Fatal(err)
				}
			}
		}
		checked += review12CheckAdjacent(t, rng, d)
	}
	if checked < steps {
		t.Fatalf("only %d answers checked", checked)
	}
}

func review12CheckAdjacent(t *testing.T, rng *rand.Rand, b *Board) int {
	t.Helper()
	checked := 0
	var ids []Point
	for p := Point(0); int(p) < b.n; p++ {
		if b.color[p] != Empty && b.sid[p] == p {
			ids = append(ids, p)
		}
	}
	for p := Point(0); int(p) < b.n; p++ {
		if b.color[p] == Empty {
			continue
		}
		id := b.sid[p]
		if b.sid[id] != id || b.color[id] != b.color[p] {
			t.Fatalf("string of %s has id %s, not one of its stones", b.Vertex(p), b.Vertex(id))
		}
		var next Bitset
		for q := Point(0); int(q) < b.n; q++ {
			if b.sid[q] == id {
				for _, r := range b.Neighbors(q) {
					if b.color[r] == b.color[p].Opponent() {
						next.Set(r)
					}
				}
			}
		}
		for _, maxLibs := range []int{-1, 0, 1, 2, 3, 4} {
			var prefix []Point
			for k := rng.Intn(4); k > 0 && len(ids) > 0; k-- {
				prefix = append(prefix, ids[rng.Intn(len(ids))])
			}
			want := slices.Clone(prefix)
			seen := map[Point]bool{}
			for q := next.Next(0); q >= 0; q = next.Next(q + 1) {
				a := b.sid[q]
				if !seen[a] && (maxLibs <= 0 || b.NumLibs(a) <= maxLibs) {
					want = append(want, a)
				}
				seen[a] = true
			}
			got := b.AppendAdjacent(slices.Clone(prefix), p, maxLibs)
			gen := b.appendAdjacent(slices.Clone(prefix), id, maxLibs)
			if !slices.Equal(got, want) || !slices.Equal(gen, want) {
				t.Fatalf("AppendAdjacent(%v, %s (string of %d), %d) = %v, general walk %v, want %v\n%v",
					prefix, b.Vertex(p), b.NumStones(p), maxLibs, got, gen, want, b)
			}
			checked++
		}
		if any := b.AnyAdjacentInAtari(p); any != slices.ContainsFunc(b.appendAdjacent(nil, id, 1), func(Point) bool { return true }) {
			t.Fatalf("AnyAdjacentInAtari(%s) = %v\n%v", b.Vertex(p), any, b)
		}
	}
	return checked
}

// TestAroundSpan: the words aroundSpan gives hold every point next to
// the string (Around), for every single point and for random sets of
// points on every size: the callers read no word outside them.
func TestAroundSpan(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for size := MinSize; size <= MaxSize; size++ {
		b, _ := New(size)
		check := func(s *Bitset) {
			t.Helper()
			st := str{stones: *s}
			l, h := s.span()
			st.lo, st.hi = int8(l), int8(h)
			lo, hi := b.aroundSpan(&st)
			a := b.Around(s)
			for i, w := range a {
				if w != 0 && (i < lo || i > hi) {
					t.Fatalf("size %d, set %v: word %d of Around holds %x, span %d..%d", size, s, i, w, lo, hi)
				}
			}
		}
		for p := Point(0); int(p) < b.n; p++ {
			var s Bitset
			s.Set(p)
			check(&s)
		}
		for range 200 {
			var s Bitset
			for k := 1 + rng.Intn(4); k > 0; k-- {
				s.Set(Point(rng.Intn(b.n)))
			}
			check(&s)
		}
	}
}
