package usi

import (
	"io"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

// TestLongLinesAreSurvived: a 5 MB line (longer than MaxLineBytes) is
// read, refused with `info string` and skipped, during a search too, and
// the engine goes on; a long but acceptable position line is accepted.
func TestLongLinesAreSurvived(t *testing.T) {
	f := newFake(verifiedMate3(), true)
	s := startWith(t, f)
	s.send(mate3, "go mate infinite")
	waitSearches(t, f, 1)
	big := "position sfen " + strings.Repeat("x\x01é", 5<<20/4)
	s.send(big)
	s.send("isready")
	s.expect("readyok", 10*time.Second)
	f.release <- struct{}{}
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("the search in progress answered %q", got)
	}
	got := s.expect("info string error: input line", 10*time.Second)
	if !strings.Contains(got, "refused") || !strings.Contains(got, "5242") || len(got) > 4*echoBytes+100 || !strings.HasSuffix(got, "…") {
		t.Errorf("refusal %q: want the length, a cut echo", got)
	}
	checkPrintable(t, got)
	// A long acceptable line: a game of 1 000 plies of shuffling rooks.
	moves := strings.Repeat(" 2h3h 8b7b 3h2h 7b8b", 250)
	s.send("position startpos moves" + moves)
	s.send("xyzzy") // marks the end of the position's replies
	if got := s.collectUntil("info string error: unknown command", 10*time.Second); len(got) != 1 {
		t.Errorf("the long position line was refused: %q", got)
	}
	s.quit()
}

// TestFinalLineWithoutNewline: the last line is read even when the input
// ends without a newline.
func TestFinalLineWithoutNewline(t *testing.T) {
	s := start(t)
	io.WriteString(s.in, "usi\nisready")
	s.in.Close()
	s.expect("usiok", 5*time.Second)
	s.expect("readyok", 5*time.Second)
	s.ended()
}

// TestEchoIsCutAndEscaped: what the engine shows of a bad input is cut
// to echoBytes bytes with an ellipsis and escaped.
func TestEchoIsCutAndEscaped(t *testing.T) {
	s := start(t)
	// Under MaxLineBytes, an unknown command; over, a refused line: both
	// echo a cut and escaped start.
	for _, n := range []int{900 << 10, 2 << 20} {
		s.send(strings.Repeat("\x1b[31m\x00\xff", n/7))
		got := s.expect("info string error: ", 10*time.Second)
		if len(got) > 4*echoBytes+100 || !strings.HasSuffix(got, "…") || !strings.Contains(got, `"\x1b[31m\x00\xff`) {
			t.Errorf("echo of a %d-byte command: %d bytes, %q", n, len(got), got)
		}
		checkPrintable(t, got)
	}
	s.send("xyz\x07\x7f")
	got := s.expect("info string error: unknown command", 5*time.Second)
	if got != `info string error: unknown command "xyz\a\x7f"` {
		t.Errorf("got %q", got)
	}
	checkPrintable(t, got)
	s.send("setoption name " + strings.Repeat("Ñ", 100) + " value 1")
	got = s.expect("info string error: unknown option", 5*time.Second)
	if want := `"` + strings.Repeat("Ñ", 32) + `"…`; !strings.HasSuffix(got, want) {
		t.Errorf("got %q, want it to end with %q", got, want)
	}
	s.send("position sfen 9/9/9/9/9/9/9/9/9 b " + strings.Repeat("P", 1000) + " 1")
	got = s.expect("info string error: bad position", 5*time.Second)
	if len(got) > 400 {
		t.Errorf("a parser's message is not cut: %d bytes", len(got))
	}
	s.quit()
}

func checkPrintable(t *testing.T, s string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Errorf("not UTF-8: %q", s)
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			t.Errorf("non-printable %U in %q", r, s)
			return
		}
	}
}

func TestCutUTF8(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"abcdef", 3, "abc"},
		{"aé", 2, "a"},   // é is 2 bytes: not split
		{"a日本", 3, "a"},  // 日 is 3 bytes
		{"a日本", 4, "a日"}, //
		{"\xff\xfe\xfd", 2, "\xff\xfe"},
		{"a\x80\x80\x80\x80", 3, "a\x80\x80"},
	} {
		if got := cutUTF8(tc.s, tc.n); got != tc.want {
			t.Errorf("cutUTF8(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}
