package gtp

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
)

// hostileSGF draws a seeded random 5×5 position (about 30% stones of
// each colour) that the SGF reader accepts, as SGF text.
func hostileSGF(rng *rand.Rand) (string, *board.Board) {
	for {
		var ab, aw string
		for y := 0; y < 5; y++ {
			for x := 0; x < 5; x++ {
				pt := "[" + string(rune('a'+x)) + string(rune('a'+y)) + "]"
				switch v := rng.Intn(10); {
				case v < 3:
					ab += pt
				case v < 6:
					aw += pt
				}
			}
		}
		s := "(;SZ[5]"
		if ab != "" {
			s += "AB" + ab
		}
		if aw != "" {
			s += "AW" + aw
		}
		s += ")"
		if b, _, err := board.ParseSGF(s, 0); err == nil {
			return s, b
		}
	}
}

// bruteCaptured answers at SafeLibs 3 whether the target is captured
// (attack: the attacker moving first; defend: its owner moving first),
// looking up to 21 plies so that a long quiescence capture is found.
func bruteCaptured(t *testing.T, b *board.Board, target board.Point, mode reading.Mode, plies []int) bool {
	t.Helper()
	for _, n := range plies {
		c, _, err := reading.BruteForce(b, target, mode, n, 3)
		if err != nil {
			t.Fatal(err)
		}
		if c {
			return true
		}
	}
	return false
}

// TestHostileTinyBudgetsAnswerOnlyWhatBruteForceConfirms asks every
// algorithm, under budgets far too small to decide most questions (1 to
// 50 nodes, 1 to 200 board plays), attack and defend of weak strings on
// seeded random 5×5 boards loaded with loadsgf, and checks the GTP
// contract on each reply: a failure "? unknown: ..." when undecided, and
// a decided reply only when brute force agrees with it. "0" to attack
// (cannot be captured) and "1 X" to defend claim a save: brute force must
// find no capture within 7 plies (the horizon of SafeLibs 3). "1 X" to
// attack and "0" to defend claim a capture: brute force must find one
// within 21 plies. The move of a claimed capture by attack must capture
// too: after it, the owner moving first cannot escape.
func TestHostileTinyBudgetsAnswerOnlyWhatBruteForceConfirms(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 15
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewSource(13))
	budgets := []reading.Options{
		{Nodes: 1}, {Nodes: 2}, {Nodes: 5}, {Nodes: 50},
		{Plays: 1}, {Plays: 20}, {Plays: 200},
	}
	decided, undecided := 0, 0
	for i := 0; i < n; i++ {
		sgf, b := hostileSGF(rng)
		var weak []board.Point
		for p := board.Point(0); p < 25; p++ {
			if b.At(p) != board.Empty && b.NumLibs(p) <= 2 {
				weak = append(weak, p)
			}
		}
		if len(weak) == 0 {
			continue
		}
		target := weak[rng.Intn(len(weak))]
		file := filepath.Join(dir, fmt.Sprintf("p%d.sgf", i))
		if err := os.WriteFile(file, []byte(sgf), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, algo := range []string{reading.AlgoDFPN, reading.AlgoPNStar, reading.AlgoCStar, reading.AlgoAPS} {
			for _, bud := range budgets {
				o := bud
				o.Algorithm, o.SafeLibs = algo, 3
				e := New(o)
				if got, _, _ := e.Exec("loadsgf " + file); !strings.HasPrefix(got, "= ") {
					t.Fatalf("loadsgf %s: %q", sgf, got)
				}
				v := board.FormatVertex(target, 5)
				for _, mode := range []reading.Mode{reading.Attack, reading.Defend} {
					cmd := "attack " + v
					if mode == reading.Defend {
						cmd = "defend " + v
					}
					got, _, _ := e.Exec(cmd)
					where := fmt.Sprintf("%s %s, %+v on %s", algo, cmd, bud, sgf)
					if strings.HasPrefix(got, "? unknown:") {
						undecided++
						continue
					}
					if !strings.HasPrefix(got, "= ") {
						t.Errorf("%s: %q, want a reply or \"? unknown: ...\"", where, got)
						continue
					}
					decided++
					f := strings.Fields(got[2:])
					if f[0] == "0" && !e.LastResult.Proven {
						t.Errorf("%s: %q although the result is not proven", where, got)
					}
					claimsCapture := (mode == reading.Attack) == (f[0] != "0")
					if f[0] == "3" || f[0] == "2" {
						continue // ko answers: brute force's simple ko ban differs
					}
					if claimsCapture {
						if !bruteCaptured(t, b, target, mode, []int{9, 15, 21}) {
							t.Errorf("%s: %q claims a capture, brute force finds none in 21 plies\n%s", where, got, b)
						}
						if mode == reading.Attack {
							c := b.Clone()
							mv, err := board.ParseVertex(f[1], 5)
							if err != nil {
								t.Fatalf("%s: reply move: %v", where, err)
							}
							if err := c.Play(mv, c.At(target).Opponent()); err != nil {
								t.Errorf("%s: %q names an illegal move: %v", where, got, err)
							} else if c.At(target) != board.Empty && !bruteCaptured(t, c, target, reading.Defend, []int{9, 15, 21}) {
								t.Errorf("%s: %q: after its move the owner escapes (brute force, 21 plies)\n%s", where, got, b)
							}
						}
					} else if bruteCaptured(t, b, target, mode, []int{7}) {
						t.Errorf("%s: %q claims a save, brute force captures within 7 plies\n%s", where, got, b)
					}
				}
			}
		}
	}
	t.Logf("%d decided replies checked by brute force, %d unknown", decided, undecided)
	if decided < 20 || undecided < 20 {
		t.Fatalf("%d decided and %d unknown replies: the budgets no longer test both sides of the contract", decided, undecided)
	}
}

