//go:build !amd64

package prefetch

import "unsafe"

// Line does nothing where there is no prefetch instruction.
func Line(p unsafe.Pointer) {}

// Lines4 does nothing where there is no prefetch instruction.
func Lines4(p unsafe.Pointer) {}
