package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// startProfile writes a CPU profile of the whole command to the file named
// by TSUME_CPUPROFILE, for `go tool pprof`; it returns the function that
// ends it. Without the variable it does nothing. A developer's tool, so it
// is an environment variable rather than a flag of every subcommand.
func startProfile(stderr io.Writer) func() {
	path := os.Getenv("TSUME_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(stderr, "tsume: TSUME_CPUPROFILE: %v\n", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(stderr, "tsume: TSUME_CPUPROFILE: %v\n", err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
