//go:build !linux

package main

// physicalMemory returns 0 (unknown) where there is no sysinfo(2).
func physicalMemory() uint64 { return 0 }
