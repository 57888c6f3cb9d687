package mate

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// delaysOf returns the moves of g's current node and their waits.
func delaysOf(g *Game) ([]shogi.Move, []int16) {
	cms := g.Moves(nil, 0)
	wait := make([]int16, len(cms))
	for i := range wait {
		wait[i] = -1
	}
	g.Delays(cms, wait)
	ms := make([]shogi.Move, len(cms))
	for i, m := range cms {
		ms[i] = shogi.Move(m)
	}
	return ms, wait
}

// TestDelaysChainDropsOnASquare: at a defender node every drop waits for
// the drop of the previous kind in the chain on its own square, the first
// drop of each square and every board move wait for nothing.
func TestDelaysChainDropsOnASquare(t *testing.T) {
	for _, tc := range []struct {
		name, sfen string
		squares    int // distinct drop squares expected
	}{
		// The rook on 9a checks the king on 1a along rank a; the
		// defender holds every other piece (tsume hands).
		{"rank", "R7k/9/9/9/9/9/9/9/4K4 w - 1", 7},
		// A bishop check on the diagonal, the king with a flight square.
		{"diagonal", "8k/9/9/9/4B4/9/9/9/4K4 w - 1", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := defenderGame(t, tc.sfen, delayDrops|delayNoPromo) // per square only
			ms, wait := delaysOf(g)
			first := map[shogi.Square]int{}
			prev := map[shogi.Square]int{}
			for i, m := range ms {
				if !m.IsDrop() {
					if wait[i] != -1 {
						t.Errorf("board move %v waits for %d", m, wait[i])
					}
					continue
				}
				j, seen := prev[m.To()]
				switch {
				case !seen && wait[i] != -1:
					t.Errorf("first drop %v on its square waits for %d", m, wait[i])
				case seen && int(wait[i]) != j:
					t.Errorf("drop %v waits for %d, want %d (%v)", m, wait[i], j, ms[j])
				}
				if !seen {
					first[m.To()] = i
				}
				prev[m.To()] = i
			}
			if len(first) != tc.squares {
				t.Errorf("drops on %d squares, want %d: %v", len(first), tc.squares, ms)
			}
			for i, l := range g.lastDrop {
				if l != -1 {
					t.Fatalf("scratch square %d left at %d", i, l)
				}
			}
		})
	}
}

// TestDelaysChainUnguardedDrops: with the chain across squares, the
// drops on squares no defender's piece guards wait each for the previous
// such drop, whatever its square; the drops on a guarded square (next to
// the king) keep their own chain, and an unguarded drop that checks the
// attacker's king waits for nothing.
func TestDelaysChainUnguardedDrops(t *testing.T) {
	// The rook on 9a checks the king on 1a along rank a; the king guards
	// 2a, nothing guards 3a..8a, and a lance or rook on 5a would check
	// the attacker's king on 5i.
	g := defenderGame(t, "R7k/9/9/9/9/9/9/9/4K4 w - 1", delayAll)
	ms, wait := delaysOf(g)
	prevOn := map[string]int{}
	loose, chained, checks := -1, 0, 0
	for i, m := range ms {
		if !m.IsDrop() {
			if wait[i] != -1 {
				t.Errorf("board move %v waits for %d", m, wait[i])
			}
			continue
		}
		sq := m.To().String()
		want := -1
		switch {
		case sq == "2a":
			if j, ok := prevOn[sq]; ok {
				want = j
			}
			prevOn[sq] = i
		case sq == "5a" && (m.Kind() == shogi.Lance || m.Kind() == shogi.Rook):
			checks++
		default:
			want, loose = loose, i
			chained++
		}
		if int(wait[i]) != want {
			t.Errorf("drop %v waits for %d, want %d", m, wait[i], want)
		}
	}
	if chained < 6*5 || checks != 2 || len(prevOn) != 1 {
		t.Errorf("%d chained drops, %d checking ones, guarded squares %v: the position is not what the test expects: %v", chained, checks, prevOn, ms)
	}
	for i, l := range g.lastDrop {
		if l != -1 {
			t.Fatalf("scratch square %d left at %d", i, l)
		}
	}
}

