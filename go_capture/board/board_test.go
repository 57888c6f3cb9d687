package board

import (
	"math/rand"
	"reflect"
	"slices"
	"testing"
)

// mustBoard builds a board from rows drawn top row first ('X' black,
// 'O' white, '.' empty), the way the tests draw positions.
func mustBoard(t testing.TB, rows ...string) *Board {
	t.Helper()
	b, err := New(len(rows))
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range rows {
		y := len(rows) - 1 - i
		for x, ch := range row {
			p := Point(y*b.size + x)
			switch ch {
			case 'X':
				b.color[p] = Black
			case 'O':
				b.color[p] = White
			}
		}
	}
	b.rebuild()
	return b
}

func mustVertex(t testing.TB, b *Board, v string) Point {
	t.Helper()
	p, err := ParseVertex(v, b.Size())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// naiveLibs counts the liberties of the string at p by flood fill,
// independently of the incremental bookkeeping.
func naiveLibs(b *Board, p Point) (stones, libs int) {
	c := b.color[p]
	seen := map[Point]bool{p: true}
	lib := map[Point]bool{}
	stack := []Point{p}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, r := range b.Neighbors(q) {
			if b.color[r] == Empty {
				lib[r] = true
			} else if b.color[r] == c && !seen[r] {
				seen[r] = true
				stack = append(stack, r)
			}
		}
	}
	return len(seen), len(lib)
}

// checkConsistent compares every string with a flood fill and the hash
// with one recomputed from the colours.
func checkConsistent(t *testing.T, b *Board) {
	t.Helper()
	var h uint64
	for p := Point(0); int(p) < b.n; p++ {
		if b.color[p] == Empty {
			if b.sid[p] != NoPoint {
				t.Fatalf("empty %s has string id %d", b.Vertex(p), b.sid[p])
			}
			continue
		}
		h ^= zobrist[b.color[p]][p]
		ns, nl := naiveLibs(b, p)
		if b.NumStones(p) != ns || b.NumLibs(p) != nl || b.Libs(p).Count() != nl {
			t.Fatalf("string at %s: stones %d libs %d, flood fill says %d and %d\n%s",
				b.Vertex(p), b.NumStones(p), b.NumLibs(p), ns, nl, b)
		}
		if nl == 0 {
			t.Fatalf("string at %s has no liberty\n%s", b.Vertex(p), b)
		}
	}
	if h != b.Hash() {
		t.Fatalf("hash %x, recomputed %x", b.Hash(), h)
	}
	// Each string's own hash is its stones' part of the board's.
	sh := map[Point]uint64{}
	for p := Point(0); int(p) < b.n; p++ {
		if b.color[p] != Empty {
			sh[b.sid[p]] ^= zobrist[b.color[p]][p]
		}
	}
	for id, h := range sh {
		if b.strs[id].hash != h {
			t.Fatalf("string at %s: hash %x, recomputed %x\n%s", b.Vertex(id), b.strs[id].hash, h, b)
		}
	}
}

func TestPlayRules(t *testing.T) {
	tests := []struct {
		name     string
		rows     []string
		move     string
		color    Color
		err      error
		captured int
		ko       string // expected ko point after the move, "" for none
	}{
		{"plain move", []string{".....", ".....", ".....", ".....", "....."}, "C3", Black, nil, 0, ""},
		{"occupied", []string{".....", ".....", "..X..", ".....", "....."}, "C3", White, ErrOccupied, 0, ""},
		{"suicide in corner", []string{".....", ".....", ".....", "O....", ".O..."}, "A1", Black, ErrSuicide, 0, ""},
		{"filling own last eye is suicide", []string{".....", ".....", "OOO..", "XXO..", ".XO.."}, "A1", Black, ErrSuicide, 0, ""},
		{"capture instead of suicide", []string{".....", ".....", "OOO..", "XXO..", ".XO.."}, "A1", White, nil, 3, ""},
		{"single capture makes a ko", []string{".....", ".....", ".XO..", "X.XO.", ".XO.."}, "B2", White, nil, 1, "C2"},
		{"capturing two stones is no ko", []string{".....", ".XO..", "X.XO.", "X.XO.", ".XO.."}, "B2", White, nil, 0, ""},
		{"two strings captured at once", []string{".....", ".....", "O.O..", "X.XO.", "O.O.."}, "B2", White, nil, 2, ""},
		{"off board", []string{".....", ".....", ".....", ".....", "....."}, "", Black, ErrOffBoard, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, tc.rows...)
			before := b.String()
			p := Point(25)
			if tc.move != "" {
				p = mustVertex(t, b, tc.move)
			}
			err := b.Play(p, tc.color)
			if err != tc.err {
				t.Fatalf("Play(%s) = %v, want %v\n%s", tc.move, err, tc.err, b)
			}
			if err != nil {
				if b.String() != before {
					t.Fatalf("illegal move changed the board")
				}
				return
			}
			checkConsistent(t, b)
			if got := b.Captured(tc.color.Opponent()); got != tc.captured {
				t.Errorf("captured %d, want %d", got, tc.captured)
			}
			ko, _ := b.Ko()
			if got := b.Vertex(ko); (tc.ko == "" && ko != NoPoint) || (tc.ko != "" && got != tc.ko) {
				t.Errorf("ko %s, want %q", got, tc.ko)
			}
			b.Undo()
			if b.String() != before {
				t.Fatalf("undo did not restore\n%s\nwant\n%s", b, before)
			}
			checkConsistent(t, b)
		})
	}
}

