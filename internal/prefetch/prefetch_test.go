package prefetch

import (
	"testing"
	"unsafe"
)

// TestLineLeavesMemoryAlone: a prefetch changes no value and accepts any
// address of a live object, including the last word of a slice.
func TestLineLeavesMemoryAlone(t *testing.T) {
	w := []uint64{1, 2, 3}
	for i := range w {
		Line(unsafe.Pointer(&w[i]))
	}
	if w[0] != 1 || w[1] != 2 || w[2] != 3 {
		t.Fatalf("words changed: %v", w)
	}
}
