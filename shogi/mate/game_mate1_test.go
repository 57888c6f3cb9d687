package mate

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

// TestMovesMateInOneShortcut: at an attacker's node Moves is the full
// ordered check list, or, when a check mates, that check alone — the
// first mating check of the full list, and one after which the defender
// has no move under the game's rules.
func TestMovesMateInOneShortcut(t *testing.T) {
	for _, tc := range []struct {
		sfen string
		mate bool
	}{
		{"k8/9/G8/9/9/9/9/9/8K b G 1", true},
		{"kn7/9/1G7/9/9/9/9/9/8K b P 1", false}, // the pawn-drop mate is illegal
		{"k8/1g7/P8/9/4B4/9/9/9/8K b G 1", true},
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1", false},
		{"7nl/5Psk1/6pp1/7Np/9/9/9/9/9 b RBGSLrb3g2s2n2l14p 1", false},
	} {
		for _, rules := range []Rules{Tsume, MateSearch} {
			g := preparedGame(t, tc.sfen, rules)
			full := preparedGame(t, tc.sfen, rules)
			full.noMate1 = true
			want := full.Moves(nil, 0)
			got := g.Moves(nil, 0)
			// The check cache's slot remembers a node without a mate in
			// one, so that a re-expansion does not test again.
			if known := g.evasions.checks.noMate1(g.Key()); known == tc.mate {
				t.Errorf("%s %v: no mate in one recorded %v", tc.sfen, rules, known)
			}
			// Generated in place in a buffer with room: the same moves.
			if inPlace := g.Moves(make([]core.Move, 0, shogi.MaxMoves), 0); !slices.Equal(inPlace, got) {
				t.Errorf("%s %v: moves in place %v, else %v", tc.sfen, rules, inPlace, got)
			}
			if !tc.mate {
				if !slices.Equal(got, want) {
					t.Errorf("%s %v: moves %v, want the full list %v", tc.sfen, rules, got, want)
				}
				continue
			}
			if len(got) != 1 || !slices.Contains(want, got[0]) {
				t.Fatalf("%s %v: moves %v, want one mating check of %v", tc.sfen, rules, got, want)
			}
			g.Do(got[0])
			if g.Terminal() != core.Proven {
				t.Errorf("%s %v: %s leaves the defender a move", tc.sfen, rules, shogi.Move(got[0]))
			}
			g.Undo(got[0])
			// Asked again (the node re-expanded), the answer is the same.
			if again := g.Moves(nil, 0); !slices.Equal(again, got) {
				t.Errorf("%s %v: second Moves %v, first %v", tc.sfen, rules, again, got)
			}
		}
	}
}

// proofRun proves sfen with the solver's default df-pn options, the
// mate-in-one shortcut on or off, and returns the core's result.
func proofRun(t testing.TB, sfen string, rules Rules, noMate1 bool, nodes uint64, tabMB int) core.Result {
	t.Helper()
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	p, att, err := prepare(pos, &Options{Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p, att, rules)
	g.noMate1 = noMate1
	tab, err := core.NewTable(tabMB, core.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g.killers = tab
	co := coreOptions(Options{Algorithm: DFPN, NodeLimit: nodes})
	return core.Solve(context.Background(), g, tab, co)
}

// TestMateInOneShortcutKeepsProofs: with and without the shortcut the
// proof search gives the same outcome and the same root proof length on
// problems of the short sets (the length of a node proven through a
// mate-in-one child is 1 either way).
func TestMateInOneShortcutKeepsProofs(t *testing.T) {
	probs := shortSetProblems(t)
	if testing.Short() && len(probs) > 40 {
		probs = probs[:40]
	}
	for _, pr := range probs {
		a := proofRun(t, pr.sfen, pr.rules, false, 200000, 16)
		b := proofRun(t, pr.sfen, pr.rules, true, 200000, 16)
		if a.Outcome != b.Outcome || a.Outcome == core.Proven && a.Length != b.Length {
			t.Errorf("%s: shortcut %v length %d, without %v length %d", pr.sfen, a.Outcome, a.Length, b.Outcome, b.Length)
		}
	}
}

type shortProblem struct {
	sfen  string
	rules Rules
}

// shortSetProblems reads the visible short sets (as forSharedShortSets).
func shortSetProblems(t testing.TB) []shortProblem {
	dir := filepath.Join(sharedtest.Require(t), "problems", "shogi")
	files, _ := filepath.Glob(filepath.Join(dir, "komori_mate_engine_test_*.tsv"))
	files = append([]string{
		filepath.Join(dir, "antma_tsume_1to9.tsv"),
		filepath.Join(dir, "yaneuraou5m_heads_mate3_5_7.tsv"),
		filepath.Join(dir, "sugyan_misc.tsv"),
	}, files...)
	var out []shortProblem
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		rules := Tsume
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "#") {
				if strings.Contains(line, "real-game") {
					rules = MateSearch
				}
				continue
			}
			if fields := strings.Split(line, "\t"); len(fields) >= 2 {
				out = append(out, shortProblem{fields[0], rules})
			}
		}
		fh.Close()
	}
	return out
}

