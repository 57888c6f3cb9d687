package mate

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

// A hostile test of the verifier: lines that are wrong by a little, made
// from real mates by mutating a move, against an oracle of this file's
// own. The oracle shares nothing with the verifier but the rules (move
// generation) and, under tsume rules, the solver's futile-interposition
// rule (futile.go), which the verifier restates independently: a
// difference between the two restatements shows as a disagreement here.

// oracle answers "mate within d plies?" by plain minimax over every check
// and every defence, with an exact table of its own answers.
type oracle struct {
	attacker shogi.Color
	rules    Rules
	table    map[oracleKey]bool
	nodes    uint64
	budget   uint64
	sc       futileScratch
}

type oracleKey struct {
	key  uint64
	d    int
	side shogi.Color
}

func newOracle(attacker shogi.Color, rules Rules, budget uint64) *oracle {
	return &oracle{attacker: attacker, rules: rules, table: map[oracleKey]bool{}, budget: budget, sc: newFutileScratch()}
}

// defences is the defender's legal replies, less the futile drops under
// tsume rules (the solver's restatement).
func (o *oracle) defences(p *shogi.Position) []shogi.Move {
	all := p.GenerateLegal(make([]shogi.Move, 0, shogi.MaxMoves))
	if o.rules == Tsume && p.InCheck() {
		all = removeFutile(p, all, &o.sc)
	}
	return all
}

// mates reports whether the attacker mates within d plies from p (either
// side to move); settled is false when the budget ran out.
func (o *oracle) mates(p *shogi.Position, d int) (mate, settled bool) {
	o.nodes++
	if o.nodes > o.budget {
		return false, false
	}
	k := oracleKey{p.Key(), d, p.SideToMove()}
	if r, ok := o.table[k]; ok {
		return r, true
	}
	var r bool
	if p.SideToMove() == o.attacker {
		r = false
		if d >= 1 {
			for _, c := range p.GenerateLegal(make([]shogi.Move, 0, shogi.MaxMoves)) {
				p.Do(c)
				if !p.InCheck() {
					p.Undo(c)
					continue
				}
				m, s := o.mates(p, d-1)
				p.Undo(c)
				if !s {
					return false, false
				}
				if m {
					r = true
					break
				}
			}
		}
	} else {
		r = true
		if !p.InCheck() {
			r = false // the attacker's last move was no check
		} else if ds := o.defences(p); len(ds) > 0 {
			if d < 1 {
				r = false
			}
			for _, m := range ds {
				if !r {
					break
				}
				p.Do(m)
				mm, s := o.mates(p, d-1)
				p.Undo(m)
				if !s {
					return false, false
				}
				r = mm
			}
		}
	}
	o.table[k] = r
	return r, true
}

// length returns the smallest d <= max (same parity as the side to move
// needs) within which the attacker mates from p, or -1.
func (o *oracle) length(p *shogi.Position, max int) (int, bool) {
	d := 1
	if p.SideToMove() != o.attacker {
		d = 0
	}
	for ; d <= max; d += 2 {
		m, s := o.mates(p, d)
		if !s {
			return -1, false
		}
		if m {
			return d, true
		}
	}
	return -1, true
}

// lineTrue reports whether line is a mate in its length from p: every
// move legal, every attacker move a check, the end mate, and every
// defender alternative mated within the plies left.
func (o *oracle) lineTrue(p *shogi.Position, line []shogi.Move) (ok, settled bool) {
	q := p.Clone()
	for i, m := range line {
		if !slices.Contains(q.GenerateLegal(make([]shogi.Move, 0, shogi.MaxMoves)), m) {
			return false, true
		}
		att := q.SideToMove() == o.attacker
		if !att {
			for _, a := range o.defences(q) {
				if a == m {
					continue
				}
				q.Do(a)
				mm, s := o.mates(q, len(line)-i-1)
				q.Undo(a)
				if !s {
					return false, false
				}
				if !mm {
					return false, true
				}
			}
		}
		q.Do(m)
		if att && !q.InCheck() {
			return false, true
		}
	}
	if q.SideToMove() == o.attacker || !q.InCheck() {
		return false, true
	}
	return len(o.defences(q)) == 0, true
}

