package main

import "time"

// progress mirrors struct tsume_progress.
type progress struct {
	nodes          uint64
	nodesPerSecond float64
	hashfull       uint32
	rootPN, rootDN uint64 // math.MaxUint64: infinite
	elapsed        time.Duration
}

// Progress callbacks are called at least this far apart (tsume.h: "at least 10").
const minProgressInterval = 10 * time.Millisecond

// progressHook is the callback installed on a solver: call is the cgo
// trampoline into the C function pointer, interval how often to call it.
type progressHook struct {
	call     func(progress)
	interval time.Duration
	last     time.Duration // elapsed time of the last call in this search
}

// newProgressHook clamps the interval to the documented minimum.
func newProgressHook(call func(progress), intervalMS uint32) *progressHook {
	iv := time.Duration(intervalMS) * time.Millisecond
	if iv < minProgressInterval {
		iv = minProgressInterval
	}
	return &progressHook{call: call, interval: iv}
}

// start resets the spacing at the beginning of a search.
func (h *progressHook) start() { h.last = -h.interval }

// report passes p on unless the previous call of this search was less than
// an interval ago (a solver may report more often than the host asked).
func (h *progressHook) report(p progress) {
	if p.elapsed-h.last < h.interval {
		return
	}
	h.last = p.elapsed
	h.call(p)
}
