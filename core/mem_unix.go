//go:build unix && !linux

package core

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// region is table memory from an anonymous mapping outside the Go heap.
// Huge pages are a Linux feature here; other Unix systems get plain pages.
type region struct {
	mapping []byte
	words   []uint64
}

func allocRegion(size int, opts TableOptions) (*region, error) {
	m, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		return nil, fmt.Errorf("core: mmap of %d bytes for the table: %w", size, err)
	}
	return &region{mapping: m, words: unsafe.Slice((*uint64)(unsafe.Pointer(&m[0])), len(m)/8)}, nil
}

func (r *region) free() error {
	if r.mapping == nil {
		return nil
	}
	err := unix.Munmap(r.mapping)
	r.mapping, r.words = nil, nil
	return err
}

func (r *region) hugePages() bool { return false }

// wipe zeroes the region. MADV_DONTNEED does not promise zero pages on
// every Unix, so this one writes.
func (r *region) wipe() { clear(r.words) }