// complete extends line (played from p) to a mate: the attacker plays
// the first check that mates soonest, the defender the reply that lasts
// longest (strong) or ends soonest (!strong). It returns nil when no mate
// within max plies (or the budget) follows.
func (o *oracle) complete(p *shogi.Position, line []shogi.Move, max int, strong bool) []shogi.Move {
	q := p.Clone()
	for _, m := range line {
		q.Do(m)
	}
	out := slices.Clone(line)
	for {
		n, s := o.length(q, max)
		if !s || n < 0 {
			return nil
		}
		if n == 0 {
			return out
		}
		var moves []shogi.Move
		if q.SideToMove() == o.attacker {
			moves = q.GenerateChecks(make([]shogi.Move, 0, shogi.MaxMoves))
		} else {
			moves = o.defences(q)
		}
		best, bestN := shogi.NoMove, -1
		for _, m := range moves {
			q.Do(m)
			k, s := o.length(q, n-1)
			q.Undo(m)
			if !s {
				return nil
			}
			if k < 0 {
				continue
			}
			switch {
			case best == shogi.NoMove,
				q.SideToMove() == o.attacker && k < bestN,
				q.SideToMove() != o.attacker && strong && k > bestN,
				q.SideToMove() != o.attacker && !strong && k < bestN:
				best, bestN = m, k
			}
		}
		if best == shogi.NoMove {
			return nil
		}
		q.Do(best)
		out = append(out, best)
		max = n - 1
	}
}

type hostileProblem struct {
	sfen  string
	rules Rules
	want  int
}

// hostileProblems reads the short sets with a mate of at most max plies:
// antma's tsume problems (tsume rules) and YaneuraOu's real-game mates
// (mate rules).
func hostileProblems(t *testing.T, max int) []hostileProblem {
	t.Helper()
	dir := filepath.Join(sharedtest.Require(t), "problems", "shogi")
	var out []hostileProblem
	for _, f := range []struct {
		name  string
		rules Rules
	}{{"antma_tsume_1to9.tsv", Tsume}, {"yaneuraou5m_heads_mate3_5_7.tsv", MateSearch}} {
		fh, err := os.Open(filepath.Join(dir, f.name))
		if err != nil {
			t.Skip(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "#") {
				continue
			}
			fs := strings.Split(sc.Text(), "\t")
			if len(fs) < 2 {
				continue
			}
			n, err := strconv.Atoi(fs[1])
			if err != nil || n > max {
				continue
			}
			out = append(out, hostileProblem{fs[0], f.rules, n})
		}
		fh.Close()
	}
	return out
}

// mutants returns lines made from the true line by one change each: cut
// short, a defence replaced by another (then the attacker's quickest
// mate, against the defender's longest or quickest resistance), an
// attacker move replaced by another check (then the same) or by a move
// that is no check (then the rest as it was), the last check replaced.
func mutants(o *oracle, p *shogi.Position, line []shogi.Move, max int) [][]shogi.Move {
	out := [][]shogi.Move{line[:len(line)-1]}
	if len(line) >= 3 {
		out = append(out, line[:len(line)-2])
	}
	q := p.Clone()
	for i, m := range line {
		var others []shogi.Move
		if q.SideToMove() == o.attacker {
			others = q.GenerateLegal(make([]shogi.Move, 0, shogi.MaxMoves))
		} else {
			others = o.defences(q)
		}
		tried := 0
		for _, a := range others {
			if a == m || tried >= 6 {
				continue
			}
			check := q.SideToMove() != o.attacker || q.GivesCheck(a)
			if !check {
				if tried < 2 {
					out = append(out, append(append(slices.Clone(line[:i]), a), line[i+1:]...))
				}
				continue
			}
			tried++
			pre := append(slices.Clone(line[:i]), a)
			for _, strong := range []bool{true, false} {
				if l := o.complete(p, pre, max-i-1, strong); l != nil {
					out = append(out, l)
				}
			}
			if i == len(line)-1 {
				out = append(out, pre) // the last check replaced: mate or not
			}
		}
		q.Do(m)
	}
	return out
}

