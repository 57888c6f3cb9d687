package main

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tsume-solver/tsume/core"
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

// solver is what a solver handle owns: one transposition table, the result
// cache, the progress callback and the cancellation of the running search.
type solver struct {
	opts  solverOptions
	table *core.Table
	cache *resultCache

	state atomic.Int32

	mu     sync.Mutex              // guards cancel
	cancel context.CancelCauseFunc // of the running search, nil when idle

	// progress is read by the search and written only while idle (callers
	// get TSUME_E_BUSY otherwise), so it needs no lock.
	progress *progressHook

	// tableGame names the kind of question whose entries fill the table
	// ("shogi/tsume/dfpn", ...). Entries of a different game or rule set
	// mean something else for the same key, so the table is cleared when
	// the kind changes.
	tableGame string
}

// newSolver allocates the table and the cache.
func newSolver(o solverOptions) (*solver, error) {
	if err := o.checkMemory(); err != nil {
		return nil, err
	}
	t, err := core.NewTable(int(o.hashMB), core.TableOptions{HugeTLB: o.hugePages})
	if err != nil {
		return nil, errorf(StatusNoMemory, "transposition table of %d MiB: %v", o.hashMB, err)
	}
	c, err := newResultCache(o.cacheMB)
	if err != nil {
		t.Close()
		return nil, err
	}
	return &solver{opts: o, table: t, cache: c}, nil
}

// begin marks the solver busy and returns the context of the new search
// and a function that ends it. Taking the lock here, where tsume_cancel
// also takes it, means a cancel either finds the search's cancel function
// or comes before the search began (and is then ignored, as documented).
func (s *solver) begin(timeLimit time.Duration) (context.Context, func(), error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.acquire(); err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	s.cancel = cancel
	var stopTimer context.CancelFunc = func() {}
	if timeLimit > 0 {
		ctx, stopTimer = context.WithTimeout(ctx, timeLimit)
	}
	end := func() {
		stopTimer()
		s.mu.Lock()
		s.cancel = nil
		s.mu.Unlock()
		cancel(nil)
		s.state.Store(stateIdle)
	}
	return ctx, end, nil
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

// withIdle runs f while holding the solver busy, for the operations that
// must not overlap a search (clear, table info, setting the callback).
func (s *solver) withIdle(f func()) error {
	if err := s.acquire(); err != nil {
		return err
	}
	defer s.state.Store(stateIdle)
	f()
	return nil
}

// requestCancel stops the running search, if any.
func (s *solver) requestCancel() {
	s.mu.Lock()
	if s.cancel != nil {
		s.cancel(errCancelled)
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
	if err := s.table.Close(); err != nil {
		return errorf(StatusInternal, "closing the table: %v", err)
	}
	return nil
}

// clear empties the table and the cache.
func (s *solver) clear() {
	s.table.Clear()
	s.cache.clear()
	s.tableGame = ""
}

// useTableFor clears the table if it holds entries of another kind of
// question than game (see tableGame).
func (s *solver) useTableFor(game string) {
	if s.tableGame != game {
		if s.tableGame != "" {
			s.table.Clear()
		}
		s.tableGame = game
	}
}

// coreProgress adapts the installed callback to core's progress type, or
// returns nil when none is installed.
func (s *solver) coreProgress() (func(core.Progress), time.Duration) {
	h := s.progress
	if h == nil {
		return nil, 0
	}
	return func(p core.Progress) {
		h.report(progress{
			nodes:          p.Stats.Expanded,
			nodesPerSecond: p.Stats.NodesPerSecond(),
			hashfull:       uint32(p.Hashfull),
			rootPN:         uint64(p.RootPN),
			rootDN:         uint64(p.RootDN),
			elapsed:        p.Stats.Elapsed,
		})
	}, h.interval
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

// statsFrom converts core statistics, adding the table fill.
func statsFrom(st core.Stats, hashfull int) stats {
	return stats{
		generated:        st.Generated,
		expanded:         st.Expanded,
		reexpanded:       st.ReExpanded,
		iterations:       st.Iterations,
		terminal:         st.Terminal,
		tableHits:        st.TableHits,
		reexpansionRatio: st.ReExpansionRatio(),
		branchingFactor:  st.BranchingFactor(),
		timeMS:           float64(st.Elapsed) / float64(time.Millisecond),
		nodesPerSecond:   st.NodesPerSecond(),
		hashfull:         uint32(hashfull),
	}
}
