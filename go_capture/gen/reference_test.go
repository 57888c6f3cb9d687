package gen

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
	"github.com/tsume-solver/tsume/go_capture/suite"
)

func TestClassify(t *testing.T) {
	const U = Unknown
	tests := []struct {
		name         string
		command      string
		ours, gnugo  int
		v            Verdict
		want, source string
		ref          int
	}{
		{"all agree", "attack", 1, 1, Verdict{Deep: 1, Brute: 1}, ClassAgree, "both", 1},
		{"we are wrong", "attack", 0, 1, Verdict{Deep: 1, Brute: 1}, ClassWeWrong, "both", 1},
		{"we are undecided", "defend", U, 1, Verdict{Deep: 1, Brute: 1}, ClassWeWrong, "both", 1},
		{"GNU Go is wrong", "defend", 0, 1, Verdict{Deep: 0, Brute: 0}, ClassGNUWrong, "both", 0},
		{"both wrong", "attack", 2, 1, Verdict{Deep: 0, Brute: 0}, ClassBothWrong, "both", 0},
		{"df-pn alone", "attack", 1, 0, Verdict{Deep: 1, Brute: U}, ClassGNUWrong, "dfpn", 1},
		{"brute force alone", "attack", 1, 0, Verdict{Deep: U, Brute: 0}, ClassWeWrong, "brute force", 0},
		{"no reference", "attack", 1, 0, Verdict{Deep: U, Brute: U}, ClassDisputed, "", U},
		{"deep searches disagree", "attack", 1, 1, Verdict{Deep: 1, Brute: 0}, ClassBug, "", U},
		// BruteForce's capture within its horizon contradicts a failed
		// attack and a clean defence, not a ko.
		{"horizon capture vs failed attack", "attack", 0, 0, Verdict{Deep: 0, Brute: U, Horizon: true}, ClassBug, "", U},
		{"horizon capture, attack by ko", "attack", 2, 2, Verdict{Deep: 2, Brute: 2, Horizon: true}, ClassAgree, "both", 2},
		{"horizon capture vs clean defence", "defend", 1, 1, Verdict{Deep: U, Brute: 1, Horizon: true}, ClassBug, "", U},
		{"horizon capture, defence by ko threat", "defend", 3, 3, Verdict{Deep: 3, Brute: 3, Horizon: true}, ClassAgree, "both", 3},
		{"horizon capture, no defence", "defend", 0, 0, Verdict{Deep: 0, Brute: 0, Horizon: true}, ClassAgree, "both", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Classify(tc.command, tc.ours, tc.gnugo, tc.v); got != tc.want {
				t.Errorf("Classify = %q, want %q", got, tc.want)
			}
			if got := tc.v.Source(tc.command); got != tc.source {
				t.Errorf("Source = %q, want %q", got, tc.source)
			}
			if got, _ := tc.v.Reference(tc.command); got != tc.ref {
				t.Errorf("Reference = %d, want %d", got, tc.ref)
			}
		})
	}
}

func TestReplyCode(t *testing.T) {
	for reply, want := range map[string]int{"0": 0, "1 E5": 1, "2 PASS": 2, " 3 A1": 3} {
		if got, err := ReplyCode(reply); err != nil || got != want {
			t.Errorf("ReplyCode(%q) = %d, %v; want %d", reply, got, err, want)
		}
	}
	for _, bad := range []string{"", "4 E5", "E5", "? unknown"} {
		if _, err := ReplyCode(bad); err == nil {
			t.Errorf("ReplyCode(%q) accepted", bad)
		}
	}
}

// TestSGFIsThePosition checks that the SGF printed for a question is
// its position, ko ban included: a ko taken on the last move.
func TestSGFIsThePosition(t *testing.T) {
	// White E5 in black's mouth, black F5 in white's takes it: white may
	// not retake at E5 at once.
	moves := [][]string{
		{"play", "black", "D5"}, {"play", "white", "F6"}, {"play", "black", "E6"}, {"play", "white", "F4"},
		{"play", "black", "E4"}, {"play", "white", "G5"}, {"play", "black", "J9"}, {"play", "white", "E5"},
		{"play", "black", "F5"},
	}
	dir := t.TempDir()
	tc := suite.Test{Command: "attack", Args: []string{"E6"}, SetupMoves: moves, PositionSGF: filepath.Join(dir, "e.sgf")}
	if err := writeFile(tc.PositionSGF, "(;GM[1]FF[4]SZ[9])"); err != nil {
		t.Fatal(err)
	}
	want, _, err := tc.Position()
	if err != nil {
		t.Fatal(err)
	}
	text, err := SGF(&tc, 9)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := board.ParseSGF(text, 0)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	if got.String() != want.String() {
		t.Errorf("SGF %s gives\n%s\nwant\n%s", text, got, want)
	}
	gk, gc := got.Ko()
	wk, wc := want.Ko()
	if e5, _ := board.ParseVertex("E5", 9); wk != e5 || wc != board.White {
		t.Fatalf("the position has no ko ban for white at E5 (%v %v)", wk, wc)
	}
	if gk != wk || gc != wc {
		t.Errorf("SGF %s: ko %v %v, want %v %v", text, gk, gc, wk, wc)
	}
}

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }

// TestReferenceEndToEnd runs Reference on a two-question suite: a stone
// in atari that GNU Go is said to call uncapturable (so GNU Go is
// wrong), and the same question answered right.
func TestReferenceEndToEnd(t *testing.T) {
	dir := t.TempDir()
	if err := writeFile(filepath.Join(dir, EmptySGF(9)), "(;GM[1]FF[4]SZ[9])"); err != nil {
		t.Fatal(err)
	}
	setup := `[["play","black","A1"],["play","white","B1"]]`
	lines := `{"id":1,"command":"attack","args":["A1"],"setup_moves":` + setup + `,"pattern":"0","gnugo38_response":"0","position_sgf":"empty-9.sgf"}
{"id":2,"command":"attack","args":["A1"],"setup_moves":` + setup + `,"pattern":"1 .*","gnugo38_response":"1 A2","position_sgf":"empty-9.sgf"}
`
	path := filepath.Join(dir, "s.jsonl")
	if err := writeFile(path, lines); err != nil {
		t.Fatal(err)
	}
	tests, err := suite.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := RefConfig{
		Default: reading.Options{Plays: 1000000},
		Deep:    reading.Options{Plays: 1000000, SafeLibs: 6},
		Horizon: 3, BruteSafeLibs: 6,
	}
	outs, err := Reference(context.Background(), tests, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{ClassGNUWrong, ClassAgree}
	for i, o := range outs {
		if o.Class != want[i] || o.Ref != 1 || !o.Verdict.Horizon || o.Ours != 1 {
			t.Errorf("test %d: class %q ref %d horizon %v ours %d; want %q, 1, true, 1", o.Test.ID, o.Class, o.Ref, o.Verdict.Horizon, o.Ours, want[i])
		}
	}
}
