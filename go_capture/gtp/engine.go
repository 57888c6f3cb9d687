// Package gtp is a Go Text Protocol (version 2) engine for the capture
// game. Besides the standard administrative and board commands it
// answers GNU Go's attack and defend in GNU Go's reply format ("0",
// "1 D4", "2 D4", "3 D4"), and accepts GNU Go's trymove/popgo, so GNU
// Go's own reading regressions run against it.
//
// Where GNU Go 3.8 is the reference, the engine answers as it does: an
// integer id is echoed (normalised) only when it is not negative, command
// names are case-sensitive, known_command without an argument is false,
// and defend names a real move for a string short of five liberties that
// needs no defence (PASS from five liberties on). A question the search
// does not decide within its limits is a failure, "? unknown: ...",
// never "0". A line longer than 64 KiB is refused and the session goes
// on; an error shows at most 64 bytes of the input, escaped.
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

// maxLine is the longest command line the engine reads as a command; a
// longer one is read to its end and refused.
const maxLine = 64 << 10

// Run reads commands from r and writes responses to w until quit or end
// of input. A line of any length is survived: one longer than maxLine is
// refused with a failure and the session goes on.
func (e *Engine) Run(r io.Reader, w io.Writer) error {
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriter(w)
	var line []byte
	for {
		line = line[:0]
		n, long := 0, false
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			n += len(chunk)
			if !long && len(line)+len(chunk) <= maxLine+1 {
				line = append(line, chunk...)
			} else {
				long = true
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if n == 0 && err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		var resp string
		var quit, ok bool
		if long {
			resp, ok = e.tooLong(line, n), true
		} else {
			resp, quit, ok = e.Exec(strings.TrimRight(string(line), "\r\n"))
		}
		if ok {
			if _, werr := bw.WriteString(resp); werr != nil {
				return werr
			}
			if werr := bw.Flush(); werr != nil {
				return werr
			}
		}
		if quit {
			return nil
		}
		if err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// tooLong answers a line of n bytes that is longer than maxLine, with the
// id its first bytes hold, if any.
func (e *Engine) tooLong(head []byte, n int) string {
	id, _, _ := parseID(strings.Fields(string(head[:min(len(head), 32)])))
	return "?" + id + " command line too long (" + strconv.Itoa(n) + " bytes; at most " + strconv.Itoa(maxLine) + ")\n\n"
}

// cleanLine turns tabs into spaces and drops the other control
// characters, as GTP asks; every other byte stays as it is (an error that
// echoes it shows an invalid one escaped, not as U+FFFD).
func cleanLine(line string) string {
	ok := true
	for i := 0; i < len(line); i++ {
		if c := line[i]; c < 32 || c == 127 {
			ok = false
			break
		}
	}
	if ok {
		return line
	}
	b := make([]byte, 0, len(line))
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '\t':
			b = append(b, ' ')
		case c < 32 || c == 127:
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// parseID takes a leading id from the fields of a command line, as GNU Go
// does: a token that is an integer is the id, echoed in the response
// (normalised: "+5" and "05" as 5) only when it is not negative; GNU Go
// reads "-5 name" as the name command with no id.
func parseID(f []string) (id string, rest []string, isID bool) {
	if len(f) == 0 {
		return "", f, false
	}
	n, err := strconv.Atoi(f[0])
	if err != nil {
		return "", f, false
	}
	if n >= 0 {
		id = strconv.Itoa(n)
	}
	return id, f[1:], true
}

// Exec runs one command line and returns the full response ("=id ...\n\n"
// or "?id ...\n\n"), whether it was quit, and false for a line with no
// command (blank or comment). Command names are case-sensitive, as in GNU
// Go.
func (e *Engine) Exec(line string) (resp string, quit bool, ok bool) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = cleanLine(line)
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", false, false
	}
	id, f, isID := parseID(f)
	if isID && len(f) == 0 {
		return "?" + id + " missing command\n\n", false, true
	}
	out, err := e.command(f[0], f[1:])
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
		if len(args) == 0 {
			return "false", nil // as GNU Go: no command named is no known command
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
			return "", fmt.Errorf("boardsize %s is not a number", board.Quote(args[0]))
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
			return "", fmt.Errorf("komi %s is not a number", board.Quote(args[0]))
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
			return "", fmt.Errorf("loadsgf: move number %s is not a positive integer", board.Quote(args[1]))
		}
		limit = n
	}
	text, err := os.ReadFile(args[0])
	if err != nil {
		return "", fmt.Errorf("cannot open or parse %s", board.Quote(args[0]))
	}
	b, toMove, err := board.ParseSGF(string(text), limit)
	if err != nil {
		return "", fmt.Errorf("cannot parse %s: %v", board.Quote(args[0]), err)
	}
	e.b = b
	return toMove.String(), nil
}
