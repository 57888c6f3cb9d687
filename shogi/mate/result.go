package mate

import (
	"fmt"
	"strings"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// Kind is the answer of a search.
type Kind uint8

const (
	// Unknown means a limit or cancellation ended the search first.
	Unknown Kind = iota
	// Mate means the attacker mates and Result.Moves holds a line that
	// the independent verifier accepted. A proven mate whose line no
	// verifier accepted is Unknown, with Result.Proven set.
	Mate
	// NoMate means it was proven that the attacker cannot mate.
	NoMate
)

// String returns "unknown", "mate" or "nomate".
func (k Kind) String() string {
	switch k {
	case Mate:
		return "mate"
	case NoMate:
		return "nomate"
	}
	return "unknown"
}

// Result is the answer to one problem.
type Result struct {
	// Kind is the answer: Mate (proven and a verified line in Moves),
	// NoMate (proven) or Unknown.
	Kind Kind
	// Proven reports that the proof search proved the mate. With Kind
	// Unknown it means the mate is proven but no line passed the verifier
	// before the search ended: Candidate then holds the line that was
	// found, which must never be presented as the answer.
	Proven bool
	// Candidate and CandidateUSI are the unverified line of a proven mate
	// (Kind Unknown, Proven true); empty otherwise.
	Candidate    []shogi.Move
	CandidateUSI []string
	// Length is the length of the line in plies (0 unless Kind is Mate).
	Length int
	// Moves is the solution line (see Solve for which line), and USI its
	// USI spelling.
	Moves []shogi.Move
	USI   []string
	// Minimal reports that Length is proven minimal under the rules (tsume:
	// the composers' length with futile interpositions not counted; mate:
	// plain minimax length): the exact-length search completed, or the
	// shortening proved no mate within two fewer plies.
	Minimal bool
	// Verified reports that the independent verifier accepted the line;
	// Verification says what it checked (or what failed).
	Verified     bool
	Verification Verification
	// Stats are the proof search's statistics; ExactNodes is the work of
	// the exact-length search.
	Stats      core.Stats
	ExactNodes uint64
	// Hashfull is the proof table's fill in per mille at the end.
	Hashfull int
	// RootPN and RootDN are the root's proof and disproof numbers, what was
	// learned when the answer is Unknown.
	RootPN, RootDN core.PN
	// Stop says why the proof search ended.
	Stop core.StopReason
	// Threads is how many threads the proof search ran on (Options.Threads,
	// or 1 when the search could not run in parallel, e.g. under PN*).
	Threads int
	// Elapsed is the wall-clock time of the whole call.
	Elapsed time.Duration
	// LineElapsed is, for a Mate, the time from the call's start until a
	// line of Length plies was first found: when the answer's length was
	// reached, while the rest of Elapsed went to shortening it further or
	// proving it minimal.
	LineElapsed time.Duration
	// LineNodes is, for a Mate whose line came from the line phase, that
	// phase's nodes (bounded searches and proof walks) until a line of
	// Length plies was first found: LineElapsed counted in work, the same
	// on any machine and under any load.
	LineNodes uint64
	// Note explains a partial answer (e.g. why the line is not minimal).
	Note string
}

// Nodes returns the total search effort: proof-search expansions plus
// exact-search nodes.
func (r *Result) Nodes() uint64 { return r.Stats.Expanded + r.ExactNodes }

// Progress is reported about every second during a search, whatever the
// phase: no phase of Solve runs longer than the interval without a report.
type Progress struct {
	// Phase is "proof" (the proof-number search), "minimal" (the
	// exact-length search), "shorten" (a bounded search of the line
	// phase), "line" (walking a proven horizon's line), "repair"
	// (checking a line's defences one by one) or "verify" (the
	// independent verifier).
	Phase string
	// Nodes are the phase's expansions: the current search's ("proof",
	// "minimal", "shorten"), the line phase's so far ("line", "repair"),
	// or the verifier's ("verify").
	Nodes          uint64
	NodesPerSecond float64
	Hashfull       int
	// RootPN and RootDN are the current core search's root numbers
	// ("proof", "shorten"; zero otherwise).
	RootPN, RootDN core.PN
	Elapsed        time.Duration
	// Length is the line phase's current length in plies: the horizon
	// searched or walked ("shorten", "line"), or the line repaired or
	// verified ("repair", "verify"); 0 outside the line phase.
	Length int
	// Best is the shortest line found so far (0: none yet); BestVerified,
	// that the verifier has accepted it.
	Best         int
	BestVerified bool
	// Ply is how far along the line of Length plies the walker, the
	// repair or the verifier is.
	Ply int
	// Alternatives, Settled and Open are the verifier's counts on the
	// line it checks ("verify"): the defender's alternatives met so far,
	// those settled (mated in time or futile), and those its budget has
	// left open for the retries.
	Alternatives, Settled, Open int
}

// HasRoot reports whether RootPN and RootDN are those of a running core
// search (the "proof" and "shorten" phases).
func (p Progress) HasRoot() bool { return p.Phase == "proof" || p.Phase == "shorten" }

// LineText spells the line phase's part of p ("length 463 ply 120
// alternatives 200 settled 180 open 20 best 465 verified"), empty outside
// the line phase: what both front ends print after the node counts.
func (p Progress) LineText() string {
	var b strings.Builder
	if p.Length > 0 {
		fmt.Fprintf(&b, " length %d", p.Length)
	}
	switch p.Phase {
	case "line", "repair", "verify":
		fmt.Fprintf(&b, " ply %d", p.Ply)
	}
	if p.Phase == "verify" {
		fmt.Fprintf(&b, " alternatives %d settled %d open %d", p.Alternatives, p.Settled, p.Open)
	}
	if p.Best > 0 {
		state := "unverified"
		if p.BestVerified {
			state = "verified"
		}
		fmt.Fprintf(&b, " best %d %s", p.Best, state)
	}
	return strings.TrimPrefix(b.String(), " ")
}
