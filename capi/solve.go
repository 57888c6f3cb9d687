package main

import (
	"context"
	"strconv"
	"strings"
)

// question is a parsed, validated query of one game, ready to search.
type question interface {
	// cacheKey is the canonical description of the question (see
	// resultCache): equal keys must have equal answers.
	cacheKey() string
	// tableKind names what the shared table's entries mean for this
	// search (see solver.tableKind); "" when the search does not use it.
	tableKind() string
	// search runs the game's solver. A search ended by a limit or by ctx
	// returns a result of KindUnknown and a nil error.
	search(ctx context.Context, s *solver, lim limits) (*result, error)
}

// solve answers a query on s: from the cache when it can, else by parsing
// and searching, caching a finished answer. It returns a result with a
// TSUME_E_CANCELLED error when tsume_cancel reached the search, in
// whichever phase it was.
//
// The cache is asked twice. First by textKey, the query exactly as given
// (normalized whitespace): an engine repeating a question pays no parsing
// (parsing an SFEN costs tens of microseconds, more than the lookup).
// Then, after parsing, by the question's canonical key, which also
// catches the same position spelled differently. The text determines the
// position completely, so a text hit is as exact as a position hit.
func (s *solver) solve(textKey string, parse func() (question, error), lim limits) (*result, error) {
	if err := s.acquire(); err != nil {
		return nil, err
	}
	defer s.release()
	if r := s.cache.get(textKey); r != nil {
		return r.fromCache(), nil
	}
	q, err := parse()
	if err != nil {
		return nil, err
	}
	key := q.cacheKey()
	if r := s.cache.get(key); r != nil {
		s.cache.put(textKey, r)
		return r.fromCache(), nil
	}
	s.useTableFor(q.tableKind())
	ctx, end := s.searchContext(lim.time)
	defer end()
	r, err := searchUnlocked(ctx, s, q, lim)
	if err != nil {
		return nil, err
	}
	// A search that tsume_cancel reached ends with TSUME_E_CANCELLED in
	// every phase (proof, line search, verification), whatever it had found
	// by then: the result says what is known (a verified mate, a proven
	// mate's candidate line, or nothing) and is never cached.
	if err := stopStatus(ctx); err != nil {
		return r, err
	}
	if !r.finished() {
		return r, nil
	}
	// An answer found while a limit or a cancel cut the search short may
	// be incomplete (a shogi line whose minimality search was stopped):
	// return it, but let a later ask with more time do better. A line-node
	// limit ends the line search without a trace in the context, so a mate
	// it may have left not minimal is kept out as well.
	cut := lim.lineNodes != 0 && r.kind == KindProven && !r.minimal
	if ctx.Err() == nil && !cut {
		s.cache.put(key, r)
		s.cache.put(textKey, r)
	}
	return r, nil
}

// keyBuilder writes cache keys as length-prefixed fields, so that no
// field's content (SGF text may hold any character) can shift another's.
type keyBuilder struct{ b strings.Builder }

func (k *keyBuilder) field(s string) *keyBuilder {
	k.b.WriteString(strconv.Itoa(len(s)))
	k.b.WriteByte(':')
	k.b.WriteString(s)
	return k
}

func (k *keyBuilder) int(n int64) *keyBuilder { return k.field(strconv.FormatInt(n, 10)) }

func (k *keyBuilder) String() string { return k.b.String() }

// normalizeSpace joins the whitespace-separated words of s with one space.
func normalizeSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// textKey spells a shogi query as given. Limits are left out: a finished
// answer holds whatever limit it was found under.
func (q *shogiQuery) textKey() string {
	var k keyBuilder
	return k.field("shogi-text").int(int64(q.rules)).int(int64(q.algo)).
		field(normalizeSpace(q.sfen)).field(normalizeSpace(q.moves)).String()
}

// textKey spells a capture query as given.
func (q *captureQuery) textKey() string {
	var k keyBuilder
	k.field("capture-text").int(int64(q.mode)).int(int64(q.algo)).field(strings.TrimSpace(q.widening))
	if q.hasSGF {
		k.field("sgf").field(q.sgf).int(int64(q.moveNumber))
	} else {
		k.field("lists").int(int64(q.boardSize)).field(normalizeSpace(q.black)).field(normalizeSpace(q.white))
	}
	return k.field(strings.TrimSpace(q.target)).String()
}

// searchUnlocked runs the search on a goroutine of its own. The exported
// function's goroutine is locked to the C thread that called it (cgo), and
// a locked goroutine that the scheduler preempts can run again only on
// that thread, after a hand-off between threads; with a second runnable
// goroutine (a timer, a progress report) the search paid those hand-offs
// at every preemption (measured through the C ABI: a cancel just after the
// proof answered 0.3-1.5 s late, and a 500 ms limit ran to 1.4 s, where
// the same calls from Go answered within 10 ms). The progress callback
// still runs on the calling thread, as tsume.h promises: the search hands
// each report over and waits until the callback has returned, so a
// tsume_cancel made from the callback reaches the search before it goes on.
func searchUnlocked(ctx context.Context, s *solver, q question, lim limits) (*result, error) {
	done := make(chan searchAnswer, 1)
	h := s.progress
	if h == nil {
		go runSearch(ctx, s, q, lim, done)
		a := <-done
		return a.r, a.err
	}
	call := h.call
	defer func() { h.call = call }()
	reports, acks := make(chan progress), make(chan struct{})
	h.call = func(p progress) {
		reports <- p
		<-acks
	}
	go runSearch(ctx, s, q, lim, done)
	for {
		select {
		case p := <-reports:
			call(p)
			acks <- struct{}{}
		case a := <-done:
			return a.r, a.err
		}
	}
}

// searchAnswer is what runSearch hands back.
type searchAnswer struct {
	r   *result
	err error
}

// runSearch is the search goroutine of searchUnlocked; a panic becomes an
// internal error, as on the calling goroutine.
func runSearch(ctx context.Context, s *solver, q question, lim limits, done chan<- searchAnswer) {
	defer func() {
		if p := recover(); p != nil {
			done <- searchAnswer{nil, errorf(StatusInternal, "internal error: %v", p)}
		}
	}()
	r, err := q.search(ctx, s, lim)
	done <- searchAnswer{r, err}
}
