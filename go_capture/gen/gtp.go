package gen

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strings"
)

// Engine is a GTP engine run as a child process (GNU Go), spoken to one
// command at a time.
type Engine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// StartEngine starts path with args (for GNU Go: "--mode", "gtp", ...).
func StartEngine(path string, args ...string) (*Engine, error) {
	cmd := exec.Command(path, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("gen: starting %s: %w", path, err)
	}
	return &Engine{cmd: cmd, in: in, out: bufio.NewReader(out)}, nil
}

// Cmd sends one command and returns the reply without its "= " and the
// blank line that ends it. A "? ..." reply is an error naming the command.
func (e *Engine) Cmd(format string, args ...any) (string, error) {
	line := fmt.Sprintf(format, args...)
	if _, err := io.WriteString(e.in, line+"\n"); err != nil {
		return "", fmt.Errorf("gen: gtp %q: %w", line, err)
	}
	var lines []string
	for {
		s, err := e.out.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("gen: gtp %q: reading the reply: %w", line, err)
		}
		s = strings.TrimRight(s, "\r\n")
		if s == "" && len(lines) > 0 {
			break
		}
		if s == "" {
			continue // stray blank line before a reply
		}
		lines = append(lines, s)
	}
	reply := strings.Join(lines, "\n")
	switch {
	case strings.HasPrefix(reply, "="):
		return strings.TrimSpace(reply[1:]), nil
	case strings.HasPrefix(reply, "?"):
		return "", fmt.Errorf("gen: gtp %q: engine refused: %s", line, strings.TrimSpace(reply[1:]))
	}
	return "", fmt.Errorf("gen: gtp %q: malformed reply %q", line, reply)
}

// Close ends the engine (quit, then wait for it).
func (e *Engine) Close() error {
	_, _ = io.WriteString(e.in, "quit\n")
	e.in.Close()
	return e.cmd.Wait()
}