// TestHostileMutatedLines verifies real mates and lines made from them by
// one change, with the verifier as the front ends call it (CheckLine: the
// depth-first search, then the best-first search) and with each search
// alone, and checks every verdict against the oracle: a line the oracle
// shows wrong is never verified, a true line never rejected.
func TestHostileMutatedLines(t *testing.T) {
	max := 7
	if testing.Short() {
		max = 5
	}
	hostileMutatedLines(t, hostileProblems(t, max), max, 20_000_000)
}

// TestHostileMutatedTsumeNineHeavy is TestHostileMutatedLines on antma's
// 9-ply tsume problems (tsume rules, the defender holding every spare
// piece): the mutants' alternatives have up to 9 plies left, where
// CheckLine's best-first search answers; lines the oracle does not settle
// within its budget are left out.
func TestHostileMutatedTsumeNineHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("minutes")
	}
	var nine []hostileProblem
	for _, pr := range hostileProblems(t, 9) {
		if pr.want == 9 && pr.rules == Tsume {
			nine = append(nine, pr)
		}
	}
	hostileMutatedLines(t, nine, 9, 5_000_000)
}

// hostileMutatedLines is TestHostileMutatedLines on probs, mates of at
// most max plies, with the oracle's node budget per problem.
func hostileMutatedLines(t *testing.T, probs []hostileProblem, max int, budget uint64) {
	var lines, trues, falses, unsettled, rulesDiffer int
	for _, pr := range probs {
		pos, err := shogi.ParseSFEN(pr.sfen)
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{Rules: pr.rules}
		p, attacker, err := prepare(pos, &opts)
		if err != nil {
			t.Fatal(err)
		}
		o := newOracle(attacker, pr.rules, budget)
		real := o.complete(p, nil, max, true)
		if real == nil {
			t.Logf("%s: the oracle finds no mate within %d (or its budget)", pr.sfen, max)
			unsettled++
			continue
		}
		// Under mate rules, from the same position (the defender holding
		// the spare pieces), every drop counts: futile interpositions too.
		var om *oracle
		if pr.rules == Tsume {
			om = newOracle(attacker, MateSearch, budget)
		}
		for _, line := range append([][]shogi.Move{real}, mutants(o, p, real, max+2)...) {
			truth, s := o.lineTrue(p, line)
			if !s {
				unsettled++
				continue
			}
			lines++
			if truth {
				trues++
			} else {
				falses++
			}
			usi := make([]string, len(line))
			for i, m := range line {
				usi[i] = m.USI()
			}
			verdicts := map[string]Verification{}
			cl, err := CheckLine(pos, opts, usi, 1_000_000, 20_000_000)
			if err != nil {
				// A move that is not legal where it stands: the line is
				// refused before any verification.
				cl = Verification{Wrong: true, Problem: err.Error()}
			}
			verdicts["CheckLine"] = cl
			if om != nil {
				if tm, s := om.lineTrue(p, line); s {
					c, err := CheckLine(p, Options{Rules: MateSearch}, usi, 1_000_000, 20_000_000)
					if err != nil {
						c = Verification{Wrong: true, Problem: err.Error()}
					}
					if (tm && c.Wrong) || (!tm && c.OK) {
						t.Errorf("%s %q under mate rules: oracle %v, CheckLine %s (%s)", pr.sfen, strings.Join(usi, " "), tm, c.Verdict(), c.Problem)
					}
					if tm != truth {
						rulesDiffer++
					}
				}
			}
			for _, alt := range []uint64{1, 37, 500} {
				// Budgets that run out anywhere (the best-first search
				// stopped mid-tree, its memo holding what it settled):
				// unsettled, never a wrong verdict.
				if c, err := CheckLine(pos, opts, usi, alt, 40*alt); err == nil {
					verdicts["small budget: CheckLine alt "+strconv.FormatUint(alt, 10)] = c
				}
			}
			if len(line) >= 3 && line[0] == real[0] {
				// The same line asked defender first, from the position
				// after its (true) first check: the same truth.
				q := p.Clone()
				q.Do(line[0])
				df, err := CheckLine(q, Options{Rules: pr.rules, DefenderToMove: true}, usi[1:], 1_000_000, 20_000_000)
				if err != nil {
					df = Verification{Wrong: true, Problem: err.Error()}
				}
				verdicts["CheckLine defender first"] = df
			}
			for _, name := range []string{"pnsOnly", "noPNS"} {
				v := verifier{pos: p.Clone(), attacker: attacker, rules: pr.rules, memo: newMemo(),
					altBudget: 1_000_000, totalBudget: 20_000_000, hintedBudget: hintedAltBudget,
					pnsOnly: name == "pnsOnly", noPNS: name == "noPNS"}
				verdicts[name] = v.run(line)
				if name == "pnsOnly" {
					// The best-first search stopped mid-tree.
					v = verifier{pos: p.Clone(), attacker: attacker, rules: pr.rules, memo: newMemo(),
						altBudget: 23, totalBudget: 2000, hintedBudget: hintedAltBudget, pnsOnly: true}
					verdicts["small budget: pnsOnly alt 23"] = v.run(line)
				}
			}
			// Hints that lie: any check of the position, or any legal
			// move; the verdict must not rest on them.
			liar := func(q *shogi.Position, d int) shogi.Move {
				ms := q.GenerateLegal(make([]shogi.Move, 0, shogi.MaxMoves))
				if q.Key()&1 == 0 {
					ms = q.GenerateChecks(ms[:0])
				}
				if len(ms) == 0 {
					return shogi.NoMove
				}
				return ms[(q.Key()>>7+uint64(d))%uint64(len(ms))]
			}
			if !testing.Short() || lines%4 == 0 {
				verdicts["hinted by a liar"] = VerifyWithHints(p, attacker, pr.rules, line, liar)
			}
			if !testing.Short() {
				polls := 0
				stop := func() bool { polls++; return polls > 100_000 }
				verdicts["hinted by a liar, retried until stopped"] = verifyUntil(p, attacker, pr.rules, line, liar, stop, nil)
			}
			for name, v := range verdicts {
				if (truth && v.Wrong) || (!truth && v.OK) {
					t.Errorf("%s %s (%v) %q: oracle %v, %s %s (%s)", pr.sfen, pr.rules, len(line), strings.Join(usi, " "), truth, name, v.Verdict(), v.Problem)
				}
				if !v.OK && !v.Wrong && !strings.HasPrefix(name, "small budget") {
					unsettled++
				}
			}
		}
	}
	t.Logf("%d lines (%d true, %d wrong), %d verdicts or oracle answers unsettled; %d tsume-rules lines true under one rule set only", lines, trues, falses, unsettled, rulesDiffer)
	if trues == 0 || falses == 0 {
		t.Fatal("the lines do not have both answers: the test checks little")
	}
}

