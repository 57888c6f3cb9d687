package reading

import (
	"context"
	"math"
	"math/rand"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/go_capture/board"
)

// coreQuestion is one capture question put to the core directly, in the
// first ko pass, the way solveCore's searches are.
type coreQuestion struct {
	name   string
	b      *board.Board
	target board.Point
	mode   Mode
}

// runCore searches q with algo on tbl under a budget of maxPlays board
// plays and returns the core's result and whether the game's own limit
// stopped it. It fails the test when the stopped search left the board or
// the game off the root.
func runCore(t *testing.T, q coreQuestion, algo string, maxPlays int64, tbl *core.Table) (core.Result, bool) {
	t.Helper()
	o, _, err := Options{SafeLibs: 3, Algorithm: algo}.normalize()
	if err != nil {
		t.Fatal(err)
	}
	wb := q.b.Clone()
	wb.Commit()
	s := newSearcher(wb, q.target, o)
	first, second := s.attacker, s.owner
	if q.mode == Defend {
		first, second = s.owner, s.attacker
	}
	s.koPower = koModes[0].power(first, second)
	s.maxNodes, s.maxPlays = 1<<62, maxPlays
	g := &captureGame{s: s, steps: 1, toMove: first}
	cs, err := core.NewSearcher(tbl, coreOptions(algo, false))
	if err != nil {
		t.Fatal(err)
	}
	r := g.run(context.Background(), cs)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if s.ply != 0 || g.limbo != 0 || g.toMove != first || wb.Depth() != 0 {
		t.Fatalf("%s: after the search: ply %d, limbo %d, board depth %d", q.name, s.ply, g.limbo, wb.Depth())
	}
	return r, s.stopped
}

// stopQuestions are the diagram cases and random 5×5 questions about
// strings with at most two liberties.
func stopQuestions(t *testing.T, n int) []coreQuestion {
	var qs []coreQuestion
	for _, tc := range captureCases {
		b := diagram(t, tc.rows...)
		qs = append(qs, coreQuestion{tc.name, b, vertex(t, b, tc.target), tc.mode})
	}
	rng := rand.New(rand.NewSource(7))
	for len(qs) < len(captureCases)+n {
		b := randomBoard(rng, 5)
		var weak []board.Point
		for p := board.Point(0); p < 25; p++ {
			if b.At(p) != board.Empty && b.NumLibs(p) <= 2 {
				weak = append(weak, p)
			}
		}
		if len(weak) > 0 {
			p := weak[rng.Intn(len(weak))]
			qs = append(qs, coreQuestion{"random " + b.Vertex(p), b, p, Mode(rng.Intn(2))})
		}
	}
	return qs
}

// TestStoppedSearchLeavesNoFalseOutcome: a core search over the capture
// game that the game's own limit stops (here the play budget, swept from
// one play up to what the question needs) ends unknown or with the true
// outcome, and a second search on the same table without a limit gives
// the true outcome: the stopped game neither reported nor left in the
// table an outcome that was not proven. (When a stopped game answered
// Proven to end the core's search, as it once did, the second search
// reused those entries.)
func TestStoppedSearchLeavesNoFalseOutcome(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 25
	}
	for _, algo := range []string{AlgoDFPN, AlgoPNStar} {
		stoppedRuns := 0
		for _, q := range stopQuestions(t, n) {
			tbl, err := core.NewTable(2, core.TableOptions{})
			if err != nil {
				t.Fatal(err)
			}
			truth, _ := runCore(t, q, algo, math.MaxInt64, tbl)
			tbl.Close()
			if truth.Outcome == core.Unknown {
				t.Fatalf("%s %s: undecided without a limit", algo, q.name)
			}
			for k := int64(1); k < 1<<20; k = k*3/2 + 1 {
				tbl, err := core.NewTable(2, core.TableOptions{})
				if err != nil {
					t.Fatal(err)
				}
				r1, stopped := runCore(t, q, algo, k, tbl)
				if !stopped {
					tbl.Close()
					break // the budget sufficed: larger ones change nothing
				}
				stoppedRuns++
				if r1.Outcome != core.Unknown && r1.Outcome != truth.Outcome {
					t.Errorf("%s %s %s, %d plays: stopped search says %v, the truth is %v\n%s", algo, q.mode, q.name, k, r1.Outcome, truth.Outcome, q.b)
				}
				r2, _ := runCore(t, q, algo, math.MaxInt64, tbl)
				tbl.Close()
				if r2.Outcome != truth.Outcome {
					t.Errorf("%s %s %s: after a search stopped at %d plays, the same table gives %v, the truth is %v\n%s", algo, q.mode, q.name, k, r2.Outcome, truth.Outcome, q.b)
					break
				}
			}
		}
		if stoppedRuns < 50 {
			t.Errorf("%s: only %d searches were stopped by their budget", algo, stoppedRuns)
		}
	}
}

