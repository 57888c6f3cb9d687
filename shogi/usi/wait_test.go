package usi

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi/mate"
)

const mate3 = "position sfen 7sk/9/7PP/9/9/9/9/9/9 b GS 1"

func verifiedMate3() mate.Result {
	return mate.Result{Kind: mate.Mate, Proven: true, Verified: true, Length: 3, USI: []string{"S*1b", "2a1b", "G*2b"},
		Verification: mate.Verification{OK: true}}
}

// waitSearches waits until the fake has seen n searches (a hang guard,
// not a timing assertion).
func waitSearches(t *testing.T, f *fakeSearcher, n int) []fakeCall {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if c := f.searches(); len(c) >= n {
			return c
		}
	}
	t.Fatalf("the fake did not see %d searches: %+v", n, f.searches())
	return nil
}

// TestCommandsWaitForTheSearch: position, setoption, usinewgame and go
// sent during a search wait until it has answered (they used to stop it,
// so a piped script got `checkmate timeout` for a mate in 3), and then
// take effect in order; isready is answered during the search.
func TestCommandsWaitForTheSearch(t *testing.T) {
	f := newFake(verifiedMate3(), true)
	s := startWith(t, f)
	s.send(mate3, "go mate infinite")
	waitSearches(t, f, 1)
	s.send("usinewgame", "position startpos", "setoption name Rules value mate", "go mate 60000", "isready")
	// readyok comes while the first search still runs: the fake answers
	// only when released.
	if got := s.collectUntil("readyok", 5*time.Second); anyPrefix(got, "checkmate") {
		t.Fatalf("an answer before the release: %q", got)
	}
	if c := f.searches(); len(c) != 1 || c[0].end != "" {
		t.Fatalf("the first search ended or a second began before the release: %+v", c)
	}
	f.release <- struct{}{}
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("first answer %q, want the mate", got)
	}
	c := waitSearches(t, f, 2)
	if c[0].end != "answer" {
		t.Errorf("the first search ended by %q, want its answer", c[0].end)
	}
	if !strings.HasPrefix(c[1].sfen, "lnsgkgsnl/") || c[1].opts.Rules != mate.MateSearch || c[1].opts.TimeLimit <= 0 {
		t.Errorf("the second search got %q, %v, limit %v: the waiting commands were not applied", c[1].sfen, c[1].opts.Rules, c[1].opts.TimeLimit)
	}
	f.release <- struct{}{}
	s.expect("checkmate S*1b", 5*time.Second)
	s.quit()
}

// TestStopAppliesInOrder: a stop read while a go waits in the queue stops
// the search that go starts; a stop with no go before it stops the
// running search at once, even when other commands wait for it.
func TestStopAppliesInOrder(t *testing.T) {
	f := newFake(verifiedMate3(), true)
	s := startWith(t, f)
	s.send(mate3, "go mate infinite")
	waitSearches(t, f, 1)
	s.send("position startpos", "go mate infinite", "stop")
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	if c := f.searches(); c[0].end != "" {
		t.Fatalf("the stop meant for the second search ended the first: %+v", c)
	}
	f.release <- struct{}{}
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("first answer %q", got)
	}
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
		t.Errorf("second answer %q, want the stopped search's timeout", got)
	}
	if c := waitSearches(t, f, 2); c[1].end != "stop" && c[1].end != "cancel" {
		t.Errorf("second search ended by %q, want stop", c[1].end)
	}
	// A stop behind a waiting position stops the running search.
	s.send(mate3, "go mate infinite")
	waitSearches(t, f, 3)
	s.send("position startpos", "stop")
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
		t.Errorf("third answer %q, want timeout after stop", got)
	}
	s.quit()
}

// TestEndOfInputTimed: at the end of input a `go mate <ms>` search runs to
// its limit (it is not stopped), prints its answer, and the engine exits.
func TestEndOfInputTimed(t *testing.T) {
	f := newFake(verifiedMate3(), true)
	s := startWith(t, f)
	s.send(mate3, "go mate 300")
	s.in.Close()
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("answer %q", got)
	}
	s.ended()
	if c := f.searches(); len(c) != 1 || c[0].end != "limit" {
		t.Errorf("search ended by %+v, want its limit", c)
	}
}

// TestEndOfInputInfinite: at the end of input a `go mate infinite` search
// is stopped as by stop, prints its answer, and the engine exits; commands
// queued before the end still run in order.
func TestEndOfInputInfinite(t *testing.T) {
	f := newFake(verifiedMate3(), true)
	s := startWith(t, f)
	s.send(mate3, "go mate infinite")
	waitSearches(t, f, 1)
	s.send("position startpos", "go mate infinite")
	s.in.Close()
	// The first search is not stopped by the end of input (a go waits
	// behind it): released, it answers; the second is stopped.
	time.Sleep(50 * time.Millisecond)
	if c := f.searches(); c[0].end != "" {
		t.Fatalf("the first search ended before its release: %+v", c)
	}
	f.release <- struct{}{}
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("first answer %q", got)
	}
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate timeout" {
		t.Errorf("second answer %q", got)
	}
	s.ended()
	c := f.searches()
	if len(c) != 2 || (c[1].end != "stop" && c[1].end != "cancel") {
		t.Errorf("searches %+v: want the second stopped", c)
	}
}

// collectUntil reads lines until one starts with prefix and returns them.
func (s *session) collectUntil(prefix string, within time.Duration) []string {
	s.t.Helper()
	var got []string
	deadline := time.After(within)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("engine closed its output while waiting for %q; got %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-deadline:
			s.t.Fatalf("no %q within %v; got %q", prefix, within, got)
		}
	}
}

func anyPrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// ended waits for Run to return after the end of input.
func (s *session) ended() {
	s.t.Helper()
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		s.t.Fatal("engine did not end at end of input")
	}
}

// TestLimitCountsFromTheCommand: the time the engine spends before the
// search (here a table allocation of 50 ms) comes out of `go mate <ms>`,
// so the answer is due at the limit after the command, not after it
// plus the engine's own work.
func TestLimitCountsFromTheCommand(t *testing.T) {
	f := newFake(verifiedMate3(), false)
	inR, inW := io.Pipe()
	e := New(io.Discard)
	e.newSearcher = func(int) (searcher, error) {
		time.Sleep(50 * time.Millisecond)
		return f, nil
	}
	done := make(chan error, 1)
	go func() { done <- e.Run(inR) }()
	io.WriteString(inW, mate3+"\ngo mate 1000\n")
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	c := f.searches()
	if len(c) != 1 || c[0].opts.TimeLimit <= 0 || c[0].opts.TimeLimit > 950*time.Millisecond {
		t.Errorf("searches %+v: want one with at most 950 ms left of the 1000", c)
	}
}
