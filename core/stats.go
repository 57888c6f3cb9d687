package core

import "time"

// Stats are the search statistics the papers report.
type Stats struct {
	Generated  uint64        // GE: child nodes generated
	Expanded   uint64        // EX: nodes expanded (moves generated)
	ReExpanded uint64        // nodes expanded that had been expanded before
	Iterations uint64        // IT: iterations at the root
	Terminal   uint64        // TE: terminal nodes (leaves) in the proof tree, when proven and Options.ProofLeaves
	TableHits  uint64        // table probes that found an entry
	Elapsed    time.Duration // wall-clock time
}

// ReExpansionRatio returns RE = ReExpanded / Expanded (0 when nothing was expanded).
func (s Stats) ReExpansionRatio() float64 {
	if s.Expanded == 0 {
		return 0
	}
	return float64(s.ReExpanded) / float64(s.Expanded)
}

// BranchingFactor returns BR = Generated / Expanded.
func (s Stats) BranchingFactor() float64 {
	if s.Expanded == 0 {
		return 0
	}
	return float64(s.Generated) / float64(s.Expanded)
}

// NodesPerSecond returns expanded nodes per second of Elapsed.
func (s Stats) NodesPerSecond() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Expanded) / s.Elapsed.Seconds()
}
