package main

// #include "capi.h"
import "C"

import (
	"math"
	"sync"
	"unsafe"
)

// tsume_solver_new validates the options and creates a solver handle with its table and cache.
//
//export tsume_solver_new
func tsume_solver_new(opts *C.tsume_solver_options, out **C.tsume_solver, errBuf *C.char, errLen C.size_t) (st C.tsume_status) {
	defer recoverPanic(&st, errBuf, errLen)
	if out == nil {
		return finish(errorf(StatusInvalidArgument, "out is NULL"), errBuf, errLen)
	}
	*out = nil
	o := defaultSolverOptions()
	if opts != nil {
		if err := checkStructSize(opts.struct_size, C.sizeof_tsume_solver_options, "tsume_solver_options"); err != nil {
			return finish(err, errBuf, errLen)
		}
		var err error
		if o, err = newSolverOptions(uint32(opts.hash_mb), int32(opts.huge_pages), uint32(opts.cache_mb)); err != nil {
			return finish(err, errBuf, errLen)
		}
	}
	s, err := newSolver(o)
	if err != nil {
		return finish(err, errBuf, errLen)
	}
	*out = C.tsume_capi_solver_token(C.uintptr_t(solvers.add(s)))
	return finish(nil, errBuf, errLen)
}

// tsume_solver_free frees an idle solver; a busy one stays registered and usable.
//
//export tsume_solver_free
func tsume_solver_free(p *C.tsume_solver) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	s, err := solverOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	// close first: a busy solver stays registered and usable.
	if err := s.close(); err != nil {
		return C.tsume_status(statusOf(err))
	}
	solvers.remove(uint64(uintptr(unsafe.Pointer(p))))
	return C.TSUME_OK
}

// tsume_cancel stops the search running on a solver, from any thread.
//
//export tsume_cancel
func tsume_cancel(p *C.tsume_solver) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	s, err := solverOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	s.requestCancel()
	return C.TSUME_OK
}

// tsume_solver_set_progress installs or removes the progress callback of an idle solver.
//
//export tsume_solver_set_progress
func tsume_solver_set_progress(p *C.tsume_solver, fn C.tsume_progress_fn, userData unsafe.Pointer, intervalMS C.uint32_t) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	s, err := solverOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	var hook *progressHook
	if fn != nil {
		// One C struct per hook, in Go memory (it holds no Go pointers, so
		// C may read it during the call).
		cp := new(C.tsume_progress)
		hook = newProgressHook(func(pr progress) {
			cp.nodes = C.uint64_t(pr.nodes)
			cp.nodes_per_second = C.double(pr.nodesPerSecond)
			cp.hashfull = C.uint32_t(pr.hashfull)
			cp.root_pn = C.uint64_t(pr.rootPN)
			cp.root_dn = C.uint64_t(pr.rootDN)
			cp.elapsed_ms = C.double(pr.elapsed.Seconds() * 1000)
			C.tsume_capi_call_progress(fn, cp, userData)
		}, uint32(intervalMS))
	}
	err = s.withIdle(func() { s.setProgress(hook) })
	return C.tsume_status(statusOf(err))
}

// tsume_solver_set_phase_progress installs or removes the every-phase progress
// callback of an idle solver (it replaces a tsume_progress_fn, and the
// reverse).
//
//export tsume_solver_set_phase_progress
func tsume_solver_set_phase_progress(p *C.tsume_solver, fn C.tsume_phase_progress_fn, userData unsafe.Pointer, intervalMS C.uint32_t, structSize C.size_t) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	s, err := solverOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	var hook *progressHook
	if fn != nil {
		if structSize < C.tsume_capi_phase_progress_v1_size {
			return C.TSUME_E_INVALID_ARGUMENT
		}
		cp := new(C.tsume_phase_progress) // as in tsume_solver_set_progress
		hook = newProgressHook(func(pr progress) {
			fillPhaseProgress(unsafe.Pointer(cp), pr)
			C.tsume_capi_call_phase_progress(fn, cp, userData)
		}, uint32(intervalMS))
	}
	err = s.withIdle(func() { s.setProgress(hook) })
	return C.tsume_status(statusOf(err))
}

// phaseProgressSize is sizeof(tsume_phase_progress), the struct_size of
// every report.
const phaseProgressSize = C.sizeof_tsume_phase_progress

// fillPhaseProgress writes every field of the tsume_phase_progress at dst.
func fillPhaseProgress(dst unsafe.Pointer, pr progress) {
	cp := (*C.tsume_phase_progress)(dst)
	cp.struct_size = phaseProgressSize
	ph := phaseNumber(pr.phase)
	cp.phase = C.int32_t(ph)
	cp.phase_name = phaseName(ph, pr.phase)
	cp.nodes = C.uint64_t(pr.nodes)
	cp.nodes_per_second = C.double(pr.nodesPerSecond)
	cp.elapsed_ms = C.double(pr.elapsed.Seconds() * 1000)
	cp.root_pn = C.uint64_t(pr.rootPN)
	cp.root_dn = C.uint64_t(pr.rootDN)
	cp.hashfull = C.uint32_t(pr.hashfull)
	cp.length = C.uint32_t(pr.length)
	cp.ply = C.uint32_t(pr.ply)
	cp.best = C.uint32_t(pr.best)
	cp.best_verified = cBool(pr.bestVerified)
	cp.alternatives = C.uint32_t(pr.alternatives)
	cp.settled = C.uint32_t(pr.settled)
	cp.open = C.uint32_t(pr.openAlt)
}

// otherPhaseNames holds the C copies of phase names tsume.h does not list,
// made once per name and never freed (tsume.h promises a static string;
// shogi/mate has a handful of phases).
var otherPhaseNames struct {
	sync.Mutex
	m map[string]*C.char
}

// phaseName is the static C string naming phase ph (name, for OTHER).
func phaseName(ph int32, name string) *C.char {
	if ph != phaseOther {
		return C.tsume_capi_phase_name(C.int(ph))
	}
	o := &otherPhaseNames
	o.Lock()
	defer o.Unlock()
	if o.m == nil {
		o.m = map[string]*C.char{}
	}
	c, ok := o.m[name]
	if !ok {
		c = C.CString(name)
		o.m[name] = c
	}
	return c
}

// tsume_solver_clear empties an idle solver's tables and result cache.
//
//export tsume_solver_clear
func tsume_solver_clear(p *C.tsume_solver) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	s, err := solverOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	return C.tsume_status(statusOf(s.withIdle(s.clear)))
}

// tsume_solver_prefault writes every page of an idle solver's shogi proof
// table (mate.Solver.Prefault).
//
//export tsume_solver_prefault
func tsume_solver_prefault(p *C.tsume_solver) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	s, err := solverOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	return C.tsume_status(statusOf(s.withIdle(s.shogi.Prefault)))
}

// tsume_solver_table_info reports an idle solver's table fill and huge-page status.
//
//export tsume_solver_table_info
func tsume_solver_table_info(p *C.tsume_solver, hashfull *C.uint32_t, hugePages *C.int32_t) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	s, err := solverOf(p)
	if err != nil {
		return C.tsume_status(statusOf(err))
	}
	var fill int
	var huge bool
	if err := s.withIdle(func() { fill, huge = s.tableInfo() }); err != nil {
		return C.tsume_status(statusOf(err))
	}
	if hashfull != nil {
		*hashfull = C.uint32_t(min(fill, math.MaxUint32))
	}
	if hugePages != nil {
		*hugePages = cBool(huge)
	}
	return C.TSUME_OK
}