func TestKoBanAndRelease(t *testing.T) {
	b := mustBoard(t, ".....", ".....", ".XO..", "X.XO.", ".XO..")
	if err := b.Play(mustVertex(t, b, "B2"), White); err != nil {
		t.Fatal(err)
	}
	c2 := mustVertex(t, b, "C2")
	if err := b.Play(c2, Black); err != ErrKo {
		t.Fatalf("immediate recapture: %v, want ErrKo", err)
	}
	// A move elsewhere (here a pass) lifts the ban.
	if err := b.Play(Pass, Black); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(Pass, White); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(c2, Black); err != nil {
		t.Fatalf("recapture after passes: %v", err)
	}
	checkConsistent(t, b)
	// The ban is on Black only: White may play the ko point's
	// neighbourhood freely, and a loaded ban applies to the named colour.
	b2 := mustBoard(t, ".....", ".....", ".XO..", "XO.O.", ".XO..")
	b2.SetKo(c2, White)
	if err := b2.Play(c2, White); err != ErrKo {
		t.Fatalf("banned colour: %v", err)
	}
	if err := b2.Play(c2, Black); err != nil {
		t.Fatalf("other colour: %v", err)
	}
}

func TestSuperko(t *testing.T) {
	// A double ko cycle: with superko on, retaking after the cycle fails.
	b := mustBoard(t, ".....", ".....", ".XO..", "X.XO.", ".XO..")
	b.SetSuperko(true)
	b2, c2 := mustVertex(t, b, "B2"), mustVertex(t, b, "C2")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(b.Play(b2, White))
	must(b.Play(Pass, Black))
	must(b.Play(Pass, White))
	// Black's recapture would recreate the starting position.
	if err := b.Play(c2, Black); err != ErrSuperko {
		t.Fatalf("recreating the start: %v, want ErrSuperko", err)
	}
	b.SetSuperko(false)
	must(b.Play(c2, Black))
}

// TestRandomPlayUndo plays random legal games and checks the incremental
// strings against flood fills, then that Undo restores every position.
func TestRandomPlayUndo(t *testing.T) {
	for _, size := range []int{5, 9, 19} {
		rng := rand.New(rand.NewSource(int64(size)))
		b, _ := New(size)
		var snaps []string
		var hashes []uint64
		c := Black
		for i := 0; i < 400; i++ {
			p := Point(rng.Intn(b.n))
			snap, h := b.String(), b.Key(c)
			if b.Play(p, c) != nil {
				continue
			}
			snaps, hashes = append(snaps, snap), append(hashes, h)
			c = c.Opponent()
			checkConsistent(t, b)
		}
		for i := len(snaps) - 1; i >= 0; i-- {
			c = c.Opponent()
			b.Undo()
			if b.String() != snaps[i] || b.Key(c) != hashes[i] {
				t.Fatalf("size %d: undo %d did not restore the position", size, i)
			}
		}
		checkConsistent(t, b)
	}
}

