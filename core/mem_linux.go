//go:build linux

package core

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

const hugePage = 2 << 20

// region is table memory obtained from an anonymous mapping outside the Go
// heap, so the garbage collector never scans or moves it.
type region struct {
	mapping []byte // the whole mapping (for Munmap)
	win     []byte // the 2 MiB aligned window the table uses
	words   []uint64
	hugetlb bool
}

// allocRegion maps size bytes (a multiple of 2 MiB), 2 MiB aligned. With
// opts.HugeTLB it first tries MAP_HUGETLB (reserved huge pages) and falls
// back to ordinary pages, for which transparent huge pages are requested
// (MADV_HUGEPAGE) unless opts.NoHugePages (MADV_NOHUGEPAGE, which also
// overrides a system-wide "always"). A huge-page fault zeroes (and may
// first compact) 2 MiB, but a search only touches the region in use, which
// starts at 16 MiB (initialBuckets): a short problem faults in at most
// eight huge pages. Measured on this machine with a 1 GiB table: a 9-ply
// problem 0.02 s either way; the 41-ply Microcosmos tail's first proof
// 0.15-0.18 s of CPU with 4 KiB pages, 0.14-0.17 s with huge pages; the
// 201-ply tail's (2.5 M expansions) 8.3-9.6 s with huge pages requested
// after a second of search, 7.6-8.8 s with them from the start (three
// pairs, each faster).
func allocRegion(size int, opts TableOptions) (*region, error) {
	// Without MAP_NORESERVE the kernel reserves the huge pages now, so a
	// shortage fails here rather than with SIGBUS on first touch.
	if opts.HugeTLB && !opts.NoHugePages {
		m, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE,
			unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_HUGETLB)
		if err == nil {
			return &region{mapping: m, win: m, words: wordsOf(m), hugetlb: true}, nil
		}
	}
	// Over-map by one huge page so a 2 MiB aligned window always fits.
	m, err := unix.Mmap(-1, 0, size+hugePage, unix.PROT_READ|unix.PROT_WRITE,
		unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_NORESERVE)
	if err != nil {
		return nil, fmt.Errorf("core: mmap of %d bytes for the table: %w", size, err)
	}
	off := 0
	if rem := int(uintptr(unsafe.Pointer(&m[0])) % hugePage); rem != 0 {
		off = hugePage - rem
	}
	win := m[off : off+size]
	// Transparent huge pages are only a request: failure is not an error.
	if !opts.NoHugePages {
		_ = unix.Madvise(win, unix.MADV_HUGEPAGE)
	} else {
		_ = unix.Madvise(win, unix.MADV_NOHUGEPAGE)
	}
	return &region{mapping: m, win: win, words: wordsOf(win)}, nil
}

// wipe zeroes the region by handing its pages back to the kernel (a
// private anonymous mapping reads as zero afterwards), without touching
// pages that were never used.
func (r *region) wipe() {
	if r.win == nil {
		return
	}
	if unix.Madvise(r.win, unix.MADV_DONTNEED) != nil {
		clear(r.words)
	}
}

func wordsOf(b []byte) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), len(b)/8)
}

func (r *region) free() error {
	if r.mapping == nil {
		return nil
	}
	err := unix.Munmap(r.mapping)
	r.mapping, r.win, r.words = nil, nil, nil
	return err
}

// hugePages reports whether the region is backed by huge pages: always for
// MAP_HUGETLB, else when the kernel shows AnonHugePages for the mapping.
func (r *region) hugePages() bool {
	if r.hugetlb {
		return true
	}
	if len(r.words) == 0 {
		return false
	}
	start := uint64(uintptr(unsafe.Pointer(&r.words[0])))
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return false
	}
	defer f.Close()
	return smapsHuge(f, start)
}

// smapsHuge reports whether the mapping of /proc/self/smaps text r that
// contains address start shows AnonHugePages above 0 kB.
func smapsHuge(r io.Reader, start uint64) bool {
	sc := bufio.NewScanner(r)
	inside := false
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '-'); i > 0 && !strings.Contains(line[:i], ":") && !strings.HasSuffix(line, ":") {
			lo, err1 := strconv.ParseUint(line[:i], 16, 64)
			rest := line[i+1:]
			j := strings.IndexByte(rest, ' ')
			if err1 == nil && j > 0 {
				hi, err2 := strconv.ParseUint(rest[:j], 16, 64)
				inside = err2 == nil && lo <= start && start < hi
				continue
			}
		}
		if inside && strings.HasPrefix(line, "AnonHugePages:") {
			fields := strings.Fields(line)
			if len(fields) >= 2 {
				kb, _ := strconv.ParseUint(fields[1], 10, 64)
				return kb > 0
			}
		}
	}
	return false
}
