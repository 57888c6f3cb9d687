package prefetch

import "unsafe"

// Line starts loading the cache line at p without waiting for it.
//
//go:noescape
func Line(p unsafe.Pointer)

// Lines4 starts loading the four cache lines from p on (256 bytes, p
// 64-byte aligned) without waiting for them.
//
//go:noescape
func Lines4(p unsafe.Pointer)
