// Package hugemem allocates slices that the kernel may back with
// transparent huge pages. A game's caches of a few MiB are read at random
// addresses, several times per node: with 4 KiB pages most of those reads
// also miss the TLB (a page walk each), with 2 MiB pages few do.
package hugemem

import "unsafe"

const hugePage = 2 << 20

// Slice returns n zero values of T on the Go heap. When they span at least
// one huge page, the slice starts on a 2 MiB boundary and its memory is
// advised for transparent huge pages (Linux; elsewhere, and when the
// boundary cannot be met, it is an ordinary slice). The garbage collector
// owns it like any other slice.
func Slice[T any](n int) []T {
	var z T
	size := int(unsafe.Sizeof(z))
	if size == 0 || hugePage%size != 0 || n*size < hugePage {
		return make([]T, n)
	}
	buf := make([]T, n+hugePage/size)
	off := (hugePage - int(uintptr(unsafe.Pointer(&buf[0]))%hugePage)) % hugePage
	if off%size != 0 {
		return buf[:n:n]
	}
	s := buf[off/size : off/size+n : off/size+n]
	whole := n * size / hugePage * hugePage
	advise(unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), whole))
	return s
}
