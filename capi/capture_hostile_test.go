package main

import (
	"context"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
	"github.com/tsume-solver/tsume/go_capture/suite"
	"github.com/tsume-solver/tsume/internal/sharedtest"
)

// TestHostileCaptureLineIsReplayed: the line given to tsume_capture_svg is
// replayed before it is drawn, and the first move that cannot be played is
// named (a move onto a stone, into suicide, off the board).
func TestHostileCaptureLineIsReplayed(t *testing.T) {
	q, err := newCaptureQuestion(captureQuery{boardSize: 5, black: "C3", white: "C2 B3 D3", target: "C3"})
	if err != nil {
		t.Fatal(err)
	}
	c := q.(*captureQuestion)
	first := board.White // attack: the target's opponent moves first
	for _, tc := range []struct {
		line, want string
	}{
		{"", ""},
		{"C4", ""},
		{"pass C4", ""},
		{"C4 pass C3", ""},               // C3 is empty once C4 has taken it
		{"C4 pass C3 pass C3", "move 5"}, // white refilled it: occupied
		{"C2", "move 1"},                 // a white stone
		{"C4 C4", "move 2"},
		{"C4 C3", "move 2"}, // black's C3 would have no liberty: suicide
	} {
		var line []board.Point
		for _, v := range strings.Fields(tc.line) {
			p, err := board.ParseVertex(v, 5)
			if err != nil {
				t.Fatal(err)
			}
			line = append(line, p)
		}
		err := checkCaptureLine(c.b, line, first)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || statusOf(err) != StatusIllegalPosition) {
			t.Errorf("line %q: %v, want %q", tc.line, err, tc.want)
		}
	}
}

// TestHostileResultLinesReplay: the line of every decided answer of every
// algorithm, on seeded random 5x5 and 7x7 boards, replays under
// checkCaptureLine, so that drawing a result never fails.
func TestHostileResultLinesReplay(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	n := 120
	if testing.Short() {
		n = 40
	}
	lines := 0
	for i := 0; i < n; i++ {
		size := 5 + 2*(i%2)
		var ab, aw []string
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				pt := "[" + string(rune('a'+x)) + string(rune('a'+y)) + "]"
				switch v := rng.Intn(10); {
				case v < 3:
					ab = append(ab, pt)
				case v < 6:
					aw = append(aw, pt)
				}
			}
		}
		sgf := fmt.Sprintf("(;SZ[%d]AB%sAW%s)", size, strings.Join(ab, ""), strings.Join(aw, ""))
		b, _, err := board.ParseSGF(sgf, 0)
		if err != nil || len(ab) == 0 || len(aw) == 0 {
			continue
		}
		var weak []board.Point
		for p := board.Point(0); int(p) < size*size; p++ {
			if b.At(p) != board.Empty && b.NumLibs(p) <= 3 {
				weak = append(weak, p)
			}
		}
		if len(weak) == 0 {
			continue
		}
		target := weak[rng.Intn(len(weak))]
		for _, algo := range []string{reading.AlgoDFPN, reading.AlgoPNStar, reading.AlgoCStar, reading.AlgoAPS} {
			for _, mode := range []reading.Mode{reading.Attack, reading.Defend} {
				res, err := reading.Solve(context.Background(), b, target, mode, reading.Options{Algorithm: algo, Nodes: 3000})
				if err != nil {
					t.Fatal(err)
				}
				if !res.Decided() || len(res.Line) == 0 {
					continue
				}
				first := b.At(target).Opponent()
				if mode == reading.Defend {
					first = b.At(target)
				}
				lines++
				if err := checkCaptureLine(b, res.Line, first); err != nil {
					t.Errorf("%s %s %s on %s: code %d, line %v: %v", algo, mode, b.Vertex(target), sgf, res.Code, res.Line, err)
				}
			}
		}
	}
	if lines < 50 {
		t.Fatalf("only %d result lines: the test checks too little", lines)
	}
	t.Logf("%d result lines replayed", lines)
}

// TestHostileSuiteResultLinesReplayHeavy: the lines of df-pn's answers to
// the GNU Go reading suite (19x19 positions, kos included) replay under
// checkCaptureLine, so tsume_capture_svg draws every one.
func TestHostileSuiteResultLinesReplayHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: the GNU Go reading suite")
	}
	dir := sharedtest.Require(t)
	tests, err := suite.Load(filepath.Join(dir, "problems", "go", "gnugo-reading.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	_, _, err = suite.Run(context.Background(), tests, reading.Options{Plays: 200000}, func(r suite.Row) {
		if !r.Result.Decided() || len(r.Result.Line) == 0 {
			return
		}
		b, target, err := r.Test.Position()
		if err != nil {
			t.Fatal(err)
		}
		first := b.At(target).Opponent()
		if r.Test.Command == "defend" {
			first = b.At(target)
		}
		lines++
		if err := checkCaptureLine(b, r.Result.Line, first); err != nil {
			t.Errorf("test %d (%s %v): reply %s, line %v: %v", r.Test.ID, r.Test.Command, r.Test.Args, r.Reply, r.Result.Line, err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d suite result lines replayed", lines)
}
