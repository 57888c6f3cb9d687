package mate

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/gen"
)

// The differential test (issue 12, item 2): end-game-like positions from
// seeded random games, each solved by us under mate-search rules with a
// time limit; every answer is checked on its own (the answer's contract,
// a no-mate against an independent depth-limited search, a minimal length
// against the same search where it is cheap) and, when TSUME_KH names a
// KomoringHeights binary (or any USI engine that answers `go mate`),
// compared with that engine's answer. The figures are logged.

// randomPositions is gen.Positions over starts (which are valid).
func randomPositions(seed uint64, n int, starts []string) []string {
	ps, err := gen.Positions(seed, n, starts)
	if err != nil {
		panic(err)
	}
	return ps
}

// realGameStarts returns the real-game end-game positions of ../shared
// (YaneuraOu's mate3/5/7 heads), or none when it is absent.
func realGameStarts() []string {
	dir := sharedtest.Dir()
	if dir == "" {
		return nil
	}
	f, err := os.Open(filepath.Join(dir, "problems", "shogi", "yaneuraou5m_heads_mate3_5_7.tsv"))
	if err != nil {
		return nil
	}
	defer f.Close()
	starts, err := gen.ReadStarts(f)
	if err != nil {
		panic(err)
	}
	return starts
}

// bruteMate runs the verifier's own depth-limited search (which shares no
// code with the solver's searches): does the attacker of p mate within d
// plies? settled is false when budget nodes did not settle it.
func bruteMate(p *shogi.Position, attacker shogi.Color, rules Rules, d int, budget uint64) (mate, settled bool) {
	v := verifier{pos: p.Clone(), attacker: attacker, rules: rules, memo: newMemo(), budget: budget}
	if p.SideToMove() == attacker {
		return v.or(d)
	}
	return v.and(d)
}

// diffOutcome is one engine's answer: "mate" (with its line), "nomate" or
// "unknown".
type diffOutcome struct {
	kind  string
	moves []string
}

// checkDiffPosition solves one position under mate-search rules and checks
// the answer on its own; it returns our outcome.
func checkDiffPosition(t *testing.T, s *Solver, sfen string, limit time.Duration, auto bool) (diffOutcome, Result) {
	t.Helper()
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Rules: MateSearch, AutoDefender: auto, TimeLimit: limit}
	r, err := s.Solve(context.Background(), pos, o)
	if err != nil {
		t.Errorf("%s: %v", sfen, err)
		return diffOutcome{kind: "error"}, r
	}
	checkAnswer(t, sfen, pos, o, r)
	p, attacker, _ := prepare(pos, &o)
	switch r.Kind {
	case NoMate:
		// No mate at all: in particular none within 5 plies (4 from an
		// AND root), which a plain search settles cheaply.
		d := 5
		if p.SideToMove() != attacker {
			d = 4
		}
		if mate, settled := bruteMate(p, attacker, MateSearch, d, 2_000_000); settled && mate {
			t.Errorf("%s: nomate, but the plain search mates within %d plies", sfen, d)
		}
	case Mate:
		if r.Length == 0 {
			t.Errorf("%s: mate in 0", sfen)
		}
		if r.Minimal && r.Length >= 3 && r.Length <= 9 {
			if mate, settled := bruteMate(p, attacker, MateSearch, r.Length-2, 2_000_000); settled && mate {
				t.Errorf("%s: mate in %d called minimal, but the plain search mates within %d", sfen, r.Length, r.Length-2)
			}
		}
	}
	if auto && pos.InCheck() == (p.SideToMove() == attacker) {
		t.Errorf("%s: AutoDefender chose the wrong root (in check %v)", sfen, pos.InCheck())
	}
	return diffOutcome{kind: r.Kind.String(), moves: r.USI}, r
}

// TestDifferentialShort is the differential test's invariants on a few
// positions (no engine comparison): the answer's contract, no-mates
// against the plain search, and, for an attacker in check without a
// checking answer, a proven no-mate rather than an error.
func TestDifferentialShort(t *testing.T) {
	s, err := NewSolver(32)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, sfen := range randomPositions(1, 12, realGameStarts()) {
		checkDiffPosition(t, s, sfen, 300*time.Millisecond, false)
	}
}

// usiEngine drives a USI mate engine through `go mate`.
type usiEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// startUSI starts the engine at path with one thread and hashMB of table.
func startUSI(path string, hashMB int) (*usiEngine, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &usiEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	e.out.Buffer(make([]byte, 1<<20), 1<<24)
	e.send("usi")
	if err := e.await("usiok"); err != nil {
		return nil, err
	}
	e.send("setoption name Threads value 1")
	e.send(fmt.Sprintf("setoption name USI_Hash value %d", hashMB))
	e.send("setoption name RootIsAndNodeIfChecked value true")
	e.send("isready")
	if err := e.await("readyok"); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *usiEngine) send(line string) { fmt.Fprintln(e.in, line) }

// await reads lines until one starts with prefix and returns it.
func (e *usiEngine) await(prefix string) error {
	_, err := e.line(prefix)
	return err
}