// TestCopyInto: a board copied into another one that held a game of its
// own (another size, longer logs, superko) is the source, undo history
// included, and independent of it; a second copy into the same board
// allocates nothing.
func TestCopyInto(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	playRandom := func(b *Board, n int) {
		for c, i := Black, 0; i < n; i++ {
			if b.Play(Point(rng.Intn(b.n)), c) == nil {
				c = c.Opponent()
			}
		}
	}
	src, _ := New(9)
	playRandom(src, 60)
	dst, _ := New(19)
	dst.SetSuperko(true)
	playRandom(dst, 200)
	src.CopyInto(dst)
	if dst.String() != src.String() || dst.Key(Black) != src.Key(Black) || dst.Depth() != src.Depth() ||
		dst.Size() != 9 || dst.Superko() {
		t.Fatalf("copy differs from the source:\n%v\n%v", dst, src)
	}
	checkConsistent(t, dst)
	if dst.adj == src.adj {
		t.Fatal("the copy shares the source's AppendAdjacent memo (each board writes its own)")
	}
	want := src.String()
	playRandom(dst, 40)
	checkAdjacent(t, dst)
	if src.String() != want {
		t.Fatal("playing on the copy changed the source")
	}
	for dst.Depth() > 0 { // back through the source's own moves too
		dst.Undo()
		checkConsistent(t, dst)
	}
	for src.Depth() > 0 {
		src.Undo()
	}
	if dst.String() != src.String() {
		t.Fatal("undoing the copy's history did not reach the source's start")
	}
	if allocs := testing.AllocsPerRun(20, func() { src.CopyInto(dst) }); allocs != 0 {
		t.Fatalf("CopyInto allocates %.1f times into a board of its size", allocs)
	}
}

func TestPlayUndoAllocatesNothing(t *testing.T) {
	b := mustBoard(t, ".....", ".....", ".XO..", "X.XO.", ".XO..")
	b2, e5 := mustVertex(t, b, "B2"), mustVertex(t, b, "E5")
	allocs := testing.AllocsPerRun(200, func() {
		if b.Play(b2, White) != nil || b.Play(e5, Black) != nil {
			t.Fatal("illegal")
		}
		b.Undo()
		b.Undo()
	})
	if allocs != 0 {
		t.Fatalf("Play/Undo allocate %.1f times per run", allocs)
	}
}

func TestAppendAdjacent(t *testing.T) {
	b := mustBoard(t, ".....", ".O...", "OXO..", ".XO..", "XO...")
	adj := b.AppendAdjacent(nil, mustVertex(t, b, "B3"), 0)
	if len(adj) != 4 {
		t.Fatalf("B3 touches %d white strings, want 4", len(adj))
	}
	atari := b.AppendAdjacent(nil, mustVertex(t, b, "B3"), 1)
	if len(atari) != 1 || b.StringID(mustVertex(t, b, "B1")) != atari[0] {
		t.Fatalf("strings in atari: %v, want only B1", atari)
	}
}

// TestAppendAdjacentTransposed: the same position reached in another
// move order names its strings by other ids; what AppendAdjacent
// remembers of the first must come back under the ids of the second,
// and a change of liberties applies the bound afresh.
func TestAppendAdjacentTransposed(t *testing.T) {
	b, _ := New(9)
	c4, c3, d3, c2 := mustVertex(t, b, "C4"), mustVertex(t, b, "C3"), mustVertex(t, b, "D3"), mustVertex(t, b, "C2")
	for _, m := range []struct {
		p Point
		c Color
	}{{c4, White}, {c3, Black}, {d3, Black}} {
		if err := b.Play(m.p, m.c); err != nil {
			t.Fatal(err)
		}
	}
	first := b.AppendAdjacent(nil, c4, 0)
	b.Undo()
	b.Undo()
	b.Play(d3, Black)
	b.Play(c3, Black)
	if b.StringID(c3) == first[0] {
		t.Fatalf("the two orders give the black string the same id %d: the test needs different ones", first[0])
	}
	got := b.AppendAdjacent(nil, c4, 0)
	if len(got) != 1 || got[0] != b.StringID(c3) {
		t.Fatalf("AppendAdjacent(C4) = %v after the other order, want [%d]", got, b.StringID(c3))
	}
	if got := b.AppendAdjacent(nil, c4, 5); len(got) != 1 {
		t.Fatalf("AppendAdjacent(C4, 5) = %v, want the black string (5 liberties)", got)
	}
	b.Play(c2, White) // the black string: 4 liberties
	b.Undo()
	b.Play(mustVertex(t, b, "E3"), White)
	b.Play(mustVertex(t, b, "D2"), White)
	if got := b.AppendAdjacent(nil, c4, 3); len(got) != 1 {
		t.Fatalf("AppendAdjacent(C4, 3) = %v, want the black string (3 liberties)", got)
	}
	if got := b.AppendAdjacent(nil, c4, 2); len(got) != 0 {
		t.Fatalf("AppendAdjacent(C4, 2) = %v, want none", got)
	}
	checkAdjacent(t, b)
}

