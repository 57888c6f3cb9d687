// Package gen generates capture questions that nobody picked: GNU Go
// plays itself over GTP from an opening whose first moves are drawn from
// a seeded generator, and every string with 1 to MaxLibs liberties in the
// sampled positions gives an attack and a defend question, answered by a
// second GNU Go (its default level) for comparison. GNU Go's play is
// deterministic, so a seed defines its game and the same seeds give the
// same file byte for byte. The file is a suite for `tsume bench-go`
// (go_capture/suite's format); Reference (reference.go) adds our deep
// searches' answers and classifies the disagreements.
package gen

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// Config says how games are played and sampled.
type Config struct {
	// GNUGo is the path of the gnugo binary.
	GNUGo string
	// Size is the board size (9, 13 or 19).
	Size int
	// Level is the playing GNU Go's --level (1 is fast); the GNU Go that
	// answers the questions always runs at its default level.
	Level int
	// RandomMoves is the number of opening moves drawn from the seed.
	RandomMoves int
	// MaxMoves ends a game (a pass or resignation ends it earlier).
	MaxMoves int
	// Every samples the position after every Every-th move past the
	// random opening.
	Every int
	// MaxLibs is the most liberties a target string may have (4).
	MaxLibs int
}

// Question is an extracted question: attack or defend the string whose
// first stone (in point order) is Target.
type Question struct {
	Command string
	Target  board.Point
}

// Questions lists, for every string with 1..maxLibs liberties, an attack
// and a defend question, in point order of the strings' first stones.
func Questions(b *board.Board, maxLibs int) []Question {
	var qs []Question
	seen := make(map[board.Point]bool)
	for p := board.Point(0); int(p) < b.NumPoints(); p++ {
		if b.At(p) == board.Empty {
			continue
		}
		id := b.StringID(p)
		if seen[id] {
			continue
		}
		seen[id] = true
		if l := b.NumLibs(p); l >= 1 && l <= maxLibs {
			qs = append(qs, Question{"attack", p}, Question{"defend", p})
		}
	}
	return qs
}

// Record is one line of the generated suite: go_capture/suite's fields
// (position_sgf is an empty board, setup_moves the game up to the
// sampled position, so the ko ban of the last move is kept) and where the
// question came from.
type Record struct {
	Suite      string     `json:"suite"`
	ID         int        `json:"id"`
	Command    string     `json:"command"`
	Args       []string   `json:"args"`
	SetupMoves [][]string `json:"setup_moves"`
	// Pattern is GNU Go's code ("0", "1 .*"): the generated file scores
	// agreement with GNU Go; Reference rewrites it from our deep search.
	Pattern     string `json:"pattern"`
	Negate      bool   `json:"negate"`
	ExpectFail  bool   `json:"expect_fail_gnugo"`
	GNUGo       string `json:"gnugo38_response"`
	GNUGoPass   bool   `json:"gnugo38_pass"`
	PositionSGF string `json:"position_sgf"`
	Size        int    `json:"size"`
	Seed        uint64 `json:"seed"`
	Level       int    `json:"player_level"`
	Move        int    `json:"move"`
	// Reference fields, set by Reference.
	Ref      *int   `json:"reference_code,omitempty"`
	Class    string `json:"class,omitempty"`
	OurReply string `json:"our_reply,omitempty"`
}

// EmptySGF is the name of the empty-board SGF the records refer to.
func EmptySGF(size int) string { return fmt.Sprintf("empty-%d.sgf", size) }

// Validate refuses a configuration that cannot generate anything.
func (c Config) Validate() error {
	switch {
	case c.Size != 9 && c.Size != 13 && c.Size != 19:
		return fmt.Errorf("gen: board size %d: want 9, 13 or 19", c.Size)
	case c.Level < 1 || c.Level > 10:
		return fmt.Errorf("gen: level %d is outside 1..10", c.Level)
	case c.RandomMoves < 0 || c.MaxMoves < 1 || c.RandomMoves > c.MaxMoves:
		return fmt.Errorf("gen: random moves %d, max moves %d: want 0 <= random <= max, max >= 1", c.RandomMoves, c.MaxMoves)
	case c.Every < 1:
		return fmt.Errorf("gen: sampling interval %d is not positive", c.Every)
	case c.MaxLibs < 1:
		return fmt.Errorf("gen: max liberties %d is not positive", c.MaxLibs)
	case c.GNUGo == "":
		return fmt.Errorf("gen: no gnugo binary given")
	}
	return nil
}

