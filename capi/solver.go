package main

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/go_capture/reading"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// Solver states. A solver is idle or busy (one search at a time); freed is
// final, so a solve racing with tsume_solver_free sees a clear error.
const (
	stateIdle int32 = iota
	stateBusy
	stateFreed
)

// errCancelled is the cancellation cause set by tsume_cancel, so that a
// search stopped by it is told apart from one that hit its time limit.
var errCancelled = errors.New("cancelled by tsume_cancel")

// solver is what a solver handle owns: one transposition table (inside the
// shogi solver, which owns it), the result cache, the progress callback and
// the cancellation of the running search. The capture game's Abstract Proof
// Search keeps its own small table per call (go_capture/reading).
type solver struct {
	opts  solverOptions
	shogi *mate.Solver
	cache *resultCache

	// solveShogi is shogi.Solve; the tests put a stand-in here (see
	// withShogiSolve) to feed capi answers the real solver should never
	// give.
	solveShogi func(context.Context, *shogi.Position, mate.Options) (mate.Result, error)

	// capture is the capture-game solver of the last question's options
	// (see captureSolver); only the searching goroutine touches it.
	capture     *reading.Solver
	captureOpts reading.Options

	state atomic.Int32

	mu     sync.Mutex              // guards cancel
	cancel context.CancelCauseFunc // of the running search, nil when idle

	// progress is read by the search and written only while idle (callers
	// get TSUME_E_BUSY otherwise), so it needs no lock. captureProgress is
	// the same hook in go_capture/reading's form.
	progress        *progressHook
	captureProgress *reading.Progress

	// tableKind names the rule set whose entries fill the shogi table.
	// shogi/mate's keys do not include the rules, and an entry proven
	// under one rule set need not hold under the other, so the table is
	// cleared when the rules change between two searches.
	tableKind string
}

// newSolver allocates the table and the cache.
func newSolver(o solverOptions) (*solver, error) {
	if err := o.reserveMemory(); err != nil {
		return nil, err
	}
	ms, err := mate.NewSolverWith(int(o.hashMB), core.TableOptions{HugeTLB: o.hugePages})
	if err != nil {
		o.releaseMemory()
		return nil, errorf(StatusNoMemory, "transposition table of %d MiB: %v", o.hashMB, err)
	}
	c, err := newResultCache(o.cacheMB)
	if err != nil {
		ms.Close()
		o.releaseMemory()
		return nil, err
	}
	return &solver{opts: o, shogi: ms, cache: c, solveShogi: ms.Solve}, nil
}

// searchContext returns the context of a search about to start, and the
// function that ends it. The solver must be busy (acquire). tsume_cancel
// takes the same lock, so a cancel either finds this search's cancel
// function or came before the search began (and is then ignored, as
// tsume.h documents).
func (s *solver) searchContext(timeLimit time.Duration) (context.Context, func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx, cancel := context.WithCancelCause(context.Background())
	s.cancel = cancel
	stopTimer := context.CancelFunc(func() {})
	if timeLimit > 0 {
		ctx, stopTimer = context.WithTimeout(ctx, timeLimit)
	}
	return ctx, func() {
		stopTimer()
		s.mu.Lock()
		s.cancel = nil
		s.mu.Unlock()
		cancel(nil)
	}
}

// acquire moves idle to busy, or says why it cannot.
func (s *solver) acquire() error {
	if s.state.CompareAndSwap(stateIdle, stateBusy) {
		return nil
	}
	if s.state.Load() == stateFreed {
		return errorf(StatusBadHandle, "solver was freed")
	}
	return errorf(StatusBusy, "solver is already searching (one search per solver handle at a time)")
}

// release moves busy back to idle.
func (s *solver) release() { s.state.Store(stateIdle) }

// withIdle runs f while holding the solver busy, for the operations that
// must not overlap a search (clear, table info, setting the callback).
func (s *solver) withIdle(f func()) error {
	if err := s.acquire(); err != nil {
		return err
	}
	defer s.release()
	f()
	return nil
}

