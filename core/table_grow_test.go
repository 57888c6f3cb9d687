package core

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestTableGrowKeepsEntries fills the initial region of a large table,
// grows it (to double, and to an uneven size), and checks that the
// entries are still found under the wider bucketing, that Hashfull counts
// the whole table, and that Clear goes back to the initial region.
func TestTableGrowKeepsEntries(t *testing.T) {
	tests := []struct {
		name string
		mib  int
		to   func(n uint64) uint64
	}{
		{"double", 64, func(n uint64) uint64 { return 2 * n }},
		{"uneven", 64, func(n uint64) uint64 { return n + n/3 }},
		{"whole table", 64, func(uint64) uint64 { return 64 << 20 / bucketBytes }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := newTestTable(t, tc.mib)
			n0 := tab.active.Load()
			if n0 != initialBuckets || tab.nBuckets <= n0 {
				t.Fatalf("active %d of %d buckets", n0, tab.nBuckets)
			}
			// A quarter of the initial slots: few buckets overflow, so
			// nearly every entry must survive the move.
			r := rand.New(rand.NewPCG(5, 6))
			keys := make([]Key, int(n0)*bucketSlots/4)
			for i := range keys {
				keys[i] = Key{Board: r.Uint64(), Hand: uint32(i)}
				tab.Store(&Entry{Key: keys[i], PN: PN(i + 1), DN: 1, Amount: uint32(i)})
			}
			before := tab.Hashfull()
			tab.grow(tc.to(n0))
			if tab.active.Load() != tc.to(n0) {
				t.Fatalf("active %d after growing to %d", tab.active.Load(), tc.to(n0))
			}
			lost := 0
			for i, k := range keys {
				e, ok := tab.Lookup(k, false)
				if !ok {
					lost++
					continue
				}
				if e.PN != PN(i+1) {
					t.Fatalf("entry %d has pn %d after growing", i, e.PN)
				}
			}
			if lost > len(keys)/100 {
				t.Errorf("%d of %d entries lost by growing", lost, len(keys))
			}
			if h := tab.Hashfull(); h > before+2 || before == 0 {
				t.Errorf("hashfull %d before growing, %d after", before, h)
			}
			tab.Clear()
			if tab.active.Load() != n0 || tab.Hashfull() != 0 {
				t.Errorf("after Clear: active %d, hashfull %d", tab.active.Load(), tab.Hashfull())
			}
		})
	}
}

// TestTableGrowsDuringSearch checks that a search widens the region in use
// as it fills (here from a region of 256 buckets), finishing the growth it
// started, and gets the answer a small table gives.
func TestTableGrowsDuringSearch(t *testing.T) {
	g := bigTree(9, 3)
	small := newTestTable(t, 2)
	big := newTestTable(t, 64)
	big.active.Store(256)
	o := Options{TCA: true, SNDA: true}
	want := Solve(nil, g, small, o)
	got := Solve(nil, g, big, o)
	if got.Outcome != want.Outcome || got.Outcome == Unknown {
		t.Fatalf("big table %v, small %v", got.Outcome, want.Outcome)
	}
	if big.active.Load() <= 256 {
		t.Errorf("%d nodes and the table never grew", got.Stats.Expanded)
	}
	// The growth starts at a periodic check (every 8192 nodes) and moves
	// on at every later poll: nearly 2000 nodes later it is done.
	if big.from.Load() != 0 {
		t.Errorf("the growth was left at old bucket %d of %d", big.cursor.Load(), big.from.Load())
	}
	t.Logf("%d nodes, active %d of %d buckets", got.Stats.Expanded, big.active.Load(), big.nBuckets)
}

// TestTableGrowsInSteps: while a growth moves the entries a step at a
// time, every entry stays found, the entries stored meanwhile (under the
// new width, or still under the old one where their old bucket is not
// moved yet) too, and the table ends at the new width.
func TestTableGrowsInSteps(t *testing.T) {
	tab := newTestTable(t, 64)
	n0 := tab.active.Load()
	r := rand.New(rand.NewPCG(7, 8))
	var keys []Key
	add := func(n int) {
		for range n {
			k := Key{Board: r.Uint64(), Hand: uint32(len(keys))}
			tab.Store(&Entry{Key: k, PN: PN(len(keys) + 1), DN: 1, Amount: uint32(len(keys))})
			keys = append(keys, k)
		}
	}
	check := func(when string) {
		t.Helper()
		lost := 0
		for i, k := range keys {
			e, ok := tab.Lookup(k, false)
			if !ok {
				lost++
			} else if e.PN != PN(i+1) {
				t.Fatalf("%s: entry %d has pn %d", when, i, e.PN)
			}
		}
		if lost > len(keys)/100 {
			t.Fatalf("%s: %d of %d entries not found", when, lost, len(keys))
		}
	}
	add(int(n0) * bucketSlots / 4)
	tab.startGrow(2 * n0)
	if tab.active.Load() != 2*n0 || tab.from.Load() != n0 {
		t.Fatalf("growth not started: active %d, from %d", tab.active.Load(), tab.from.Load())
	}
	const chunk = 10000
	steps := 0
	for tab.from.Load() != 0 {
		l := tab.layout.Load()
		tab.growStep(chunk)
		if tab.layout.Load() == l {
			t.Fatal("a growth step left the layout number")
		}
		steps++
		add(200)
		check(fmt.Sprintf("after step %d", steps))
	}
	if steps != int((n0+chunk-1)/chunk) || tab.active.Load() != 2*n0 || tab.cursor.Load() != 0 {
		t.Errorf("%d steps, active %d, cursor %d", steps, tab.active.Load(), tab.cursor.Load())
	}
	check("at the end")
}