// TestHostileBadInputIsAClearFailure sends malformed and out-of-order
// commands: each gets a failure naming what is wrong (never a panic, a
// silent success or an answer), and the session goes on.
func TestHostileBadInputIsAClearFailure(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	broken := []string{
		write("empty.sgf", ""),
		write("open.sgf", "(;SZ[5]AB[aa]"),
		write("badsize.sgf", "(;SZ[99]AB[aa])"),
		write("offboard.sgf", "(;SZ[5]AB[zz])"),
		write("notsgf.sgf", "hello"),
		write("binary.sgf", "\x00\x01\xff(;"),
		write("suicide.sgf", "(;SZ[5]AW[ba][ab];B[aa])"),
		write("occupied.sgf", "(;SZ[5]AB[aa];W[aa])"),
		write("nested.sgf", strings.Repeat("(", 100000)),
	}
	e := New(reading.Options{})
	tests := []struct {
		line, want string
	}{
		{"undo", "? cannot undo"},
		{"popgo", "? cannot undo"},
		{"attack A1", "? vertex must not be empty"},
		{"attack", "? attack needs a vertex"},
		{"defend A1 B2", "? defend needs a vertex"},
		{"attack pass", "? vertex must not be empty"},
		{"attack Z1", "? vertex \"Z1\""},
		{"attack A0", "? vertex \"A0\""},
		{"attack A20", "? vertex \"A20\""},
		{"attack A-1", "? vertex \"A-1\""},
		{"attack " + strings.Repeat("A", 200), "? vertex"},
		{"boardsize", "? boardsize needs one argument"},
		{"boardsize nine", "? boardsize \"nine\" is not a number"},
		{"boardsize -1", "? unacceptable size"},
		{"boardsize 99999999999999999999", "? boardsize"},
		{"play black", "? play needs a colour and a vertex"},
		{"play black A1 B2", "? play needs a colour and a vertex"},
		{"komi x", "? komi \"x\" is not a number"},
		{"loadsgf", "? loadsgf needs a file"},
		{"loadsgf " + filepath.Join(dir, "absent.sgf"), "? cannot open"},
		{"loadsgf " + dir, "? cannot"},
		{"loadsgf " + broken[0] + " 0", "? loadsgf: move number \"0\""},
		{"loadsgf " + broken[0] + " -3", "? loadsgf: move number \"-3\""},
		{"loadsgf " + broken[0] + " x", "? loadsgf: move number \"x\""},
		{"10 frobnicate", "?10 unknown command"},
		{"ATTACK A1", "? unknown command"},
	}
	for _, p := range broken {
		tests = append(tests, struct{ line, want string }{"loadsgf " + p, "? cannot parse"})
	}
	// After all of that the session still answers, on the board it had.
	tests = append(tests, []struct{ line, want string }{
		{"boardsize 5", "= "},
		{"play black C3", "= "},
		{"play white C3", "? illegal move"},
		{"play white C2", "= "},
		{"play white B3", "= "},
		{"play white D3", "= "},
		{"attack C3", "= 1 C4"},
		{"boardsize 4", "? unacceptable size"},
		{"defend C3", "= 3 C4"},
		{"undo", "= "}, {"undo", "= "}, {"undo", "= "}, {"undo", "= "},
		{"undo", "? cannot undo"},
		{"attack C3", "? vertex must not be empty"},
	}...)
	for _, tc := range tests {
		got, _, ok := e.Exec(tc.line)
		if !ok || !strings.HasPrefix(got, tc.want) || !strings.HasSuffix(got, "\n\n") {
			t.Errorf("%.80q: got %q (ok %v), want a reply starting %q", tc.line, got, ok, tc.want)
		}
	}
}

