//go:build linux

package core

import "golang.org/x/sys/unix"

// PhysicalMemoryMB returns the machine's RAM in MiB, 0 when unknown.
func PhysicalMemoryMB() uint64 {
	var si unix.Sysinfo_t
	if unix.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit) >> 20
}