// requestCancel stops the running search, if any. The context reaches
// every solver package; mate.Solver.Stop also wakes a search that polls
// its own flag more often than the context.
func (s *solver) requestCancel() {
	s.mu.Lock()
	if s.cancel != nil {
		s.cancel(errCancelled)
		s.shogi.Stop()
	}
	s.mu.Unlock()
}

// close frees the table and the cache; the solver must be idle. It is
// final: later calls on the solver fail with TSUME_E_BAD_HANDLE.
func (s *solver) close() error {
	if !s.state.CompareAndSwap(stateIdle, stateFreed) {
		if s.state.Load() == stateFreed {
			return errorf(StatusBadHandle, "solver was freed")
		}
		return errorf(StatusBusy, "solver is searching: cancel it and wait for the solve call to return before freeing it")
	}
	s.cache.close()
	s.dropCapture()
	s.opts.releaseMemory()
	if err := s.shogi.Close(); err != nil {
		return errorf(StatusInternal, "closing the table: %v", err)
	}
	return nil
}

// clear empties the tables and the cache.
func (s *solver) clear() {
	s.shogi.Clear()
	s.cache.clear()
	s.tableKind = ""
	s.dropCapture() // its tables are cleared for every question anyway
}

// dropCapture releases the capture solver's mapped table at once (the
// collector does not see that memory) and forgets the solver.
func (s *solver) dropCapture() {
	if s.capture != nil {
		s.capture.Close()
		s.capture = nil
	}
}

// useTableFor clears the shogi table if it holds entries of another rule
// set than kind (see tableKind). "" (the capture game) uses no shared table.
func (s *solver) useTableFor(kind string) {
	if kind == "" || s.tableKind == kind {
		return
	}
	if s.tableKind != "" {
		s.shogi.Clear()
	}
	s.tableKind = kind
}

// stopStatus classifies how a search's context ended: cancelled by
// tsume_cancel (TSUME_E_CANCELLED), or not (a time limit is an ordinary
// UNKNOWN answer).
func stopStatus(ctx context.Context) error {
	if errors.Is(context.Cause(ctx), errCancelled) {
		return errorf(StatusCancelled, "search cancelled by tsume_cancel")
	}
	return nil
}

// statsFrom converts core statistics, adding the table fill and the wall
// time of the whole call.
func statsFrom(st core.Stats, hashfull int, wall time.Duration) stats {
	return stats{
		generated:        st.Generated,
		expanded:         st.Expanded,
		reexpanded:       st.ReExpanded,
		iterations:       st.Iterations,
		terminal:         st.Terminal,
		tableHits:        st.TableHits,
		reexpansionRatio: st.ReExpansionRatio(),
		branchingFactor:  st.BranchingFactor(),
		timeMS:           float64(wall) / float64(time.Millisecond),
		nodesPerSecond:   st.NodesPerSecond(),
		hashfull:         uint32(hashfull),
	}
}

// tableInfo reports the shared table's fill (per mille) and whether it got
// huge pages.
func (s *solver) tableInfo() (hashfull int, huge bool) {
	return s.shogi.Hashfull(), s.shogi.HugePages()
}

// setProgress installs (or, with nil, removes) the progress hook; the
// solver must be idle.
func (s *solver) setProgress(h *progressHook) {
	s.progress, s.captureProgress = h, nil
	if h == nil {
		return
	}
	// The capture game reports nodes and time only: it has no table fill,
	// and Abstract Proof Search no proof numbers (reported as 0).
	s.captureProgress = &reading.Progress{Every: h.interval, Func: func(nodes uint64, elapsed time.Duration) {
		var nps float64
		if elapsed > 0 {
			nps = float64(nodes) / elapsed.Seconds()
		}
		h.report(progress{phase: "proof", nodes: nodes, nodesPerSecond: nps, elapsed: elapsed})
	}}
}