// TestHostilePNSAgainstOracle asks the best-first search alone "mate
// within d?" about the positions along the short sets' mates and their
// mutants, under each set's rules (tsume rules with the defender's spare
// pieces: futile drops and drops of every kind), and checks each settled
// answer against the oracle's.
func TestHostilePNSAgainstOracle(t *testing.T) {
	max := 7
	if testing.Short() {
		max = 5
	}
	var asked, mates int
	for _, pr := range hostileProblems(t, max) {
		pos, _ := shogi.ParseSFEN(pr.sfen)
		opts := Options{Rules: pr.rules}
		p, attacker, err := prepare(pos, &opts)
		if err != nil {
			t.Fatal(err)
		}
		o := newOracle(attacker, pr.rules, 20_000_000)
		real := o.complete(p, nil, max, true)
		if real == nil {
			continue
		}
		// Every attacker-to-move position after a defence on the line or
		// any other defence along it, and the start.
		var qs []*shogi.Position
		q := p.Clone()
		qs = append(qs, q.Clone())
		for _, m := range real {
			if q.SideToMove() != attacker {
				for _, a := range o.defences(q) {
					q.Do(a)
					qs = append(qs, q.Clone())
					q.Undo(a)
				}
			}
			q.Do(m)
		}
		for _, x := range qs {
			bf := verifier{pos: x.Clone(), attacker: attacker, rules: pr.rules, memo: newMemo(),
				altBudget: 2_000_000, totalBudget: 1 << 40, pnsOnly: true}
			for _, d := range []int{1, 3, 5, 7, 5, 3, 1} {
				if d > max {
					continue
				}
				want, s := o.mates(x, d)
				if !s {
					continue
				}
				got, s := bf.refuted(d)
				if bf.pos.SFEN() != x.SFEN() {
					t.Fatalf("%s: the best-first search left the position as %s", x.SFEN(), bf.pos.SFEN())
				}
				if !s {
					continue
				}
				asked++
				if want {
					mates++
				}
				if got != want {
					t.Errorf("%s (%s): mate within %d: best-first %v, oracle %v", x.SFEN(), pr.rules, d, got, want)
				}
			}
		}
	}
	t.Logf("%d questions agree (%d mates)", asked, mates)
	if asked == 0 || mates == 0 || mates == asked {
		t.Fatal("the questions do not have both answers")
	}
}

