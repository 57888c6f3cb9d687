package core

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
)

// subsetHands: a dominates b when a's bits contain b's (a shogi hand that
// holds at least the same pieces).
type subsetHands struct{}

func (subsetHands) Dominates(a, b uint32) bool { return a&b == b }

func TestEntryPackRoundTrip(t *testing.T) {
	tests := []Entry{
		{},
		{Key: Key{Board: 1<<64 - 1, Hand: 1<<32 - 1}, OrNode: true, PN: Infinity, DN: 0, Move: 1<<32 - 1,
			Length: maxLength, Amount: maxAmount, Step: 255, Sound: true, MinDepth: 1<<32 - 1,
			Parent: 42, ParentIdx: 255, HasParent: true, SNDA: 1<<32 - 1},
		{Key: Key{Board: 7, Hand: 3}, PN: MaxPN, DN: 12345, Move: 9, Length: 1525, Amount: 77, Step: 2, MinDepth: 5, SNDA: 5},
	}
	for i, e := range tests {
		var w [slotWords]uint64
		e.pack(&w)
		var got Entry
		if !got.unpack(&w) || got != e {
			t.Errorf("%d: round trip gave %+v, want %+v", i, got, e)
		}
	}
	// Oversized amount and length saturate instead of wrapping.
	e := Entry{Amount: 1 << 30, Length: 1 << 20}
	var w [slotWords]uint64
	e.pack(&w)
	var got Entry
	got.unpack(&w)
	if got.Amount != maxAmount || got.Length != maxLength {
		t.Errorf("saturation: amount %d length %d", got.Amount, got.Length)
	}
}

func TestTableLookupAndDominance(t *testing.T) {
	tab := newTestTable(t, 2)
	board := uint64(0xabcdef)
	tab.Store(&Entry{Key: Key{board, 0b011}, OrNode: true, PN: 0, DN: Infinity, Length: 5, Move: 3})
	tab.Store(&Entry{Key: Key{board, 0b100}, OrNode: true, PN: Infinity, DN: 0})
	tab.Store(&Entry{Key: Key{board, 0b001}, OrNode: false, PN: 4, DN: 2})
	tests := []struct {
		name   string
		k      Key
		or     bool
		dom    Dominance
		found  bool
		result Outcome
	}{
		{"exact proven", Key{board, 0b011}, true, nil, true, Proven},
		{"other type misses", Key{board, 0b011}, false, nil, false, Unknown},
		{"superior hand without dominance misses", Key{board, 0b111}, true, nil, false, Unknown},
		{"superior hand proven by dominance", Key{board, 0b111}, true, subsetHands{}, true, Proven},
		{"inferior hand disproven by dominance", Key{board, 0b000}, true, subsetHands{}, true, Disproven},
		{"unrelated hand", Key{board, 0b1000}, true, subsetHands{}, false, Unknown},
		{"exact unproven", Key{board, 0b001}, false, subsetHands{}, true, Unknown},
		{"other board", Key{board + 1, 0b011}, true, subsetHands{}, false, Unknown},
	}
	for _, tc := range tests {
		e, ok := tab.Probe(tc.k, tc.or, tc.dom)
		if ok != tc.found || (ok && e.Outcome() != tc.result) {
			t.Errorf("%s: found %v outcome %v, want %v %v", tc.name, ok, e.Outcome(), tc.found, tc.result)
		}
	}
	if e, ok := tab.Lookup(Key{board, 0b011}, true); !ok || e.Length != 5 || e.Move != 3 {
		t.Errorf("Lookup: %+v %v", e, ok)
	}
}

// sameBucket returns n distinct boards that map to one bucket.
func sameBucket(tab *Table, n int) []uint64 {
	var out []uint64
	want := tab.bucket(1)
	for b := uint64(1); len(out) < n; b++ {
		if tab.bucket(b) == want {
			out = append(out, b)
		}
	}
	return out
}

