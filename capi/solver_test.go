package main

import (
	"context"
	"sync"
	"testing"
	"time"
)

// fakeQuestion stands in for a game: it counts its searches and, when
// block is set, searches until its context ends.
type fakeQuestion struct {
	key      string
	answer   Kind
	block    bool
	started  chan struct{}
	searches int
}

func (f *fakeQuestion) cacheKey() string  { return f.key }
func (f *fakeQuestion) tableKind() string { return "" }
func (f *fakeQuestion) search(ctx context.Context, s *solver, lim limits) (*result, error) {
	f.searches++
	if f.block {
		close(f.started)
		<-ctx.Done()
		return &result{kind: KindUnknown, stats: stats{expanded: 42}}, nil
	}
	return &result{kind: f.answer, moves: []string{"G*5b"}}, nil
}

func newTestSolver(t *testing.T, cacheMB uint32) *solver {
	t.Helper()
	return newTestSolverHash(t, 2, cacheMB)
}

// newTestSolverHash is newTestSolver with a table of hashMB MiB.
func newTestSolverHash(t *testing.T, hashMB, cacheMB uint32) *solver {
	t.Helper()
	o, err := newSolverOptions(hashMB, 0, cacheMB)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSolver(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.close() })
	return s
}

func TestSolveCachesFinishedAnswers(t *testing.T) {
	s := newTestSolver(t, 1)
	q := &fakeQuestion{key: "position", answer: KindProven}
	parses := 0
	parse := func() (question, error) { parses++; return q, nil }
	for i, text := range []string{"text A", "text A", "text B"} {
		r, err := s.solve(text, parse, limits{})
		if err != nil {
			t.Fatal(err)
		}
		if r.kind != KindProven || r.cached != (i > 0) {
			t.Fatalf("ask %d: kind %d cached %v", i, r.kind, r.cached)
		}
	}
	if q.searches != 1 {
		t.Fatalf("%d searches for one question", q.searches)
	}
	// "text A" again hit by text, "text B" parsed and hit by position
	if parses != 2 {
		t.Fatalf("%d parses, want 2", parses)
	}
	unknown := &fakeQuestion{key: "other", answer: KindUnknown}
	for i := 0; i < 2; i++ {
		if _, err := s.solve("text C", func() (question, error) { return unknown, nil }, limits{}); err != nil {
			t.Fatal(err)
		}
	}
	if unknown.searches != 2 {
		t.Fatalf("an unknown answer was cached (%d searches)", unknown.searches)
	}
}

func TestSolveCancelBusyAndClose(t *testing.T) {
	s := newTestSolver(t, 1)
	q := &fakeQuestion{key: "long", block: true, started: make(chan struct{})}
	var wg sync.WaitGroup
	var r *result
	var err error
	wg.Add(1)
	go func() {
		defer wg.Done()
		r, err = s.solve("long", func() (question, error) { return q, nil }, limits{})
	}()
	<-q.started
	other := &fakeQuestion{key: "short", answer: KindProven}
	if _, e := s.solve("short", func() (question, error) { return other, nil }, limits{}); statusOf(e) != StatusBusy {
		t.Errorf("a second solve while busy: %v, want BUSY", e)
	}
	if e := s.close(); statusOf(e) != StatusBusy {
		t.Errorf("close while busy: %v, want BUSY", e)
	}
	if e := s.withIdle(func() {}); statusOf(e) != StatusBusy {
		t.Errorf("withIdle while busy: %v, want BUSY", e)
	}
	s.requestCancel()
	wg.Wait()
	if statusOf(err) != StatusCancelled || r == nil || r.kind != KindUnknown || r.stats.expanded != 42 {
		t.Fatalf("cancelled solve = %+v, %v; want an unknown result with its stats and CANCELLED", r, err)
	}
	// a cancel while idle does not reach the next search
	s.requestCancel()
	if r, err := s.solve("short", func() (question, error) { return other, nil }, limits{}); err != nil || r.kind != KindProven {
		t.Fatalf("solve after an idle cancel: %+v, %v", r, err)
	}
}

// cutShort answers, but only after its context has ended (a search that
// found a mate and then ran out of time for the minimal line).
type cutShort struct{ fakeQuestion }

func (c *cutShort) search(ctx context.Context, s *solver, lim limits) (*result, error) {
	c.searches++
	<-ctx.Done()
	return &result{kind: KindProven}, nil
}

func TestAnswerCutShortIsNotCached(t *testing.T) {
	s := newTestSolver(t, 1)
	q := &cutShort{fakeQuestion{key: "k"}}
	for i := 0; i < 2; i++ {
		r, err := s.solve("k", func() (question, error) { return q, nil }, limits{time: 5 * time.Millisecond})
		if err != nil || r.kind != KindProven || r.cached {
			t.Fatalf("ask %d: %+v, %v", i, r, err)
		}
	}
	if q.searches != 2 {
		t.Fatalf("%d searches: an answer cut short was cached", q.searches)
	}
}

func TestSolveTimeLimitIsNotCancel(t *testing.T) {
	s := newTestSolver(t, 0)
	q := &fakeQuestion{key: "long", block: true, started: make(chan struct{})}
	start := time.Now()
	r, err := s.solve("long", func() (question, error) { return q, nil }, limits{time: 30 * time.Millisecond})
	if err != nil || r.kind != KindUnknown {
		t.Fatalf("time limit: %+v, %v; want OK and unknown", r, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("a 30 ms limit took %v", d)
	}
}

func TestSolveAfterClose(t *testing.T) {
	o, _ := newSolverOptions(2, 0, 0)
	s, err := newSolver(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.close(); err != nil {
		t.Fatal(err)
	}
	q := &fakeQuestion{key: "x", answer: KindProven}
	if _, err := s.solve("x", func() (question, error) { return q, nil }, limits{}); statusOf(err) != StatusBadHandle {
		t.Fatalf("solve on a closed solver: %v, want BAD_HANDLE", err)
	}
	if err := s.close(); statusOf(err) != StatusBadHandle {
		t.Fatalf("second close: %v, want BAD_HANDLE", err)
	}
}

func TestProgressHookSpacing(t *testing.T) {
	var got []time.Duration
	h := newProgressHook(func(p progress) { got = append(got, p.elapsed) }, 0)
	if h.interval != minProgressInterval {
		t.Fatalf("interval %v, want the 10 ms minimum", h.interval)
	}
	h = newProgressHook(func(p progress) { got = append(got, p.elapsed) }, 100)
	h.start()
	for ms := 0; ms <= 1000; ms += 30 {
		h.report(progress{elapsed: time.Duration(ms) * time.Millisecond})
	}
	for i := 1; i < len(got); i++ {
		if got[i]-got[i-1] < 100*time.Millisecond {
			t.Fatalf("calls %v apart, interval 100 ms", got[i]-got[i-1])
		}
	}
	if len(got) < 8 || len(got) > 11 {
		t.Fatalf("%d calls over 1 s at 100 ms", len(got))
	}
}
