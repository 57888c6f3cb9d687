package board

import (
	"math/rand"
	"testing"
)

// fromScratch builds a fresh board with b's stones and ko ban.
func fromScratch(t *testing.T, b *Board) *Board {
	t.Helper()
	f, err := New(b.Size())
	if err != nil {
		t.Fatal(err)
	}
	for p := Point(0); int(p) < b.NumPoints(); p++ {
		if c := b.At(p); c != Empty {
			if err := f.Place(p, c); err != nil {
				t.Fatal(err)
			}
		}
	}
	k, kc := b.Ko()
	f.SetKo(k, kc)
	return f
}

// sameAsScratch compares b with a board rebuilt from its stones through
// the exported API: hash and keys, each point's string (stones,
// liberties, which points share it) and, without superko, the legality
// of every move for both colours (so the ko ban too) and the key after
// each legal move.
func sameAsScratch(t *testing.T, b *Board, step int) {
	t.Helper()
	f := fromScratch(t, b)
	if b.Hash() != f.Hash() || b.Key(Black) != f.Key(Black) || b.Key(White) != f.Key(White) {
		t.Fatalf("step %d: hash %x, from scratch %x\n%s", step, b.Hash(), f.Hash(), b)
	}
	for p := Point(0); int(p) < b.NumPoints(); p++ {
		if b.At(p) != f.At(p) {
			t.Fatalf("step %d: %s differs", step, b.Vertex(p))
		}
		if b.At(p) != Empty {
			if b.NumLibs(p) != f.NumLibs(p) || b.NumStones(p) != f.NumStones(p) ||
				*b.Libs(p) != *f.Libs(p) || *b.Stones(p) != *f.Stones(p) {
				t.Fatalf("step %d: string at %s: %d stones %d libs, from scratch %d, %d\n%s",
					step, b.Vertex(p), b.NumStones(p), b.NumLibs(p), f.NumStones(p), f.NumLibs(p), b)
			}
			s := &b.strs[b.sid[p]]
			if lo, hi := s.stones.span(); int(s.lo) != lo || int(s.hi) != hi {
				t.Fatalf("step %d: string at %s spans words %d..%d, recorded %d..%d\n%s",
					step, b.Vertex(p), lo, hi, s.lo, s.hi, b)
			}
			for _, q := range b.Neighbors(p) {
				if b.At(q) == b.At(p) && b.StringID(q) != b.StringID(p) {
					t.Fatalf("step %d: neighbours %s and %s of one colour have ids %d and %d",
						step, b.Vertex(p), b.Vertex(q), b.StringID(p), b.StringID(q))
				}
			}
		}
		if b.Superko() {
			continue
		}
		for _, c := range []Color{Black, White} {
			e1, e2 := b.Legal(p, c), f.Legal(p, c)
			if e1 != e2 {
				t.Fatalf("step %d: Legal(%s, %v) = %v, from scratch %v\n%s", step, b.Vertex(p), c, e1, e2, b)
			}
			if e1 == nil && b.At(p) == Empty {
				want := b.KeyAfter(p, c, c.Opponent())
				if got := f.KeyAfter(p, c, c.Opponent()); got != want {
					t.Fatalf("step %d: KeyAfter(%s) %x, from scratch %x", step, b.Vertex(p), want, got)
				}
				if err := f.Play(p, c); err != nil {
					t.Fatalf("step %d: legal %s refused: %v", step, b.Vertex(p), err)
				}
				if got := f.Key(c.Opponent()); got != want {
					t.Fatalf("step %d: KeyAfter(%s, %v) %x, key after playing it %x\n%s", step, b.Vertex(p), c, want, got, b)
				}
				f.Undo()
			}
		}
	}
}

