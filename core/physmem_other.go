//go:build !linux

package core

// PhysicalMemoryMB returns 0 (unknown) where there is no sysinfo(2).
func PhysicalMemoryMB() uint64 { return 0 }
