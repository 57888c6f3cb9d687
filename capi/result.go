package main

import "strings"

// Kind mirrors enum tsume_result_kind.
type Kind int32

// The result kinds, equal to the TSUME_RESULT_* constants.
const (
	KindUnknown    Kind = 0
	KindProven     Kind = 1
	KindDisproven  Kind = 2
	KindKo         Kind = 3
	codeNotCapture      = -1 // tsume_result_code for shogi and unknown answers
)

// stats mirrors struct tsume_stats.
type stats struct {
	generated, expanded, reexpanded, iterations, terminal, tableHits uint64
	reexpansionRatio, branchingFactor, timeMS, nodesPerSecond        float64
	hashfull                                                         uint32
}

// result is what a result handle owns. It is immutable once handed out, so
// accessors need no lock and a cached answer can share its move list.
type result struct {
	kind     Kind
	code     int32 // capture game: GNU Go's 0..3; otherwise codeNotCapture
	length   int32
	moves    []string
	stats    stats
	verified bool
	minimal  bool
	cached   bool
	// proven: the search proved that the side moving first succeeds (a
	// shogi mate, a capture or a save). It is set with KindProven and
	// KindKo, and with KindUnknown for a proven shogi mate that has no
	// verified line: candidate then holds the unverified line, which is
	// never an answer (tsume_result_candidate).
	proven    bool
	candidate []string
	// note explains a partial answer (why it is unknown, why the line is
	// not minimal); "" when there is nothing to explain.
	note string
	// line is the work of a shogi mate's line search; zero otherwise.
	lineWork lineStats
}

// lineStats mirrors tsume_result_line_stats: the line search's nodes and
// time until the answer's length was first found, and the exact-length
// search's nodes.
type lineStats struct {
	nodes uint64
	ms    float64
	exact uint64
}

// line returns the moves joined by single spaces.
func (r *result) line() string { return strings.Join(r.moves, " ") }

// candidateLine returns the unverified line of a proven mate, "" when
// there is none.
func (r *result) candidateLine() string { return strings.Join(r.candidate, " ") }

// bestMove returns the first move of the line, "" when there is none.
func (r *result) bestMove() string {
	if len(r.moves) == 0 {
		return ""
	}
	return r.moves[0]
}

// finished reports whether r is a final answer, worth caching.
func (r *result) finished() bool { return r.kind != KindUnknown }

// fromCache returns a copy of r marked as answered by the cache. The copy
// shares r's move slice, which nobody mutates.
func (r *result) fromCache() *result {
	c := *r
	c.cached = true
	return &c
}

// approxBytes estimates r's memory, the cost charged to the result cache.
func (r *result) approxBytes() int64 {
	n := int64(160) // struct and slice headers
	for _, m := range r.moves {
		n += int64(len(m)) + 16
	}
	for _, m := range r.candidate {
		n += int64(len(m)) + 16
	}
	return n + int64(len(r.note))
}
