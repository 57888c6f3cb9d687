// Package gtp is a Go Text Protocol (version 2) engine for the capture
// game. Besides the standard administrative and board commands it
// answers GNU Go's attack and defend in GNU Go's reply format ("0",
// "1 D4", "2 D4", "3 D4"), and accepts GNU Go's trymove/popgo, so GNU
// Go's own reading regressions run against it.
package gtp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
)

// Version is reported by the version command.
const Version = "0.1"

// Engine holds the position and the search options of one GTP session.
type Engine struct {
	b    *board.Board
	komi float64
	// Options are used by attack and defend.
	Options reading.Options
	// LastResult is the result of the latest attack or defend.
	LastResult reading.Result

	solver     *reading.Solver
	solverOpts reading.Options // the Options the solver was made with
}

// New returns an engine with an empty 19×19 board.
func New(opts reading.Options) *Engine {
	b, _ := board.New(19)
	return &Engine{b: b, Options: opts}
}

// Board returns the current position.
func (e *Engine) Board() *board.Board { return e.b }

var commandNames = []string{
	"attack", "boardsize", "clear_board", "defend", "known_command", "komi",
	"list_commands", "loadsgf", "name", "play", "popgo", "protocol_version",
	"quit", "showboard", "trymove", "undo", "version",
}

// Run reads commands from r and writes responses to w until quit or end
// of input.
func (e *Engine) Run(r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	bw := bufio.NewWriter(w)
	for sc.Scan() {
		resp, quit, ok := e.Exec(sc.Text())
		if !ok {
			continue
		}
		if _, err := bw.WriteString(resp); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		if quit {
			return nil
		}
	}
	return sc.Err()
}

// Exec runs one command line and returns the full response ("=id ...\n\n"
// or "?id ...\n\n"), whether it was quit, and false for a line with no
// command (blank or comment).
func (e *Engine) Exec(line string) (resp string, quit bool, ok bool) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = strings.Map(func(r rune) rune {
		if r == '\t' {
			return ' '
		}
		if r < 32 || r == 127 {
			return -1
		}
		return r
	}, line)
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", false, false
	}
	id := ""
	if _, err := strconv.Atoi(f[0]); err == nil {
		id, f = f[0], f[1:]
		if len(f) == 0 {
			return "?" + id + " missing command\n\n", false, true
		}
	}
	out, err := e.command(strings.ToLower(f[0]), f[1:])
	if err != nil {
		return "?" + id + " " + err.Error() + "\n\n", false, true
	}
	// "= " even for an empty reply, as GNU Go writes it.
	return "=" + id + " " + out + "\n\n", f[0] == "quit", true
}

func (e *Engine) command(name string, args []string) (string, error) {
	switch name {
	case "protocol_version":
		return "2", nil
	case "name":
		return "tsume", nil
	case "version":
		return Version, nil
	case "list_commands":
		return strings.Join(commandNames, "\n"), nil
	case "known_command":
		if len(args) != 1 {
			return "", fmt.Errorf("known_command needs one argument")
		}
		for _, c := range commandNames {
			if c == args[0] {
				return "true", nil
			}
		}
		return "false", nil
	case "quit":
		return "", nil
	case "boardsize":
		if len(args) != 1 {
			return "", fmt.Errorf("boardsize needs one argument")
		}
		n, err := strconv.Atoi(args[0])
		if err != nil {
			return "", fmt.Errorf("boardsize %q is not a number", args[0])
		}
		b, err := board.New(n)
		if err != nil {
			return "", fmt.Errorf("unacceptable size")
		}
		e.b = b
		return "", nil
	case "clear_board":
		e.b.Clear()
		return "", nil
	case "komi":
		if len(args) != 1 {
			return "", fmt.Errorf("komi needs one argument")
		}
		k, err := strconv.ParseFloat(args[0], 64)
		if err != nil {
			return "", fmt.Errorf("komi %q is not a number", args[0])
		}
		e.komi = k
		return "", nil
	case "play", "trymove":
		if len(args) != 2 {
			return "", fmt.Errorf("%s needs a colour and a vertex", name)
		}
		c, err := board.ParseColor(args[0])
		if err != nil {
			return "", fmt.Errorf("invalid color")
		}
		p, err := board.ParseVertex(args[1], e.b.Size())
		if err != nil {
			return "", err
		}
		if err := e.b.Play(p, c); err != nil {
			return "", fmt.Errorf("illegal move")
		}
		return "", nil
	case "undo", "popgo":
		if !e.b.Undo() {
			return "", fmt.Errorf("cannot undo")
		}
		return "", nil
	case "loadsgf":
		return e.loadSGF(args)
	case "showboard":
		return "\n" + strings.TrimRight(e.b.String(), "\n"), nil
	case "attack", "defend":
		if len(args) != 1 {
			return "", fmt.Errorf("%s needs a vertex", name)
		}
		p, err := board.ParseVertex(args[0], e.b.Size())
		if err != nil {
			return "", err
		}
		if p < 0 || e.b.At(p) == board.Empty {
			return "", fmt.Errorf("vertex must not be empty")
		}
		mode := reading.Attack
		if name == "defend" {
			mode = reading.Defend
		}
		if e.solver == nil || e.solverOpts != e.Options {
			if e.solver, err = reading.NewSolver(e.Options); err != nil {
				return "", err
			}
			e.solverOpts = e.Options
		}
		res, err := e.solver.Solve(context.Background(), e.b, p, mode)
		if err != nil {
			return "", err
		}
		e.LastResult = res
		reply, err := res.GTP(e.b.Size())
		if err != nil {
			// Not decided: a failure, never "0", which would claim a
			// proof that the string cannot be captured or saved.
			return "", fmt.Errorf("unknown: %v (%d nodes, %d board plays)", err, res.Stats.Nodes, res.Stats.Plays)
		}
		return reply, nil
	}
	return "", fmt.Errorf("unknown command")
}

// loadSGF implements "loadsgf FILE [N]": N stops before move N, as in
// GNU Go. The reply is the colour to move.
func (e *Engine) loadSGF(args []string) (string, error) {
	if len(args) < 1 || len(args) > 2 {
		return "", fmt.Errorf("loadsgf needs a file and an optional move number")
	}
	limit := 0
	if len(args) == 2 {
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 {
			// GNU Go also accepts a vertex here; only move numbers are supported.
			return "", fmt.Errorf("loadsgf: move number %q is not a positive integer", args[1])
		}
		limit = n
	}
	text, err := os.ReadFile(args[0])
	if err != nil {
		return "", fmt.Errorf("cannot open or parse '%s'", args[0])
	}
	b, toMove, err := board.ParseSGF(string(text), limit)
	if err != nil {
		return "", fmt.Errorf("cannot parse '%s': %v", args[0], err)
	}
	e.b = b
	return toMove.String(), nil
}
