//go:build !amd64 || race

package core

import "sync/atomic"

// storeWord writes one word of a table entry while its writer holds the
// entry's seqlock. Outside amd64 (weaker memory orders) and under the race
// detector the store is atomic; see store_plain.go.
func storeWord(p *uint64, v uint64) { atomic.StoreUint64(p, v) }

// loadWord reads one word of a table entry between the two loads of its
// sequence word; see store_plain.go.
func loadWord(p *uint64) uint64 { return atomic.LoadUint64(p) }