func (e *usiEngine) line(prefix string) (string, error) {
	for e.out.Scan() {
		if l := e.out.Text(); strings.HasPrefix(l, prefix) {
			return l, nil
		}
	}
	if err := e.out.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("the engine closed its output before %q", prefix)
}

// mate asks `go mate` for the position with a limit.
func (e *usiEngine) mate(sfen string, limit time.Duration) (diffOutcome, error) {
	e.send("position sfen " + sfen)
	e.send(fmt.Sprintf("go mate %d", limit.Milliseconds()))
	l, err := e.line("checkmate")
	if err != nil {
		return diffOutcome{}, err
	}
	f := strings.Fields(l)[1:]
	switch {
	case len(f) == 1 && f[0] == "nomate":
		return diffOutcome{kind: "nomate"}, nil
	case len(f) == 0 || len(f) == 1 && (f[0] == "timeout" || f[0] == "notimplemented"):
		return diffOutcome{kind: "unknown"}, nil
	}
	return diffOutcome{kind: "mate", moves: f}, nil
}

func (e *usiEngine) close() {
	e.send("quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}

// TestHeavyDifferential solves TSUME_DIFF_POSITIONS (default 100) random
// end-game-like positions (seed TSUME_DIFF_SEED, default 1) under
// mate-search rules with AutoDefender (an AND root when in check, as
// KomoringHeights' RootIsAndNodeIfChecked), TSUME_DIFF_MS (default 1500)
// milliseconds each, checks every answer (see checkDiffPosition) and,
// when TSUME_KH names a USI mate engine, compares with its answer under
// the same limit: a mate against a no-mate is an error; the figures by
// class are logged. The engine's mating lines are checked by our verifier
// too (logged, not failed: its lines need not be the longest defence).
func TestHeavyDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy")
	}
	envInt := func(name string, def int) int {
		if v := os.Getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				t.Fatalf("%s=%q: want a positive number", name, v)
			}
			return n
		}
		return def
	}
	n, seed, ms := envInt("TSUME_DIFF_POSITIONS", 100), envInt("TSUME_DIFF_SEED", 1), envInt("TSUME_DIFF_MS", 1500)
	limit := time.Duration(ms) * time.Millisecond
	var kh *usiEngine
	if path := os.Getenv("TSUME_KH"); path != "" {
		var err error
		if kh, err = startUSI(path, 256); err != nil {
			t.Fatalf("TSUME_KH=%s: %v", path, err)
		}
		defer kh.close()
	} else {
		t.Log("TSUME_KH not set: no engine comparison, invariants only")
	}
	s, err := NewSolver(256)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	classes := map[string]int{}
	lengths := map[string]int{}
	positions := randomPositions(uint64(seed), n, realGameStarts())
	for i, sfen := range positions {
		ours, r := checkDiffPosition(t, s, sfen, limit, true)
		classes["ours "+ours.kind]++
		if r.Kind == Unknown && r.Proven {
			classes["ours unknown, proven"]++
		}
		if kh == nil {
			continue
		}
		theirs, err := kh.mate(sfen, limit)
		if err != nil {
			t.Fatalf("engine: %v", err)
		}
		class := ours.kind + "/" + theirs.kind
		classes[class]++
		switch {
		case ours.kind == "mate" && theirs.kind == "nomate", ours.kind == "nomate" && theirs.kind == "mate":
			t.Errorf("%d %s: we say %s %v, the engine %s %v", i, sfen, ours.kind, ours.moves, theirs.kind, theirs.moves)
		case ours.kind == "mate" && theirs.kind == "mate":
			switch {
			case len(ours.moves) == len(theirs.moves):
				lengths["same length"]++
			case len(ours.moves) < len(theirs.moves):
				lengths["ours shorter"]++
			default:
				lengths["ours longer"]++
			}
		}
		if theirs.kind == "mate" {
			pos, _ := shogi.ParseSFEN(sfen)
			o := Options{Rules: MateSearch, AutoDefender: true}
			p, attacker, _ := prepare(pos, &o)
			var line []shogi.Move
			q := p.Clone()
			for _, u := range theirs.moves {
				m, err := shogi.ParseUSIMove(q, u)
				if err != nil {
					break
				}
				line = append(line, m)
				q.Do(m)
			}
			if v := Verify(p, attacker, MateSearch, line); !v.OK {
				classes["engine line not verified"]++
				t.Logf("%d %s: the engine's %d-ply line: %s", i, sfen, len(theirs.moves), v.Problem)
			}
		}
		if ours.kind != theirs.kind {
			t.Logf("%d %s: ours %s (%s), engine %s in %d", i, sfen, ours.kind, r.Note, theirs.kind, len(theirs.moves))
		}
	}
	keys := make([]string, 0, len(classes))
	for k := range classes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("%d positions (seed %d, %v each):", len(positions), seed, limit)
	for _, k := range keys {
		t.Logf("  %-28s %d", k, classes[k])
	}
	for k, v := range lengths {
		t.Logf("  both mate, %-17s %d", k, v)
	}
}
