//go:build !unix

package core

// region falls back to a Go slice where mmap is unavailable.
type region struct {
	words []uint64
}

func allocRegion(size int, opts TableOptions) (*region, error) {
	return &region{words: make([]uint64, size/8)}, nil
}

func (r *region) free() error { r.words = nil; return nil }

func (r *region) hugePages() bool { return false }

func (r *region) wipe() { clear(r.words) }
