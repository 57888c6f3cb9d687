package usi

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi/mate"
)

// session drives an Engine through pipes, as a GUI does.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

// openSFEN is a position from a generated game (gen-shogi seed 41) that
// the engine's mate search (mate-search rules) leaves open after 2 M
// expansions: a search of it runs until it is stopped or its time runs
// out, on any machine. (A lone king against a rook and bishop in hand,
// used before, is a no-mate the search now disproves within 300 ms.)
const openSFEN = "ln3k1+P+R/3s2g2/p2pp4/2ps2p2/P8/2P3P1P/N3P4/5K3/L6+b1 b 3GS2L4Prbs2n3p 71"

func start(t *testing.T) *session { return startWith(t, nil) }

// startWith starts an engine whose searches are answered by fake (the
// real solver when fake is nil).
func startWith(t *testing.T, fake *fakeSearcher) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	e := New(outW)
	if fake != nil {
		e.newSearcher = func(int) (searcher, error) { return fake, nil }
	}
	go func() {
		err := e.Run(inR)
		inR.CloseWithError(errors.New("the engine has returned")) // later sends fail, not hang
		s.done <- err
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 64<<20) // an over-long answer fails the test, not the reader
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	return s
}

func (s *session) send(cmds ...string) {
	s.t.Helper()
	for _, c := range cmds {
		if _, err := io.WriteString(s.in, c+"\n"); err != nil {
			s.t.Fatalf("send %q: %v", c, err)
		}
	}
}

// expect reads lines until one starts with prefix and returns it.
func (s *session) expect(prefix string, within time.Duration) string {
	s.t.Helper()
	deadline := time.After(within)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("engine closed its output while waiting for %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return l
			}
		case <-deadline:
			s.t.Fatalf("no %q within %v", prefix, within)
		}
	}
}

func (s *session) quit() {
	s.t.Helper()
	s.send("quit")
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		s.t.Fatal("engine did not quit")
	}
}

func TestHandshakeAndMate(t *testing.T) {
	s := start(t)
	s.send("usi")
	s.expect("option name USI_Hash", time.Second)
	s.expect("usiok", time.Second)
	s.send("setoption name USI_Hash value 16", "isready")
	s.expect("readyok", 5*time.Second)
	s.send("usinewgame", "position sfen 7sk/9/7PP/9/9/9/9/9/9 b GS 1", "go mate 10000")
	pv := s.expect("info nodes", 10*time.Second)
	if !strings.Contains(pv, "pv S*1b 2a1b G*2b") {
		t.Errorf("info line %q lacks the pv", pv)
	}
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("got %q", got)
	}
	s.send("position startpos", "go mate 1000")
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate nomate" {
		t.Errorf("start position: got %q", got)
	}
	s.send("position startpos moves 7g7f 3c3d", "go mate infinite")
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate nomate" {
		t.Errorf("after moves: got %q", got)
	}
	s.quit()
}

// TestThreadsOption: the option is offered, and a two-thread search
// answers as one does and stops on request.
func TestThreadsOption(t *testing.T) {
	s := start(t)
	s.send("usi")
	s.expect("option name Threads type spin default 1 min 1 max 256", time.Second)
	s.expect("usiok", time.Second)
	s.send("setoption name USI_Hash value 16", "setoption name Threads value 2", "isready")
	s.expect("readyok", 5*time.Second)
	s.send("position sfen 7sk/9/7PP/9/9/9/9/9/9 b GS 1", "go mate 10000")
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("two threads: got %q", got)
	}
	s.send("position sfen "+openSFEN, "go mate infinite")
	time.Sleep(300 * time.Millisecond)
	s.send("stop")
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
		t.Errorf("two threads, after stop: got %q", got)
	}
	s.quit()
}

