// Command tsume is the command line of the tsume proof-search library:
// it solves tsume-shogi problems, answers Go capture questions, speaks the
// USI and GTP protocols, and runs the benchmark suites.
//
// Each subcommand lives in its own file and registers itself in init, so
// that front ends for different games never edit the same file.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand: its one-line summary and its entry point.
// run receives the arguments after the subcommand name and returns the
// process exit code.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

// register adds a subcommand; it is called from init functions.
func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	if _, dup := commands[name]; dup {
		panic("tsume: subcommand registered twice: " + name)
	}
	commands[name] = command{summary: summary, run: run}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: tsume <command> [options]")
	fmt.Fprintln(w, "")
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "")
	fmt.Fprintln(w, "run 'tsume <command> -h' for the options of one command")
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// dispatch runs the subcommand named by args[0] and returns the exit code.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return 0
	}
	name := args[0]
	if name == "bench" && wantsGoSuite(args[1:]) {
		// `tsume bench --go-suite FILE` is the Go capture suite, which the
		// bench-go subcommand runs; shogi suites stay with bench.
		name = "bench-go"
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "tsume: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	defer startProfile(stderr)()
	return c.run(args[1:], stdout, stderr)
}

// wantsGoSuite reports whether bench arguments name a Go capture suite.
func wantsGoSuite(args []string) bool {
	for _, a := range args {
		if a == "--go-suite" || a == "-go-suite" || strings.HasPrefix(a, "--go-suite=") || strings.HasPrefix(a, "-go-suite=") {
			return true
		}
	}
	return false
}
