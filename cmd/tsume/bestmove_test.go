package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/shogi/eval"
)

func TestBestMove(t *testing.T) {
	for _, algo := range []string{"cstar", "alphabeta"} {
		code, out, errOut := run("bestmove", "--sfen", "k8/9/9/9/4r4/4S4/9/9/K8 b - 1", "--algo", algo, "--json")
		var j eval.Result
		if code != 0 || json.Unmarshal([]byte(out), &j) != nil {
			t.Fatalf("%s: exit %d, %q %q", algo, code, out, errOut)
		}
		if j.Move != "5f5e" || j.Value != 1500 || !j.Decided || j.EX == 0 {
			t.Errorf("%s: %+v; want 5f5e winning the rook (1500)", algo, j)
		}
	}
	code, out, _ := run("bestmove", "--nodes", "500")
	if code != 0 || !strings.HasPrefix(out, "bestmove ") || !strings.Contains(out, "separation") {
		t.Errorf("startpos: exit %d\n%s", code, out)
	}
	for _, bad := range [][]string{{"--algo", "minimax"}, {"--depth", "0"}, {"--sfen", "xyz"}, {"extra"}} {
		if code, _, _ := run(append([]string{"bestmove"}, bad...)...); code != exitBadInput {
			t.Errorf("%v: exit %d, want %d", bad, code, exitBadInput)
		}
	}
}