// TestKeyAfterPair: two moves that capture nothing lead to the key
// KeyAfterPair foretells.
func TestKeyAfterPair(t *testing.T) {
	b := mustBoard(t, ".....", ".O...", "OXO..", ".XO..", "XO...")
	p, q := mustVertex(t, b, "D4"), mustVertex(t, b, "E1")
	want := b.KeyAfterPair(p, Black, q, White, Black)
	if err := b.Play(p, Black); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(q, White); err != nil {
		t.Fatal(err)
	}
	if got := b.Key(Black); got != want {
		t.Fatalf("Key %x, KeyAfterPair foretold %x", got, want)
	}
}

func TestNewRejectsBadSize(t *testing.T) {
	for _, n := range []int{0, 4, 20, -1} {
		if _, err := New(n); err == nil {
			t.Errorf("New(%d) accepted", n)
		}
	}
}

func TestPlayForcedIgnoresKoAndRestoresIt(t *testing.T) {
	b := mustBoard(t, ".....", ".....", ".XO..", "X.XO.", ".XO..")
	b.SetSuperko(true)
	if err := b.Play(mustVertex(t, b, "B2"), White); err != nil {
		t.Fatal(err)
	}
	c2 := mustVertex(t, b, "C2")
	if err := b.Play(c2, Black); err != ErrKo {
		t.Fatalf("Play: %v, want ErrKo", err)
	}
	if err := b.PlayForced(c2, Black); err != nil {
		t.Fatalf("PlayForced: %v", err)
	}
	checkConsistent(t, b)
	b.Undo()
	if ko, c := b.Ko(); b.Vertex(ko) != "C2" || c != Black {
		t.Fatalf("after Undo the ban is %s for %v, want C2 for black", b.Vertex(ko), c)
	}
	if err := b.PlayForced(mustVertex(t, b, "A1"), Black); err != nil {
		t.Fatal(err)
	}
	b.Undo()
	if err := b.PlayForced(mustVertex(t, b, "B3"), White); err != ErrOccupied {
		t.Fatalf("PlayForced on a stone: %v", err)
	}
}

// TestHistoryKey: under superko the history key names the set of
// positions played, whatever their order; a pass or a forced retake that
// repeats a position leaves the set as it was; Undo restores it; without
// superko it is 0.
func TestHistoryKey(t *testing.T) {
	play := func(b *Board, moves ...string) {
		t.Helper()
		for i, v := range moves {
			p := Pass
			if v != "pass" {
				p = mustVertex(t, b, v)
			}
			if err := b.Play(p, Color(1+i%2)); err != nil {
				t.Fatalf("%s: %v", v, err)
			}
		}
	}
	a := mustBoard(t, ".....", ".....", ".....", ".....", ".....")
	b := a.Clone()
	if a.HistoryKey() != 0 {
		t.Fatal("history key without superko")
	}
	a.SetSuperko(true)
	b.SetSuperko(true)
	start := a.HistoryKey()
	play(a, "A1", "B1", "C1")
	play(b, "C1", "B1", "A1")
	if a.Key(White) != b.Key(White) {
		t.Fatal("the same stones have different keys")
	}
	if a.HistoryKey() == b.HistoryKey() {
		t.Error("two histories (A1 B1 C1, C1 B1 A1) have one history key")
	}
	k := a.HistoryKey()
	play(a, "pass") // White passes: the position repeats
	if a.HistoryKey() != k {
		t.Error("a pass changed the set of positions")
	}
	for a.Depth() > 0 {
		a.Undo()
	}
	if a.HistoryKey() != start {
		t.Error("Undo did not restore the history key")
	}
	// The same set of positions in another order: one key.
	c := mustBoard(t, ".....", ".....", ".....", ".....", ".....")
	c.SetSuperko(true)
	play(c, "A1", "pass", "pass", "B1") // {empty, A1}, then A1+B1 by White
	d := mustBoard(t, ".....", ".....", ".....", ".....", ".....")
	d.SetSuperko(true)
	play(d, "A1", "B1") // {empty, A1, A1+B1}
	if c.Key(Black) != d.Key(Black) || c.HistoryKey() != d.HistoryKey() {
		t.Error("the same positions in another order have another history key")
	}
	// A forced retake repeats a position: the set does not grow.
	e := mustBoard(t, ".....", ".....", ".XO..", "X.XO.", ".XO..")
	e.SetSuperko(true)
	before := e.HistoryKey()
	if err := e.Play(mustVertex(t, e, "B2"), White); err != nil { // White takes the ko
		t.Fatal(err)
	}
	if err := e.PlayForced(mustVertex(t, e, "C2"), Black); err != nil { // Black retakes at once
		t.Fatal(err)
	}
	if e.HistoryKey() != before^historyMix(e.history[1]) {
		t.Error("a forced retake that repeats the start changed the set beyond its one new position")
	}
}

