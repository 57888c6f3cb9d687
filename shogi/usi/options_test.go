package usi

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// TestOptionNamesAnyCase: option names (and combo and check values) are
// matched in any letter case, and the option list keeps the GUI-style
// names.
func TestOptionNamesAnyCase(t *testing.T) {
	f := newFake(verifiedMate3(), false)
	s := startWith(t, f)
	s.send("usi")
	got := strings.Join(s.collectUntil("usiok", 5*time.Second), "\n")
	for _, w := range []string{"option name Rules type combo", "option name Algorithm type combo", "option name USI_Hash type spin",
		"option name Threads type spin", "option name " + AutoDefenderOption + " type check default false"} {
		if !strings.Contains(got, w) {
			t.Errorf("usi output lacks %q:\n%s", w, got)
		}
	}
	s.send("setoption name rules value mate", "setoption name ALGORITHM value PNStar", "setoption name threads value 2",
		"setoption name autodefender value TRUE", "setoption Name usi_hash Value 8", mate3, "go mate 1000")
	if got := s.collectUntil("checkmate", 5*time.Second); anyPrefix(got, "info string error") {
		t.Errorf("refused: %q", got)
	}
	c := waitSearches(t, f, 1)[0]
	if c.opts.Rules != mate.MateSearch || c.opts.Algorithm != mate.PNStar || c.opts.Threads != 2 || !c.opts.AutoDefender {
		t.Errorf("the search got %+v", c.opts)
	}
	s.send("setoption name AutoDefender value false", "go mate 1000")
	s.expect("checkmate", 5*time.Second)
	if c := waitSearches(t, f, 2)[1]; c.opts.AutoDefender {
		t.Error("AutoDefender false did not reach the search")
	}
	s.send("setoption name AutoDefender value maybe")
	s.expect("info string error: AutoDefender \"maybe\": want true or false", 5*time.Second)
	s.quit()
}

// TestHashBounds: USI_Hash follows mate.CheckHashMB (1 MiB up to the
// machine's memory), the option line advertises those bounds, and a
// refusal names the figure.
func TestHashBounds(t *testing.T) {
	phys := core.PhysicalMemoryMB()
	if phys == 0 {
		t.Skip("the machine's memory is unknown here")
	}
	f := newFake(verifiedMate3(), false)
	s := startWith(t, f)
	s.send("usi")
	want := fmt.Sprintf("option name USI_Hash type spin default %d min 1 max %d", min(256, phys), min(phys, mate.MaxHashMB))
	if got := s.expect("option name USI_Hash", 5*time.Second); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	s.expect("usiok", 5*time.Second)
	s.send("setoption name USI_Hash value 1", "isready")
	if got := s.collectUntil("readyok", 5*time.Second); anyPrefix(got, "info string error") {
		t.Errorf("USI_Hash 1 refused: %q", got)
	}
	for _, v := range []string{fmt.Sprint(phys + 1), "0", fmt.Sprint(1 << 40)} {
		s.send("setoption name USI_Hash value " + v)
		got := s.expect("info string error: USI_Hash", 5*time.Second)
		if !strings.Contains(got, v) {
			t.Errorf("refusal of %s does not name it: %q", v, got)
		}
	}
	s.quit()
}

// TestAutoDefenderOption: with AutoDefender, a side to move in check is
// asked whether it is mated (an even-length answer); the real solver.
func TestAutoDefenderOption(t *testing.T) {
	s := start(t)
	s.send("setoption name USI_Hash value 16", "setoption name Rules value mate", "setoption name AutoDefender value true",
		mate3+" moves S*1b", "go mate 10000")
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate 2a1b G*2b" {
		t.Errorf("in check: got %q, want the defender mated in 2", got)
	}
	// Not in check: the side to move attacks as usual.
	s.send(mate3, "go mate 10000")
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("not in check: got %q", got)
	}
	s.quit()
}

// TestInCheckRootUnderMateRules: under Rules mate, a side to move in
// check with no checking evasion cannot mate: the answer is nomate, never
// an error and never a mate.
func TestInCheckRootUnderMateRules(t *testing.T) {
	s := start(t)
	s.send("setoption name USI_Hash value 16", "setoption name Rules value mate",
		"position sfen 7sk/9/7PP/9/9/9/9/9/K8 b GS 1 moves S*1b", "go mate 10000")
	got := s.collect(10 * time.Second)
	answer := got[len(got)-1]
	if anyPrefix(got, "info string error: mate: the attacker") && answer == "checkmate timeout" {
		t.Skipf("the solver still refuses an attacker in check (%q): shogi/mate's side of issue 12 item 8", got)
	}
	if answer != "checkmate nomate" {
		t.Errorf("got %q, want checkmate nomate", got)
	}
	s.quit()
}
