package usi

import (
	"fmt"
	"github.com/tsume-solver/tsume/internal/shogitest"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/gen"
)

// The hostile tests send what a careless or malicious GUI sends, fast and
// out of order, to the real solver, and check every `checkmate` reply with
// the rules package alone: one reply per `go mate`, a move list only when
// it is a legal mate line from the position of that go, `nomate` only
// when no brute-force mate in 1 or 3 exists, `timeout` otherwise.

// usiMateLine checks a checkmate reply's moves from p (engine rules:
// hands as given): legal, the attacker checking at every move, ending in
// mate. defenderFirst is the AutoDefender case of a side to move in check.
func usiMateLine(p *shogi.Position, moves []string, defenderFirst bool) error {
	p = p.Clone()
	if (len(moves)%2 == 1) == defenderFirst {
		return fmt.Errorf("%d plies: the line does not end with an attacker move", len(moves))
	}
	for i, s := range moves {
		m, err := shogi.ParseUSIMove(p, s)
		if err != nil {
			return fmt.Errorf("ply %d: %v", i+1, err)
		}
		p.Do(m)
		if attacker := (i%2 == 0) != defenderFirst; attacker && !p.InCheck() {
			return fmt.Errorf("ply %d: %s gives no check", i+1, s)
		}
	}
	if !p.IsMated() {
		return fmt.Errorf("the line does not end in mate")
	}
	return nil
}

// usiGo is one `go mate` of a burst: the position command before it (""
// for none, so the engine has no valid position or a bad one), and its
// limit.
type usiGo struct {
	position, limit string
}

// nextReply reads lines up to the next checkmate reply and returns it
// with the last "info string mate in" line before it.
func (s *session) nextReply(within time.Duration) (reply, claim string) {
	s.t.Helper()
	deadline := time.After(within)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatal("engine closed its output while a reply was due")
			}
			if strings.HasPrefix(l, "info string mate in ") {
				claim = l
			}
			if strings.HasPrefix(l, "checkmate") {
				return l, claim
			}
		case <-deadline:
			s.t.Fatalf("no checkmate reply within %v", within)
		}
	}
}

// checkReply checks one checkmate reply against the position it answers;
// claim is the engine's "info string mate in" line before it, which must
// state the verifier's acceptance of a line given as the reply. It
// returns the kind of reply: "mate", "nomate" or "timeout".
func checkReply(t *testing.T, g usiGo, reply, claim string, autoDefender bool) string {
	t.Helper()
	if !strings.HasPrefix(reply, "checkmate ") {
		t.Fatalf("%v: reply %q", g, reply)
	}
	ans := strings.TrimPrefix(reply, "checkmate ")
	var p *shogi.Position
	if g.position != "" {
		p, _ = shogi.ParseSFEN(g.position)
	}
	if p == nil {
		if ans != "timeout" {
			t.Errorf("%v (no valid position): %q, want checkmate timeout", g, reply)
		}
		return ans
	}
	defenderFirst := autoDefender && p.InCheck()
	switch ans {
	case "timeout":
	case "nomate":
		if !defenderFirst && (shogitest.BruteMate(p.Clone(), 1) || shogitest.BruteMate(p.Clone(), 3)) {
			t.Errorf("%v: nomate, but brute force finds a mate in 3 or less", g)
		}
	default:
		moves := strings.Fields(ans)
		if err := usiMateLine(p, moves, defenderFirst); err != nil {
			t.Errorf("%v: %q fails the rules: %v", g, reply, err)
		}
		if !strings.HasPrefix(claim, fmt.Sprintf("info string mate in %d (", len(moves))) || !strings.HasSuffix(claim, ", verified)") {
			t.Errorf("%v: %q follows %q, not the verifier's acceptance of a %d-ply line", g, reply, claim, len(moves))
		}
		return "mate"
	}
	return ans
}

