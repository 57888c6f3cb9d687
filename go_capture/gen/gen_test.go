package gen

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/suite"
)

// gnugo returns the gnugo binary, skipping the test when it is absent.
func gnugo(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/games/gnugo", "gnugo"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	t.Skip("gnugo is not installed")
	return ""
}

// TestQuestions checks the extraction: every string with 1..maxLibs
// liberties, and only those, gives an attack and a defend question on
// its first stone in point order.
func TestQuestions(t *testing.T) {
	tests := []struct {
		name    string
		sgf     string
		maxLibs int
		want    []string // "attack D5" ...
	}{
		{"empty board", "(;SZ[9])", 4, nil},
		{"lone stone, 4 libs", "(;SZ[9]AB[ee])", 4, []string{"attack E5", "defend E5"}},
		{"lone stone, 4 libs, max 3", "(;SZ[9]AB[ee])", 3, nil},
		{"corner stone, 2 libs", "(;SZ[9]AW[ai])", 1, nil},
		{"corner stone in atari", "(;SZ[9]AW[ai]AB[bi])", 1, []string{"attack A1", "defend A1"}},
		// A two-stone string is asked once, on its first stone in point
		// order (row 1 first, then by column); the 6-liberty string is
		// left out.
		{"two strings", "(;SZ[9]AB[ee][ef]AW[ai][bi])", 4,
			[]string{"attack A1", "defend A1"}},
		{"string in atari and its neighbour", "(;SZ[9]AB[ba]AW[aa])", 4,
			[]string{"attack A9", "defend A9", "attack B9", "defend B9"}},
		{"two stones on the edge, 4 libs", "(;SZ[9]AB[ei][fi]AW[ai])", 4,
			[]string{"attack A1", "defend A1", "attack E1", "defend E1"}},
		{"two stones on the edge, 4 libs, max 3", "(;SZ[9]AB[ei][fi]AW[ai])", 3,
			[]string{"attack A1", "defend A1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, _, err := board.ParseSGF(tc.sgf, 0)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, q := range Questions(b, tc.maxLibs) {
				got = append(got, q.Command+" "+b.Vertex(q.Target))
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCodePattern(t *testing.T) {
	for reply, want := range map[string]string{"0": "0", "1 E5": "1 .*", "2 PASS": "2 .*", "3 A1": "3 .*"} {
		if got := CodePattern(reply); got != want {
			t.Errorf("CodePattern(%q) = %q, want %q", reply, got, want)
		}
	}
}

func TestValidate(t *testing.T) {
	ok := Config{GNUGo: "gnugo", Size: 9, Level: 1, RandomMoves: 4, MaxMoves: 60, Every: 5, MaxLibs: 4}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []struct {
		mut  func(*Config)
		word string
	}{
		{func(c *Config) { c.Size = 7 }, "board size 7"},
		{func(c *Config) { c.Level = 0 }, "level 0"},
		{func(c *Config) { c.RandomMoves = 70 }, "random moves 70"},
		{func(c *Config) { c.Every = 0 }, "interval 0"},
		{func(c *Config) { c.MaxLibs = 0 }, "max liberties 0"},
		{func(c *Config) { c.GNUGo = "" }, "no gnugo"},
	}
	for _, tc := range bad {
		c := ok
		tc.mut(&c)
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), tc.word) {
			t.Errorf("Validate() = %v, want an error naming %q", err, tc.word)
		}
	}
}

var tiny = Config{Size: 9, Level: 1, RandomMoves: 4, MaxMoves: 24, Every: 6, MaxLibs: 4}

// TestGenerateDeterministic checks that the same seeds give the same
// bytes and that the seed, not only GNU Go, defines the game.
func TestGenerateDeterministic(t *testing.T) {
	cfg := tiny
	cfg.GNUGo = gnugo(t)
	gen := func(seeds ...uint64) []byte {
		var buf bytes.Buffer
		n, err := Generate(cfg, seeds, &buf)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			t.Fatalf("seeds %v gave no questions", seeds)
		}
		return buf.Bytes()
	}
	a, b := gen(1, 2), gen(1, 2)
	if !bytes.Equal(a, b) {
		t.Fatalf("two runs of seeds 1, 2 differ:\n%s\n---\n%s", a, b)
	}
	// A game does not depend on the seeds played before it: seed 2's
	// records are the tail of those of seeds 1, 2 (ids apart).
	if one, two := noIDs(t, gen(2)), noIDs(t, gen(1, 2)); len(two) <= len(one) || !reflect.DeepEqual(one, two[len(two)-len(one):]) {
		t.Fatal("seed 2 alone differs from seed 2 after seed 1")
	}
	// The seed, not only GNU Go, defines the game: the games of seeds 1
	// and 3 (their longest recorded move lists) differ.
	if g1, g3 := lastGame(noIDs(t, gen(1))), lastGame(noIDs(t, gen(3))); reflect.DeepEqual(g1, g3) {
		t.Fatalf("seeds 1 and 3 play the same game %v: the seed does not reach the game", g1)
	}
	// Ids count from 1 across the seeds.
	var ids []int
	for _, line := range bytes.Split(bytes.TrimSpace(a), []byte("\n")) {
		var r Record
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ID)
	}
	for i, id := range ids {
		if id != i+1 {
			t.Fatalf("ids %v: want 1..%d", ids, len(ids))
		}
	}
}

// TestGeneratedFileLoads checks that the written file is a suite that
// go_capture/suite loads, that each question's position is the game's
// position (the target is a stone with 1..MaxLibs liberties) and that
// GNU Go's reply passes its own pattern.
func TestGeneratedFileLoads(t *testing.T) {
	cfg := tiny
	cfg.GNUGo = gnugo(t)
	path := filepath.Join(t.TempDir(), "gen.jsonl")
	n, err := GenerateFile(cfg, []uint64{5}, path)
	if err != nil {
		t.Fatal(err)
	}
	tests, err := suite.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) != n || n == 0 {
		t.Fatalf("loaded %d tests, wrote %d", len(tests), n)
	}
	for i := range tests {
		tc := &tests[i]
		b, target, err := tc.Position()
		if err != nil {
			t.Fatal(err)
		}
		if l := b.NumLibs(target); l < 1 || l > cfg.MaxLibs {
			t.Errorf("test %d: target %s has %d liberties", tc.ID, tc.Args[0], l)
		}
		if !tc.Pass(tc.GNUGo) {
			t.Errorf("test %d: GNU Go's reply %q fails its pattern %q", tc.ID, tc.GNUGo, tc.Pattern)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), EmptySGF(9))); err != nil {
		t.Fatal(err)
	}
}

// noIDs decodes a generated file with the ids zeroed.
func noIDs(t *testing.T, data []byte) []Record {
	t.Helper()
	var recs []Record
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var r Record
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		r.ID = 0
		recs = append(recs, r)
	}
	return recs
}

// lastGame returns the moves of a game's last question.
func lastGame(recs []Record) [][]string { return recs[len(recs)-1].SetupMoves }
