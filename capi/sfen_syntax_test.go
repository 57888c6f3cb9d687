package main

import (
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
)

func TestCheckSFENSyntax(t *testing.T) {
	tests := []struct {
		sfen string
		ok   bool
	}{
		{"startpos", true},
		{"position startpos moves 7g7f 3c3d", true},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", true},
		{"sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", true},
		{"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p", true},
		{"4k4/9/+P8/9/9/9/9/9/9 b G 1", true},
		{"", false},
		{"position", false},
		{"4k4/9/4P4/9/9/9/9/9 b G 1", false},      // 8 ranks
		{"4k4/9/4P5/9/9/9/9/9/9 b G 1", false},    // 10 files
		{"4k4/9/4X4/9/9/9/9/9/9 b G 1", false},    // unknown letter
		{"4k4/9/4+4/9/9/9/9/9/9 b G 1", false},    // '+' then digit
		{"4k4/9/4P4/9/9/9/9/9/9 x G 1", false},    // side
		{"4k4/9/4P4/9/9/9/9/9/9 b K 1", false},    // king in hand
		{"4k4/9/4P4/9/9/9/9/9/9 b 2 1", false},    // count without piece
		{"4k4/9/4P4/9/9/9/9/9/9 b 123P 1", false}, // count too long
		{"4k4/9/4P4/9/9/9/9/9/9 b G one", false},  // ply
		{"4k4/9/4P4/9/9/9/9/9/9 b G", true},       // three fields
		{"4k4/9/4P4/9/9/9/9/9/9 b", false},        // two fields
		{"startpos moves 7g7x", false},            // bad move square
		{"startpos moves", true},                  // no moves
		{"startpos 7g7f", false},                  // missing "moves"
		{"startpos moves K*5e", false},            // king drop
		{"startpos moves P*5e 8h2b+ 7g7f", true},  // form only; legality is shogi's
	}
	for _, tc := range tests {
		err := checkSFENSyntax(tc.sfen)
		if (err == nil) != tc.ok {
			t.Errorf("checkSFENSyntax(%q) = %v, want ok=%v", tc.sfen, err, tc.ok)
		}
	}
}

// FuzzSFENSyntax checks that capi's syntax check never refuses what the
// shogi package accepts: it only decides which error code a refusal gets.
func FuzzSFENSyntax(f *testing.F) {
	for _, s := range []string{
		"startpos", "position startpos moves 7g7f 3c3d",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "9/3k5/9/3P5/9/9/9/9/9 b 2G 1",
		"4k4/9/+P8/9/9/9/9/9/9 w 18p 7 moves 1a1b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := shogi.ParseSFEN(s); err == nil {
			if err := checkSFENSyntax(s); err != nil {
				t.Fatalf("shogi accepts %q but capi calls it a syntax error: %v", s, err)
			}
		}
	})
}

func TestIsUSIMoveAgreesWithShogi(t *testing.T) {
	pos, err := shogi.ParseSFEN("startpos")
	if err != nil {
		t.Fatal(err)
	}
	var buf [shogi.MaxMoves]shogi.Move
	for _, m := range pos.GenerateLegal(buf[:0]) {
		if !isUSIMove(m.USI()) {
			t.Errorf("legal move %s is not a USI move for capi", m.USI())
		}
	}
	for _, s := range []string{"", "7g", "7g7f++", "7j7f", "0g7f", "p*5e", "K*5e", "P*5", "7g7f "} {
		if isUSIMove(s) {
			t.Errorf("isUSIMove(%q) = true", s)
		}
	}
}

func TestShogiQuestionErrors(t *testing.T) {
	tests := []struct {
		name, sfen, moves string
		want              Status
	}{
		{"ok", "9/3k5/9/3P5/9/9/9/9/9 b 2G 1", "", StatusOK},
		{"ok with moves", "startpos", "7g7f 3c3d", StatusOK},
		{"garbage", "hello world", "", StatusParse},
		{"bad rank", "4k4/9/4P4/9/9/9/9/9 b G 1", "", StatusParse},
		{"two kings", "4k4/9/9/9/9/9/9/9/3KK4 b G 1", "", StatusIllegalPosition},
		{"nifu", "4k4/9/9/9/9/9/4P4/4P4/9 b G 1", "", StatusIllegalPosition},
		{"side not to move in check", "4k4/4R4/9/9/9/9/9/9/9 b G 1", "", StatusIllegalPosition},
		{"too many golds", "4k4/9/9/9/9/9/9/9/9 b 5G 1", "", StatusIllegalPosition},
		{"move syntax", "startpos", "7g7f xx", StatusParse},
		{"illegal move", "startpos", "7g7e", StatusIllegalPosition},
		{"illegal move inside sfen", "startpos moves 7g7e", "", StatusIllegalPosition},
	}
	for _, tc := range tests {
		_, err := newShogiQuestion(shogiQuery{sfen: tc.sfen, moves: tc.moves})
		if got := statusOf(err); got != tc.want {
			t.Errorf("%s: status %d, want %d (%v)", tc.name, got, tc.want, err)
		}
		if err != nil && !strings.Contains(err.Error(), "") {
			t.Errorf("%s: empty message", tc.name)
		}
	}
}

func TestShogiCacheKeys(t *testing.T) {
	key := func(sfen, moves string, rules int32) string {
		q, err := newShogiQuestion(shogiQuery{sfen: sfen, moves: moves, rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		return q.cacheKey()
	}
	const a = "9/3k5/9/3P5/9/9/9/9/9 b 2G 1"
	if key(a, "", rulesTsume) != key("9/3k5/9/3P5/9/9/9/9/9 b 2G 17", "", rulesTsume) {
		t.Error("the move number changed the tsume key")
	}
	if key(a, "", rulesTsume) == key(a, "", rulesMate) {
		t.Error("tsume and mate rules share a key")
	}
	// tsume rules: the same position reached two ways is one question ...
	if key("startpos", "7g7f 3c3d 2g2f", rulesTsume) != key("startpos", "2g2f 3c3d 7g7f", rulesTsume) {
		t.Error("a transposition changed the tsume key")
	}
	// ... mate-search rules: the history is part of the question.
	if key("startpos", "7g7f 3c3d 2g2f", rulesMate) == key("startpos", "2g2f 3c3d 7g7f", rulesMate) {
		t.Error("mate-search rules ignore the history")
	}
}