// TestDelaysNonPromotionWaitsForPromotion: a pawn, bishop or rook that
// checks without promoting waits for its promoting twin; a silver's
// non-promotion (often the stronger move) does not wait.
func TestDelaysNonPromotionWaitsForPromotion(t *testing.T) {
	for _, tc := range []struct {
		name, sfen string
		kind       shogi.Kind
		waits      bool
	}{
		// 1d-1c (pawn) checks the king on 1b either way.
		{"pawn", "9/8k/9/8P/9/9/9/9/4K4 b - 1", shogi.Pawn, true},
		// The rook 5d-1d... checks along file 1 from 1c either way.
		{"rook", "9/8k/9/4R4/9/9/9/9/4K4 b - 1", shogi.Rook, true},
		// The silver 2d-2c checks either way.
		{"silver", "9/8k/9/7S1/9/9/9/9/4K4 b - 1", shogi.Silver, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := shogi.ParseSFEN(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			g := NewGame(pos, shogi.Black, MateSearch)
			g.delays = delayAll
			ms, wait := delaysOf(g)
			twins := 0
			for i, m := range ms {
				if m.IsDrop() || m.IsPromotion() || m.Kind() != tc.kind {
					if !m.IsDrop() && !m.IsPromotion() && delayedNoPromo[m.Kind()] {
						continue
					}
					if wait[i] != -1 {
						t.Errorf("%v waits for %d", m, wait[i])
					}
					continue
				}
				j := -1
				for k, t2 := range ms {
					if t2.IsPromotion() && !t2.IsDrop() && t2.From() == m.From() && t2.To() == m.To() {
						j = k
					}
				}
				if j < 0 {
					continue
				}
				twins++
				want := int16(-1)
				if tc.waits && j < i {
					want = int16(j)
				}
				if wait[i] != want {
					t.Errorf("%v waits for %d, want %d (%v)", m, wait[i], want, ms)
				}
			}
			if twins == 0 {
				t.Fatalf("no promotion twins among %v", ms)
			}
		})
	}
}

// TestDelaysShrinkNoMateSearch is KomoringHeights' v0.5.0 example: checks
// go on for a while but every line fails to a pawn interposition; without
// delays the search reads the other interpositions as well.
func TestDelaysShrinkNoMateSearch(t *testing.T) {
	pos, err := shogi.ParseSFEN("9/7kp/R8/6P2/9/9/9/b8/9 b rb4g4s4n4l16p 1")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(16)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var nodes [2]uint64
	for i, d := range []int{0, delayAll} {
		s.delays = d
		s.Clear()
		r, err := s.Solve(context.Background(), pos, Options{NodeLimit: 2_000_000})
		if err != nil {
			t.Fatal(err)
		}
		if r.Kind != NoMate {
			t.Fatalf("delays %d: %v, want no mate", d, r.Kind)
		}
		nodes[i] = r.Stats.Expanded
	}
	t.Logf("expanded without delays %d, with %d", nodes[0], nodes[1])
	if nodes[1]*4 > nodes[0] {
		t.Errorf("delays expanded %d nodes, not a quarter of %d", nodes[1], nodes[0])
	}
}

// TestDelaysAllocateNothing: Delays runs at every expansion.
func TestDelaysAllocateNothing(t *testing.T) {
	pos, _ := shogi.ParseSFEN("R7k/9/9/9/9/9/9/9/4K4 w - 1")
	p, attacker, err := prepare(pos, &Options{DefenderToMove: true})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p, attacker, Tsume)
	g.delays = delayAll
	ms := g.Moves(make([]core.Move, 0, shogi.MaxMoves), 0)
	wait := make([]int16, len(ms))
	if a := testing.AllocsPerRun(100, func() { g.Delays(ms, wait) }); a != 0 {
		t.Fatalf("%.1f allocations per call", a)
	}
}

// defenderGame is the game of sfen under mate-search rules with the side
// to move defending, its delays set to delays.
func defenderGame(t *testing.T, sfen string, delays int) *Game {
	t.Helper()
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	p, attacker, err := prepare(pos, &Options{DefenderToMove: true})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p, attacker, MateSearch)
	g.delays = delays
	return g
}
