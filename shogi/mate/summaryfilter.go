package mate

import (
	"sync/atomic"

	"github.com/tsume-solver/tsume/core"
)

// summaryFilter remembers which boards may have a horizon summary (see
// boundedGame.Decided), so that boundedGame.Terminal skips the summary
// probes of a board that has none. Terminal probes both summaries for
// nearly every new child the unbounded entry does not decide, and most
// probes find nothing: each is a cache miss in a table of hundreds of
// megabytes, while the filter is a few megabytes. A bit is set before the
// summary is stored and never cleared while the table holds entries, so a
// clear bit means no summary for any hand on that board (boards that share
// a bit only cost the probes); the answers and the expansions are those
// of the probes alone. Measured on the Microcosmos tail 81 (1 GiB, the
// line phase stopped at 3 M expansions, one core, five runs each, the
// same expansions): the whole solve's user time 0.93x, its CPU time 0.91x
// (medians of the paired ratios).
type summaryFilter struct {
	bits []uint64
	mask uint64 // the number of bits minus one
}

// newSummaryFilter returns an empty filter for a table of hashMB MiB: one
// bit per 16 bytes of table, 8 MiB at 1 GiB.
func newSummaryFilter(hashMB int) *summaryFilter {
	n := uint64(1) << 12
	for n < uint64(max(hashMB, 1))<<16 {
		n <<= 1
	}
	return &summaryFilter{bits: make([]uint64, n/64), mask: n - 1}
}

// bit returns the word index and the mask of board's bit.
func (f *summaryFilter) bit(board uint64) (int, uint64) {
	h := (board * 0xff51afd7ed558ccd) >> 32 & f.mask
	return int(h >> 6), 1 << (h & 63)
}

// note records that board may have a summary. It is called before the
// summary is stored.
func (f *summaryFilter) note(board uint64) {
	w, m := f.bit(board)
	if atomic.LoadUint64(&f.bits[w])&m == 0 {
		atomic.OrUint64(&f.bits[w], m)
	}
}

// may reports whether board may have a summary.
func (f *summaryFilter) may(board uint64) bool {
	w, m := f.bit(board)
	return atomic.LoadUint64(&f.bits[w])&m != 0
}

// clear forgets every board (the table was cleared).
func (f *summaryFilter) clear() { clear(f.bits) }

// summaryBoard is the board word under which a position's summaries are
// filtered: the unsalted key's.
func summaryBoard(k core.Key) uint64 { return k.Board }
