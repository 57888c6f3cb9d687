package mate

import (
	"context"
	"runtime"
	"slices"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestEvasionCacheGivesTheGeneratedMoves: at defender nodes in check the
// moves (and the estimate) of a game with the cache, asked twice, are those
// of a game without it, under both rule sets.
func TestEvasionCacheGivesTheGeneratedMoves(t *testing.T) {
	for _, tc := range []struct{ name, sfen string }{
		{"drops on a rank", "R7k/9/9/9/9/9/9/9/4K4 w - 1"},
		{"bishop check, flight square", "8k/9/9/9/4B4/9/9/9/4K4 w - 1"},
		{"futile drops", "R7k/7pl/6N2/9/9/9/9/9/9 w b 1"},
		{"capture or escape", "7sk/8S/7PP/9/9/9/9/9/9 w G 1"},
	} {
		for _, rules := range []Rules{Tsume, MateSearch} {
			pos, err := shogi.ParseSFEN(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			p, attacker, err := prepare(pos, &Options{Rules: rules, DefenderToMove: true})
			if err != nil {
				t.Fatal(err)
			}
			if !p.InCheck() {
				t.Fatalf("%s: not a check", tc.name)
			}
			plain := NewGame(p.Clone(), attacker, rules)
			plain.evasions = nil
			cached := NewGame(p.Clone(), attacker, rules)
			want := plain.Moves(nil, 0)
			wpn, _ := plain.Estimate()
			for round := range 2 {
				got := cached.Moves(nil, 0)
				if !slices.Equal(got, want) {
					t.Errorf("%s %v round %d: moves %v, want %v", tc.name, rules, round, got, want)
				}
				if pn, _ := cached.Estimate(); pn != wpn {
					t.Errorf("%s %v round %d: estimate %d, want %d", tc.name, rules, round, pn, wpn)
				}
			}
		}
	}
}

// TestEvasionCacheForgetsOverwrittenRuns fills a small ring past a run and
// checks that the run is no longer returned, while a later one is.
func TestEvasionCacheForgetsOverwrittenRuns(t *testing.T) {
	var c *evasionCache
	run := func(n, base int) []shogi.Move {
		ms := make([]shogi.Move, n)
		for i := range ms {
			ms[i] = shogi.Move(base + i)
		}
		return ms
	}
	for _, tc := range []struct {
		steps []int // run lengths put under keys 1, 2, ...
		key   uint64
		hit   bool
	}{
		{[]int{3}, 1, true},
		{[]int{3, 4}, 1, true},
		{[]int{3, 4, 4, 4}, 1, true},     // 15 moves: still there
		{[]int{3, 4, 4, 4, 4}, 1, false}, // wrapped over it
		{[]int{3, 4, 4, 4, 4}, 5, true},
		{[]int{5}, 9, false}, // never stored
	} {
		c = newRunCache(4, evasionSlotBits)
		for i, n := range tc.steps {
			c.put(core.Key{Board: uint64(i + 1)}, run(n, 100*(i+1)), true)
		}
		got, ok := c.get(core.Key{Board: tc.key}, nil)
		if ok != tc.hit {
			t.Errorf("steps %v key %d: hit %v, want %v", tc.steps, tc.key, ok, tc.hit)
			continue
		}
		// The number of moves outlives the run (the slot keeps it).
		stored := int(tc.key) <= len(tc.steps)
		if n, ok := c.count(core.Key{Board: tc.key}); ok != stored || ok && n != tc.steps[tc.key-1] {
			t.Errorf("steps %v key %d: count %d %v", tc.steps, tc.key, n, ok)
		}
		if ok && !slices.Equal(got, run(tc.steps[tc.key-1], 100*int(tc.key))) {
			t.Errorf("steps %v key %d: run %v", tc.steps, tc.key, got)
		}
	}
}

// TestSolverReusesEvasionCache: a Solver's games share one evasion cache
// (newGame), so a call on a solver that has solved before allocates far
// less than the cache's 1.8 MiB; a game of its own per call (and per hint
// search) made the kernel clear fresh pages for each.
func TestSolverReusesEvasionCache(t *testing.T) {
	s, err := NewSolver(1)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pos, err := shogi.ParseSFEN("7sk/9/7PP/9/9/9/9/9/9 b GS 1")
	if err != nil {
		t.Fatal(err)
	}
	solve := func() {
		if r, err := s.Solve(context.Background(), pos.Clone(), Options{}); err != nil || r.Kind != Mate {
			t.Fatalf("mate in 3 not solved: %+v %v", r, err)
		}
	}
	solve()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	solve()
	runtime.ReadMemStats(&after)
	const cacheBytes = 4<<evasionRingBits + 32<<evasionSlotBits + 4<<checkRingBits + 32<<checkSlotBits
	if got := after.TotalAlloc - before.TotalAlloc; got >= cacheBytes/2 {
		t.Errorf("a second Solve allocated %d bytes; the evasion cache alone is %d", got, cacheBytes)
	}
}

// TestEstimateCountsItsOwnPosition: Estimate takes the number of moves from
// the last Terminal only for the same position; after Terminal at one
// defender node, the estimate of another is that of a fresh game.
func TestEstimateCountsItsOwnPosition(t *testing.T) {
	sfens := []string{"R7k/9/9/9/9/9/9/9/4K4 w - 1", "7sk/8S/7PP/9/9/9/9/9/9 w G 1"}
	var games []*Game
	for _, sfen := range sfens {
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		p, attacker, err := prepare(pos, &Options{Rules: MateSearch, DefenderToMove: true})
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, NewGame(p, attacker, MateSearch))
	}
	want, _ := NewGame(games[1].pos.Clone(), games[1].attacker, MateSearch).Estimate()
	// games[0] counts its own position, then is given the other's.
	if games[0].Terminal() != core.Unknown {
		t.Fatal("the first position is not open")
	}
	own, _ := games[0].Estimate()
	games[0].pos = games[1].pos.Clone()
	games[0].salt = games[1].salt
	if got, _ := games[0].Estimate(); got != want || got == own {
		t.Errorf("estimate after another position's Terminal: %d, want %d (the first position's: %d)", got, want, own)
	}
}

// TestMoveCacheGivesTheGeneratedMoves walks random lines of checks and
// evasions from a few positions with two games, one with the move cache and
// one without, and compares their moves (order included), Terminal and
// Estimate at every node. The walks reach positions again by other move
// orders, where the checks' order depends on the last move while the cached
// list does not; before each attacker node, a game set up from the node's
// SFEN (no last move) sharing the cache asks first, so the cached list is
// one made without the last move.
func TestMoveCacheGivesTheGeneratedMoves(t *testing.T) {
	sfens := []string{
		"7sk/9/7PP/9/9/9/9/9/9 b GS 1",
		"7nl/7k1/6pp1/8p/9/9/9/9/9 b RBG2S 1",
		"4k4/9/4P4/9/9/9/9/9/9 b 2G 1",
	}
	rng := uint64(12345)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	compared, reordered := 0, 0
	for _, sfen := range sfens {
		for _, rules := range []Rules{Tsume, MateSearch} {
			pos, err := shogi.ParseSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			p, attacker, err := prepare(pos, &Options{Rules: rules})
			if err != nil {
				t.Fatal(err)
			}
			plain := NewGame(p.Clone(), attacker, rules)
			plain.evasions = nil
			cached := NewGame(p.Clone(), attacker, rules)
			// The whole check lists are compared: no mate-in-one shortcut.
			plain.noMate1, cached.noMate1 = true, true
			for walk := 0; walk < 60; walk++ {
				var played []core.Move
				for depth := 0; depth < 9; depth++ {
					if cached.OrNode() {
						fresh, err := shogi.ParseSFEN(cached.pos.SFEN())
						if err != nil {
							t.Fatal(err)
						}
						other := newGame(fresh, attacker, rules, cached.evasions)
						other.noMate1 = true
						if ms := other.Moves(nil, 0); len(ms) > 0 && !slices.Equal(ms, plain.Moves(nil, 0)) {
							reordered++
						}
					}
					want := plain.Moves(nil, 0)
					got := cached.Moves(nil, 0)
					if !slices.Equal(got, want) {
						t.Fatalf("%s %v after %v: moves %v, want %v", sfen, rules, played, got, want)
					}
					compared++
					if len(want) == 0 {
						break
					}
					m := want[next(len(want))]
					plain.Do(m)
					cached.Do(m)
					played = append(played, m)
					wt, gt := plain.Terminal(), cached.Terminal()
					wpn, wdn := plain.Estimate()
					gpn, gdn := cached.Estimate()
					if wt != gt || wpn != gpn || wdn != gdn {
						t.Fatalf("%s %v after %v: terminal/estimate %v %d %d, want %v %d %d", sfen, rules, played, gt, gpn, gdn, wt, wpn, wdn)
					}
				}
				for i := len(played) - 1; i >= 0; i-- {
					plain.Undo(played[i])
					cached.Undo(played[i])
				}
			}
		}
	}
	if compared < 1000 || reordered < 10 {
		t.Errorf("only %d nodes compared, %d where the last move changed the order", compared, reordered)
	}
}
