package main

// #include "capi.h"
import "C"

import "unsafe"

// The Go status numbers must equal tsume.h's; these constant expressions
// fail to compile (negative array length) if one of them drifts.
var (
	_ [int(C.TSUME_E_INTERNAL) - int(StatusInternal)]struct{}
	_ [int(StatusInternal) - int(C.TSUME_E_INTERNAL)]struct{}
	_ [int(C.TSUME_E_BUSY) - int(StatusBusy)]struct{}
	_ [int(StatusBusy) - int(C.TSUME_E_BUSY)]struct{}
	_ [int(C.TSUME_E_CANCELLED) - int(StatusCancelled)]struct{}
	_ [int(StatusCancelled) - int(C.TSUME_E_CANCELLED)]struct{}
	_ [int(C.TSUME_RESULT_KO) - int(KindKo)]struct{}
	_ [int(KindKo) - int(C.TSUME_RESULT_KO)]struct{}
)

// tsume_abi_version returns TSUME_ABI_VERSION, for bindings to refuse a mismatch.
//
//export tsume_abi_version
func tsume_abi_version() (v C.uint32_t) {
	defer recoverPanic(nil, nil, 0)
	return C.TSUME_ABI_VERSION
}

// tsume_version_string returns the library version as a static C string.
//
//export tsume_version_string
func tsume_version_string() (s *C.char) {
	defer recoverPanic(nil, nil, 0)
	return C.tsume_capi_version()
}

// tsume_status_string names a status code (a static C string).
//
//export tsume_status_string
func tsume_status_string(status C.tsume_status) (s *C.char) {
	defer recoverPanic(nil, nil, 0)
	return C.tsume_capi_status_name(C.int(status))
}

// tsume_string_free frees a string that tsume handed out (malloc'd by C.CString).
//
//export tsume_string_free
func tsume_string_free(s *C.char) {
	defer recoverPanic(nil, nil, 0)
	C.free(unsafe.Pointer(s))
}
