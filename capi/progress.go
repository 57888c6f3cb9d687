package main

import (
	"time"

	"github.com/tsume-solver/tsume/shogi/mate"
)

// progress is one report in the form both C structs are filled from:
// tsume_progress takes the fields every phase shares, tsume_phase_progress
// all of them.
type progress struct {
	phase          string // shogi/mate's Progress.Phase; "proof" for the capture game
	nodes          uint64
	nodesPerSecond float64
	hashfull       uint32
	rootPN, rootDN uint64 // math.MaxUint64: infinite
	elapsed        time.Duration

	// The line phase's figures (mate.Progress), 0 outside it.
	length, ply, best              uint32
	bestVerified                   bool
	alternatives, settled, openAlt uint32
}

// shogiProgress converts shogi/mate's report.
func shogiProgress(p mate.Progress) progress {
	return progress{
		phase:          p.Phase,
		nodes:          p.Nodes,
		nodesPerSecond: p.NodesPerSecond,
		hashfull:       clampU32(p.Hashfull),
		rootPN:         uint64(p.RootPN),
		rootDN:         uint64(p.RootDN),
		elapsed:        p.Elapsed,
		length:         clampU32(p.Length),
		ply:            clampU32(p.Ply),
		best:           clampU32(p.Best),
		bestVerified:   p.BestVerified,
		alternatives:   clampU32(p.Alternatives),
		settled:        clampU32(p.Settled),
		openAlt:        clampU32(p.Open),
	}
}

// clampU32 fits a count into a uint32_t field (negative: 0).
func clampU32(n int) uint32 {
	return uint32(min(max(n, 0), 1<<32-1))
}

// Phases of tsume.h's enum tsume_phase, by shogi/mate's names.
const (
	phaseProof = iota
	phaseMinimal
	phaseShorten
	phaseLine
	phaseRepair
	phaseVerify
	phaseOther
)

// phaseNumber is tsume_phase of a phase name; a phase this version of
// tsume.h does not list is TSUME_PHASE_OTHER (its name still goes out).
func phaseNumber(name string) int32 {
	switch name {
	case "proof":
		return phaseProof
	case "minimal":
		return phaseMinimal
	case "shorten":
		return phaseShorten
	case "line":
		return phaseLine
	case "repair":
		return phaseRepair
	case "verify":
		return phaseVerify
	}
	return phaseOther
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