// TestHostileDeepMutantsHeavy makes lines whose alternatives have 9 plies
// or more left, where CheckLine's depth-first search gives way to the
// best-first search: the solver's mates of 9 to 13 plies on generated
// real-game positions, each defence along them replaced by another and
// the solver's mate after it appended. The oracle settles what it can
// within its budget; every verdict it settles must agree.
func TestHostileDeepMutantsHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("a few minutes")
	}
	starts := realGameStarts()
	if len(starts) == 0 {
		t.Skip("no shared set")
	}
	s, err := NewSolver(64)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var lines, trues, falses, skipped, pnsLines int
	for _, sfen := range randomPositions(161, 200, starts) {
		pos, _ := shogi.ParseSFEN(sfen)
		opts := Options{Rules: MateSearch, AutoDefender: true, NodeLimit: 300_000}
		r, err := s.Solve(t.Context(), pos, opts)
		if err != nil || r.Kind != Mate || r.Length < 9 || r.Length > 15 {
			continue
		}
		p, attacker, err := prepare(pos, &opts)
		if err != nil {
			t.Fatal(err)
		}
		q := p.Clone()
		var cands [][]shogi.Move
		cands = append(cands, r.Moves)
		for i, m := range r.Moves {
			if q.SideToMove() != attacker && len(r.Moves)-i-1 >= 7 {
				n := 0
				for _, a := range q.GenerateLegal(make([]shogi.Move, 0, shogi.MaxMoves)) {
					if a == m || n >= 4 {
						continue
					}
					n++
					q.Do(a)
					ra, err := s.Solve(t.Context(), q, Options{Rules: MateSearch, NodeLimit: 100_000})
					q.Undo(a)
					if err != nil || ra.Kind != Mate {
						continue
					}
					l := append(append(slices.Clone(r.Moves[:i]), a), ra.Moves...)
					cands = append(cands, l)
				}
			}
			q.Do(m)
		}
		for _, line := range cands {
			o := newOracle(attacker, MateSearch, 5_000_000)
			truth, settled := o.lineTrue(p, line)
			if !settled {
				skipped++
				continue
			}
			lines++
			if truth {
				trues++
			} else {
				falses++
			}
			if len(line) >= 11 {
				pnsLines++
			}
			usi := make([]string, len(line))
			for i, m := range line {
				usi[i] = m.USI()
			}
			cl, err := CheckLine(pos, opts, usi, 1_000_000, 10_000_000)
			if err != nil {
				t.Fatal(err)
			}
			if (truth && cl.Wrong) || (!truth && cl.OK) {
				t.Errorf("%s %q: oracle %v, CheckLine %s (%s)", sfen, strings.Join(usi, " "), truth, cl.Verdict(), cl.Problem)
			}
			// Hints that lie (any check): the full-depth hinted search,
			// then the best-first search, must give the same truth.
			hint := func(q *shogi.Position, d int) shogi.Move {
				if ms := q.GenerateChecks(make([]shogi.Move, 0, shogi.MaxMoves)); len(ms) > 0 {
					return ms[(q.Key()>>7+uint64(d))%uint64(len(ms))]
				}
				return shogi.NoMove
			}
			if hv := VerifyWithHints(p, attacker, MateSearch, line, hint); (truth && hv.Wrong) || (!truth && hv.OK) {
				t.Errorf("%s %q: oracle %v, hinted verifier %s (%s)", sfen, strings.Join(usi, " "), truth, hv.Verdict(), hv.Problem)
			}
		}
	}
	t.Logf("%d lines (%d true, %d wrong, %d of 11 plies or more), %d left to the oracle's budget", lines, trues, falses, pnsLines, skipped)
	if trues == 0 || falses == 0 {
		t.Fatal("the lines do not have both answers")
	}
}

