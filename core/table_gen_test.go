package core

import "testing"

// TestTableClearGenerations checks that Clear empties the table without a
// memset, including across the generation wrap (where it really wipes).
func TestTableClearGenerations(t *testing.T) {
	tests := []struct {
		name     string
		startGen uint64
	}{
		{"first clear", 1},
		{"ordinary clear", 1000},
		{"wrap wipes memory", maxGen},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := newTestTable(t, 2)
			tab.gen.Store(tc.startGen)
			k := Key{Board: 0x1234567, Hand: 5}
			tab.Store(&Entry{Key: k, PN: 7, DN: 9, Amount: 3})
			if e, ok := tab.Lookup(k, false); !ok || e.PN != 7 {
				t.Fatalf("stored entry not found: %+v %v", e, ok)
			}
			tab.Clear()
			if _, ok := tab.Lookup(k, false); ok {
				t.Fatal("entry survived Clear")
			}
			if _, ok := tab.Probe(k, false, subsetHands{}); ok {
				t.Fatal("Probe found an entry of the old generation")
			}
			if h := tab.Hashfull(); h != 0 {
				t.Fatalf("hashfull %d after Clear", h)
			}
			if g := tab.gen.Load(); g < 1 || g > maxGen {
				t.Fatalf("generation %d out of range", g)
			}
			// The old slot is reused as empty and the new entry is found.
			tab.Store(&Entry{Key: k, PN: 2, DN: 1, Amount: 1})
			if e, ok := tab.Lookup(k, false); !ok || e.PN != 2 {
				t.Fatalf("entry after Clear: %+v %v", e, ok)
			}
		})
	}
}

// TestTableOldGenerationSlotsAreFree checks that stale slots count as
// empty when choosing where to store, so they never evict a live entry.
func TestTableOldGenerationSlotsAreFree(t *testing.T) {
	tab := newTestTable(t, 2)
	boards := sameBucket(tab, 2*bucketSlots)
	for i := 0; i < bucketSlots; i++ {
		tab.Store(&Entry{Key: Key{Board: boards[i]}, PN: 1, DN: 1, Amount: 1000})
	}
	tab.Clear()
	for i := bucketSlots; i < 2*bucketSlots; i++ {
		tab.Store(&Entry{Key: Key{Board: boards[i]}, PN: 1, DN: 1, Amount: uint32(i)})
	}
	for i := bucketSlots; i < 2*bucketSlots; i++ {
		if _, ok := tab.Lookup(Key{Board: boards[i]}, false); !ok {
			t.Errorf("entry %d evicted although the bucket held only stale slots", i)
		}
	}
}
