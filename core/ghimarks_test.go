package core

import (
	"math/rand"
	"testing"
)

// TestGHIMarksGrowKeepEveryKey: the filter grows as keys arrive, and no key
// ever set reads as absent (a lost mark loses a path-dependent value, which
// TCA's progress rests on); it also stays selective once grown, and a reset
// brings it back to its first size, empty.
func TestGHIMarksGrowKeepEveryKey(t *testing.T) {
	var m ghiMarks
	m.reset()
	r := rand.New(rand.NewSource(1))
	var set []Key
	for i := 0; i < 300000; i++ {
		k := Key{Board: r.Uint64(), Hand: r.Uint32()}
		m.set(k)
		set = append(set, k)
	}
	if m.log <= ghiMinLog {
		t.Fatalf("the filter did not grow: 2^%d bits for %d keys", m.log, len(set))
	}
	for i, k := range set {
		if !m.has(k) {
			t.Fatalf("key %d of %d lost (filter 2^%d bits)", i, len(set), m.log)
		}
	}
	false_ := 0
	const probes = 100000
	for i := 0; i < probes; i++ {
		if m.has(Key{Board: r.Uint64(), Hand: r.Uint32()}) {
			false_++
		}
	}
	// 300 k keys in 2^23 bits: about 3.5 % of the bits are set.
	if false_ > probes/10 {
		t.Errorf("%d of %d unset keys read as set (filter 2^%d bits)", false_, probes, m.log)
	}
	m.reset()
	if m.log != ghiMinLog || len(m.bits) != 1<<ghiMinLog/64 || m.has(set[0]) {
		t.Errorf("reset left 2^%d bits, has(first key) = %v", m.log, m.has(set[0]))
	}
}