// TestHostileTablesThreadsOracle solves the short sets' problems of up to
// 7 plies with tables of 1, 4 and 32 MiB, on one thread and three, under
// a small and a larger node budget, and checks every answer against the
// oracle: a mate's line is a mate in its length (every defence), a
// minimal one has no mate 2 plies shorter, a no-mate has no mate within
// 7 plies; an answer that is not decided is Unknown. Run it under -race
// for the threads.
func TestHostileTablesThreadsOracle(t *testing.T) {
	probs := hostileProblems(t, 7)
	if testing.Short() {
		var some []hostileProblem
		for i := 0; i < len(probs); i += 3 {
			some = append(some, probs[i])
		}
		probs = some
	}
	var mates, unknown int
	for _, pr := range probs {
		pos, _ := shogi.ParseSFEN(pr.sfen)
		p, attacker, err := prepare(pos, &Options{Rules: pr.rules})
		if err != nil {
			t.Fatal(err)
		}
		o := newOracle(attacker, pr.rules, 20_000_000)
		for _, hash := range []int{1, 4, 32} {
			for _, th := range []int{1, 3} {
				for _, limit := range []uint64{200, 100_000} {
					r, err := Solve(t.Context(), pos, Options{Rules: pr.rules, HashMB: hash, Threads: th, NodeLimit: limit})
					if err != nil {
						t.Fatal(err)
					}
					where := func() string {
						return pr.sfen + " " + pr.rules.String() + " hash " + strconv.Itoa(hash) + " threads " + strconv.Itoa(th) + " nodes " + strconv.FormatUint(limit, 10)
					}
					switch r.Kind {
					case Mate:
						mates++
						if !r.Verified || len(r.Moves) != r.Length {
							t.Errorf("%s: a mate without a verified line: %+v", where(), r)
							continue
						}
						if ok, s := o.lineTrue(p, r.Moves); s && !ok {
							t.Errorf("%s: the line %v is not a mate in %d", where(), r.USI, r.Length)
						}
						if r.Minimal && r.Length >= 3 {
							if m, s := o.mates(p, r.Length-2); s && m {
								t.Errorf("%s: mate in %d called minimal, the oracle mates within %d", where(), r.Length, r.Length-2)
							}
						}
					case NoMate:
						if m, s := o.mates(p, 7); s && m {
							t.Errorf("%s: nomate, the oracle mates within 7", where())
						}
					default:
						unknown++
					}
				}
			}
		}
	}
	if mates == 0 {
		t.Fatal("no mate answered")
	}
	t.Logf("%d problems, %d mates, %d unknown", len(probs), mates, unknown)
}
