package main

import (
	"sync"
	"sync/atomic"
)

// Handles are 64-bit tokens: a 16-bit kind tag in the top bits and a serial
// number below. The tags make every token a non-canonical x86-64/arm64
// address, so a token can never alias real memory (the Go heap included),
// and serial numbers are never reused, so a freed handle stays invalid
// forever instead of silently naming a newer object.
const (
	tagShift   = 48
	serialMask = 1<<tagShift - 1

	solverTag uint64 = 0x7473 // "ts"
	resultTag uint64 = 0x7472 // "tr"
)

// handleTable maps tokens of one kind to Go values. C never holds a Go
// pointer: it holds a token, looked up here on every call.
type handleTable[T any] struct {
	tag  uint64
	kind string // "solver" or "result", for messages
	next atomic.Uint64
	m    sync.Map // uint64 token -> *T
}

// add registers v and returns its new token.
func (h *handleTable[T]) add(v *T) uint64 {
	tok := h.tag<<tagShift | (h.next.Add(1) & serialMask)
	h.m.Store(tok, v)
	return tok
}

// get returns the value of tok, or a TSUME_E_BAD_HANDLE error saying why
// the token is not a live handle of this kind.
func (h *handleTable[T]) get(tok uint64) (*T, error) {
	if v, ok := h.m.Load(tok); ok {
		return v.(*T), nil
	}
	return nil, h.badHandle(tok)
}

// remove unregisters tok and returns its value.
func (h *handleTable[T]) remove(tok uint64) (*T, error) {
	if v, ok := h.m.LoadAndDelete(tok); ok {
		return v.(*T), nil
	}
	return nil, h.badHandle(tok)
}

// len counts live handles (tests use it to check that nothing leaks).
func (h *handleTable[T]) len() int {
	n := 0
	h.m.Range(func(any, any) bool { n++; return true })
	return n
}

func (h *handleTable[T]) badHandle(tok uint64) error {
	switch {
	case tok == 0:
		return errorf(StatusInvalidArgument, "%s handle is NULL", h.kind)
	case tok>>tagShift == h.tag:
		return errorf(StatusBadHandle, "%s handle %#x was freed (or never handed out)", h.kind, tok)
	case tok>>tagShift == solverTag || tok>>tagShift == resultTag:
		return errorf(StatusBadHandle, "handle %#x is not a %s handle (wrong kind)", tok, h.kind)
	}
	return errorf(StatusBadHandle, "%#x is not a handle handed out by tsume", tok)
}

// The two tables of the library.
var (
	solvers = handleTable[solver]{tag: solverTag, kind: "solver"}
	results = handleTable[result]{tag: resultTag, kind: "result"}
)
