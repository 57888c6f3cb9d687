package main

import (
	"strings"
	"testing"
	"time"
)

func TestShogiQuestionErrors(t *testing.T) {
	tests := []struct {
		name, sfen, moves string
		want              Status
	}{
		{"ok", "9/3k5/9/3P5/9/9/9/9/9 b 2G 1", "", StatusOK},
		{"ok with moves", "startpos", "7g7f 3c3d", StatusOK},
		{"usi position form", "position startpos moves 7g7f", "3c3d", StatusOK},
		{"garbage", "hello world", "", StatusParse},
		{"bad rank", "4k4/9/4P4/9/9/9/9/9 b G 1", "", StatusParse},
		{"bad piece letter", "4k4/9/4X4/9/9/9/9/9/9 b G 1", "", StatusParse},
		{"two kings", "4k4/9/9/9/9/9/9/9/3KK4 b G 1", "", StatusIllegalPosition},
		{"nifu", "4k4/9/9/9/9/9/4P4/4P4/9 b G 1", "", StatusIllegalPosition},
		{"side not to move in check", "4k4/4R4/9/9/9/9/9/9/9 b G 1", "", StatusIllegalPosition},
		{"too many golds", "4k4/9/9/9/9/9/9/9/9 b 5G 1", "", StatusIllegalPosition},
		{"move syntax", "startpos", "7g7f xx", StatusParse},
		{"illegal move", "startpos", "7g7e", StatusIllegalPosition},
		{"illegal move inside sfen", "startpos moves 7g7e", "", StatusIllegalPosition},
	}
	for _, tc := range tests {
		_, err := newShogiQuestion(shogiQuery{sfen: tc.sfen, moves: tc.moves})
		if got := statusOf(err); got != tc.want {
			t.Errorf("%s: status %d, want %d (%v)", tc.name, got, tc.want, err)
		}
	}
}

func TestShogiCacheKeys(t *testing.T) {
	key := func(sfen, moves string, rules int32) string {
		q, err := newShogiQuestion(shogiQuery{sfen: sfen, moves: moves, rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		return q.cacheKey()
	}
	const a = "9/3k5/9/3P5/9/9/9/9/9 b 2G 1"
	if key(a, "", rulesTsume) != key("9/3k5/9/3P5/9/9/9/9/9 b 2G 17", "", rulesTsume) {
		t.Error("the move number changed the tsume key")
	}
	if key(a, "", rulesTsume) == key(a, "", rulesMate) {
		t.Error("tsume and mate rules share a key")
	}
	// tsume rules: the same position reached two ways is one question ...
	if key("startpos", "7g7f 3c3d 2g2f", rulesTsume) != key("startpos", "2g2f 3c3d 7g7f", rulesTsume) {
		t.Error("a transposition changed the tsume key")
	}
	// ... mate-search rules: the history is part of the question.
	if key("startpos", "7g7f 3c3d 2g2f", rulesMate) == key("startpos", "2g2f 3c3d 7g7f", rulesMate) {
		t.Error("mate-search rules ignore the history")
	}
}

// TestShogiThreads: the query's threads reach mate.Options, a bad count is
// refused naming the field, and the count stays out of the cache keys
// (the answer does not depend on it).
func TestShogiThreads(t *testing.T) {
	tests := []struct {
		threads uint32
		want    int
		bad     bool
	}{
		{0, 0, false},
		{1, 1, false},
		{2, 2, false},
		{256, 256, false},
		{257, 0, true},
		{1<<32 - 1, 0, true},
	}
	const sfen = "9/3k5/9/3P5/9/9/9/9/9 b 2G 1"
	one := shogiQuery{sfen: sfen, threads: 1}
	q1, err := newShogiQuestion(one)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		q := shogiQuery{sfen: sfen, threads: tc.threads}
		if err := q.validate(); tc.bad {
			if statusOf(err) != StatusInvalidArgument || !strings.Contains(err.Error(), "threads") {
				t.Errorf("threads %d: %v, want an invalid-argument error naming threads", tc.threads, err)
			}
			continue
		} else if err != nil {
			t.Fatalf("threads %d: %v", tc.threads, err)
		}
		sq, err := newShogiQuestion(q)
		if err != nil {
			t.Fatal(err)
		}
		if got := sq.(*shogiQuestion).options(limits{}).Threads; got != tc.want {
			t.Errorf("threads %d: mate.Options.Threads = %d, want %d", tc.threads, got, tc.want)
		}
		if q.textKey() != one.textKey() || sq.cacheKey() != q1.cacheKey() {
			t.Errorf("threads %d: the cache keys depend on the thread count", tc.threads)
		}
	}
}

// TestShogiThreadsSameAnswer solves on two threads what one thread solves,
// through the solver and its cache, including a no-mate whose disproof
// (about 4 300 expansions) outlasts the one-thread start of a parallel
// search, so the second thread really runs.
func TestShogiThreadsSameAnswer(t *testing.T) {
	tests := []struct {
		name, sfen string
	}{
		{"mate in 3", "9/3k5/9/3P5/9/9/9/9/9 b 2G 1"},
		{"mate in 5", "4k4/9/4P4/9/9/9/9/9/9 b RB 1"},
		{"no mate", "8k/9/9/9/9/9/9/9/9 b B2S 1"},
	}
	for _, tc := range tests {
		var answers [2]*result
		for i, threads := range []uint32{1, 2} {
			s := newTestSolver(t, 0) // no cache: both counts search
			q := shogiQuery{sfen: tc.sfen, threads: threads}
			r, err := s.solve(q.textKey(), func() (question, error) { return newShogiQuestion(q) }, limits{time: 20 * time.Second})
			if err != nil {
				t.Fatalf("%s, %d threads: %v", tc.name, threads, err)
			}
			answers[i] = r
		}
		a, b := answers[0], answers[1]
		if !a.finished() || a.kind != b.kind || a.length != b.length || a.verified != b.verified || a.minimal != b.minimal ||
			strings.Join(a.moves, " ") != strings.Join(b.moves, " ") {
			t.Errorf("%s: one thread %d in %d %v, two threads %d in %d %v", tc.name, a.kind, a.length, a.moves, b.kind, b.length, b.moves)
		}
	}
}
