package shogi

import "testing"

func TestKingFreedom(t *testing.T) {
	cases := []struct {
		name string
		sfen string
		c    Color
		want int
	}{
		{"bare king on the edge", "4k4/9/9/9/9/9/9/9/4K4 b - 1", White, 5},
		{"gold covers the rank below", "4k4/9/4G4/9/9/9/9/9/4K4 b - 1", White, 2},
		{"own silver fills a square", "4ks3/9/4G4/9/9/9/9/9/4K4 b - 1", White, 1},
		// The rook attacks 4a; 6a lies behind the king, which still blocks.
		{"rook along the rank", "4k3R/9/9/9/9/9/9/9/4K4 w - 1", White, 4},
		{"knight jumps onto 5b", "4k4/9/9/3N5/9/9/9/9/4K4 b - 1", White, 4},
		{"black king in the corner", "4k4/9/9/9/9/9/9/9/K8 b - 1", Black, 3},
		{"no king", "4k4/9/9/9/9/9/9/9/9 b - 1", Black, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.sfen)
			if got := p.KingFreedom(c.c); got != c.want {
				t.Errorf("KingFreedom(%v) = %d, want %d", c.c, got, c.want)
			}
		})
	}
}

// referenceAttacked decides whether c attacks s by trying every piece of
// c, independently of the attack tables and class bitboards.
func referenceAttacked(p *Position, s Square, c Color) Bitboard {
	var out Bitboard
	for q := Square(0); q < NoSquare; q++ {
		pc := p.board[q]
		if pc == Empty || pc.Color() != c || q == s {
			continue
		}
		if d := adjDir[q][s]; d >= 0 && nearMask[pc]>>d&1 != 0 {
			out.Set(q)
		} else if d := lineDir[q][s]; d >= 0 && farMask[pc]>>d&1 != 0 && between[q][s].And(p.all).IsEmpty() {
			out.Set(q)
		}
	}
	return out
}

// checkAttacks compares the attack functions and KingFreedom with the
// reference on every square of p.
func checkAttacks(t *testing.T, p *Position) {
	t.Helper()
	for c := Black; c <= White; c++ {
		for s := Square(0); s < NoSquare; s++ {
			want := referenceAttacked(p, s, c)
			if got := p.attackersTo(s, c); got != want {
				t.Fatalf("%s: attackersTo(%s, %v) = %v, want %v", p.SFEN(), s, c, got, want)
			}
			if got := p.Attacked(s, c); got != !want.IsEmpty() {
				t.Fatalf("%s: Attacked(%s, %v) = %v", p.SFEN(), s, c, got)
			}
		}
		k := p.king[c]
		if k == NoSquare {
			continue
		}
		want := 0
		for d := 0; d < 8; d++ {
			s := stepTo[k][d]
			if s != NoSquare && !isColor(p.board[s], c) && referenceAttacked(p, s, c^1).IsEmpty() {
				want++
			}
		}
		if got := p.KingFreedom(c); got != want {
			t.Fatalf("%s: KingFreedom(%v) = %d, want %d", p.SFEN(), c, got, want)
		}
		// The king's own moves: the destination must be safe once the
		// king has left k, checked by lifting it off the board.
		var wantMoves Bitboard
		kp := p.board[k]
		p.lift(k, kp)
		for d := 0; d < 8; d++ {
			s := stepTo[k][d]
			if s != NoSquare && !isColor(p.board[s], c) && referenceAttacked(p, s, c^1).IsEmpty() {
				wantMoves.Set(s)
			}
		}
		p.place(k, kp)
		if got, _ := p.safeNeighbours(c); got != wantMoves {
			t.Fatalf("%s: safeNeighbours(%v): lifted = %v, want %v", p.SFEN(), c, got, wantMoves)
		}
	}
}

func TestKingFreedomAllocs(t *testing.T) {
	p := mustParse(t, matsuriSFEN)
	if a := testing.AllocsPerRun(100, func() { p.KingFreedom(White) }); a != 0 {
		t.Errorf("KingFreedom allocates %.1f times", a)
	}
}

// callerKingFreedom is the eight-Attacked loop a caller would write, the
// baseline of BenchmarkKingFreedom.
func callerKingFreedom(p *Position, c Color) int {
	k, ok := p.KingSquare(c)
	if !ok {
		return 0
	}
	n := 0
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, r := k.File()+df, k.Rank()+dr
			if df == 0 && dr == 0 || f < 1 || f > 9 || r < 1 || r > 9 {
				continue
			}
			s := NewSquare(f, r)
			if pc := p.PieceAt(s); pc != Empty && pc.Color() == c {
				continue
			}
			if !p.Attacked(s, c.Opponent()) {
				n++
			}
		}
	}
	return n
}

// BenchmarkKingFreedom times the count for the defender after each check
// of Journey to Jupiter, as the solver's estimate asks for it.
func BenchmarkKingFreedom(b *testing.B) {
	root := mustParse(b, jupiterSFEN)
	var nodes []*Position
	for _, m := range root.GenerateChecks(nil) {
		q := root.Clone()
		q.Do(m)
		nodes = append(nodes, q)
	}
	for _, v := range []struct {
		name string
		f    func(*Position, Color) int
	}{{"method", (*Position).KingFreedom}, {"caller loop", callerKingFreedom}} {
		b.Run(v.name, func(b *testing.B) {
			for b.Loop() {
				for _, q := range nodes {
					forget(q)
					v.f(q, White)
				}
			}
		})
	}
}
