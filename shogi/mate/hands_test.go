package mate

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
)

func handOf(t *testing.T, s string) shogi.Hand {
	t.Helper()
	p, err := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b " + s + " 1")
	if err != nil {
		t.Fatal(err)
	}
	return p.Hand(shogi.Black)
}

// TestHandWords checks the proof and disproof hand rules on positions
// where the answer is known by hand.
func TestHandWords(t *testing.T) {
	drop := func(k shogi.Kind, file, rank int) core.Move {
		return core.Move(shogi.NewDrop(k, shogi.NewSquare(file, rank)))
	}
	cases := []struct {
		name  string
		sfen  string // attacker Black
		proof bool
		ms    []core.Move
		hs    string // children's words, one hand for all
		leaf  bool   // ask LeafHand(Proven) instead
		want  string
	}{
		// The gold on 1b mates; the check is adjacent, so the defender's
		// hand does not matter: the mate needs no piece in hand.
		{"adjacent mate needs nothing", "8k/8G/8P/9/9/9/9/9/9 w 2S 1", true, nil, "", true, "-"},
		// The lance on 1i checks from afar; every drop on file 1 is futile
		// (the lance takes it and checks again; on 1b the knight guards it), so
		// it is mate. The
		// defender holds no silver: with fewer silvers held by the
		// attacker it would hold one and gain a drop, so the attacker's
		// silvers stay in the proof hand; kinds the defender holds do not.
		{"interposable check keeps kinds the defender lacks", "7lk/7p1/9/7N1/9/9/9/9/8L w 4S17p2l3n4g2b2r 1", true, nil, "", true, "4S"},
		// OR node proven by dropping a gold whose child needed a silver.
		{"drop adds the dropped piece", "8k/9/9/9/9/9/9/9/9 b 2GS 1", true, []core.Move{drop(shogi.Gold, 1, 2)}, "S", false, "GS"},
		// OR node without any check: more of a held kind adds no check,
		// a kind not held would add drops.
		{"no checks: held kinds may grow", "4k4/9/9/9/9/9/9/9/4K4 b P 1", false, nil, "", false, "18P"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := shogi.ParseSFEN(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			g := NewGame(p, shogi.Black, Tsume)
			var hs []uint32
			for range tc.ms {
				hs = append(hs, uint32(handOf(t, orDash(tc.hs))))
			}
			var got uint32
			switch {
			case tc.leaf:
				if g.Terminal() != core.Proven {
					t.Fatalf("Terminal = %v, want proven (mate)", g.Terminal())
				}
				got = g.LeafHand(core.Proven)
			case tc.proof:
				got = g.ProofHand(tc.ms, hs)
			default:
				got = g.DisproofHand(tc.ms, hs)
			}
			if want := handOf(t, tc.want); shogi.Hand(got) != want {
				t.Errorf("got hand %v, want %v", shogi.Hand(got), want)
			}
		})
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// TestStoredHandsAreSound solves problems, reads the root's entry, and
// solves the position again with the attacker holding exactly the stored
// proof hand (or, for no mate, the stored disproof hand): the verdict must
// not change. A rule that claims too little (or too much) fails here.
func TestStoredHandsAreSound(t *testing.T) {
	type problem struct {
		sfen  string
		rules Rules
	}
	var ps []problem
	for _, p := range ownProblems {
		if !p.and {
			ps = append(ps, problem{p.sfen, p.rules})
		}
	}
	if dir := sharedtest.Dir(); dir != "" {
		for _, name := range []string{"antma_tsume_1to9.tsv", "komori_mate_engine_test_nomate.tsv", "komori_mate_engine_test_mate.tsv", "sugyan_misc.tsv"} {
			f, err := os.Open(filepath.Join(dir, "problems", "shogi", name))
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				if l := sc.Text(); !strings.HasPrefix(l, "#") && strings.Contains(l, "\t") {
					ps = append(ps, problem{strings.Split(l, "\t")[0], Tsume})
				}
			}
			f.Close()
		}
	}
	s, err := NewSolver(64)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	changed := 0
	for _, pr := range ps {
		pos, err := shogi.ParseSFEN(pr.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if _, moved, _ := storedHandCheck(t, s, pos, Options{Rules: pr.rules, NodeLimit: 200_000}, 400_000); moved {
			changed++
		}
	}
	t.Logf("%d of %d problems stored the root under another hand", changed, len(ps))
	if len(ps) > 20 && changed == 0 {
		t.Error("no root was stored under a proof or disproof hand: are hands off?")
	}
}

// storedHandCheck solves q under o on s and reads the entry stored for its
// root. When that entry is decided under another attacker hand (a proof
// or disproof hand), it solves q again with the attacker holding exactly
// that hand (capped by the pieces there are; the defender holds the rest)
// under a node limit of recheck: the verdict must not change (reported
// with t.Errorf). It says whether the root was decided, whether its entry
// was under another hand, and whether the verdicts agreed.
func storedHandCheck(t *testing.T, s *Solver, q *shogi.Position, o Options, recheck uint64) (decided, moved, agreed bool) {
	t.Helper()
	s.Clear()
	r, err := s.Solve(context.Background(), q, o)
	if err != nil || r.Kind == Unknown {
		return false, false, true
	}
	p, att, err := prepare(q, &o)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p, att, o.Rules)
	e, ok := s.table.Probe(g.Key(), g.OrNode(), g)
	if !ok || (e.PN != 0 && e.DN != 0) {
		return false, false, true
	}
	own, def := p.Hand(att), p.Hand(att.Opponent())
	stored := shogi.Hand(e.Key.Hand)
	var a, d [8]int
	for _, k := range shogi.HandKinds {
		a[k] = min(stored.Count(k), own.Count(k)+def.Count(k))
		d[k] = own.Count(k) + def.Count(k) - a[k]
	}
	if shogi.NewHand(a) == own {
		return true, false, true
	}
	var hands [2]shogi.Hand
	hands[att], hands[att.Opponent()] = shogi.NewHand(a), shogi.NewHand(d)
	f := strings.Fields(p.SFEN())
	f[2] = handSFEN(hands)
	q2, err := shogi.ParseSFEN(strings.Join(f, " "))
	if err != nil {
		t.Fatalf("%s with hand %v: %v", q.SFEN(), shogi.NewHand(a), err)
	}
	s.Clear()
	o2 := o
	o2.NodeLimit = recheck
	r2, err := s.Solve(context.Background(), q2, o2)
	if err != nil {
		t.Fatal(err)
	}
	if r2.Kind != Unknown && r2.Kind != r.Kind {
		t.Errorf("%v %s: %v with the attacker's hand %v, but %v with the stored hand %v (%s)", o.Rules, q.SFEN(), r.Kind, own, r2.Kind, shogi.NewHand(a), q2.SFEN())
		return true, true, false
	}
	return true, true, true
}