// GenerateFile writes the suite of seeds to path (JSON lines) and the
// empty-board SGF it refers to next to it; it returns the number of
// questions.
func GenerateFile(cfg Config, seeds []uint64, path string) (int, error) {
	if err := cfg.Validate(); err != nil {
		return 0, err
	}
	sgf := filepath.Join(filepath.Dir(path), EmptySGF(cfg.Size))
	if err := os.WriteFile(sgf, []byte(fmt.Sprintf("(;GM[1]FF[4]SZ[%d])\n", cfg.Size)), 0o644); err != nil {
		return 0, err
	}
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriter(f)
	n, err := Generate(cfg, seeds, w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// Generate plays one game per seed and writes its questions to w, ids
// counting from 1 across the seeds.
func Generate(cfg Config, seeds []uint64, w io.Writer) (int, error) {
	if err := cfg.Validate(); err != nil {
		return 0, err
	}
	enc := json.NewEncoder(w)
	id := 0
	for _, seed := range seeds {
		recs, err := Game(cfg, seed)
		if err != nil {
			return id, err
		}
		for i := range recs {
			id++
			recs[i].ID = id
			if err := enc.Encode(&recs[i]); err != nil {
				return id, err
			}
		}
	}
	return id, nil
}

// gnugoSeed fixes GNU Go's own random seed, so that its play depends on
// the position alone; the game's seed acts through the random opening.
const gnugoSeed = "1"

// Game plays the game of one seed and returns its questions (ids unset).
// Each game has its own two GNU Go processes, so a game does not depend
// on the seeds played before it (GNU Go keeps caches between moves).
func Game(cfg Config, seed uint64) ([]Record, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	player, err := StartEngine(cfg.GNUGo, "--mode", "gtp", "--level", fmt.Sprint(cfg.Level), "--seed", gnugoSeed)
	if err != nil {
		return nil, err
	}
	defer player.Close()
	oracle, err := StartEngine(cfg.GNUGo, "--mode", "gtp", "--seed", gnugoSeed)
	if err != nil {
		return nil, err
	}
	defer oracle.Close()
	for _, e := range []*Engine{player, oracle} {
		if _, err := e.Cmd("boardsize %d", cfg.Size); err != nil {
			return nil, err
		}
		if _, err := e.Cmd("clear_board"); err != nil {
			return nil, err
		}
	}
	b, err := board.New(cfg.Size)
	if err != nil {
		return nil, err
	}
	// The PCG stream's outputs are fixed by its algorithm, and a draw is
	// a plain modulo of one output, so the opening depends on the seed
	// alone, whatever the Go release.
	rng := rand.NewPCG(seed, 0x5eed0f600d)
	var moves [][]string
	var recs []Record
	color := board.Black
	for n := 1; n <= cfg.MaxMoves; n++ {
		var p board.Point
		if n <= cfg.RandomMoves {
			p = randomMove(b, color, rng)
			if p == board.NoPoint {
				break
			}
			if _, err := player.Cmd("play %s %s", color, b.Vertex(p)); err != nil {
				return nil, err
			}
		} else {
			reply, err := player.Cmd("genmove %s", color)
			if err != nil {
				return nil, err
			}
			if r := strings.ToLower(reply); r == "pass" || r == "resign" {
				break
			}
			if p, err = board.ParseVertex(reply, cfg.Size); err != nil {
				return nil, fmt.Errorf("gen: seed %d move %d: GNU Go played %q: %v", seed, n, reply, err)
			}
		}
		if err := b.Play(p, color); err != nil {
			return nil, fmt.Errorf("gen: seed %d move %d: %s %s: %v", seed, n, color, b.Vertex(p), err)
		}
		b.Commit()
		if _, err := oracle.Cmd("play %s %s", color, b.Vertex(p)); err != nil {
			return nil, err
		}
		moves = append(moves, []string{"play", color.String(), b.Vertex(p)})
		color = color.Opponent()
		if n <= cfg.RandomMoves || (n-cfg.RandomMoves)%cfg.Every != 0 {
			continue
		}
		for _, q := range Questions(b, cfg.MaxLibs) {
			v := b.Vertex(q.Target)
			reply, err := oracle.Cmd("%s %s", q.Command, v)
			if err != nil {
				return nil, err
			}
			recs = append(recs, Record{
				Suite: fmt.Sprintf("gen-%d", cfg.Size), Command: q.Command, Args: []string{v},
				SetupMoves: append([][]string(nil), moves...), Pattern: CodePattern(reply),
				GNUGo: reply, GNUGoPass: true, PositionSGF: EmptySGF(cfg.Size),
				Size: cfg.Size, Seed: seed, Level: cfg.Level, Move: n,
			})
		}
	}
	return recs, nil
}

// CodePattern is the suite pattern that accepts any reply with the same
// code as reply: "0" for "0", "1 .*" for "1 E5".
func CodePattern(reply string) string {
	code, _, _ := strings.Cut(reply, " ")
	if code == "0" {
		return "0"
	}
	return code + " .*"
}

// randomMove draws a legal move of c uniformly among the legal ones, or
// NoPoint when there is none.
func randomMove(b *board.Board, c board.Color, rng *rand.PCG) board.Point {
	var legal []board.Point
	for p := board.Point(0); int(p) < b.NumPoints(); p++ {
		if b.At(p) == board.Empty && b.Legal(p, c) == nil {
			legal = append(legal, p)
		}
	}
	if len(legal) == 0 {
		return board.NoPoint
	}
	return legal[rng.Uint64()%uint64(len(legal))]
}

// LoadRecords reads a generated suite back.
func LoadRecords(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var recs []Record
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for n := 1; sc.Scan(); n++ {
		if len(strings.TrimSpace(sc.Text())) == 0 {
			continue
		}
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		recs = append(recs, r)
	}
	return recs, sc.Err()
}