// TestRandomPlayUndoInterleaved walks random trees: plays and undos mix,
// as in a search, and after every step the strings, the hash and the
// point sets of each colour must be those a flood fill finds.
func TestRandomPlayUndoInterleaved(t *testing.T) {
	for _, size := range []int{5, 7, 9, 19} {
		rng := rand.New(rand.NewSource(int64(size) * 7))
		b, _ := New(size)
		c := Black
		for i := 0; i < 4000; i++ {
			if b.Depth() > 0 && (rng.Intn(3) == 0 || b.Depth() > 3*b.n/2) {
				b.Undo()
				c = c.Opponent()
			} else {
				p := Point(rng.Intn(b.n))
				libs, capture, key := 0, false, uint64(0)
				if b.color[p] == Empty {
					libs, capture = b.LibsAfter(p, c)
					key = b.KeyAfter(p, c, c.Opponent())
					if br, cp := b.Breathes(p, c); cp != capture || !capture && br != (libs > 0) {
						t.Fatalf("%v %s: Breathes %v %v, LibsAfter %d %v", c, b.Vertex(p), br, cp, libs, capture)
					}
				}
				if err := b.Play(p, c); err == nil {
					if got := b.Key(c.Opponent()); got != key {
						t.Fatalf("%v %s: Key %x, KeyAfter foretold %x", c, b.Vertex(p), got, key)
					}
					if got := b.Captured(c.Opponent()) != int(b.marks[len(b.marks)-1].captured[c.Opponent()]); got != capture {
						t.Fatalf("%v %s: captures %v, LibsAfter said %v", c, b.Vertex(p), got, capture)
					}
					if !capture && b.NumLibs(p) != libs {
						t.Fatalf("%v %s: %d liberties, LibsAfter said %d", c, b.Vertex(p), b.NumLibs(p), libs)
					}
					c = c.Opponent()
				}
			}
			checkConsistent(t, b)
			checkPointSets(t, b)
			checkAdjacent(t, b)
		}
	}
}

// checkAdjacent compares AppendAdjacent, for every string and a few
// liberty bounds, with a walk over the string's stones: the enemy
// strings touching it, each once, in the order of their lowest point
// next to it.
func checkAdjacent(t *testing.T, b *Board) {
	t.Helper()
	for p := Point(0); int(p) < b.n; p++ {
		if b.color[p] == Empty || b.sid[p] != p {
			continue
		}
		var next Bitset
		for q := Point(0); int(q) < b.n; q++ {
			if b.sid[q] == p {
				for _, r := range b.Neighbors(q) {
					if b.color[r] == b.color[p].Opponent() {
						next.Set(r)
					}
				}
			}
		}
		for _, maxLibs := range []int{0, 1, 2} {
			var want []Point
			seen := map[Point]bool{}
			for q := next.Next(0); q >= 0; q = next.Next(q + 1) {
				id := b.sid[q]
				if !seen[id] && (maxLibs == 0 || b.NumLibs(id) <= maxLibs) {
					want = append(want, id)
				}
				seen[id] = true
			}
			got := b.AppendAdjacent(nil, p, maxLibs)
			if !slices.Equal(got, want) {
				t.Fatalf("AppendAdjacent(%s, %d) = %v, want %v", b.Vertex(p), maxLibs, got, want)
			}
			if maxLibs == 1 && b.AnyAdjacentInAtari(p) != (len(want) > 0) {
				t.Fatalf("AnyAdjacentInAtari(%s) = %v, strings in atari next to it: %v", b.Vertex(p), !(len(want) > 0), want)
			}
		}
	}
}