// TestPlayUndoMatchesScratch: random plays (captures and moves next to
// lone stones preferred), illegal attempts, passes and undos on 5×5 to
// 19×19 boards, every state compared with one rebuilt from its stones.
func TestPlayUndoMatchesScratch(t *testing.T) {
	steps := 1500
	if testing.Short() {
		steps = 600
	}
	for _, size := range []int{5, 6, 7, 9, 13, 19} {
		for _, superko := range []bool{false, true} {
			rng := rand.New(rand.NewSource(int64(size*2) + int64(map[bool]int{false: 0, true: 1}[superko])))
			b, err := New(size)
			if err != nil {
				t.Fatal(err)
			}
			b.SetSuperko(superko)
			c := Black
			corner := rng.Intn(4)
			type koState struct {
				p Point
				c Color
			}
			kst := []koState{{NoPoint, Empty}}
			kos, caps, refused := 0, 0, 0
			for step := 0; step < steps; step++ {
				r := rng.Intn(10)
				switch {
				case r < 2 && b.Depth() > 0:
					// The ko ban is copied to the rebuilt board, so
					// its undo is checked against the one recorded.
					b.Undo()
					kst = kst[:len(kst)-1]
					if k, kc := b.Ko(); k != kst[len(kst)-1].p || kc != kst[len(kst)-1].c {
						t.Fatalf("step %d: undo leaves ko %s %v, want %s %v", step, b.Vertex(k), kc, b.Vertex(kst[len(kst)-1].p), kst[len(kst)-1].c)
					}
				case r == 2:
					c = c.Opponent() // a pass
				default:
					// Prefer a capture, else a random point (maybe illegal).
					var p Point = NoPoint
					if rng.Intn(2) == 0 {
						for q := Point(0); int(q) < b.NumPoints(); q++ {
							if b.At(q) == Empty && b.IsCapture(q, c) && b.Legal(q, c) == nil {
								p = q
								break
							}
						}
					}
					if p == NoPoint {
						// A 6×6 window at a corner keeps the fights
						// dense (and on the edges) on large boards.
						w := min(size, 6)
						x, y := rng.Intn(w), rng.Intn(w)
						if corner&1 != 0 {
							x = size - 1 - x
						}
						if corner&2 != 0 {
							y = size - 1 - y
						}
						p = Point(y*size + x)
					}
					before := b.Hash()
					before2 := b.Captured(Black) + b.Captured(White)
					if err := b.Play(p, c); err != nil {
						refused++
						if b.Hash() != before {
							t.Fatalf("refused move changed the hash")
						}
						break
					}
					if b.Captured(Black)+b.Captured(White) != before2 {
						caps++
					}
					k, kc := b.Ko()
					if k != NoPoint {
						kos++
					}
					kst = append(kst, koState{k, kc})
					c = c.Opponent()
				}
				sameAsScratch(t, b, step)
				if b.NumPoints() > 0 && rng.Intn(200) == 0 {
					b.Clear()
					kst = kst[:1]
				}
			}
			t.Logf("%dx%d superko %v: %d captures, %d ko bans, %d refused", size, size, superko, caps, kos, refused)
			if caps < steps/150 {
				t.Errorf("%dx%d: only %d captures", size, size, caps)
			}
		}
	}
}

// TestPlayOneStringOnTwoSides: a move whose four neighbours are three
// strings, one of them touching it on two sides (a ring round the
// point), under the eight symmetries so that the repeated string comes
// at every pair of neighbours: joined as friends (one merge of the
// three), and as enemies with one of the others in atari (a capture
// that takes one liberty from the ring, once). Each position after the
// move and after its undo equals one rebuilt from the stones.
func TestPlayOneStringOnTwoSides(t *testing.T) {
	// p at (4,4); A at (3,4), B at (5,4); the ring C from (4,3) round
	// the east side to (4,5).
	ring := [][2]int{{4, 3}, {4, 2}, {4, 1}, {5, 1}, {6, 1}, {7, 1}, {7, 2}, {7, 3}, {7, 4}, {7, 5},
		{7, 6}, {7, 7}, {6, 7}, {5, 7}, {4, 7}, {4, 6}, {4, 5}}
	sym := func(k int, x, y int) (int, int) {
		if k&1 != 0 {
			x = 8 - x
		}
		if k&2 != 0 {
			y = 8 - y
		}
		if k&4 != 0 {
			x, y = y, x
		}
		return x, y
	}
	for k := 0; k < 8; k++ {
		for _, enemies := range []bool{false, true} {
			b, _ := New(9)
			at := func(x, y int) Point {
				x, y = sym(k, x, y)
				return Point(y*9 + x)
			}
			c := Black
			if enemies {
				c = White
			}
			put := func(x, y int, col Color) {
				if err := b.Place(at(x, y), col); err != nil {
					t.Fatal(err)
				}
			}
			for _, q := range ring {
				put(q[0], q[1], c)
			}
			put(3, 4, c) // A
			put(5, 4, c) // B
			if enemies {
				// A in atari: its other neighbours black.
				put(2, 4, Black)
				put(3, 3, Black)
				put(3, 5, Black)
			}
			b.Commit()
			sameAsScratch(t, b, k)
			if err := b.Play(at(4, 4), Black); err != nil {
				t.Fatalf("symmetry %d, enemies %v: %v\n%s", k, enemies, err, b)
			}
			sameAsScratch(t, b, k)
			b.Undo()
			sameAsScratch(t, b, k)
		}
	}
}
