package main

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi/mate"
)

func TestSolverOptions(t *testing.T) {
	tests := []struct {
		name    string
		hash    uint32
		huge    int32
		cache   uint32
		want    Status
		wantOpt solverOptions
	}{
		{"defaults", 256, 0, 16, StatusOK, solverOptions{256, false, 16}},
		{"smallest", 1, 1, 0, StatusOK, solverOptions{1, true, 0}},
		{"largest cache", 16, 0, maxCacheMB, StatusOK, solverOptions{16, false, maxCacheMB}},
		{"hash 0", 0, 0, 16, StatusInvalidArgument, solverOptions{}},
		{"hash too big", maxHashMB + 1, 0, 16, StatusInvalidArgument, solverOptions{}},
		{"huge 2", 16, 2, 16, StatusInvalidArgument, solverOptions{}},
		{"cache too big", 16, 0, maxCacheMB + 1, StatusInvalidArgument, solverOptions{}},
	}
	for _, tc := range tests {
		o, err := newSolverOptions(tc.hash, tc.huge, tc.cache)
		if statusOf(err) != tc.want {
			t.Errorf("%s: status %d, want %d (%v)", tc.name, statusOf(err), tc.want, err)
		}
		if err == nil && o != tc.wantOpt {
			t.Errorf("%s: options %+v, want %+v", tc.name, o, tc.wantOpt)
		}
	}
}

// TestHashRule: hash_mb follows shogi/mate.CheckHashMB, the rule of every
// front end: 1 MiB up to the machine's memory (what the range allows but
// the machine cannot hold is NO_MEMORY), the message naming the figures.
func TestHashRule(t *testing.T) {
	total := core.PhysicalMemoryMB()
	if total == 0 || total >= maxHashMB {
		t.Skip("physical memory unknown here, or above the range")
	}
	tests := []struct {
		hash  uint32
		want  Status
		names []string
	}{
		{1, StatusOK, nil},
		{uint32(total), StatusOK, nil},
		{0, StatusInvalidArgument, []string{"hash_mb", " 0 MiB"}},
		{uint32(total) + 1, StatusNoMemory, []string{"hash_mb", strconv.FormatUint(total+1, 10), strconv.FormatUint(total, 10)}},
		{maxHashMB, StatusNoMemory, []string{"hash_mb", strconv.Itoa(maxHashMB), strconv.FormatUint(total, 10)}},
		{maxHashMB + 1, StatusInvalidArgument, []string{"hash_mb", strconv.Itoa(maxHashMB + 1)}},
	}
	for _, tc := range tests {
		_, err := newSolverOptions(tc.hash, 0, 0)
		if statusOf(err) != tc.want {
			t.Errorf("hash_mb %d: status %d, want %d (%v)", tc.hash, statusOf(err), tc.want, err)
			continue
		}
		for _, n := range tc.names {
			if !strings.Contains(err.Error(), n) {
				t.Errorf("hash_mb %d: %q does not name %q", tc.hash, err, n)
			}
		}
		if want := mate.CheckHashMB(int(tc.hash)); err != nil && !strings.Contains(err.Error(), want.Error()) {
			t.Errorf("hash_mb %d: %q is not shogi/mate's %q", tc.hash, err, want)
		}
	}
	// The smallest table solves: shogi/mate takes 1 MiB as it is.
	s := newTestSolverHash(t, 1, 0)
	if got := s.shogi.HashMB(); got != 1 {
		t.Errorf("hash_mb 1 made a %d MiB table", got)
	}
	q := shogiQuery{sfen: "9/3k5/9/3P5/9/9/9/9/9 b 2G 1"}
	r, err := s.solve(q.textKey(), func() (question, error) { return newShogiQuestion(q) }, limits{})
	if err != nil || r.kind != KindProven || r.length != 3 {
		t.Fatalf("mate in 3 with a 1 MiB table: %+v, %v", r, err)
	}
}

