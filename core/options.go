package core

import (
	"errors"
	"fmt"
	"time"
)

// Algorithm selects the search algorithm.
type Algorithm uint8

const (
	// DFPN is depth-first proof-number search (Nagai 2002), optionally with
	// TCA, SNDA, WPNS or df-pn(r).
	DFPN Algorithm = iota
	// PNStar is PN* (Seo, Iida, Uiterwijk 2001): proof-number threshold
	// iterative deepening with recursive iterative deepening at OR nodes.
	PNStar
	// CStar is C* (Seo 1995, chapter 4): conspiracy-number threshold
	// iterative deepening with multiple iterative deepening below AND
	// nodes (cstar.go; CSTAR.md lists how it differs from PN*).
	CStar
)

// String names the algorithm.
func (a Algorithm) String() string {
	switch a {
	case DFPN:
		return "df-pn"
	case PNStar:
		return "pn*"
	case CStar:
		return "c*"
	}
	return fmt.Sprintf("algorithm(%d)", uint8(a))
}

// Options select the algorithm and its limits. The zero value is plain
// df-pn without limits.
type Options struct {
	Algorithm Algorithm
	// df-pn variants (ignored by PN* and C*):
	TCA   bool // threshold controlling algorithm against infinite loops
	SNDA  bool // source node detection against double counting in DAGs
	WPNS  bool // weak proof-number search: max + (unproven children - 1)
	DFPNR bool // df-pn(r): ignore old children (minimal distance)
	// SNDAOROnly applies SNDA's max at OR nodes only (to disproof
	// numbers); AND nodes sum their children's proof numbers as plain
	// df-pn. Measured on ten Microcosmos tails (31..151 plies, capped at
	// 1.5 M expansions, TCA, non-promotions delayed): the geometric mean
	// of expansions was 467 k with SNDA at both node types, 324 k with
	// SNDA at OR nodes only (TCA alone: 489 k, capped at 2 M). Probably
	// because in tsume-shogi many AND-node "sources" are interpositions
	// whose continuations share a board but not the hands (parent
	// pointers match boards only), and the max made proof numbers far too
	// small there. Requires SNDA.
	SNDAOROnly bool
	// Epsilon, when positive, is the 1+ε trick (Pawlewicz and Lew 2007):
	// the best child's threshold is the second-best number × (1+Epsilon)
	// instead of + 1. 0 (the default) is Nagai's rule, which the zero
	// Options promise. With TCA+SNDA on tails of Microcosmos (21..91 plies
	// to mate), ε = 0.25 expanded 0.61-1.01× the nodes of ε = 0 on seven
	// tails and 0.22× on the 91-ply one (2249471 -> 485792); shogi callers
	// should try it.
	Epsilon float64

	// CStarANDCost makes C* count one for every unsolved AND node on top
	// of its children's sum: Elkan's (1989) modified conspiracy numbers,
	// which the thesis mentions (§3.3, §4.6) and leaves out, since
	// conspiracy numbers alone do not grow with depth and C* relies on
	// the game's finiteness. With it a line of forced replies costs its
	// length, so a threshold bounds the depth searched. Ignored by the
	// other algorithms.
	CStarANDCost bool
	// CStarBestFirst makes C*'s OR nodes try their children smallest
	// stored number first (PN*'s order; stable, so the game's order among
	// equals) instead of in the game's order, which the thesis refines
	// only with killer moves (§4.5.2). Ignored by the other algorithms.
	CStarBestFirst bool

	// ProofLeaves counts, after a proof, the terminal nodes of the proof
	// tree stored in the table (Stats.Terminal, the papers' TE), visiting
	// at most 2^20 of its nodes. Off, Stats.Terminal is 0: the count costs
	// up to that many table probes per proof and only statistics need it.
	ProofLeaves bool

	NodeLimit uint64        // stop after this many expanded nodes (0 = none)
	TimeLimit time.Duration // stop after this much wall-clock time (0 = none)
	// Widen runs the iterative-widening driver when the game implements
	// Widening; otherwise the widest step is searched.
	Widen bool
	// Progress, if set, is called from the searching goroutine about
	// every ProgressEvery (default 1 s).
	Progress      func(Progress)
	ProgressEvery time.Duration

	// Threads is the number of threads df-pn searches with, all over the
	// one table (see parallel.go); 0 and 1 mean one. More than one needs
	// a game that implements Cloner, else one thread searches
	// (Result.Threads says how many did). PN* and C* always run one thread.
	// With more
	// than one thread, Progress reports the expansions of all threads and
	// the other statistics of the calling goroutine's thread.
	Threads int
}

// MaxThreads is the largest Options.Threads accepted.
const MaxThreads = 256

// Progress is what the progress callback receives.
type Progress struct {
	Stats          Stats
	Hashfull       int // per mille
	RootPN, RootDN PN
}

func (o *Options) validate() error {
	if o.Algorithm != DFPN && o.Algorithm != PNStar && o.Algorithm != CStar {
		return fmt.Errorf("core: unknown algorithm %d", o.Algorithm)
	}
	if o.WPNS && o.SNDA {
		return errors.New("core: WPNS and SNDA are alternative ways to combine children; choose one")
	}
	if o.SNDAOROnly && !o.SNDA {
		return errors.New("core: SNDAOROnly restricts SNDA, which is off")
	}
	if !(o.Epsilon >= 0 && o.Epsilon <= 1e6) {
		return fmt.Errorf("core: epsilon %v: must be a number from 0 to 1e6", o.Epsilon)
	}
	if o.TimeLimit < 0 {
		return fmt.Errorf("core: negative time limit %v", o.TimeLimit)
	}
	if o.ProgressEvery < 0 {
		return fmt.Errorf("core: negative progress interval %v", o.ProgressEvery)
	}
	if o.Threads < 0 || o.Threads > MaxThreads {
		return fmt.Errorf("core: %d threads: want 0 or 1 (one thread) to %d", o.Threads, MaxThreads)
	}
	return nil
}

// StopReason says why a search ended.
type StopReason uint8

const (
	// Finished means the root was proven or disproven (or, for a
	// widening step, the step's search ran to its end).
	Finished StopReason = iota
	// NodeLimitReached means Options.NodeLimit was reached.
	NodeLimitReached
	// TimeLimitReached means Options.TimeLimit ran out.
	TimeLimitReached
	// Cancelled means the context was cancelled or Stop was called.
	Cancelled
)

// String names the reason.
func (r StopReason) String() string {
	switch r {
	case Finished:
		return "finished"
	case NodeLimitReached:
		return "node limit"
	case TimeLimitReached:
		return "time limit"
	case Cancelled:
		return "cancelled"
	}
	return "invalid-stop-reason"
}

// StepResult records one iterative-widening step.
type StepResult struct {
	Step    int
	Narrows Side
	Outcome Outcome
	Stats   Stats
}

// Result is what Solve returns.
type Result struct {
	Outcome        Outcome
	BestMove       Move   // the proving move at an OR root, a refutation at an AND root
	Length         uint32 // proof length in plies when proven
	RootPN, RootDN PN
	Stats          Stats
	Stop           StopReason
	Steps          []StepResult // one per widening step when widening ran
	// Threads is the number of threads that searched (the last step's,
	// when widening ran): Options.Threads, or 1 when the game does not
	// implement Cloner, PN* ran, or the search ended within the first
	// expansions, which one thread makes alone (see parallel.go). 0 when
	// nothing was searched.
	Threads int
	Err     error // bad input (nil game or table, bad options)
}
