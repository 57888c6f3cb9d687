package mate

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

// walk visits every node to depth plies below g's position through the
// core.Game methods a search uses, and returns a digest of what it saw.
func walk(g *Game, depth int) (nodes int, digest uint64) {
	var buf [shogi.MaxMoves]core.Move
	ms := g.Moves(buf[:0], 0)
	pn, dn := g.Estimate()
	k := g.Key()
	digest = k.Board ^ uint64(k.Hand)<<7 ^ uint64(pn)<<13 ^ uint64(dn)<<29 ^ uint64(len(ms))
	nodes = 1
	if depth == 0 {
		return nodes, digest
	}
	moves := append([]core.Move(nil), ms...)
	for _, m := range moves {
		g.Do(m)
		n, d := walk(g, depth-1)
		g.Undo(m)
		nodes += n
		digest = digest*0x9e3779b97f4a7c15 ^ d
	}
	return nodes, digest
}

// TestCloneSharesNoMutableState walks the same tree with the original and
// two clones at once: every walk must see what a walk alone sees, and the
// race detector must find nothing shared.
func TestCloneSharesNoMutableState(t *testing.T) {
	tests := []struct {
		sfen  string
		rules Rules
		depth int
	}{
		{"4k4/9/4P4/9/9/9/9/9/9 b 2GS 1", Tsume, 3},
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume, 3},
		{"8k/7pl/6N2/9/9/9/9/9/R8 b b 1", MateSearch, 3},
	}
	// Once with every check at attacker's nodes, once with the mate-in-one
	// shortcut (Moves, game.go), whose memory each clone must own.
	for _, tc := range tests {
		for _, noMate1 := range []bool{true, false} {
			g := preparedGame(t, tc.sfen, tc.rules)
			g.killers = nil
			g.noMate1 = noMate1
			wantN, wantD := walk(g, tc.depth)
			games := []*Game{g, g.Clone(), g.Clone()}
			var wg sync.WaitGroup
			got := make([][2]uint64, len(games))
			for i, gi := range games {
				wg.Add(1)
				go func() {
					defer wg.Done()
					n, d := walk(gi, tc.depth)
					got[i] = [2]uint64{uint64(n), d}
				}()
			}
			wg.Wait()
			for i, x := range got {
				if x != [2]uint64{uint64(wantN), wantD} {
					t.Errorf("%s: game %d walked %d nodes (digest %x), alone %d (%x)", tc.sfen, i, x[0], x[1], wantN, wantD)
				}
			}
			if noMate1 && wantN < 50 {
				t.Errorf("%s: only %d nodes walked", tc.sfen, wantN)
			}
		}
	}
}

// TestCloneIsAtTheSamePositionAndIndependent clones a game in the middle
// of a line: same key, side and moves; moves played on the clone leave
// the original where it was.
func TestCloneIsAtTheSamePositionAndIndependent(t *testing.T) {
	g := preparedGame(t, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume)
	var buf [shogi.MaxMoves]core.Move
	g.Do(g.Moves(buf[:0], 0)[0])
	c := g.Clone()
	if c.Key() != g.Key() || c.OrNode() != g.OrNode() || c.Position().SFEN() != g.Position().SFEN() {
		t.Fatalf("clone at %s, original at %s", c.Position().SFEN(), g.Position().SFEN())
	}
	before := g.Key()
	for _, m := range c.Moves(buf[:0], 0)[:1] {
		c.Do(m)
	}
	if g.Key() != before || c.Key() == before {
		t.Fatal("a move on the clone moved the original (or not the clone)")
	}
}

// TestOnlyThreadedIsACloner: the core must not find a Clone on *Game, whose
// Clone would be inherited by a game that embeds it to change it; Threaded
// and boundedGame (which clones its horizon too, see
// TestBoundedSearchOnTwoThreads) are Cloners of their own.
func TestOnlyThreadedIsACloner(t *testing.T) {
	g := preparedGame(t, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume)
	tests := []struct {
		name string
		g    core.Game
		want bool
	}{
		{"*Game", g, false},
		{"boundedGame", &boundedGame{Game: g}, true},
		{"Threaded", Threaded(g), true},
	}
	for _, tc := range tests {
		if _, ok := tc.g.(core.Cloner); ok != tc.want {
			t.Errorf("%s: Cloner %v, want %v", tc.name, ok, tc.want)
		}
	}
	// Threaded keeps the game's optional interfaces.
	if _, ok := Threaded(g).(core.Dominance); !ok {
		t.Error("Threaded hides Dominance")
	}
	if _, ok := Threaded(g).(core.Delaying); !ok {
		t.Error("Threaded hides Delaying")
	}
	if _, ok := Threaded(g).(core.HandProofs); !ok {
		t.Error("Threaded hides HandProofs")
	}
}