// TestMateInOneShortcutMeasure prints the proof search's expansions,
// children and time with and without the shortcut on the short sets and
// Microcosmos tails (TSUME_BENCH=1; TSUME_MATE1=on or off runs one side
// only, for callgrind; TSUME_MATE1_ONLY=NAME only the jobs whose name,
// e.g. short12 or tail41, has that prefix).
func TestMateInOneShortcutMeasure(t *testing.T) {
	if os.Getenv("TSUME_BENCH") == "" {
		t.Skip("measurement: set TSUME_BENCH=1")
	}
	type job struct {
		name, sfen string
		rules      Rules
	}
	var jobs []job
	for i, pr := range shortSetProblems(t) {
		jobs = append(jobs, job{fmt.Sprint("short", i), pr.sfen, pr.rules})
	}
	for _, n := range []int{41, 61, 81, 101, 151, 201} {
		jobs = append(jobs, job{fmt.Sprint("tail", n), microcosmosTail(t, n).SFEN(), Tsume})
	}
	sides := []bool{false, true}
	switch os.Getenv("TSUME_MATE1") {
	case "on":
		sides = []bool{false}
	case "off":
		sides = []bool{true}
	}
	type sum struct {
		ex, ge uint64
		el     time.Duration
	}
	totals := map[string]*[2]sum{}
	only := os.Getenv("TSUME_MATE1_ONLY")
	for _, j := range jobs {
		if !strings.HasPrefix(j.name, only) {
			continue
		}
		group := strings.TrimRight(j.name, "0123456789")
		if strings.HasPrefix(j.name, "tail") {
			group = j.name
		}
		if totals[group] == nil {
			totals[group] = &[2]sum{}
		}
		for _, off := range sides {
			r := proofRun(t, j.sfen, j.rules, off, 5000000, 512)
			i := 0
			if off {
				i = 1
			}
			s := &totals[group][i]
			s.ex += r.Stats.Expanded
			s.ge += r.Stats.Generated
			s.el += r.Stats.Elapsed
			if strings.HasPrefix(j.name, "tail") {
				t.Logf("%s off=%v: %v length %d, EX %d GE %d %v", j.name, off, r.Outcome, r.Length, r.Stats.Expanded, r.Stats.Generated, r.Stats.Elapsed)
			}
		}
	}
	for g, s := range totals {
		t.Logf("%s: shortcut EX %d GE %d %v; without EX %d GE %d %v", g, s[0].ex, s[0].ge, s[0].el, s[1].ex, s[1].ge, s[1].el)
	}
}

// TestFirstMateCounted: at the attacker's nodes of random check and
// evasion walks, Moves' counting mate test (firstMateCounted) finds the
// same first mating check as the shogi package's FirstMate, or none when
// it finds none, leaves the position as it was, and leaves in the move
// cache the count and freedom that Terminal would compute for each check,
// under the key that checkKey (its prefetch) gives.
func TestFirstMateCounted(t *testing.T) {
	starts := []string{
		"7nl/5Psk1/6pp1/7Np/9/9/9/9/9 b RBGSLrb3g2s2n2l14p 1",
		"k8/1g7/P8/9/4B4/9/9/9/8K b G 1",
		"3sks3/9/4S4/9/9/9/9/9/9 b 2GN2r2b2gs3n4l18p 1",
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
	}
	walks := 30
	if testing.Short() {
		walks = 8
	}
	rng := rand.New(rand.NewPCG(5, 6))
	mates, nodes := 0, 0
	for _, sfen := range starts {
		for _, rules := range []Rules{Tsume, MateSearch} {
			for walk := 0; walk < walks; walk++ {
				g := preparedGame(t, sfen, rules)
				ref := preparedGame(t, sfen, rules)
				for ply := 0; ply < 40; ply++ {
					var ms []shogi.Move
					if g.OrNode() {
						ms = g.generate(nil)
						key := g.Key()
						want, wantOK := g.pos.FirstMate(ms)
						got, gotOK := g.firstMateCounted(ms)
						nodes++
						if got != want || gotOK != wantOK {
							t.Fatalf("%s: counted %v %v, FirstMate %v %v", g.pos.SFEN(), got, gotOK, want, wantOK)
						}
						if g.Key() != key {
							t.Fatalf("%s: position changed", g.pos.SFEN())
						}
						if gotOK {
							mates++
						}
						for _, m := range ms {
							if gotOK && m == got {
								break
							}
							ck := g.checkKey(m, g.pos.Hand(g.attacker))
							g.pos.Do(m)
							ref.pos.Do(m)
							k := g.Key()
							if ck != k {
								t.Fatalf("%s: checkKey(%v) %v, key after it %v", g.pos.SFEN(), m, ck, k)
							}
							n, free, ok := g.evasions.info(k)
							ref.Terminal()
							if !ok || n != ref.count || free != ref.free {
								t.Fatalf("%s: after %v cached %d %d %v, Terminal counts %d %d", g.pos.SFEN(), m, n, free, ok, ref.count, ref.free)
							}
							ref.pos.Undo(m)
							g.pos.Undo(m)
						}
					} else {
						ms = g.generate(nil)
					}
					if len(ms) == 0 {
						break
					}
					m := ms[rng.IntN(len(ms))]
					g.pos.Do(m)
					ref.pos.Do(m)
				}
			}
		}
	}
	if mates == 0 {
		t.Fatalf("no mate in one among %d attacker nodes", nodes)
	}
	t.Logf("%d attacker nodes, %d with a mate in one", nodes, mates)
}