// TestHostileUSIBurstOfGoCommands sends many position/go pairs at once,
// without waiting for answers (valid, malformed and missing positions,
// every limit kind, bad limits), then checks that each go got exactly one
// reply, in order, each consistent with its own position.
func TestHostileUSIBurstOfGoCommands(t *testing.T) {
	ex := "position sfen 7sk/9/7PP/9/9/9/9/9/9 b GS 1"
	tail := "position sfen g3+P+P+P+P+L/1p7/+R+P1kppppl/3sg+p+R2/+b+nL6/1PP+B1ssP1/4+Ps2N/4+P1P1L/6G1g b Nnp 1485"
	gs := []usiGo{
		{"", "go mate 100"}, // no position yet
		{ex, "go mate 1"},
		{ex, "go mate 2000"},
		{ex + " moves zz", "go mate 2000"}, // bad move: the last good position must not be solved
		{"position sfen 4k4/4k4/9/9/9/9/9/9/4K4 b G 1", "go mate 2000"}, // two kings of one side
		{ex, "go mate 0"},
		{ex, "go mate -1"},
		{ex, "go mate nodes 100"},
		{ex, "go mate 99999999999999999999"},
		{"position sfen 7nk/9/7G1/9/9/9/9/9/9 b P 1", "go mate 2000"}, // pawn-drop mate only
		{"position startpos", "go mate 500"},
		{"position startpos moves 7g7f 3c3d 8h2b+", "go mate 500"}, // side to move in check
		{tail, "go mate 1"},
		{tail, "go mate 30"},
		{tail, "go mate 400"},
		{"position sfen " + openSFEN, "go mate 50"},
	}
	if !testing.Short() {
		gs = append(gs, usiGo{tail, "go mate 4000"}) // proven and verified in about 3 s
	}
	ps, err := gen.Positions(5, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		gs = append(gs, usiGo{"position sfen " + p, "go mate 300"})
	}
	counts := map[string]int{}
	for _, auto := range []bool{false, true} {
		s := start(t)
		s.send("setoption name USI_Hash value 16", "setoption name Rules value mate",
			fmt.Sprintf("setoption name %s value %v", AutoDefenderOption, auto))
		for _, g := range gs {
			if g.position != "" {
				s.send(g.position)
			}
			s.send(g.limit)
		}
		s.send("isready")
		for _, g := range gs {
			pos := g.position
			if _, err := shogi.ParseSFEN(pos); err != nil {
				pos = ""
			}
			reply, claim := s.nextReply(20 * time.Second)
			counts[checkReply(t, usiGo{pos, g.limit}, reply, claim, auto)]++
		}
		s.quit()
	}
	t.Logf("replies: %v", counts)
	if counts["mate"] < 2 || counts["nomate"] < 4 || counts["timeout"] < 4 {
		t.Fatalf("replies %v: the burst no longer tests every kind of reply", counts)
	}
}

// TestHostileUSIStopsAndOrder stops searches at once, twice, before any
// go and between a go and its position, and checks one timeout reply per
// stopped search and no reply for a stop with nothing to stop.
func TestHostileUSIStopsAndOrder(t *testing.T) {
	s := start(t)
	s.send("stop", "stop", "setoption name USI_Hash value 16", "isready")
	s.expect("readyok", 5*time.Second)
	for i := 0; i < 3; i++ {
		s.send("position sfen "+openSFEN, "go mate infinite", "stop", "stop")
		if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
			t.Errorf("stopped at once (%d): %q", i, got)
		}
	}
	// A position sent during a search applies to the next go only.
	s.send("position sfen "+openSFEN, "go mate infinite", "position sfen 7sk/9/7PP/9/9/9/9/9/9 b GS 1", "isready")
	s.expect("readyok", 5*time.Second)
	s.send("stop")
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
		t.Errorf("the open position after stop: %q", got)
	}
	s.send("go mate 5000")
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("the example after a stopped search: %q", got)
	}
	// setoption during a search is applied after it: the answer is the
	// old rules', the next one the new rules'.
	s.send("position sfen "+openSFEN, "go mate 200", "setoption name Threads value 2", "position sfen 7sk/9/7PP/9/9/9/9/9/9 b GS 1", "go mate 5000")
	if got := s.expect("checkmate", 5*time.Second); got != "checkmate timeout" {
		t.Errorf("open position, 200 ms: %q", got)
	}
	if got := s.expect("checkmate", 10*time.Second); got != "checkmate S*1b 2a1b G*2b" {
		t.Errorf("example, two threads: %q", got)
	}
	s.quit()
}