func TestThreadsOptionRange(t *testing.T) {
	pos, err := shogi.ParseSFEN("7sk/9/7PP/9/9/9/9/9/9 b GS 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{-1, MaxThreads + 1} {
		if _, err := Solve(context.Background(), pos.Clone(), Options{HashMB: 16, Threads: n}); err == nil || !strings.Contains(err.Error(), "threads") {
			t.Errorf("Threads %d: error %v, want one naming threads", n, err)
		}
	}
}

// TestThreadsGiveTheSameAnswers solves our own problems and, when
// ../shared is present, the antma set on two threads: the same kinds and
// lengths as expected (lengths are proven minimal, so they cannot depend
// on the threads).
func TestThreadsGiveTheSameAnswers(t *testing.T) {
	s, err := NewSolver(64)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	type problem struct {
		name, sfen string
		rules      Rules
		and        bool
		kind       Kind
		length     int
	}
	var ps []problem
	for _, tc := range ownProblems {
		ps = append(ps, problem{tc.name, tc.sfen, tc.rules, tc.and, tc.kind, tc.length})
	}
	if dir := sharedAntma(); dir != "" {
		fh, err := os.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		sc := bufio.NewScanner(fh)
		for n := 1; sc.Scan(); n++ {
			f := strings.Split(sc.Text(), "\t")
			if strings.HasPrefix(f[0], "#") || len(f) < 2 {
				continue
			}
			p := problem{name: "antma:" + strconv.Itoa(n), sfen: f[0], rules: Tsume, kind: Mate}
			if f[1] == "nomate" {
				p.kind = NoMate
			} else if p.length, err = strconv.Atoi(f[1]); err != nil {
				continue // only published lengths
			}
			ps = append(ps, p)
		}
	}
	for _, p := range ps {
		pos, err := shogi.ParseSFEN(p.sfen)
		if err != nil {
			t.Fatal(err)
		}
		s.Clear()
		r, err := s.Solve(context.Background(), pos, Options{Rules: p.rules, DefenderToMove: p.and, Threads: 2, TimeLimit: 20 * time.Second})
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if r.Kind != p.kind || r.Length != p.length || r.Kind == Mate && !r.Verified {
			t.Errorf("%s: %v in %d (verified %v), want %v in %d", p.name, r.Kind, r.Length, r.Verified, p.kind, p.length)
		}
	}
}

// sharedAntma returns the path of the shared antma set, or "".
func sharedAntma() string {
	dir := sharedtest.Dir()
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, "problems", "shogi", "antma_tsume_1to9.tsv")
}

// TestHeavyThreadsMicrocosmosTails runs the proof search alone on
// Microcosmos tails with two threads: proven, as on one.
func TestHeavyThreadsMicrocosmosTails(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: Microcosmos tails on two threads")
	}
	tab, err := core.NewTable(256, core.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	for _, n := range []int{41, 61} {
		o := Options{}
		p, att, err := prepare(microcosmosTail(t, n), &o)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame(p, att, o.Rules)
		g.killers = tab
		co := coreOptions(o)
		co.Threads, co.NodeLimit = 2, 3_000_000
		r := core.Solve(context.Background(), Threaded(g), tab, co)
		if r.Outcome != core.Proven || r.Threads != 2 {
			t.Errorf("tail %d on two threads: %v (%v) on %d threads", n, r.Outcome, r.Stop, r.Threads)
		}
		t.Logf("tail %d: %v after %d expansions, %v", n, r.Outcome, r.Stats.Expanded, r.Stats.Elapsed.Round(time.Millisecond))
		tab.Clear()
	}
}
