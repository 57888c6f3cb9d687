package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestAttackerNodeValuedByItsChecks: under mate-search rules Terminal
// disproves an attacker's node without a check and Estimate gives the
// others dn checksDN(number of checks), with and without the check cache;
// under tsume rules, and with noCheckCount, the node is left open at 1, 1.
func TestAttackerNodeValuedByItsChecks(t *testing.T) {
	for _, tc := range []struct {
		name, sfen string
		checks     int
	}{
		// The pawn in hand may not drop on the file of the pawn on 1h.
		{"no check", "8k/9/9/9/9/9/9/8P/K8 b P 1", 0},
		{"three gold drops", "8k/9/9/9/9/9/9/9/K8 b G 1", 3},
		{"many checks", "8k/9/9/9/9/9/9/9/K8 b RBGS 1", -1},
	} {
		for _, rules := range []Rules{Tsume, MateSearch} {
			for _, cached := range []bool{true, false} {
				pos, err := shogi.ParseSFEN(tc.sfen)
				if err != nil {
					t.Fatal(err)
				}
				n := len(pos.GenerateChecks(nil))
				if tc.checks >= 0 && n != tc.checks {
					t.Fatalf("%s: %d checks, want %d", tc.name, n, tc.checks)
				}
				g := NewGame(pos, shogi.Black, rules)
				if !cached {
					g.evasions = nil
				}
				for _, off := range []bool{false, true} {
					g.noCheckCount = off
					term := g.Terminal()
					pn, dn := g.Estimate()
					wterm, wdn := core.Unknown, core.PN(1)
					if rules == MateSearch && !off {
						wdn = checksDN(n)
						if n == 0 {
							wterm = core.Disproven
						}
					}
					if term != wterm || term == core.Unknown && (pn != 1 || dn != wdn) {
						t.Errorf("%s %v cached %v no count %v: %v %d %d, want %v 1 %d", tc.name, rules, cached, off, term, pn, dn, wterm, wdn)
					}
				}
			}
		}
	}
	if checksDN(3) < 2 || checksDN(0) != 1 {
		t.Errorf("checksDN(3) = %d, checksDN(0) = %d: want at least 2 and 1", checksDN(3), checksDN(0))
	}
}

// TestCheckCountShortensNoMates: valuing attacker nodes by their checks
// (Terminal, Estimate) keeps the answers of no-mates of generated
// real-game positions under mate-search rules and finds them in fewer
// expansions: without it a defender's node expands each reply once only to
// learn how many checks follow it. The positions are those of gen-shogi
// seed 21 that took 3 k to 40 k expansions before (not each is shorter).
func TestCheckCountShortensNoMates(t *testing.T) {
	var with, without uint64
	for _, sfen := range []string{
		"ln6l/9/pPpsBpk2/6p1p/9/4P1P1P/P1P+pSK3/5N3/L6+rL b G2S2Prb3g2n4p 49",
		"ln3k2+P/4g4/+B1pp1gppp/9/4r1P1P/NpPnsS3/P8/3S5/LNG2K2L b RBLPgs6p 83",
		"1+Nsg3+N+P/3k5/p1pp2p1p/9/9/2P3g2/P2PR3P/9/L3g3K w R2B3SN2L6Pgnl2p 72",
		"ln1b1kg1+R/2s1g2p1/2ppppn1p/p5p2/6b2/P3P4/1+rPP1PP1P/1P4S2/LNSK1G1NL w GLPsp 52",
		"lnG4nl/5k3/p1p4p1/1p1+R1g1sp/1s7/2P1p1p2/PP1GP3P/1SG2+p3/LN1K4+b b Srbnl5p 67",
		"1k1g2+SSl/4g2r1/p1ppppngp/6p2/9/6P2/N3KPN1P/9/4G3L b R2BN2s2l8p 77",
	} {
		for _, off := range []bool{false, true} {
			pos, err := shogi.ParseSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			p, att, err := prepare(pos, &Options{Rules: MateSearch, AutoDefender: true})
			if err != nil {
				t.Fatal(err)
			}
			g := NewGame(p, att, MateSearch)
			g.noCheckCount = off
			tab, err := core.NewTable(32, core.TableOptions{})
			if err != nil {
				t.Fatal(err)
			}
			g.killers = tab
			r := core.Solve(context.Background(), g, tab, coreOptions(Options{Algorithm: DFPN, NodeLimit: 1 << 20}))
			if r.Outcome != core.Disproven {
				t.Fatalf("%s (no count %v): %v, want disproven", sfen, off, r.Outcome)
			}
			if off {
				without += r.Stats.Expanded
			} else {
				with += r.Stats.Expanded
			}
		}
	}
	t.Logf("expansions: %d with the check count, %d without", with, without)
	if 5*with > 4*without {
		t.Errorf("%d expansions with the check count, %d without: not a fifth fewer", with, without)
	}
}
