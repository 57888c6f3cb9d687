package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// genPosition65 is position 65 of `tsume gen-shogi --seed 21 --n 100` from
// YaneuraOu's mate heads: a mate in 17 (proven minimal by the solver) where
// another engine's early principal variation was 15 plies long, because at
// ply 2 its defender took 6c6d, mated in 13 more, instead of 6c7d, which
// escapes a mate in 13.
const genPosition65 = "ln1+R4l/3s5/p1pkppB1p/6p2/9/6P1P/P1P+bnPS2/4G1g2/L3K1sNL b 2GS5Prn2p 55"

func TestVerifyVerdicts(t *testing.T) {
	const example = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"
	const shortPV = "S*7b 6c6d 6a6b P*6c 6b6c 6d7e S*7f 6g7f 7g7f 7e7f 6c6f 7f8e B*9f 8e8d G*8e"
	tests := []struct {
		name  string
		args  []string
		code  int
		wants string
	}{
		{"mate", []string{"--sfen", example, "--line", "S*1b 2a1b G*2b"}, exitOK, "verified: mate in 3"},
		{"no check", []string{"--sfen", example, "--line", "S*1b 2a1b G*3b"}, exitRejected, "rejected: ply 3: attacker move G*3b does not give check"},
		{"ends with the attacker to move", []string{"--sfen", example, "--line", "S*1b 2a1b"}, exitRejected, "rejected:"},
		{"defender to move", []string{"--sfen", example, "--moves", "S*1b", "--defender", "--line", "2a1b G*2b"}, exitOK, "verified: mate in 2"},
		{"defender in check, auto", []string{"--sfen", example, "--moves", "S*1b", "--defender", "auto", "--line", "2a1b G*2b"}, exitOK, "verified: mate in 2"},
		{"attacker to move, auto", []string{"--sfen", example, "--defender=auto", "--line", "S*1b 2a1b G*2b"}, exitOK, "verified: mate in 3"},
		{"mate rules: the defender has no piece to drop", []string{"--rules", "mate", "--sfen", "8k/6G2/9/9/9/9/9/9/9 b R 1", "--line", "R*1e"}, exitOK, "verified: mate in 1"},
		{"tsume rules: the defender holds the spare pieces", []string{"--sfen", "8k/6G2/9/9/9/9/9/9/9 b R 1", "--line", "R*1e"}, exitRejected, "rejected: the final position is not mate"},
		{"moves given first", []string{"--sfen", example, "--moves", "S*1b 2a1b", "--line", "G*2b"}, exitOK, "verified: mate in 1"},
		{"a defence shorter than the best", []string{"--rules", "mate", "--sfen", genPosition65, "--line", shortPV,
			"--alt-nodes", "5000000", "--nodes", "50000000"}, exitRejected, "rejected: ply 2: the defence 6c7d instead of 6c6d escapes a mate in 13"},
		{"the same line on a small budget", []string{"--rules", "mate", "--sfen", genPosition65, "--line", shortPV}, exitUnsettled, "unsettled:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(append([]string{"verify"}, tc.args...)...)
			if code != tc.code || !strings.HasPrefix(out, tc.wants) {
				t.Fatalf("exit %d (want %d), output %q (want prefix %q), stderr %q", code, tc.code, out, tc.wants, errOut)
			}
		})
	}
}

func TestVerifyJSON(t *testing.T) {
	code, out, errOut := run("verify", "--json", "--sfen", "7sk/9/7PP/9/9/9/9/9/9 b GS 1", "--line", "S*1b 2a1b G*3b")
	if code != exitRejected {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	var j verifyJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if j.Verdict != "rejected" || !j.Verification.Wrong || j.Verification.OK || j.Length != 3 || j.Rules != "tsume" {
		t.Fatalf("%+v", j)
	}
}

func TestVerifyBadInput(t *testing.T) {
	const example = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"
	tests := []struct {
		name  string
		args  []string
		wants string
	}{
		{"no line", []string{"--sfen", example}, "--sfen and --line are required"},
		{"no position", []string{"--line", "S*1b"}, "--sfen and --line are required"},
		{"illegal move", []string{"--sfen", example, "--line", "S*1b 1a2b"}, "line: move 2: move \"1a2b\""},
		{"bad rules", []string{"--sfen", example, "--line", "S*1b", "--rules", "foo"}, "--rules"},
		{"bad position", []string{"--sfen", "7sk/9/7PP/9/9 b GS 1", "--line", "S*1b"}, "verify:"},
		{"no king to mate", []string{"--sfen", "9/6G2/9/9/9/9/9/9/9 b R 1", "--line", "R*1e"}, "no king"},
		{"zero budget", []string{"--sfen", example, "--line", "S*1b", "--nodes", "0"}, "must be positive"},
		{"extra argument", []string{"--sfen", example, "--line", "S*1b", "extra"}, "unexpected argument"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(append([]string{"verify"}, tc.args...)...)
			if code != exitBadInput || out != "" || !strings.Contains(errOut, tc.wants) {
				t.Fatalf("exit %d, stdout %q, stderr %q (want %q)", code, out, errOut, tc.wants)
			}
		})
	}
}
