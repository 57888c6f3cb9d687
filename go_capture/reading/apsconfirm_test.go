package reading

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// passSavesSGF is a random 5x5 position (found by the review tests) on
// which D5, black to move, needs no defence, and every candidate defence
// fills one of its own liberties and loses; brute force saves it:
//
//	5 . O . X X
//	4 X O X X X
//	3 X X O X X
//	2 X O O O X
//	1 X X . O .
//	  A B C D E
const passSavesSGF = "(;SZ[5]PL[B]AB[da][ea][ab][cb][db][eb][ac][bc][dc][ec][ad][ed][ae][be]AW[ba][bb][cc][bd][cd][dd][de])"

// TestAPSPassStaysOpen: at the root of a defence, when the attack after
// the owner's pass is undecided at the current depth, APS tries the
// candidate defences; their failure must not prove "no defence" while
// the pass is unrefuted (here every candidate fills one of the target's
// own liberties, and the pass saves). Answers agree with df-pn's.
func TestAPSPassStaysOpen(t *testing.T) {
	cases := []struct {
		rows   []string // 5x5, row 5 first; X black, O white
		target string
	}{
		{[]string{".O.XX", "XOXXX", "XXOXX", "XOOOX", "XX.O."}, "D5"}, // passSavesSGF
		{[]string{"XXXO.", ".XOOO", "XXXOO", "X.OOO", "XXOOO"}, "B4"},
		{[]string{".OOOX", "OOOXX", "OOOXX", "O.XXX", "XXXX."}, "A4"},
	}
	for _, c := range cases {
		b := rowsBoard(t, c.rows)
		target, err := board.ParseVertex(c.target, 5)
		if err != nil {
			t.Fatal(err)
		}
		captured, _, err := BruteForce(b, target, Defend, 9, 5)
		if err != nil {
			t.Fatal(err)
		}
		if captured {
			t.Fatalf("defend %s: brute force finds no defence; the position no longer shows the open pass", c.target)
		}
		for _, safe := range []int{3, 5} {
			aps, err := Solve(context.Background(), b, target, Defend, Options{Algorithm: AlgoAPS, SafeLibs: safe})
			if err != nil {
				t.Fatal(err)
			}
			dfpn, err := Solve(context.Background(), b, target, Defend, Options{Algorithm: AlgoDFPN, SafeLibs: safe})
			if err != nil {
				t.Fatal(err)
			}
			if aps.Word(Defend) == "captured" || aps.Code != dfpn.Code {
				t.Errorf("defend %s, SafeLibs %d: APS %s (code %d), df-pn %s (code %d): want df-pn's answer, never captured",
					c.target, safe, aps.Word(Defend), aps.Code, dfpn.Word(Defend), dfpn.Code)
			}
		}
	}
}

// rowsBoard builds a 5x5 board from rows 5 to 1 (X black, O white).
func rowsBoard(t *testing.T, rows []string) *board.Board {
	t.Helper()
	sgf := "(;SZ[5]"
	for _, c := range []struct {
		prop  string
		stone byte
	}{{"AB", 'X'}, {"AW", 'O'}} {
		sgf += c.prop
		for y, row := range rows {
			for x := range row {
				if row[x] == c.stone {
					sgf += "[" + string(rune('a'+x)) + string(rune('a'+y)) + "]"
				}
			}
		}
	}
	b, _, err := board.ParseSGF(sgf+")", 0)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDenialWithinTheBudget: no play budget turns a defence into "no
// defence". Under df-pn and PN* a budget that stops
// the attacker-first search of a defence leaves the owner's pass
// unrefuted, and the root offers only candidate moves: their failure is
// then no proof (here every candidate loses and the pass saves); the
// attacker-first question must be answered first, or the answer is
// unknown.
func TestDenialWithinTheBudget(t *testing.T) {
	b, _, err := board.ParseSGF(passSavesSGF, 0)
	if err != nil {
		t.Fatal(err)
	}
	target, _ := board.ParseVertex("D5", 5)
	for _, algo := range []string{AlgoDFPN, AlgoAPS, AlgoPNStar} {
		full, err := Solve(context.Background(), b, target, Defend, Options{Algorithm: algo})
		if err != nil {
			t.Fatal(err)
		}
		if full.Word(Defend) != "saved" {
			t.Fatalf("%s: %s without a budget, want saved", algo, full.Word(Defend))
		}
		for plays := int64(1); plays < 2*full.Stats.Plays; plays += 13 {
			r, err := Solve(context.Background(), b, target, Defend, Options{Algorithm: algo, Plays: plays})
			if err != nil {
				t.Fatal(err)
			}
			if r.Decided() && r.Word(Defend) != "saved" {
				t.Fatalf("%s, budget %d plays: %s (code %d), want saved or unknown", algo, plays, r.Word(Defend), r.Code)
			}
		}
	}
}
