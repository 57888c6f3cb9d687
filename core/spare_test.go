package core

import "testing"

// TestRefusedStoreLandsNextTime: the searcher's store spares a full
// bucket's costlier entries from a cheap open value once, and stores that
// node at its next store whatever it evicts (searcher.refused), so that a
// node the search keeps coming back to keeps its numbers.
func TestRefusedStoreLandsNextTime(t *testing.T) {
	tab := newTestTable(t, 2)
	boards := sameBucket(tab, bucketSlots+2)
	for i := 0; i < bucketSlots; i++ {
		tab.Store(&Entry{Key: Key{Board: boards[i]}, PN: 1, DN: 1, Amount: 100})
	}
	s := &searcher{t: tab, refused: make([]uint64, refusedSlots), plies: make([]ply, 1)}
	k := Key{Board: boards[bucketSlots]}
	s.plies[0] = ply{key: k, entry: Entry{MinDepth: 0}}
	present := func() bool { _, ok := tab.Lookup(k, false); return ok }
	s.store(0, val{pn: 3, dn: 2, dep: noDep}, 1)
	if present() {
		t.Fatal("a cost-1 open value evicted a cost-100 entry at its first store")
	}
	s.plies[0].entry = Entry{MinDepth: 0} // the node is visited again without an entry
	s.store(0, val{pn: 4, dn: 2, dep: noDep}, 1)
	if e, ok := tab.Lookup(k, false); !ok || e.PN != 4 {
		t.Fatalf("the refused node was not stored at its next store (present %v, pn %d)", ok, e.PN)
	}
	// The memory was for that node: another cheap node is stored over
	// the cheapest entry (the first node's, cost 1), never over the
	// cost-100 ones left.
	k2 := Key{Board: boards[bucketSlots+1]}
	s.plies[0] = ply{key: k2, entry: Entry{MinDepth: 0}}
	s.store(0, val{pn: 3, dn: 2, dep: noDep}, 1)
	costly := 0
	for i := 0; i < bucketSlots; i++ {
		if _, ok := tab.Lookup(Key{Board: boards[i]}, false); ok {
			costly++
		}
	}
	if costly != bucketSlots-1 {
		t.Errorf("%d cost-100 entries left, want %d", costly, bucketSlots-1)
	}
}
