package mate

import (
	"fmt"
	"time"

	"github.com/tsume-solver/tsume/core"
)

// Options configure one Solve call.
type Options struct {
	// Rules selects tsume rules (the default) or mate-search rules.
	Rules Rules
	// Algorithm selects the proof search (default df-pn with TCA and SNDA).
	Algorithm Algorithm
	// HashMB sizes the table of a one-shot Solve (ignored by a Solver,
	// which owns its table). 0 means DefaultHashMB.
	HashMB int
	// NodeLimit bounds the proof search's expanded nodes (0: none).
	NodeLimit uint64
	// ExactNodeLimit bounds the exact-length search after the first proof
	// (0: scaled to the proof's effort, see DefaultExactNodes). Past it the
	// line is reported non-minimal. Under tsume rules the tie-break on the
	// end of a longer line (fewest spare pieces) has a budget of its own
	// of the same size; past it the line keeps the shortening's choices.
	ExactNodeLimit uint64
	// LineNodeLimit bounds the line search after the first proof: the
	// nodes of its bounded searches, walks and repairs (0: none, the time
	// limit alone). Unlike a time limit it ends the search at the same
	// point on every run of one thread, whatever the machine's load; the
	// answer is then the best verified line so far.
	LineNodeLimit uint64
	// TimeLimit bounds the whole call's wall-clock time (0: none).
	TimeLimit time.Duration
	// DefenderToMove makes the root an AND node: the side to move defends
	// and the question is whether every reply loses.
	DefenderToMove bool
	// AutoDefender makes the root an AND node exactly when the side to
	// move is in check: the question is then whether it is mated (an
	// even-length answer), as an engine asks at a node where it is in
	// check. Otherwise the side to move attacks. It overrides
	// DefenderToMove.
	AutoDefender bool
	// Progress, if set, is called from the searching goroutine about every
	// ProgressEvery.
	Progress func(Progress)
	// ProgressEvery is the interval between Progress calls (0: one second;
	// at least 10 ms).
	ProgressEvery time.Duration
	// Threads is the number of threads of the proof search and of the line
	// search's large bounded searches (0 or 1: one; at most MaxThreads),
	// all over the solver's one table (see core.Options.Threads); the line
	// walker's small searches, the exact-length search and the verifier
	// run on one.
	// The answer (mate or no mate) does not depend on it; node counts and
	// the line found may.
	Threads int
	// ProofLeaves makes the proof search count, after a proof, the
	// terminal nodes of its proof tree (Result.Stats.Terminal, the
	// papers' TE; see core.Options.ProofLeaves). Statistics only.
	ProofLeaves bool
}

// MaxThreads is the largest Options.Threads accepted.
const MaxThreads = core.MaxThreads

// progressEvery is the effective progress interval of o.
func (o Options) progressEvery() time.Duration {
	if o.ProgressEvery <= 0 {
		return time.Second
	}
	return max(o.ProgressEvery, 10*time.Millisecond)
}

// DefaultHashMB is the table size of a one-shot Solve.
const DefaultHashMB = 256

// MinHashMB and MaxHashMB bound the table size (MiB) every front end
// accepts; CheckHashMB also refuses more than the machine's memory.
const (
	MinHashMB = 1
	MaxHashMB = 1 << 20
)

// CheckHashMB is the one rule for table sizes, shared by the command line,
// the USI engine, the C ABI and Python: at least MinHashMB, and no more
// than the machine's physical memory (a table that does not fit would be
// paged out or killed far from the call that asked for it). The error
// names the figure.
func CheckHashMB(mb int) error {
	if mb < MinHashMB || mb > MaxHashMB {
		return fmt.Errorf("hash size %d MiB is out of range (%d..%d)", mb, MinHashMB, MaxHashMB)
	}
	if total := core.PhysicalMemoryMB(); total > 0 && uint64(mb) > total {
		return fmt.Errorf("hash size %d MiB exceeds this machine's %d MiB of memory", mb, total)
	}
	return nil
}

// DefaultExactNodes is the least default budget of the exact-length
// search; the default grows with the proof (ExactNodesPerProofNode per
// node the proof search expanded) up to MaxDefaultExactNodes, so a hard
// proof gets a proportionate line search and an easy one answers quickly.
const (
	DefaultExactNodes      = 5_000_000
	ExactNodesPerProofNode = 100
	MaxDefaultExactNodes   = 100_000_000
)

// validate names the first bad option.
func (o *Options) validate() error {
	if o.Rules != Tsume && o.Rules != MateSearch {
		return fmt.Errorf("mate: unknown rules %d", o.Rules)
	}
	if int(o.Algorithm) >= len(algorithmNames) {
		return fmt.Errorf("mate: unknown algorithm %d", o.Algorithm)
	}
	if o.HashMB != 0 {
		if err := CheckHashMB(o.HashMB); err != nil {
			return fmt.Errorf("mate: %w", err)
		}
	}
	if o.TimeLimit < 0 {
		return fmt.Errorf("mate: negative time limit %v", o.TimeLimit)
	}
	if o.Threads < 0 || o.Threads > MaxThreads {
		return fmt.Errorf("mate: %d threads: want 1..%d (0 means 1)", o.Threads, MaxThreads)
	}
	return nil
}
