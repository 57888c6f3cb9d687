package mate

import (
	"context"
	"reflect"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestProofOptionsByRules: the proof search keeps SNDA under tsume rules
// and for the comparison algorithms, and sums the attacker's disproof
// numbers under mate-search rules with the default df-pn.
func TestProofOptionsByRules(t *testing.T) {
	for _, a := range Algorithms() {
		co := coreOptions(Options{Algorithm: a})
		if got := proofOptions(co, Tsume); !reflect.DeepEqual(got, co) {
			t.Errorf("%v under tsume rules: %+v, want %+v", a, got, co)
		}
		got := proofOptions(co, MateSearch)
		if a != DFPN {
			if !reflect.DeepEqual(got, co) {
				t.Errorf("%v under mate rules: %+v, want %+v", a, got, co)
			}
			continue
		}
		want := co
		want.SNDA, want.SNDAOROnly = false, false
		if !reflect.DeepEqual(got, want) {
			t.Errorf("df-pn under mate rules: %+v, want %+v", got, want)
		}
	}
}

// TestMateRulesDisproofWithoutSNDA: a no-mate of gen-shogi seed 21 (#50)
// that KomoringHeights disproves in about a second. With SNDA's max at the
// attacker's nodes the proof search took 4.74 M expansions; summed, under
// 0.4 M.
func TestMateRulesDisproofWithoutSNDA(t *testing.T) {
	pos, err := shogi.ParseSFEN("lnG6/4g4/prpp1p1pp/1p3lp2/4+B3k/2P1P4/P+b1PSP1LP/4K2SL/2GS1G1r1 w SP3n3p 74")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Rules: MateSearch, AutoDefender: true}
	p, att, err := prepare(pos, &o)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p, att, MateSearch)
	tab, err := core.NewTable(64, core.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g.killers = tab
	co := coreOptions(Options{NodeLimit: 1 << 20})
	r := core.Solve(context.Background(), g, tab, proofOptions(co, MateSearch))
	if r.Outcome != core.Disproven {
		t.Fatalf("%v after %d expansions, want disproven within %d", r.Outcome, r.Stats.Expanded, co.NodeLimit)
	}
	t.Logf("disproven in %d expansions", r.Stats.Expanded)
}

// TestAttackerEstimateIsItsExpansion: under mate-search rules, where the
// proof search sums an attacker's disproof numbers (proofOptions), the dn
// Estimate gives an attacker's node is the sum its expansion gives it (its
// checks' estimates), so that the node's number does not jump at its
// first expansion.
func TestAttackerEstimateIsItsExpansion(t *testing.T) {
	for _, sfen := range []string{
		"8k/9/9/9/9/9/9/9/K8 b G 1",
		"8k/9/9/9/9/9/9/9/K8 b RBGS 1",
		"lnG6/4g4/prpp1p1pp/1p3lp2/4+B3k/2P1P4/P+b1PSP1LP/4K2SL/2GS1G1r1 w SP3n3p 74",
	} {
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame(pos, pos.SideToMove(), MateSearch)
		if g.Terminal() != core.Unknown {
			t.Fatalf("%s: decided at once", sfen)
		}
		_, dn := g.Estimate()
		g.noMate1 = true // every check, as the sum counts them
		var sum core.PN
		for _, m := range g.Moves(nil, 0) {
			g.Do(m)
			if g.Terminal() == core.Unknown {
				_, d := g.Estimate()
				sum += d
			}
			g.Undo(m)
		}
		if dn != sum {
			t.Errorf("%s: Estimate's dn %d, its checks' sum %d", sfen, dn, sum)
		}
	}
}

// TestSolverUsesProofOptions: the Solver's proof search runs with
// proofOptions (the position of TestMateRulesDisproofWithoutSNDA, through
// Solve: 0.34 M expansions; with SNDA 1.02 M).
func TestSolverUsesProofOptions(t *testing.T) {
	pos, err := shogi.ParseSFEN("lnG6/4g4/prpp1p1pp/1p3lp2/4+B3k/2P1P4/P+b1PSP1LP/4K2SL/2GS1G1r1 w SP3n3p 74")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(64)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, err := s.Solve(context.Background(), pos, Options{Rules: MateSearch, AutoDefender: true, NodeLimit: 1 << 19})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != NoMate {
		t.Fatalf("%v (%s), want a disproof within %d expansions", r.Kind, r.Note, 1<<19)
	}
}
