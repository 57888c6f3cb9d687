package main

import (
	"math"
	"sync/atomic"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// Limits on what a caller may ask for. They exist so that an absurd value
// (a garbage struct, a size in bytes passed as MiB) is an error rather than
// an attempt to map a terabyte.
const (
	minHashMB     = mate.MinHashMB
	maxHashMB     = mate.MaxHashMB // 1 TiB, the header's documented maximum
	maxCacheMB    = 1 << 12        // 4 GiB of cached answers
	defaultHashMB = 256
	defaultCache  = 16

	// heapMarginMB is the documented Go-heap margin of one search
	// (tsume.h, "Memory"): a solver needs hash_mb + cache_mb + this.
	heapMarginMB = 64

	maxSFENBytes  = 4 << 10  // an SFEN is under 200 bytes; 4 KiB is generous
	maxMovesBytes = 1 << 20  // 1 MiB of USI moves: over 100k plies
	maxSGFBytes   = 16 << 20 // a whole game record with comments
	maxNameBytes  = 256      // vertices, vertex lists per stone, strategy names
	maxListBytes  = 64 << 10 // stone lists of a 19x19 board
)

// solverOptions is tsume_solver_options after validation.
type solverOptions struct {
	hashMB    uint32
	hugePages bool
	cacheMB   uint32
}

// defaultSolverOptions are TSUME_SOLVER_OPTIONS_INIT.
func defaultSolverOptions() solverOptions {
	return solverOptions{hashMB: defaultHashMB, cacheMB: defaultCache}
}

// newSolverOptions validates the raw fields of tsume_solver_options.
func newSolverOptions(hashMB uint32, hugePages int32, cacheMB uint32) (solverOptions, error) {
	if err := mate.CheckHashMB(int(hashMB)); err != nil {
		// One rule for every front end (shogi/mate.CheckHashMB): a size
		// outside the range is a bad argument, one the range allows but
		// the machine cannot hold is memory that cannot be had.
		st := StatusNoMemory
		if hashMB < minHashMB || hashMB > maxHashMB {
			st = StatusInvalidArgument
		}
		return solverOptions{}, errorf(st, "hash_mb: %v", err)
	}
	if hugePages != 0 && hugePages != 1 {
		return solverOptions{}, errorf(StatusInvalidArgument, "huge_pages = %d must be 0 or 1", hugePages)
	}
	if cacheMB > maxCacheMB {
		return solverOptions{}, errorf(StatusInvalidArgument,
			"cache_mb = %d is out of range (0 .. %d MiB)", cacheMB, maxCacheMB)
	}
	return solverOptions{hashMB: hashMB, hugePages: hugePages == 1, cacheMB: cacheMB}, nil
}

// budgetMB is a solver's documented worst case: table + cache + heap margin.
func (o solverOptions) budgetMB() uint64 {
	return uint64(o.hashMB) + uint64(o.cacheMB) + heapMarginMB
}

// reservedMB sums the budgets of the live solvers of this process.
var reservedMB atomic.Uint64

// reserveMemory admits a solver only if its budget, with those of the
// solvers already alive, fits in the machine's physical memory: a table
// that does not fit would only be paged out or killed later, far from the
// call that asked for it. This is how the library caps its own use. The
// reservation is returned by releaseMemory when the solver is freed.
func (o solverOptions) reserveMemory() error {
	need := o.budgetMB()
	total := core.PhysicalMemoryMB() // 0: cannot tell; let the mmap decide
	for {
		held := reservedMB.Load()
		if total > 0 && held+need > total {
			return errorf(StatusNoMemory,
				"hash_mb %d + cache_mb %d + %d MiB margin, with %d MiB held by other solvers, exceeds this machine's %d MiB of memory",
				o.hashMB, o.cacheMB, heapMarginMB, held, total)
		}
		if reservedMB.CompareAndSwap(held, held+need) {
			return nil
		}
	}
}

// releaseMemory returns a solver's reservation.
func (o solverOptions) releaseMemory() { reservedMB.Add(-o.budgetMB()) }

// limits are the per-query search limits; zero means none.
type limits struct {
	nodes uint64
	time  time.Duration
	plays int64 // board plays (capture game only); never negative
	// lineNodes bounds a shogi mate's line search after the first proof.
	lineNodes uint64
}

// newLimits converts the query fields (time in milliseconds).
func newLimits(nodes uint64, timeMS uint32) limits {
	return limits{nodes: nodes, time: time.Duration(timeMS) * time.Millisecond}
}

// playsBudget maps tsume_capture_query.plays_limit to reading.Options.Plays.
// A budget above MaxInt64 plays could never be spent, so it means no limit
// (0), as tsume.h documents, rather than wrapping to a negative number.
func playsBudget(limit uint64) int64 {
	if limit > math.MaxInt64 {
		return 0
	}
	return int64(limit)
}