func TestStopDuringLongSearch(t *testing.T) {
	s := start(t)
	s.send("setoption name USI_Hash value 16", "isready")
	s.expect("readyok", 5*time.Second)
	s.send("position sfen "+openSFEN, "go mate infinite")
	time.Sleep(300 * time.Millisecond)
	s.send("isready") // answered during the search
	s.expect("readyok", 2*time.Second)
	s.send("stop")
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
		t.Errorf("after stop: got %q", got)
	}
	// The engine keeps working after a stop.
	s.send("position sfen 7sk/9/7PP/9/9/9/9/9/9 b GS 1", "go mate 5000")
	s.expect("checkmate S*1b", 10*time.Second)
	s.quit()
}

func TestTimeLimit(t *testing.T) {
	s := start(t)
	s.send("setoption name USI_Hash value 16", "position sfen "+openSFEN, "go mate 300")
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
		t.Errorf("got %q", got)
	}
	s.quit()
}

func TestGarbageNeverKillsTheEngine(t *testing.T) {
	tests := []struct {
		cmds []string
		want string
	}{
		{[]string{"xyzzy"}, "info string error: unknown command"},
		{[]string{"position sfen 9/9/9 b - 1"}, "info string error: bad position"},
		{[]string{"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 1a1b"}, "info string error: bad position"},
		{[]string{"setoption name USI_Hash value 0"}, "info string error: USI_Hash"},
		{[]string{"setoption name USI_Hash value 99999999999"}, "info string error: USI_Hash"},
		{[]string{"setoption name Rules value chess"}, "info string error"},
		{[]string{"setoption name Threads value 0"}, "info string error: Threads"},
		{[]string{"setoption name Threads value 257"}, "info string error: Threads"},
		{[]string{"setoption name Threads value two"}, "info string error: Threads"},
		{[]string{"setoption foo"}, "info string error"},
		{[]string{"go mate -5"}, "info string error: go mate"},
		{[]string{"position sfen 9/9/9/9/9/9/9/9/4K4 b G 1", "go mate 1000"}, "info string error: mate: the defender"},
		{[]string{"go"}, "bestmove resign"},
	}
	s := start(t)
	for _, tc := range tests {
		s.send(tc.cmds...)
		s.expect(tc.want, 5*time.Second)
	}
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	s.quit()
}

func TestEndOfInputStopsTheSearch(t *testing.T) {
	s := start(t)
	s.send("setoption name USI_Hash value 16", "position sfen "+openSFEN, "go mate infinite")
	time.Sleep(100 * time.Millisecond)
	s.in.Close()
	select {
	case err := <-s.done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("engine did not end at end of input")
	}
}

// TestTrailingWordsAreRefused: a go or position command with a word the
// engine does not understand after its arguments gets an `info string`
// error naming that word, and no search is run on a misread command: a go
// answers `checkmate timeout` at once, and a go after a refused position
// has no position to search.
func TestTrailingWordsAreRefused(t *testing.T) {
	fake := newFake(mate.Result{Kind: mate.NoMate}, false)
	s := startWith(t, fake)
	ex := "position sfen 7sk/9/7PP/9/9/9/9/9/9 b GS 1"
	cases := []struct{ position, goCmd, word string }{
		{ex, "go mate 100 extra", `"extra"`},
		{ex, "go mate infinite extra", `"extra"`},
		{ex, "go mate 1000 byoyomi 1000", `"byoyomi"`},
		{ex + " extra", "go mate 100", `"extra"`},
		{ex + " moves S*1b junk", "go mate 100", `"junk"`},
		{"position startpos 1", "go mate 100", `"1"`},
	}
	for _, c := range cases {
		s.send(c.position, c.goCmd)
		line := s.expect("info string error", 5*time.Second)
		if !strings.Contains(line, c.word) {
			t.Errorf("%s / %s: %q does not name %s", c.position, c.goCmd, line, c.word)
		}
		if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
			t.Errorf("%s / %s: %q, want checkmate timeout", c.position, c.goCmd, got)
		}
	}
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	if n := len(fake.searches()); n != 0 {
		t.Errorf("%d searches ran on refused commands", n)
	}
	// The well-formed command still searches.
	s.send(ex, "go mate 100")
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate nomate" {
		t.Errorf("go mate 100: %q", got)
	}
	s.quit()
}
