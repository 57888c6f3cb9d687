package eval

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

// envInt reads a positive integer from the environment, or def.
func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive integer", name, s)
	}
	return n
}

// measurePositions are the YaneuraOu set's 30 positions (when ../shared is
// there) and playout positions: from the start position, 16 to 80 random
// legal moves (seeded), skipping positions without moves.
func measurePositions(t *testing.T, playouts int) (sfens, names []string) {
	if dir := sharedtest.Dir(); dir != "" {
		fh, err := os.Open(filepath.Join(dir, "problems", "shogi", "yaneuraou5m_heads_mate3_5_7.tsv"))
		if err == nil {
			sc := bufio.NewScanner(fh)
			for sc.Scan() {
				l := sc.Text()
				if strings.HasPrefix(l, "#") || strings.TrimSpace(l) == "" {
					continue
				}
				sfens = append(sfens, strings.Split(l, "\t")[0])
				names = append(names, "yaneuraou")
			}
			fh.Close()
		}
	}
	r := rand.New(rand.NewPCG(2026, 16))
	buf := make([]shogi.Move, 0, shogi.MaxMoves)
	for made := 0; made < playouts; {
		p := shogi.NewStartPosition()
		n := 16 + r.IntN(65)
		ok := true
		for range n {
			ms := p.GenerateLegal(buf[:0])
			if len(ms) == 0 {
				ok = false
				break
			}
			p.Do(ms[r.IntN(len(ms))])
		}
		if !ok || len(p.GenerateLegal(buf[:0])) == 0 {
			continue
		}
		s := p.SFEN()
		if _, err := shogi.ParseSFEN(s); err != nil {
			continue
		}
		sfens = append(sfens, s)
		names = append(names, "playout")
		made++
	}
	return sfens, names
}

// moveValue is the value of root move m of pos searched to depth-1 more
// plies by full alpha-beta, from the root side's view.
func moveValue(pos *shogi.Position, m core.Move, depth int) int {
	pos.Do(shogi.Move(m))
	defer pos.Undo(shogi.Move(m))
	if depth == 1 {
		return -New(pos).Evaluate()
	}
	r := core.BestMove(context.Background(), New(pos), core.MinimaxOptions{Algorithm: core.MinimaxAlphaBeta, Depth: depth - 1})
	return -r.Value
}

// TestMeasureBestMove (TSUME_BENCH=1) compares C* for minimax trees with
// alpha-beta on about 100 shogi positions under the same evaluation,
// horizon and node budget: how often each picks a best move of the tree
// bounded by the horizon (found by full alpha-beta), how often they agree,
// and the nodes to the decision. TSUME_BESTMOVE_DEPTH (3),
// TSUME_BESTMOVE_NODES (20000), TSUME_BESTMOVE_SEPARATION (3),
// TSUME_BESTMOVE_PLAYOUTS (70).
func TestMeasureBestMove(t *testing.T) {
	if os.Getenv("TSUME_BENCH") == "" {
		t.Skip("measurement: set TSUME_BENCH=1")
	}
	depth := envInt(t, "TSUME_BESTMOVE_DEPTH", 3)
	budget := uint64(envInt(t, "TSUME_BESTMOVE_NODES", 20000))
	sep := core.PN(envInt(t, "TSUME_BESTMOVE_SEPARATION", 3))
	sfens, names := measurePositions(t, envInt(t, "TSUME_BESTMOVE_PLAYOUTS", 70))
	type tally struct {
		best, decided       int
		nodes, decidedAt    uint64
		agreeWithOther, all int
	}
	var cs, ab tally
	var refNodes uint64
	for i, s := range sfens {
		pos, err := shogi.ParseSFEN(s)
		if err != nil {
			t.Fatal(err)
		}
		ref := core.BestMove(context.Background(), New(pos), core.MinimaxOptions{Algorithm: core.MinimaxAlphaBeta, Depth: depth})
		refNodes += ref.Stats.Expanded
		c := core.BestMove(context.Background(), New(pos), core.MinimaxOptions{Depth: depth, Separation: sep, NodeLimit: budget})
		a := core.BestMove(context.Background(), New(pos), core.MinimaxOptions{Algorithm: core.MinimaxAlphaBeta, Depth: depth, NodeLimit: budget})
		cBest := moveValue(pos, c.Move, depth) == ref.Value
		aBest := moveValue(pos, a.Move, depth) == ref.Value
		for _, x := range []struct {
			tl   *tally
			r    core.MinimaxResult
			best bool
		}{{&cs, c, cBest}, {&ab, a, aBest}} {
			x.tl.all++
			if x.best {
				x.tl.best++
			}
			if x.r.Decided {
				x.tl.decided++
			}
			x.tl.nodes += x.r.Stats.Expanded
			x.tl.decidedAt += x.r.DecidedAt
			if c.Move == a.Move {
				x.tl.agreeWithOther++
			}
		}
		t.Logf("%3d %-9s ref %-6s %6d | c* %-6s %6d sep %d/%d (fall %d rise %d) %6d nodes, chosen at %6d %v | ab %-6s %6d depth %d %6d nodes, chosen at %6d",
			i, names[i], shogi.Move(ref.Move).USI(), ref.Value, shogi.Move(c.Move).USI(), c.Value, c.Separation, sep, c.Fall, c.Rise,
			c.Stats.Expanded, c.DecidedAt, cBest, shogi.Move(a.Move).USI(), a.Value, a.Depth, a.Stats.Expanded, a.DecidedAt)
	}
	n := float64(len(sfens))
	t.Logf("%d positions, depth %d, budget %d nodes, C* separation %d; full alpha-beta to depth %d: %.0f nodes per position",
		len(sfens), depth, budget, sep, depth, float64(refNodes)/n)
	t.Logf("C*:         a best move %d/%d, decided %d, %.0f nodes per position, move chosen at %.0f",
		cs.best, cs.all, cs.decided, float64(cs.nodes)/n, float64(cs.decidedAt)/n)
	t.Logf("alpha-beta: a best move %d/%d, depth completed %d, %.0f nodes per position, move chosen at %.0f",
		ab.best, ab.all, ab.decided, float64(ab.nodes)/n, float64(ab.decidedAt)/n)
	t.Logf("same move: %d/%d", cs.agreeWithOther, cs.all)
}
