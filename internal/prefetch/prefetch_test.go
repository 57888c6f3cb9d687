package prefetch

import (
	"testing"
	"unsafe"
)

// TestLineLeavesMemoryAlone: a prefetch changes no value and accepts any
// address of a live object, including the last word of a slice.
func TestLineLeavesMemoryAlone(t *testing.T) {
	w := make([]uint64, 64)
	for i := range w {
		w[i] = uint64(i)
	}
	for i := range w {
		Line(unsafe.Pointer(&w[i]))
	}
	Lines4(unsafe.Pointer(&w[0]))
	Lines4(unsafe.Pointer(&w[32]))
	for i := range w {
		if w[i] != uint64(i) {
			t.Fatalf("word %d changed: %d", i, w[i])
		}
	}
}
