package main

// #include "capi.h"
import "C"

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/tsume-solver/tsume/shogi"
)

// setErr copies msg into the caller's buffer, NUL-terminated and cut at a
// UTF-8 character boundary to fit. It touches at most len(msg)+1 bytes, so
// an absurd err_len cannot make it read or write beyond the message.
func setErr(buf *C.char, n C.size_t, msg string) {
	if buf == nil || n == 0 {
		return
	}
	room := len(msg)
	if uint64(n)-1 < uint64(room) {
		room = int(n - 1)
		for room > 0 && !utf8.RuneStart(msg[room]) {
			room--
		}
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(buf)), room+1)
	copy(b, msg[:room])
	b[room] = 0
}

// finish turns err into the status returned to C and writes its message
// (or "" on success) into the caller's buffer.
func finish(err error, buf *C.char, n C.size_t) C.tsume_status {
	if err == nil {
		setErr(buf, n, "")
		return C.TSUME_OK
	}
	setErr(buf, n, err.Error())
	return C.tsume_status(statusOf(err))
}

// recoverPanic is deferred by every export: a Go panic must never unwind
// into C (it would kill the process), so it becomes TSUME_E_INTERNAL with
// the panic's message. st may be nil for exports that return no status.
func recoverPanic(st *C.tsume_status, buf *C.char, n C.size_t) {
	if r := recover(); r != nil {
		if st != nil {
			*st = C.TSUME_E_INTERNAL
		}
		setErr(buf, n, fmt.Sprintf("internal error in tsume (recovered panic: %v); please report it", r))
	}
}

// goString reads an optional C string of at most max bytes; NULL gives ""
// and ok=false. The bound is enforced with strnlen, so an unterminated or
// absurdly long string is an error rather than a runaway read.
func goString(p *C.char, max int, what string) (s string, ok bool, err error) {
	if p == nil {
		return "", false, nil
	}
	n := int(C.strnlen(p, C.size_t(max+1)))
	if n > max {
		return "", true, errorf(StatusInvalidArgument, "%s is longer than %d bytes", what, max)
	}
	return C.GoStringN(p, C.int(n)), true, nil
}

// solverOf and resultOf look a handle up.
func solverOf(p *C.tsume_solver) (*solver, error) {
	return solvers.get(uint64(uintptr(unsafe.Pointer(p))))
}

func resultOf(p *C.tsume_result) (*result, error) {
	return results.get(uint64(uintptr(unsafe.Pointer(p))))
}

// checkStructSize validates the struct_size field of an option struct
// against its current layout. A smaller size is a caller that did not use
// the TSUME_*_INIT macro, a larger one a binary built against a newer
// tsume.h whose new fields this library would ignore. A struct that has
// grown (tsume_capture_query) accepts its earlier sizes before asking this.
func checkStructSize(got, want C.uint32_t, name string) error {
	switch {
	case got == want:
		return nil
	case got < want:
		return errorf(StatusInvalidArgument,
			"%s.struct_size = %d, expected %d (initialise it with the %s_INIT macro)", name, got, want, upper(name))
	default:
		return errorf(StatusInvalidArgument,
			"%s.struct_size = %d is larger than this library's %d: built against a newer tsume.h (ABI %d)?",
			name, got, want, C.TSUME_ABI_VERSION)
	}
}

// upper turns "tsume_shogi_query" into "TSUME_SHOGI_QUERY".
func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// cBool converts a Go bool for the flag accessors.
func cBool(b bool) C.int32_t {
	if b {
		return 1
	}
	return 0
}

// guarded runs f the way every export runs its body, so the Go tests can
// show that a panic becomes TSUME_E_INTERNAL (test files cannot use cgo).
func guarded(f func()) (st C.tsume_status) {
	defer recoverPanic(&st, nil, 0)
	f()
	return C.TSUME_OK
}

// sfenAndMoves reads a position argument (required) and its moves
// (optional: NULL is none), each at most maxRecordInput bytes.
func sfenAndMoves(csfen, cmoves *C.char) (sfen, moves string, err error) {
	sfen, ok, err := goString(csfen, maxRecordInput, "sfen")
	if err == nil && !ok {
		err = errorf(StatusInvalidArgument, "sfen is NULL")
	}
	if err != nil {
		return "", "", err
	}
	moves, _, err = goString(cmoves, maxRecordInput, "moves")
	return sfen, moves, err
}

// positionAfter parses a C caller's position ("startpos" or an SFEN) and
// plays its USI moves (NULL or "" for none): a malformed SFEN or move is
// StatusParse, an illegal one StatusIllegalPosition, the move numbered.
func positionAfter(csfen, cmoves *C.char) (*shogi.Position, error) {
	sfen, moves, err := sfenAndMoves(csfen, cmoves)
	if err != nil {
		return nil, err
	}
	if sfen == "startpos" {
		sfen = shogi.NewStartPosition().SFEN()
	}
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		return nil, shogiError(err, "")
	}
	for i, u := range strings.Fields(moves) {
		m, err := shogi.ParseUSIMove(pos, u)
		if err != nil {
			return nil, shogiError(err, "moves: move "+strconv.Itoa(i+1)+": ")
		}
		pos.Do(m)
	}
	return pos, nil
}
