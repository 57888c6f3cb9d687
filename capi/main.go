// Command capi is the C ABI of tsume: built with
//
//	go build -buildmode=c-shared -o libtsume.so.0 ./capi
//	go build -buildmode=c-archive -o libtsume.a ./capi
//
// it exports exactly the functions of include/tsume.h (the hand-written
// contract; cgo's generated header is not used). CMakeLists.txt at the
// repository root adds the linker version script capi/libtsume.map, which
// keeps the Go runtime's own symbols out of the dynamic symbol table.
//
// The package is a front end: it validates queries, calls shogi/mate and
// go_capture/reading, converts their results and keeps handles. It holds no
// search logic. C never holds a Go pointer: handles are tokens looked up in
// handle tables (handles.go), and every export recovers panics (cgo_util.go).
package main

// #cgo CFLAGS: -I${SRCDIR}/../include -I${SRCDIR}
import "C"

// main is required by -buildmode=c-shared and c-archive; it never runs.
func main() {}
