package prefetch

import "unsafe"

// Line starts loading the cache line at p without waiting for it.
//
//go:noescape
func Line(p unsafe.Pointer)
