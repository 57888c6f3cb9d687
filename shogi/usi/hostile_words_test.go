package usi

import (
	"strings"
	"testing"
	"time"
)

// TestHostileGoTrailingWordsEveryForm: every form of a go mate command
// with a word after its time (tabs, repeated spaces, a second number, a
// second "infinite", USI time words) is refused with an error naming the
// word and `checkmate timeout`, runs no search, and leaves a conversation
// that still works: isready, then a well-formed go searches the position.
func TestHostileGoTrailingWordsEveryForm(t *testing.T) {
	fake := newFake(verifiedMate3(), false)
	s := startWith(t, fake)
	s.send(mate3)
	cases := []struct{ cmd, word string }{
		{"go mate 100 extra", `"extra"`},
		{"go\tmate\t100\textra", `"extra"`},
		{"  go   mate  100   extra  ", `"extra"`},
		{"go mate 100 100", `"100"`},
		{"go mate infinite infinite", `"infinite"`},
		{"go mate 100 mate", `"mate"`},
		{"go mate 1000 btime 0 wtime 0", `"btime"`},
		{"go mate infinite searchmoves 7g7f", `"searchmoves"`},
	}
	for _, c := range cases {
		s.send(c.cmd)
		line := s.expect("info string error", 5*time.Second)
		if !strings.Contains(line, c.word) {
			t.Errorf("%q: %q does not name %s", c.cmd, line, c.word)
		}
		if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
			t.Errorf("%q: %q, want checkmate timeout", c.cmd, got)
		}
	}
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	if n := len(fake.searches()); n != 0 {
		t.Fatalf("%d searches ran on refused commands", n)
	}
	s.send("go mate 100")
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("go mate 100 after the refusals: %q", got)
	}
	if c := fake.searches(); len(c) != 1 || c[0].sfen != strings.TrimPrefix(mate3, "position sfen ") {
		t.Errorf("searches %+v, want one of the position sent", c)
	}
	s.quit()
}

// TestHostileStopAndIsReadyWithSpaces: stop and isready read during a
// search are seen at once also when the line has other white space than
// one space around the word (a tab after it, spaces before it), as
// handle reads every command (strings.Fields). Read as other commands
// they would wait for the search: an infinite search would never end.
func TestHostileStopAndIsReadyWithSpaces(t *testing.T) {
	for _, stop := range []string{"stop\t", " stop", "\tstop", "stop \t"} {
		f := newFake(verifiedMate3(), true)
		s := startWith(t, f)
		s.send(mate3, "go mate infinite")
		waitSearches(t, f, 1)
		s.send(" isready\t")
		if got := s.collectUntil("readyok", 5*time.Second); anyPrefix(got, "checkmate") {
			t.Fatalf("%q: an answer before readyok: %q", stop, got)
		}
		s.send(stop)
		if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
			t.Errorf("%q: %q, want checkmate timeout (stopped)", stop, got)
		}
		if c := f.searches(); len(c) != 1 || (c[0].end != "stop" && c[0].end != "cancel") {
			t.Errorf("%q: searches %+v, want one stopped", stop, c)
		}
		s.quit()
	}
}

// TestHostileTrailingWordsRealEngine: the whole conversation with the real
// solver: the handshake, refused go commands (before and after a search),
// and the mate found by a well-formed go in between and after.
func TestHostileTrailingWordsRealEngine(t *testing.T) {
	s := start(t)
	s.send("usi")
	s.expect("usiok", 5*time.Second)
	s.send("setoption name USI_Hash value 16", "isready")
	s.expect("readyok", 10*time.Second)
	s.send(mate3)
	for i, cmd := range []string{"go mate 100 extra", "go mate 5000", "go mate infinite 5000", "go mate 5000"} {
		s.send(cmd)
		got := s.expect("checkmate", 10*time.Second)
		want := "checkmate S*1b 2a1b G*2b"
		if i%2 == 0 {
			want = "checkmate timeout"
		}
		if got != want {
			t.Errorf("%q: %q, want %q", cmd, got, want)
		}
	}
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	s.quit()
}
