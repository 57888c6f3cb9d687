package reading

import (
	"context"
	"math/rand"
	"testing"
)

// TestSessionRulesAgreeAcrossConfigs: random 5×5 and 7×7 questions with
// a ko ban at the root, answered by df-pn and PN* with today's rules
// (offered forced moves, pass 1 and pass 2 hints) on and all off, with a
// tiny and a normal table: every decided code must be the same, and an
// undecided answer must say so (Code 0, not Proven) rather than guess.
func TestSessionRulesAgreeAcrossConfigs(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 40
	}
	type cfg struct {
		name string
		o    Options
	}
	var cfgs []cfg
	for _, algo := range []string{AlgoDFPN, AlgoPNStar} {
		for _, bits := range []int{0, 10} {
			on := Options{Algorithm: algo, SafeLibs: 4, Plays: 200000, TableBits: bits}
			off := on
			off.testedForced, off.noPassOneHint, off.noPassTwoHint = true, true, true
			cfgs = append(cfgs, cfg{algo + "/on", on}, cfg{algo + "/off", off})
		}
	}
	rng := rand.New(rand.NewSource(1528))
	compared, disagreements := 0, 0
	for i := 0; i < n; i++ {
		b := randomKoBoard(rng, 5+2*(i%2))
		if b == nil {
			continue
		}
		weak := weakPoints(b, 1, 3)
		if len(weak) == 0 {
			continue
		}
		target, mode := weak[rng.Intn(len(weak))], Mode(rng.Intn(2))
		code, from := -1, ""
		for _, c := range cfgs {
			r, err := Solve(context.Background(), b, target, mode, c.o)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Decided() {
				if r.Code != Fail {
					t.Fatalf("%s: undecided answer with code %d", c.name, r.Code)
				}
				continue
			}
			if code < 0 {
				code, from = r.Code, c.name
				continue
			}
			if r.Code != code {
				disagreements++
				t.Errorf("%v %s: %s says %d, %s says %d\n%v", mode, b.Vertex(target), from, code, c.name, r.Code, b)
			}
		}
		if code >= 0 {
			compared++
		}
	}
	if compared < n/3 {
		t.Fatalf("only %d of %d questions decided: the test checks too little", compared, n)
	}
	t.Logf("%d questions compared over %d configurations", compared, len(cfgs))
}

// TestSessionRulesProvenByBrute: a proven save (attack fails, defence
// wins) under today's rules is checked against brute force on 5×5
// questions with a ko ban at the root; brute force must not capture.
func TestSessionRulesProvenByBrute(t *testing.T) {
	rng := rand.New(rand.NewSource(1529))
	checked := 0
	for i := 0; i < 60; i++ {
		b := randomKoBoard(rng, 5)
		if b == nil {
			continue
		}
		weak := weakPoints(b, 1, 2)
		if len(weak) == 0 {
			continue
		}
		target, mode := weak[rng.Intn(len(weak))], Mode(rng.Intn(2))
		r, err := Solve(context.Background(), b, target, mode, Options{Algorithm: AlgoDFPN, SafeLibs: 3, Plays: 200000})
		if err != nil {
			t.Fatal(err)
		}
		saved := (mode == Attack && r.Code == Fail && r.Proven) || (mode == Defend && r.Code == Win)
		if !saved {
			continue
		}
		checked++
		captured, m, err := BruteForce(b, target, mode, 7, 3)
		if err != nil {
			t.Fatal(err)
		}
		if captured {
			t.Errorf("%v %s: df-pn proves a save (code %d), brute force captures with %s\n%v",
				mode, b.Vertex(target), r.Code, b.Vertex(m), b)
		}
	}
	if checked < 5 {
		t.Fatalf("only %d saves checked", checked)
	}
	t.Logf("%d saves checked", checked)
}

// TestReusedSolverAgreesWithFresh: one Solver asked a stream of random
// ko questions (attack and defence of strings on different boards, its
// tables kept between them, pass 1's entries included) gives every
// decided code a fresh Solve gives, as the C ABI and tsume gtp reuse one
// solver per handle; with df-pn and PN*, a normal and a 2^10 table.
func TestReusedSolverAgreesWithFresh(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	compared := 0
	for _, algo := range []string{AlgoDFPN, AlgoPNStar} {
		for _, bits := range []int{0, 10} {
			o := Options{Algorithm: algo, SafeLibs: 4, Plays: 200000, TableBits: bits}
			v, err := NewSolver(o)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewSource(1530))
			for i := 0; i < n; i++ {
				b := randomKoBoard(rng, 5+2*(i%2))
				if b == nil {
					continue
				}
				weak := weakPoints(b, 1, 3)
				if len(weak) == 0 {
					continue
				}
				// Both questions about one string, and one about another,
				// so consecutive questions share positions.
				for k := 0; k < 3; k++ {
					target, mode := weak[rng.Intn(len(weak))], Mode(k%2)
					x, err := v.Solve(context.Background(), b, target, mode)
					if err != nil {
						t.Fatal(err)
					}
					y, err := Solve(context.Background(), b, target, mode, o)
					if err != nil {
						t.Fatal(err)
					}
					if x.Decided() && y.Decided() {
						compared++
						if x.Code != y.Code {
							t.Errorf("%s bits %d, question %d: %v %s: reused solver %d, fresh %d\n%v",
								algo, bits, i, mode, b.Vertex(target), x.Code, y.Code, b)
						}
					}
				}
			}
			v.Close()
		}
	}
	if compared < n {
		t.Fatalf("only %d answers compared", compared)
	}
	t.Logf("%d answers compared", compared)
}

// TestBudgetedAnswersNeverLie: random ko questions asked under small
// play budgets (stopping anywhere in pass 1, 3 or 2, with the hints
// kept between them) either say undecided or give the code a large
// budget gives; df-pn and PN*.
func TestBudgetedAnswersNeverLie(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewSource(1531))
	compared, stopped := 0, 0
	for i := 0; i < n; i++ {
		b := randomKoBoard(rng, 5+2*(i%2))
		if b == nil {
			continue
		}
		weak := weakPoints(b, 1, 3)
		if len(weak) == 0 {
			continue
		}
		target, mode := weak[rng.Intn(len(weak))], Mode(rng.Intn(2))
		for _, algo := range []string{AlgoDFPN, AlgoPNStar} {
			o := Options{Algorithm: algo, SafeLibs: 4, Plays: 300000}
			want, err := Solve(context.Background(), b, target, mode, o)
			if err != nil {
				t.Fatal(err)
			}
			if !want.Decided() {
				continue
			}
			for _, frac := range []int64{2, 3, 5, 10, 30} {
				oo := o
				oo.Plays = max(want.Stats.Plays/frac, 1)
				r, err := Solve(context.Background(), b, target, mode, oo)
				if err != nil {
					t.Fatal(err)
				}
				if !r.Decided() {
					stopped++
					if _, err := r.GTP(b.Size()); err == nil {
						t.Errorf("undecided answer has a GTP reply")
					}
					continue
				}
				compared++
				if r.Code != want.Code {
					t.Errorf("%s %v %s with %d plays: code %d, with %d plays %d\n%v",
						algo, mode, b.Vertex(target), oo.Plays, r.Code, o.Plays, want.Code, b)
				}
			}
		}
	}
	if stopped < n/4 || compared < n/4 {
		t.Fatalf("%d budgeted answers compared, %d undecided: the test checks too little", compared, stopped)
	}
	t.Logf("%d budgeted answers compared, %d undecided", compared, stopped)
}
