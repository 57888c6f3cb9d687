package main

import (
	"fmt"
	"io"
	"os"

	"github.com/tsume-solver/tsume/shogi/usi"
)

func init() { register("usi", "run as a USI mate engine (for shogi GUIs)", runUSI) }

// runUSI implements `tsume usi`: the USI protocol on stdin/stdout.
func runUSI(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "usi: unexpected argument %q (options are set with the USI setoption command)\n", args[0])
		return 2
	}
	if err := usi.New(stdout).Run(os.Stdin); err != nil {
		fmt.Fprintf(stderr, "usi: %v\n", err)
		return 1
	}
	return 0
}
