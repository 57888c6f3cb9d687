package main

// #include "capi.h"
import "C"

import "unsafe"

// tsume_result_kind_of reads a result's tsume_result_kind.
//
//export tsume_result_kind_of
func tsume_result_kind_of(p *C.tsume_result, kind *C.int32_t) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	return resultInt32(p, kind, func(r *result) int { return int(r.kind) })
}

// tsume_result_code reads a result's GNU Go code (-1 for shogi and unknown answers).
//
//export tsume_result_code
func tsume_result_code(p *C.tsume_result, code *C.int32_t) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	return resultInt32(p, code, func(r *result) int { return int(r.code) })
}

// tsume_result_length reads the length of a result's line in plies.
//
//export tsume_result_length
func tsume_result_length(p *C.tsume_result, length *C.int32_t) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	return resultInt32(p, length, func(r *result) int { return int(r.length) })
}

// tsume_result_move_count reads the number of moves of a result's line.
//
//export tsume_result_move_count
func tsume_result_move_count(p *C.tsume_result, count *C.size_t) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	r, err := resultOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	if count == nil {
		return C.TSUME_E_INVALID_ARGUMENT
	}
	*count = C.size_t(len(r.moves))
	return C.TSUME_OK
}

// tsume_result_move hands out move i of a result's line as a new C string.
//
//export tsume_result_move
func tsume_result_move(p *C.tsume_result, index C.size_t, out **C.char) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	r, err := resultOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	if out == nil {
		return C.TSUME_E_INVALID_ARGUMENT
	}
	*out = nil
	if uint64(index) >= uint64(len(r.moves)) {
		return C.TSUME_E_INVALID_ARGUMENT
	}
	*out = C.CString(r.moves[index])
	return C.TSUME_OK
}

// tsume_result_moves hands out a result's whole line as a new C string.
//
//export tsume_result_moves
func tsume_result_moves(p *C.tsume_result, out **C.char) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	return resultString(p, out, (*result).line)
}

// tsume_result_best_move hands out the first move of a result's line as a new C string.
//
//export tsume_result_best_move
func tsume_result_best_move(p *C.tsume_result, out **C.char) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	return resultString(p, out, (*result).bestMove)
}

// resultInt32 stores f(result) in *out after checking the handle and out.
func resultInt32(p *C.tsume_result, out *C.int32_t, f func(*result) int) C.tsume_status {
	r, err := resultOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	if out == nil {
		return C.TSUME_E_INVALID_ARGUMENT
	}
	*out = C.int32_t(f(r))
	return C.TSUME_OK
}

// resultString hands C a malloc'd copy of f(result), freed by tsume_string_free.
func resultString(p *C.tsume_result, out **C.char, f func(*result) string) C.tsume_status {
	r, err := resultOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	if out == nil {
		return C.TSUME_E_INVALID_ARGUMENT
	}
	*out = C.CString(f(r))
	return C.TSUME_OK
}

// tsume_result_line_stats reads the work of a shogi mate's line search.
//
//export tsume_result_line_stats
func tsume_result_line_stats(p *C.tsume_result, lineNodes *C.uint64_t, lineMS *C.double, exactNodes *C.uint64_t) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	r, err := resultOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	if lineNodes != nil {
		*lineNodes = C.uint64_t(r.lineWork.nodes)
	}
	if lineMS != nil {
		*lineMS = C.double(r.lineWork.ms)
	}
	if exactNodes != nil {
		*exactNodes = C.uint64_t(r.lineWork.exact)
	}
	return C.TSUME_OK
}

// tsume_result_stats copies a result's statistics into a tsume_stats.
//
//export tsume_result_stats
func tsume_result_stats(p *C.tsume_result, out *C.tsume_stats) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	r, err := resultOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	if out == nil {
		return C.TSUME_E_INVALID_ARGUMENT
	}
	s := &r.stats
	*out = C.tsume_stats{
		generated:         C.uint64_t(s.generated),
		expanded:          C.uint64_t(s.expanded),
		reexpanded:        C.uint64_t(s.reexpanded),
		iterations:        C.uint64_t(s.iterations),
		terminal:          C.uint64_t(s.terminal),
		table_hits:        C.uint64_t(s.tableHits),
		reexpansion_ratio: C.double(s.reexpansionRatio),
		branching_factor:  C.double(s.branchingFactor),
		time_ms:           C.double(s.timeMS),
		nodes_per_second:  C.double(s.nodesPerSecond),
		hashfull:          C.uint32_t(s.hashfull),
	}
	return C.TSUME_OK
}

// tsume_result_flags reads a result's verified, minimal and cached flags.
//
//export tsume_result_flags
func tsume_result_flags(p *C.tsume_result, verified, minimal, cached *C.int32_t) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	r, err := resultOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	if verified != nil {
		*verified = cBool(r.verified)
	}
	if minimal != nil {
		*minimal = cBool(r.minimal)
	}
	if cached != nil {
		*cached = cBool(r.cached)
	}
	return C.TSUME_OK
}

// tsume_result_proven reads whether the search proved success for the side
// moving first (set for PROVEN and KO, and for a proven shogi mate without
// a verified line, whose kind is UNKNOWN).
//
//export tsume_result_proven
func tsume_result_proven(p *C.tsume_result, proven *C.int32_t) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	return resultInt32(p, proven, func(r *result) int { return int(cBool(r.proven)) })
}

// tsume_result_candidate hands out the unverified line of a proven mate
// (never an answer) as a new C string, "" when there is none.
//
//export tsume_result_candidate
func tsume_result_candidate(p *C.tsume_result, out **C.char) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	return resultString(p, out, (*result).candidateLine)
}

// tsume_result_note hands out the explanation of a partial answer as a new
// C string, "" when there is nothing to explain.
//
//export tsume_result_note
func tsume_result_note(p *C.tsume_result, out **C.char) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	return resultString(p, out, func(r *result) string { return r.note })
}

// tsume_result_free frees a result handle.
//
//export tsume_result_free
func tsume_result_free(p *C.tsume_result) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	if _, err := results.remove(uint64(uintptr(unsafe.Pointer(p)))); err != nil {
		return C.tsume_status(statusOf(err))
	}
	return C.TSUME_OK
}