// checkPointSets compares Points(c) with the colours, and Around with
// the neighbour lists.
func checkPointSets(t *testing.T, b *Board) {
	t.Helper()
	for p := Point(0); int(p) < b.n; p++ {
		for c := Empty; c <= White; c++ {
			if b.Points(c).Has(p) != (b.color[p] == c) {
				t.Fatalf("Points(%v) has %s: %v, colour %v", c, b.Vertex(p), b.Points(c).Has(p), b.color[p])
			}
		}
	}
	for c := Empty; c <= White; c++ {
		var want Bitset
		for p := Point(0); int(p) < b.n; p++ {
			if b.color[p] == c {
				for _, r := range b.Neighbors(p) {
					want.Set(r)
				}
			}
		}
		if got := b.Around(b.Points(c)); got != want {
			t.Fatalf("Around(Points(%v)) = %v, want %v", c, got, want)
		}
	}
}

// boardState is what a position is made of, for exact comparison: the
// contents and string ids of the points, every live string's record, the
// point sets, the hash, the ko ban, the captures and the superko history.
type boardState struct {
	color          [MaxPoints]Color
	sid            [MaxPoints]Point
	strs           map[Point]str
	points         [3]Bitset
	hash, histKey  uint64
	ko             Point
	koColor        Color
	captured       [3]int16
	histLen, depth int
	logs           [3]int
}

func stateOf(b *Board) boardState {
	s := boardState{color: b.color, sid: b.sid, strs: map[Point]str{}, points: b.points,
		hash: b.hash, histKey: b.histKey, ko: b.ko, koColor: b.koColor, captured: b.captured,
		histLen: len(b.history), depth: len(b.marks),
		logs: [3]int{len(b.pointLog), len(b.strLog), len(b.libLog)}}
	for p := Point(0); int(p) < b.n; p++ {
		if b.color[p] != Empty {
			s.strs[b.sid[p]] = b.strs[b.sid[p]]
		}
	}
	return s
}

// TestUndoRestoresExactState plays random moves (Play, PlayForced and
// passes, with and without superko) interleaved with undos, as a search
// does, on boards crowded enough for captures, merges and kos, and
// checks that each Undo gives back exactly the state before its move:
// the string ids and records, the point sets, the hash, the ko ban, the
// captures and the history, not only an equal-looking position.
func TestUndoRestoresExactState(t *testing.T) {
	for _, size := range []int{5, 7, 9, 19} {
		for _, superko := range []bool{false, true} {
			rng := rand.New(rand.NewSource(int64(size)*31 + 5))
			b, _ := New(size)
			b.SetSuperko(superko)
			var stack []boardState
			c := Black
			plays, captures, kos := 0, 0, 0
			for i := 0; i < 6000; i++ {
				if b.Depth() > 0 && (rng.Intn(3) == 0 || b.Depth() > 2*b.n) {
					b.Undo()
					c = c.Opponent()
					want := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					if got := stateOf(b); !reflect.DeepEqual(got, want) {
						t.Fatalf("size %d superko %v step %d: Undo did not restore the state\n%s", size, superko, i, b)
					}
					continue
				}
				before := stateOf(b)
				p := Point(rng.Intn(b.n))
				if rng.Intn(2) == 0 { // a capture when there is one: kos come of them
					for q := Point(0); int(q) < b.n; q++ {
						if b.color[q] == Empty && b.IsCapture(q, c) {
							p = q
							break
						}
					}
				}
				if rng.Intn(40) == 0 {
					p = Pass
				}
				var err error
				if rng.Intn(4) == 0 {
					err = b.PlayForced(p, c)
				} else {
					err = b.Play(p, c)
				}
				if err != nil {
					if got := stateOf(b); !reflect.DeepEqual(got, before) {
						t.Fatalf("size %d: refused move %s (%v) changed the board", size, b.Vertex(p), err)
					}
					continue
				}
				plays++
				if b.captured != before.captured {
					captures++
				}
				if b.ko != NoPoint {
					kos++
				}
				stack = append(stack, before)
				c = c.Opponent()
			}
			t.Logf("size %d superko %v: %d captures, %d ko bans, %d moves", size, superko, captures, kos, plays)
			if captures < 20 || kos < 3 {
				t.Fatalf("size %d superko %v: only %d captures and %d ko bans in %d moves", size, superko, captures, kos, plays)
			}
		}
	}
}