func TestTableReplacementKeepsCostlyEntries(t *testing.T) {
	tab := newTestTable(t, 2)
	boards := sameBucket(tab, bucketSlots+3)
	amounts := []uint32{50, 10, 70, 30} // the entry with 10 is the cheapest
	fill := func() {
		tab.Clear()
		for i, a := range amounts {
			tab.Store(&Entry{Key: Key{Board: boards[i]}, PN: 1, DN: 1, Amount: a})
		}
	}
	present := func(i int) bool { _, ok := tab.Lookup(Key{Board: boards[i]}, false); return ok }
	spare := func(e *Entry) { tab.storeIn(tab.bucketNo(e.Key.Board), e, e.Key, true) }
	fill()
	// Sparing (df-pn's stores): an open entry that cost less than every
	// entry of the full bucket is not stored.
	spare(&Entry{Key: Key{Board: boards[5]}, PN: 1, DN: 1, Amount: 9})
	if present(5) {
		t.Error("an open entry cheaper than the whole bucket evicted one of it")
	}
	for i := range amounts {
		if !present(i) {
			t.Errorf("entry with amount %d evicted by a cheaper one", amounts[i])
		}
	}
	// A decided entry is always stored, over the cheapest.
	spare(&Entry{Key: Key{Board: boards[6]}, PN: 0, DN: Infinity, Amount: 1})
	if !present(6) || present(1) {
		t.Errorf("decided entry stored %v, cheapest entry still there %v", present(6), present(1))
	}
	// An open entry that cost at least the cheapest replaces it.
	fill()
	spare(&Entry{Key: Key{Board: boards[5]}, PN: 1, DN: 1, Amount: 10})
	if !present(5) || present(1) {
		t.Errorf("open entry as costly as the cheapest: stored %v, cheapest still there %v", present(5), present(1))
	}
	// Store (and PN*'s stores) never refuse a new entry: it evicts the
	// cheapest.
	fill()
	tab.Store(&Entry{Key: Key{Board: boards[4]}, PN: 1, DN: 1, Amount: 1})
	for i, a := range amounts {
		if present(i) != (a != 10) {
			t.Errorf("entry with amount %d present=%v", a, present(i))
		}
	}
	if !present(4) {
		t.Error("new entry refused")
	}
	// Overwriting the same node does not evict anyone.
	tab.Store(&Entry{Key: Key{Board: boards[4]}, PN: 3, DN: 1, Amount: 2})
	if e, _ := tab.Lookup(Key{Board: boards[4]}, false); e.PN != 3 {
		t.Errorf("overwrite: pn %d", e.PN)
	}
	if _, ok := tab.Lookup(Key{Board: boards[0]}, false); !ok {
		t.Error("overwrite evicted another entry")
	}
}

func TestTableGCAndHashfull(t *testing.T) {
	tab := newTestTable(t, 2)
	if tab.Hashfull() != 0 {
		t.Fatalf("empty table hashfull %d", tab.Hashfull())
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 4*tab.Slots(); i++ {
		tab.Store(&Entry{Key: Key{Board: r.Uint64()}, PN: 1, DN: 1, Amount: uint32(r.IntN(1000))})
	}
	if h := tab.Hashfull(); h < 950 {
		t.Fatalf("hashfull %d after overfilling", h)
	}
	removed := tab.GC()
	if removed < tab.Slots()/4 || removed > 3*tab.Slots()/4 {
		t.Errorf("GC removed %d of %d", removed, tab.Slots())
	}
	if h := tab.Hashfull(); h > 750 || h < 250 {
		t.Errorf("hashfull %d after GC", h)
	}
	// What survives is the costly half.
	var w [slotWords]uint64
	low := 0
	for b := 0; b < len(tab.w); b += bucketWords {
		for i := 0; i < bucketSlots; i++ {
			if tab.readSlot(b, i, &w) && w[5]&maxAmount < 300 {
				low++
			}
		}
	}
	if low > tab.Slots()/20 {
		t.Errorf("%d cheap entries survived GC", low)
	}
	tab.Clear()
	if tab.Hashfull() != 0 {
		t.Error("Clear left entries")
	}
}

// consistentEntry derives every field from v, so a reader can tell a torn
// mixture of two writes from a whole entry.
func consistentEntry(v uint64, board uint64) Entry {
	return Entry{Key: Key{Board: board, Hand: uint32(v)}, PN: PN(v * 3), DN: PN(v ^ 0x5555), Move: Move(v*7 + 1),
		Length: uint32(v % 1000), Amount: uint32(v % 5000), MinDepth: uint32(v >> 3), Parent: ^v, SNDA: uint32(v * 11)}
}

func checkConsistent(e Entry) bool {
	v := uint64(e.Key.Hand)
	want := consistentEntry(v, e.Key.Board)
	// Hand holds only the low 32 bits of v; compare what derives from it.
	return e.PN == want.PN && e.DN == want.DN && e.Move == want.Move && e.Length == want.Length &&
		e.Amount == want.Amount && e.MinDepth == want.MinDepth && e.Parent == want.Parent && e.SNDA == want.SNDA
}

func TestTableConcurrentNoTornEntries(t *testing.T) { concurrentNoTorn(t, 200000) }

// TestTableConcurrentNoTornEntriesHeavy runs the stress test in the heavy
// pass, which is built without the race detector: there, on amd64, entry
// words are written with plain stores (store_plain.go), the path the race
// build does not exercise.
func TestTableConcurrentNoTornEntriesHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy")
	}
	concurrentNoTorn(t, 20000000)
}

