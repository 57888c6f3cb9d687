package shogi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMicrocosmosLine replays the 1525-ply solution of Microcosmos: every
// move must be legal, every attacker move must check, and the final
// position must be mate. It exercises long histories and Undo back to
// the root.
func TestMicrocosmosLine(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(sharedDir(t), "problems", "shogi", "microcosmos_1525.usi"))
	if err != nil {
		t.Skip("microcosmos_1525.usi is absent")
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			lines = append(lines, l)
		}
	}
	if len(lines) < 2 {
		t.Fatal("microcosmos_1525.usi: want a sfen line and a moves line")
	}
	p := mustParse(t, lines[0])
	root := p.SFEN()
	moves := strings.Fields(lines[1])
	if len(moves) != 1525 {
		t.Fatalf("%d moves, want 1525", len(moves))
	}
	played := make([]Move, 0, len(moves))
	for i, s := range moves {
		m, err := ParseUSIMove(p, s)
		if err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		if i%2 == 0 && !p.GivesCheck(m) {
			t.Fatalf("ply %d: attacker move %s does not check", i+1, s)
		}
		p.Do(m)
		played = append(played, m)
	}
	if !p.IsMated() {
		t.Errorf("final position %s is not mate", p.SFEN())
	}
	for i := len(played) - 1; i >= 0; i-- {
		p.Undo(played[i])
	}
	if p.SFEN() != root {
		t.Errorf("undo to the root gives %s, want %s", p.SFEN(), root)
	}
}
