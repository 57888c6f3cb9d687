package main

import (
	"os"
	"regexp"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/reading"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// TestCStarAlgo: TSUME_ALGO_CSTAR is appended to tsume_algo as 4 (ABI 1
// keeps the earlier values), accepted by both games and mapped to C*.
func TestCStarAlgo(t *testing.T) {
	h, err := os.ReadFile("../include/tsume.h")
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]string{"DEFAULT": "0", "DFPN": "1", "PNSTAR": "2", "APS": "3", "CSTAR": "4"} {
		if !regexp.MustCompile(`TSUME_ALGO_` + name + ` = ` + v + `\b`).Match(h) {
			t.Errorf("tsume.h: TSUME_ALGO_%s is not %s", name, v)
		}
	}
	if algoCStar != 4 {
		t.Errorf("algoCStar = %d", algoCStar)
	}
	if err := (&shogiQuery{sfen: "startpos", algo: algoCStar}).validate(); err != nil {
		t.Errorf("shogi, cstar: %v", err)
	}
	if err := (&captureQuery{boardSize: 9, target: "D4", algo: algoCStar}).validate(); err != nil {
		t.Errorf("capture, cstar: %v", err)
	}
	q, err := newShogiQuestion(shogiQuery{sfen: "7sk/9/7PP/9/9/9/9/9/9 b GS 1", algo: algoCStar})
	if err != nil {
		t.Fatal(err)
	}
	if a := q.(*shogiQuestion).algo; a != mate.CStar {
		t.Errorf("shogi question algorithm %v, want cstar", a)
	}
	if got := captureAlgo(algoCStar); got != reading.AlgoCStar {
		t.Errorf("captureAlgo(CSTAR) = %q", got)
	}
}
