package usi

import (
	"context"
	"sync"
	"time"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// fakeSearcher stands in for the solver: it answers every search with
// answer, at once or, with hold, when the test releases it or the time
// limit passes. A search that Stop or its context ends answers Unknown.
// It records what each search was asked.
type fakeSearcher struct {
	answer  mate.Result
	hold    bool
	release chan struct{} // one value ends one held search with answer

	mu     sync.Mutex
	stopCh chan struct{} // the running search's; nil between searches
	calls  []fakeCall
	// prefaults counts the Prefault calls, and prefaultsInSearch those
	// made while a search ran.
	prefaults, prefaultsInSearch int
}

// fakeCall is one search as the fake saw it.
type fakeCall struct {
	sfen string
	opts mate.Options
	// how it ended: "answer" (released or at once), "limit", "stop",
	// "cancel".
	end string
}

func newFake(answer mate.Result, hold bool) *fakeSearcher {
	return &fakeSearcher{answer: answer, hold: hold, release: make(chan struct{}, 16)}
}

func (f *fakeSearcher) Solve(ctx context.Context, pos *shogi.Position, o mate.Options) (mate.Result, error) {
	stop := make(chan struct{})
	f.mu.Lock()
	f.stopCh = stop
	f.calls = append(f.calls, fakeCall{sfen: pos.SFEN(), opts: o})
	i := len(f.calls) - 1
	f.mu.Unlock()
	end, res := "answer", f.answer
	if f.hold {
		var limit <-chan time.Time
		if o.TimeLimit > 0 {
			limit = time.After(o.TimeLimit)
		}
		select {
		case <-f.release:
		case <-limit:
			end = "limit"
		case <-stop:
			end, res = "stop", mate.Result{Note: "stopped"}
		case <-ctx.Done():
			end, res = "cancel", mate.Result{Note: "cancelled"}
		}
	}
	f.mu.Lock()
	f.stopCh = nil
	f.calls[i].end = end
	f.mu.Unlock()
	return res, nil
}

func (f *fakeSearcher) Stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.stopCh != nil {
		close(f.stopCh)
		f.stopCh = nil
	}
}

func (f *fakeSearcher) Close() error { return nil }

func (f *fakeSearcher) Prefault() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.prefaults++
	if f.stopCh != nil {
		f.prefaultsInSearch++
	}
}

// prefaultCounts returns the Prefault calls so far, and those made during
// a search.
func (f *fakeSearcher) prefaultCounts() (int, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.prefaults, f.prefaultsInSearch
}

// searches returns a copy of the searches so far.
func (f *fakeSearcher) searches() []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeCall(nil), f.calls...)
}
