// Package suite loads and scores the GNU Go reading regression suite
// (../shared/problems/go/gnugo-reading.jsonl): each test is a position,
// setup moves, an attack or defend question and an expected reply
// pattern in GNU Go's GTP format.
package suite

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// Test is one record of the suite.
type Test struct {
	ID          int        `json:"id"`
	Command     string     `json:"command"`
	Args        []string   `json:"args"`
	SetupMoves  [][]string `json:"setup_moves"`
	Pattern     string     `json:"pattern"`
	Negate      bool       `json:"negate"`
	ExpectFail  bool       `json:"expect_fail_gnugo"`
	GNUGo       string     `json:"gnugo38_response"`
	GNUGoPass   bool       `json:"gnugo38_pass"`
	GNUGoNodes  int        `json:"gnugo38_reading_nodes"`
	PositionSGF string     `json:"position_sgf"`

	re *regexp.Regexp
}

// Load reads the suite file; positions are resolved relative to it.
func Load(path string) ([]Test, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var tests []Test
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var t Test
		if err := json.Unmarshal([]byte(line), &t); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		if t.Command != "attack" && t.Command != "defend" {
			return nil, fmt.Errorf("%s:%d: test %d: unknown command %q", path, n, t.ID, t.Command)
		}
		if len(t.Args) != 1 {
			return nil, fmt.Errorf("%s:%d: test %d: want one argument, got %v", path, n, t.ID, t.Args)
		}
		// awk's match(reply, "^" pattern "$"): alternatives stay ungrouped.
		if t.re, err = regexp.Compile("^" + t.Pattern + "$"); err != nil {
			return nil, fmt.Errorf("%s:%d: test %d: pattern %q: %v", path, n, t.ID, t.Pattern, err)
		}
		if !filepath.IsAbs(t.PositionSGF) {
			t.PositionSGF = filepath.Join(filepath.Dir(path), t.PositionSGF)
		}
		tests = append(tests, t)
	}
	return tests, sc.Err()
}

// Pass scores a reply ("1 D4", without "= ") by the test's own rule.
func (t *Test) Pass(reply string) bool {
	return t.re.MatchString(reply) != t.Negate
}

// Position loads the test's position and plays its setup moves. It
// returns the board and the target. Setup moves of kind "play" are
// already part of the normalized positions; they are skipped when their
// point already holds their colour.
func (t *Test) Position() (*board.Board, board.Point, error) {
	text, err := os.ReadFile(t.PositionSGF)
	if err != nil {
		return nil, board.NoPoint, err
	}
	b, _, err := board.ParseSGF(string(text), 0)
	if err != nil {
		return nil, board.NoPoint, fmt.Errorf("test %d: %v", t.ID, err)
	}
	for _, m := range t.SetupMoves {
		if len(m) != 3 {
			return nil, board.NoPoint, fmt.Errorf("test %d: setup move %v: want [kind, colour, vertex]", t.ID, m)
		}
		c, err := board.ParseColor(m[1])
		if err != nil {
			return nil, board.NoPoint, fmt.Errorf("test %d: %v", t.ID, err)
		}
		p, err := board.ParseVertex(m[2], b.Size())
		if err != nil {
			return nil, board.NoPoint, fmt.Errorf("test %d: %v", t.ID, err)
		}
		if m[0] == "play" && p >= 0 && b.At(p) == c {
			continue
		}
		if err := b.Play(p, c); err != nil {
			return nil, board.NoPoint, fmt.Errorf("test %d: setup %s %s: %v", t.ID, m[1], m[2], err)
		}
	}
	b.Commit()
	target, err := board.ParseVertex(t.Args[0], b.Size())
	if err != nil {
		return nil, board.NoPoint, fmt.Errorf("test %d: %v", t.ID, err)
	}
	if target < 0 || b.At(target) == board.Empty {
		return nil, board.NoPoint, fmt.Errorf("test %d: target %s is not a stone", t.ID, t.Args[0])
	}
	return b, target, nil
}
