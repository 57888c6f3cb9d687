package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/tsume-solver/tsume/go_capture/gtp"
	"github.com/tsume-solver/tsume/go_capture/reading"
)

func init() {
	register("gtp", "run as a GTP engine answering GNU Go's attack/defend (df-pn by default)", runGTP)
}

// runGTP implements `tsume gtp`: the protocol on stdin and stdout.
func runGTP(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gtp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cf captureFlags
	cf.register(fs, 10*time.Second, benchGoPlays)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gtp: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	// Bad options are refused now, not by every question of the session.
	if _, err := reading.NewSolver(cf.options()); err != nil {
		fmt.Fprintf(stderr, "gtp: %v\n", err)
		return 2
	}
	e := gtp.New(cf.options())
	if err := e.Run(os.Stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "gtp: %v\n", err)
		return 1
	}
	return 0
}
