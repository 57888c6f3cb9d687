package main

// #include "capi.h"
import "C"

import "github.com/tsume-solver/tsume/shogi/mate"

// tsume_solve_shogi answers a tsume-shogi question (tsume_shogi_query).
//
//export tsume_solve_shogi
func tsume_solve_shogi(p *C.tsume_solver, cq *C.tsume_shogi_query, out **C.tsume_result, errBuf *C.char, errLen C.size_t) (st C.tsume_status) {
	defer recoverPanic(&st, errBuf, errLen)
	return solveQuery(p, out, errBuf, errLen, func() (string, func() (question, error), limits, error) {
		q, err := readShogiQuery(cq)
		if err != nil {
			return "", nil, limits{}, err
		}
		return q.textKey(), func() (question, error) { return newShogiQuestion(q) }, q.lim, nil
	})
}

// tsume_solve_capture answers a capture-game question (tsume_capture_query).
//
//export tsume_solve_capture
func tsume_solve_capture(p *C.tsume_solver, cq *C.tsume_capture_query, out **C.tsume_result, errBuf *C.char, errLen C.size_t) (st C.tsume_status) {
	defer recoverPanic(&st, errBuf, errLen)
	return solveQuery(p, out, errBuf, errLen, func() (string, func() (question, error), limits, error) {
		q, err := readCaptureQuery(cq)
		if err != nil {
			return "", nil, limits{}, err
		}
		return q.textKey(), func() (question, error) { return newCaptureQuestion(q) }, q.lim, nil
	})
}

// solveQuery is the common path of the solve exports: check out and the
// handle, read the query (read returns its cache key, a constructor of the
// question and its limits), solve through the cache, and deliver.
func solveQuery(p *C.tsume_solver, out **C.tsume_result, errBuf *C.char, errLen C.size_t,
	read func() (key string, build func() (question, error), lim limits, err error)) C.tsume_status {
	if out == nil {
		return finish(errorf(StatusInvalidArgument, "out is NULL"), errBuf, errLen)
	}
	*out = nil
	s, err := solverOf(p)
	if err != nil {
		return finish(err, errBuf, errLen)
	}
	key, build, lim, err := read()
	if err != nil {
		return finish(err, errBuf, errLen)
	}
	r, err := s.solve(key, build, lim)
	return deliver(r, err, out, errBuf, errLen)
}

// deliver hands a result to C: on success, and on cancellation (whose
// result carries the statistics so far), *out gets a new result handle.
func deliver(r *result, err error, out **C.tsume_result, errBuf *C.char, errLen C.size_t) C.tsume_status {
	st := statusOf(err)
	if r != nil && (st == StatusOK || st == StatusCancelled) {
		*out = C.tsume_capi_result_token(C.uintptr_t(results.add(r)))
	}
	return finish(err, errBuf, errLen)
}

// readShogiQuery copies and validates a tsume_shogi_query.
func readShogiQuery(cq *C.tsume_shogi_query) (shogiQuery, error) {
	var q shogiQuery
	if cq == nil {
		return q, errorf(StatusInvalidArgument, "query is NULL")
	}
	// ABI 1 first shipped without threads, then without line_node_limit;
	// both sizes are still accepted.
	hasThreads, hasLineNodes := true, true
	switch cq.struct_size {
	case C.sizeof_tsume_shogi_query:
	case C.tsume_capi_shogi_query_v2_size:
		hasLineNodes = false
	case C.tsume_capi_shogi_query_v1_size:
		hasThreads, hasLineNodes = false, false
	default:
		return q, checkStructSize(cq.struct_size, C.sizeof_tsume_shogi_query, "tsume_shogi_query")
	}
	var err error
	if q.sfen, _, err = goString(cq.sfen, maxSFENBytes, "sfen"); err != nil {
		return q, err
	}
	if q.moves, _, err = goString(cq.moves, maxMovesBytes, "moves"); err != nil {
		return q, err
	}
	q.rules, q.algo = int32(cq.rules), int32(cq.algo)
	q.lim = newLimits(uint64(cq.node_limit), uint32(cq.time_limit_ms))
	if hasThreads { // never read the field past an older caller's struct
		q.threads = uint32(cq.threads)
	}
	if hasLineNodes {
		q.lim.lineNodes = uint64(cq.line_node_limit)
	}
	return q, q.validate()
}

// tsume.h's TSUME_MAX_THREADS is the solver's limit: either array length
// below is negative, and the build fails, when the two disagree.
var (
	_ [C.TSUME_MAX_THREADS - mate.MaxThreads]struct{}
	_ [mate.MaxThreads - C.TSUME_MAX_THREADS]struct{}
)

// readCaptureQuery copies and validates a tsume_capture_query.
func readCaptureQuery(cq *C.tsume_capture_query) (captureQuery, error) {
	var q captureQuery
	if cq == nil {
		return q, errorf(StatusInvalidArgument, "query is NULL")
	}
	// ABI 1 first shipped without plays_limit; that size is still accepted.
	hasPlays := true
	switch cq.struct_size {
	case C.sizeof_tsume_capture_query:
	case C.tsume_capi_capture_query_v1_size:
		hasPlays = false
	default:
		return q, checkStructSize(cq.struct_size, C.sizeof_tsume_capture_query, "tsume_capture_query")
	}
	var err error
	if q.sgf, q.hasSGF, err = goString(cq.sgf, maxSGFBytes, "sgf"); err != nil {
		return q, err
	}
	if q.black, _, err = goString(cq.black, maxListBytes, "black"); err != nil {
		return q, err
	}
	if q.white, _, err = goString(cq.white, maxListBytes, "white"); err != nil {
		return q, err
	}
	if q.target, _, err = goString(cq.target, maxNameBytes, "target"); err != nil {
		return q, err
	}
	if q.widening, _, err = goString(cq.widening, maxNameBytes, "widening"); err != nil {
		return q, err
	}
	q.moveNumber, q.boardSize = int32(cq.move_number), int32(cq.board_size)
	q.mode, q.algo = int32(cq.mode), int32(cq.algo)
	q.lim = newLimits(uint64(cq.node_limit), uint32(cq.time_limit_ms))
	if hasPlays { // never read the field past an older caller's struct
		q.lim.plays = playsBudget(uint64(cq.plays_limit))
	}
	return q, q.validate()
}