// TestGameAnswersNothingFalseWhenStopped: Terminal and Moves evaluated
// while the play budget runs out (swept over every budget the evaluation
// can meet) answer what they answer without a limit, or Unknown and
// [stopMove]: never an outcome or a move list that the searches cut
// short made up (the threat search of an AND node cut short finds no
// threat, which would read as Disproven; its forced-move search cut
// short finds too few moves).
func TestGameAnswersNothingFalseWhenStopped(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 15
	}
	rng := rand.New(rand.NewSource(11))
	evaluated, stopped := 0, 0
	for _, q := range stopQuestions(t, n) {
		// Without the open-space rules, which answer from the board
		// with no play (so no stop can fall inside them): the test
		// needs evaluations that search.
		o, _, err := Options{SafeLibs: 3, Algorithm: AlgoDFPN, noOpenSpace: true}.normalize()
		if err != nil {
			t.Fatal(err)
		}
		wb := q.b.Clone()
		wb.Commit()
		s := newSearcher(wb, q.target, o)
		s.koPower = s.owner
		s.maxNodes = 1 << 62
		g := &captureGame{s: s, steps: 1, toMove: s.attacker}
		if q.mode == Defend {
			g.toMove = s.owner
		}
		// Positions along a random line from the question.
		var played []core.Move
		for depth := 0; depth < 6; depth++ {
			s.maxPlays, s.stopped = math.MaxInt64, false
			g.forcedOK = [maxPly]bool{}
			s.question += 0x9e3779b97f4a7c15 // an empty gi cache, as below
			base := s.plays
			want := g.Terminal()
			wantMoves := append([]core.Move(nil), g.Moves(nil, 0)...)
			cost := s.plays - base
			evaluated++
			for k := int64(0); k < cost; k++ {
				s.stopped = false
				s.maxPlays = s.plays + k
				g.forcedOK = [maxPly]bool{}
				s.question += 0x9e3779b97f4a7c15
				got := g.Terminal()
				var gotMoves []core.Move
				if got == core.Unknown {
					gotMoves = g.Moves(nil, 0)
				}
				if !s.stopped {
					continue
				}
				stopped++
				if got != core.Unknown && got != want {
					t.Fatalf("%s: Terminal stopped after %d plays says %v, unlimited %v\n%s", q.name, k, got, want, wb)
				}
				if got == core.Unknown && want == core.Unknown && !(len(gotMoves) == 1 && gotMoves[0] == stopMove) && !equalMoves(gotMoves, wantMoves) {
					t.Fatalf("%s: Moves stopped after %d plays gives %v, unlimited %v\n%s", q.name, k, gotMoves, wantMoves, wb)
				}
			}
			s.maxPlays, s.stopped = math.MaxInt64, false
			if want != core.Unknown || len(wantMoves) == 0 {
				break
			}
			m := wantMoves[rng.Intn(len(wantMoves))]
			g.Do(m)
			played = append(played, m)
		}
		for i := len(played) - 1; i >= 0; i-- {
			g.Undo(played[i])
		}
		if wb.Depth() != 0 {
			t.Fatalf("%s: board depth %d after the line was taken back", q.name, wb.Depth())
		}
	}
	if evaluated < 30 || stopped < 500 {
		t.Errorf("only %d positions evaluated, %d evaluations stopped", evaluated, stopped)
	}
}

func equalMoves(a, b []core.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBudgetNeverGivesAFalseAnswer sweeps the play budget of whole
// questions (every ko pass, the attacker-first search of a defence, the
// hunt for a ko defence's move) from a few plays up to what each
// question needs, and then time limits from 1 µs: a question cut short
// must be undecided (Decided false, no GTP reply), never a code the
// unlimited question does not give. A
// failure proven in the first ko pass, for one, is no answer while a
// later pass that could find a ko success is cut short.
func TestBudgetNeverGivesAFalseAnswer(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 12
	}
	qs := stopQuestions(t, n)
	for _, algo := range []string{AlgoDFPN, AlgoPNStar, AlgoAPS} {
		undecided := 0
		for _, q := range qs {
			full, err := Solve(context.Background(), q.b, q.target, q.mode, Options{Algorithm: algo, SafeLibs: 3, Nodes: math.MaxInt64, Plays: 1 << 24})
			if err != nil {
				t.Fatal(err)
			}
			if !full.Decided() {
				continue
			}
			v, err := NewSolver(Options{Algorithm: algo, SafeLibs: 3, Nodes: math.MaxInt64})
			if err != nil {
				t.Fatal(err)
			}
			for k := int64(1); k < full.Stats.Plays+64; k = k*5/4 + 1 {
				v.o.Plays = k
				res, err := v.Solve(context.Background(), q.b, q.target, q.mode)
				if err != nil {
					t.Fatal(err)
				}
				if !res.Decided() {
					undecided++
					if _, err := res.GTP(q.b.Size()); err == nil {
						t.Errorf("%s %s %s: undecided at %d plays but has a GTP reply", algo, q.mode, q.name, k)
					}
					continue
				}
				if res.Code != full.Code {
					t.Errorf("%s %s %s: %d plays give code %d (%s), without a limit code %d (%s)\n%s",
						algo, q.mode, q.name, k, res.Code, q.b.Vertex(res.Move), full.Code, q.b.Vertex(full.Move), q.b)
					break
				}
			}
			// The clock as the limit: wherever it fires, the same rule.
			for d := time.Microsecond; d < 20*time.Millisecond; d *= 4 {
				res, err := Solve(context.Background(), q.b, q.target, q.mode, Options{Algorithm: algo, SafeLibs: 3, Nodes: math.MaxInt64, TimeLimit: d})
				if err != nil {
					t.Fatal(err)
				}
				if res.Decided() && res.Code != full.Code {
					t.Errorf("%s %s %s: a limit of %v gives code %d, without a limit code %d", algo, q.mode, q.name, d, res.Code, full.Code)
				}
			}
			v.Close()
		}
		if undecided < 100 {
			t.Errorf("%s: only %d budgets left a question undecided", algo, undecided)
		}
	}
}
