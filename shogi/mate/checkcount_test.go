package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestAttackerNodeValuedByItsChecks: under mate-search rules Estimate
// gives an attacker's node dn checksDN(number of checks), with and without
// the check cache, and Terminal leaves it open; under tsume rules, and
// with noCheckCount, the node gets 1, 1.
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
					wdn := core.PN(1)
					if rules == MateSearch && !off {
						wdn = checksDN(n)
					}
					if term != core.Unknown || pn != 1 || dn != wdn {
						t.Errorf("%s %v cached %v no count %v: %v %d %d, want unknown 1 %d", tc.name, rules, cached, off, term, pn, dn, wdn)
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
// (Estimate) keeps the answers of no-mates of generated real-game
// positions (gen-shogi seed 21) under mate-search rules and finds them in
// fewer expansions: without it a defender's node expands each reply once
// only to learn how many checks follow it.
func TestCheckCountShortensNoMates(t *testing.T) {
	var with, without uint64
	for _, sfen := range []string{
		"ln6l/9/pPpsBpk2/6p1p/9/4P1P1P/P1P+pSK3/5N3/L6+rL b G2S2Prb3g2n4p 49",
		"1+P1g4l/2s2Gk2/3pNp2p/P1p2npp1/l4+b3/3KP1P2/N2P1PS1P/2+p1G2sb/L1+r4NL w S2Prg2p 66",
		"ln3k2+P/4g4/+B1pp1gppp/9/4r1P1P/NpPnsS3/P8/3S5/LNG2K2L b RBLPgs6p 83",
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
