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

// progressHook is the callback installed on a solver: report is the cgo
// trampoline into the C function pointer, interval how often to call it.
type progressHook struct {
	report   func(progress)
	interval time.Duration
}

// newProgressHook clamps the interval to the documented minimum.
func newProgressHook(report func(progress), intervalMS uint32) *progressHook {
	iv := time.Duration(intervalMS) * time.Millisecond
	if iv < minProgressInterval {
		iv = minProgressInterval
	}
	return &progressHook{report: report, interval: iv}
}
