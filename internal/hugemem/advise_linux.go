package hugemem

import "golang.org/x/sys/unix"

// advise asks for transparent huge pages; a refusal is not an error.
func advise(b []byte) { _ = unix.Madvise(b, unix.MADV_HUGEPAGE) }
