package main

import (
	"strings"
	"testing"
)

// TestVerifyDeepLinesHostileHeavy: `tsume verify` on lines from seed 121 #94 of
// the generated real-game positions (mate rules), whose alternatives need
// 15 to 19 plies, where the verifier's best-first search answers. The
// 15-ply mate after 2d5d G*5b is verified as the question after those two
// moves (--moves), and rejected as a 17-ply line from the position before
// them: there P*5b instead of G*5b escapes a mate in 15 (it needs 19); that
// disproof takes the best-first search more than 2 M nodes of budget since
// it counts its path steps, so the large budget is 5 M an alternative. On
// the default budget neither is verified, and neither is rejected when
// true.
func TestVerifyDeepLinesHostileHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("about 50 s under -race; the Heavy pass runs it in a few seconds")
	}
	const sfen = "lnsgk2+Pl/6+N2/p1pp2p1p/1B2p2R1/9/2P3P2/P2PP+sN1P/4+r1g1K/L7L b B2SN4P2gp 59"
	const mate15 = "3b4b 5a4b S*5c 4b4c 5c5b 6a5b B*3b 4c4b S*3a 4b3b 2a2b 3b4a N*5c 5b5c G*4b"
	big := []string{"--alt-nodes", "5000000", "--nodes", "50000000"}
	tests := []struct {
		name  string
		args  []string
		code  int
		wants string
	}{
		{"after the moves", append([]string{"--moves", "2d5d G*5b", "--line", mate15}, big...), exitOK, "verified: mate in 15"},
		{"from before them", append([]string{"--line", "2d5d G*5b " + mate15}, big...), exitRejected,
			"rejected: ply 2: the defence P*5b instead of G*5b escapes a mate in 15"},
		{"from before them, default budget", []string{"--line", "2d5d G*5b " + mate15}, exitUnsettled, "unsettled:"},
		{"defender first", append([]string{"--moves", "2d5d", "--defender", "--line", "G*5b " + mate15}, big...), exitRejected,
			"rejected: ply 1: the defence P*5b instead of G*5b escapes a mate in 15"},
		{"one ply short", []string{"--moves", "2d5d G*5b", "--line", strings.TrimSuffix(mate15, " G*4b")}, exitRejected, "rejected:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"verify", "--rules", "mate", "--sfen", sfen}, tc.args...)
			code, out, errOut := run(args...)
			if code != tc.code || !strings.HasPrefix(out, tc.wants) {
				t.Fatalf("exit %d (want %d), output %q (want prefix %q), stderr %q", code, tc.code, out, tc.wants, errOut)
			}
		})
	}
}
