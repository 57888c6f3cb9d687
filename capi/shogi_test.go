package main

import "testing"

func TestShogiQuestionErrors(t *testing.T) {
	tests := []struct {
		name, sfen, moves string
		want              Status
	}{
		{"ok", "9/3k5/9/3P5/9/9/9/9/9 b 2G 1", "", StatusOK},
		{"ok with moves", "startpos", "7g7f 3c3d", StatusOK},
		{"usi position form", "position startpos moves 7g7f", "3c3d", StatusOK},
		{"garbage", "hello world", "", StatusParse},
		{"bad rank", "4k4/9/4P4/9/9/9/9/9 b G 1", "", StatusParse},
		{"bad piece letter", "4k4/9/4X4/9/9/9/9/9/9 b G 1", "", StatusParse},
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