func concurrentNoTorn(t *testing.T, perReader int) {
	tab := newTestTable(t, 2)
	boards := sameBucket(tab, 8) // heavy contention on one bucket
	var stop atomic.Bool
	var wg sync.WaitGroup
	var reads, bad atomic.Int64
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 9))
			for !stop.Load() {
				e := consistentEntry(uint64(r.Uint32()), boards[r.IntN(len(boards))])
				tab.Store(&e)
			}
		}()
	}
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w [slotWords]uint64
			for n := 0; n < perReader; n++ {
				var e Entry
				if tab.readSlot(tab.bucket(boards[0]), n%bucketSlots, &w) && e.unpack(&w) {
					reads.Add(1)
					if !checkConsistent(e) {
						bad.Add(1)
					}
				}
			}
		}()
	}
	// Let the readers finish, then stop the writers.
	done := make(chan struct{})
	go func() {
		for reads.Load() < int64(perReader)/2 {
		}
		close(done)
	}()
	<-done
	stop.Store(true)
	wg.Wait()
	if bad.Load() != 0 {
		t.Fatalf("%d torn entries accepted out of %d reads", bad.Load(), reads.Load())
	}
	if reads.Load() == 0 {
		t.Fatal("no reads")
	}
}

func TestTableHugePagesReport(t *testing.T) {
	tab := newTestTable(t, 8)
	// Touch the table so the kernel may back it with huge pages; whether
	// it does depends on the system, so only log the answer (TestSmapsHuge
	// tests how the answer is read).
	for i := range tab.Slots() {
		tab.Store(&Entry{Key: Key{Board: uint64(i)}, PN: 1, DN: 1})
	}
	t.Logf("huge pages: %v", tab.HugePages())
	tl, err := NewTable(4, TableOptions{HugeTLB: true})
	if err != nil {
		t.Fatalf("HugeTLB request must fall back, got %v", err)
	}
	t.Logf("MAP_HUGETLB table: huge pages %v", tl.HugePages())
	tl.Close()
}

func TestTableHotPathDoesNotAllocate(t *testing.T) {
	tab := newTestTable(t, 2)
	e := Entry{Key: Key{Board: 5, Hand: 1}, PN: 3, DN: 4, OrNode: true}
	var dom Dominance = subsetHands{}
	allocs := testing.AllocsPerRun(1000, func() {
		e.Key.Board++
		tab.Store(&e)
		if _, ok := tab.Probe(e.Key, true, dom); !ok {
			panic("stored entry not found")
		}
		tab.Lookup(Key{Board: e.Key.Board + 1}, false)
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per store+probe", allocs)
	}
}