// TestHostileBoardsizeMidQuestionResetsHistory checks that a boardsize
// change clears the position and its history: undo after it fails, and
// the old stones are not asked about.
func TestHostileBoardsizeMidQuestionResetsHistory(t *testing.T) {
	e := New(reading.Options{SafeLibs: 3})
	for _, tc := range []struct{ line, want string }{
		{"boardsize 7", "= "},
		{"play black D4", "= "},
		{"play white D3", "= "},
		{"boardsize 9", "= "},
		{"undo", "? cannot undo"},
		{"attack D4", "? vertex must not be empty"},
		{"play black J9", "= "},
		{"boardsize 7", "= "},
		{"attack J9", "? vertex \"J9\""},
		{"clear_board", "= "},
		{"undo", "? cannot undo"},
	} {
		if got, _, _ := e.Exec(tc.line); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q: got %q, want a reply starting %q", tc.line, got, tc.want)
		}
	}
}

// TestHostileBadOptionsFailEveryQuestion gives the engine options a
// front end might pass through unchecked: every question then fails with
// the reason, never "0" or an answer.
func TestHostileBadOptionsFailEveryQuestion(t *testing.T) {
	for _, tc := range []struct {
		o    reading.Options
		want string
	}{
		{reading.Options{Nodes: -1}, "negative"},
		{reading.Options{Plays: -5}, "negative"},
		{reading.Options{SafeLibs: 1}, "SafeLibs"},
		{reading.Options{Widening: "foo"}, "widening"},
		{reading.Options{Algorithm: "minimax"}, "unknown algorithm"},
		{reading.Options{MaxDepth: -1}, "MaxDepth"},
	} {
		e := New(tc.o)
		for _, l := range []string{"boardsize 5", "play black C3", "play white C2"} {
			e.Exec(l)
		}
		for _, q := range []string{"attack C3", "defend C3", "attack C2"} {
			got, _, _ := e.Exec(q)
			if !strings.HasPrefix(got, "? ") || !strings.Contains(got, tc.want) {
				t.Errorf("%+v %s: got %q, want a failure containing %q", tc.o, q, got, tc.want)
			}
		}
	}
}
