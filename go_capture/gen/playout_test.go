package gen

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/reading"
	"github.com/tsume-solver/tsume/go_capture/suite"
)

// TestPlayOutLine plays out questions whose answers are plain, with
// either side moving first: a stone in atari is captured whoever plays
// the attacker, and a lone stone in the centre makes the attacking side
// concede at once.
func TestPlayOutLine(t *testing.T) {
	path := gnugo(t)
	dir := t.TempDir()
	sgf := filepath.Join(dir, EmptySGF(9))
	if err := writeFile(sgf, "(;GM[1]FF[4]SZ[9])"); err != nil {
		t.Fatal(err)
	}
	atari := [][]string{{"play", "black", "A1"}, {"play", "white", "B1"}}
	lone := [][]string{{"play", "black", "E5"}}
	tests := []struct {
		name     string
		setup    [][]string
		target   string
		ourFirst bool
		want     string
	}{
		{"atari, we attack", atari, "A1", true, "A2: " + EndCaptured},
		{"atari, GNU Go attacks", atari, "A1", false, "A2(1): " + EndCaptured},
		{"lone stone, we attack", lone, "E5", true, ": " + EndWeConcede},
		{"lone stone, GNU Go attacks", lone, "E5", false, ": " + EndGNUGoConcedes},
	}
	v, err := reading.NewSolver(reading.Options{Plays: 1000000})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	gg, err := StartEngine(path, "--mode", "gtp", "--seed", gnugoSeed)
	if err != nil {
		t.Fatal(err)
	}
	defer gg.Close()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := suite.Test{ID: 1, Command: "attack", Args: []string{tc.target}, SetupMoves: tc.setup, PositionSGF: sgf}
			po, err := PlayOutLine(context.Background(), &q, v, gg, tc.ourFirst, 10)
			if err != nil {
				t.Fatal(err)
			}
			if got := po.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