func TestMemoryReservation(t *testing.T) {
	total := core.PhysicalMemoryMB()
	if total == 0 {
		t.Skip("physical memory unknown here")
	}
	before := reservedMB.Load()
	big := solverOptions{hashMB: maxHashMB}
	if err := big.reserveMemory(); statusOf(err) != StatusNoMemory {
		t.Fatalf("a 1 TiB table was admitted on a %d MiB machine", total)
	}
	// Two solvers of 60% of the machine each: the first fits, the second not.
	half := solverOptions{hashMB: uint32(total * 6 / 10)}
	if err := half.reserveMemory(); err != nil {
		t.Fatalf("60%% of the machine refused: %v", err)
	}
	if err := half.reserveMemory(); statusOf(err) != StatusNoMemory {
		t.Fatal("two solvers of 60% of the machine were both admitted")
	}
	half.releaseMemory()
	if got := reservedMB.Load(); got != before {
		t.Fatalf("reservation not returned: %d MiB held, want %d", got, before)
	}
}

func TestQueryValidate(t *testing.T) {
	shogi := []struct {
		name string
		q    shogiQuery
		want Status
	}{
		{"ok", shogiQuery{sfen: "startpos"}, StatusOK},
		{"mate rules, pn*", shogiQuery{sfen: "startpos", rules: rulesMate, algo: algoPNStar}, StatusOK},
		{"no sfen", shogiQuery{}, StatusInvalidArgument},
		{"rules", shogiQuery{sfen: "startpos", rules: 2}, StatusInvalidArgument},
		{"aps", shogiQuery{sfen: "startpos", algo: algoAPS}, StatusInvalidArgument},
		{"algo", shogiQuery{sfen: "startpos", algo: -1}, StatusInvalidArgument},
		{"threads 0", shogiQuery{sfen: "startpos", threads: 0}, StatusOK},
		{"threads max", shogiQuery{sfen: "startpos", threads: 256}, StatusOK},
		{"threads max+1", shogiQuery{sfen: "startpos", threads: 257}, StatusInvalidArgument},
		{"threads huge", shogiQuery{sfen: "startpos", threads: 1<<32 - 1}, StatusInvalidArgument},
	}
	for _, tc := range shogi {
		if got := statusOf(tc.q.validate()); got != tc.want {
			t.Errorf("shogi %s: status %d, want %d", tc.name, got, tc.want)
		}
	}
	capture := []struct {
		name string
		q    captureQuery
		want Status
	}{
		{"lists", captureQuery{boardSize: 9, target: "D4"}, StatusOK},
		{"sgf", captureQuery{hasSGF: true, sgf: "(;)", moveNumber: 3, target: "D4"}, StatusOK},
		{"no target", captureQuery{boardSize: 9}, StatusInvalidArgument},
		{"mode", captureQuery{boardSize: 9, target: "D4", mode: 2}, StatusInvalidArgument},
		{"algo", captureQuery{boardSize: 9, target: "D4", algo: algoCStar + 1}, StatusInvalidArgument},
		{"size 4", captureQuery{boardSize: 4, target: "D4"}, StatusInvalidArgument},
		{"size 20", captureQuery{boardSize: 20, target: "D4"}, StatusInvalidArgument},
		{"move number without sgf", captureQuery{boardSize: 9, target: "D4", moveNumber: 2}, StatusInvalidArgument},
		{"negative move number", captureQuery{hasSGF: true, target: "D4", moveNumber: -1}, StatusInvalidArgument},
		{"sgf and lists", captureQuery{hasSGF: true, target: "D4", black: "C3"}, StatusInvalidArgument},
	}
	for _, tc := range capture {
		if got := statusOf(tc.q.validate()); got != tc.want {
			t.Errorf("capture %s: status %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestPlaysBudget(t *testing.T) {
	tests := []struct {
		limit uint64
		want  int64
	}{
		{0, 0},
		{1, 1},
		{1_000_000, 1_000_000},
		{math.MaxInt64, math.MaxInt64},
		{math.MaxInt64 + 1, 0}, // would wrap negative: no limit instead
		{math.MaxUint64, 0},
	}
	for _, tc := range tests {
		if got := playsBudget(tc.limit); got != tc.want {
			t.Errorf("playsBudget(%d) = %d, want %d", tc.limit, got, tc.want)
		}
	}
}
