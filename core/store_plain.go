//go:build amd64 && !race

package core

// storeWord writes one word of a table entry while its writer holds the
// entry's seqlock. On amd64 stores become visible in program order (TSO),
// and the compiler keeps ordinary stores between the atomic operations on
// the sequence word that surround them, so a plain store is enough: a
// reader that sees the same even sequence word before and after its loads
// has seen none of these stores or all of them. A locked XCHG per word
// (what atomic.StoreUint64 compiles to) cost most of a store. Race builds
// use atomic stores (store_atomic.go) so the detector sees the protocol.
func storeWord(p *uint64, v uint64) { *p = v }

// loadWord reads one word of a table entry between the two loads of its
// sequence word (readIn). The loads of the sequence word are atomic, and
// the compiler keeps ordinary loads between memory operations that
// surround them, which amd64 does not reorder with each other: a reader
// that sees the same even sequence word before and after has read the
// words of one write. An atomic load here makes the compiler recompute
// each word's address (a fifth more instructions in readIn).
func loadWord(p *uint64) uint64 { return *p }
