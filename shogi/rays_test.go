package shogi

import (
	"math/rand/v2"
	"testing"
)

// walkRay is the mailbox reference for rayAttacks: step from s along d
// until the edge or the first occupied square (included).
func walkRay(s Square, d int, occ Bitboard) Bitboard {
	var out Bitboard
	for t := stepTo[s][d]; t != NoSquare; t = stepTo[t][d] {
		out.Set(t)
		if occ.Has(t) {
			break
		}
	}
	return out
}

// randomOccupancy returns a set holding each square with probability num/16.
func randomOccupancy(rng *rand.Rand, num int) Bitboard {
	var b Bitboard
	for s := Square(0); s < NoSquare; s++ {
		if rng.IntN(16) < num {
			b.Set(s)
		}
	}
	return b
}

func TestRayAttacksAgainstMailbox(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	// Densities from an almost empty board to an almost full one.
	for _, density := range []int{0, 1, 4, 8, 12, 16} {
		for i := 0; i < 40; i++ {
			occ := randomOccupancy(rng, density)
			for s := Square(0); s < NoSquare; s++ {
				var rook, bishop Bitboard
				for d := 0; d < 8; d++ {
					want := walkRay(s, d, occ)
					if got := rayAttacks(s, d, occ); got != want {
						t.Fatalf("density %d, occ %v: rayAttacks(%s, %d) = %v, want %v", density, occ, s, d, got, want)
					}
					// An empty ray gives some value above NoSquare.
					got := firstPiece(s, d, occ)
					if blk := want.And(occ); !blk.IsEmpty() {
						if wantFirst := blk.Pop(); got != wantFirst {
							t.Fatalf("density %d: firstPiece(%s, %d) = %s, want %s", density, s, d, got, wantFirst)
						}
					} else if got <= NoSquare {
						t.Fatalf("density %d: firstPiece(%s, %d) = %d on an empty ray, want above NoSquare", density, s, d, got)
					}
					if d < 4 {
						rook = rook.Or(want)
					} else {
						bishop = bishop.Or(want)
					}
				}
				if got, want := lanceAttacks(Black, s, occ), walkRay(s, 0, occ); got != want {
					t.Fatalf("lanceAttacks(black, %s) = %v, want %v", s, got, want)
				}
				if got, want := lanceAttacks(White, s, occ), walkRay(s, 1, occ); got != want {
					t.Fatalf("lanceAttacks(white, %s) = %v, want %v", s, got, want)
				}
				if got := rookTable(s, occ); got != rook {
					t.Fatalf("rookTable(%s) = %v, want %v", s, got, rook)
				}
				if got := bishopTable(s, occ); got != bishop {
					t.Fatalf("bishopTable(%s) = %v, want %v", s, got, bishop)
				}
				if got := rookAttacks(s, occ); got != rook {
					t.Fatalf("rookAttacks(%s) = %v, want %v", s, got, rook)
				}
				if got := bishopAttacks(s, occ); got != bishop {
					t.Fatalf("bishopAttacks(%s) = %v, want %v", s, got, bishop)
				}
			}
		}
	}
}

// referenceBlockers finds lineBlockers(k, bc, sc) by walking every line
// from k on the mailbox.
func referenceBlockers(p *Position, k Square, bc, sc Color) Bitboard {
	var out Bitboard
	for d := 0; d < 8; d++ {
		var first Square = NoSquare
		for t := stepTo[k][d]; t != NoSquare; t = stepTo[t][d] {
			pc := p.board[t]
			if pc == Empty {
				continue
			}
			if first == NoSquare {
				if pc.Color() != bc {
					break
				}
				first = t
				continue
			}
			if pc.Color() == sc && farBy[pc]>>d&1 != 0 {
				out.Set(first)
			}
			break
		}
	}
	return out
}

func TestLineBlockersAgainstMailbox(t *testing.T) {
	sfens := []string{StartSFEN, mostMovesSFEN, matsuriSFEN, jupiterSFEN,
		"4k4/4r4/9/4P4/9/2b6/9/4L4/4K4 b - 1",
		"l3k3l/4g4/9/4R4/9/9/4+B4/9/B3K3L w - 1"}
	for _, s := range sfens {
		p := mustParse(t, s)
		for k := Square(0); k < NoSquare; k++ {
			for bc := Black; bc <= White; bc++ {
				for sc := Black; sc <= White; sc++ {
					if got, want := p.lineBlockers(k, bc, sc), referenceBlockers(p, k, bc, sc); got != want {
						t.Fatalf("%s: lineBlockers(%s, %v, %v) = %v, want %v", s, k, bc, sc, got, want)
					}
				}
			}
		}
	}
}

// benchOccupancies returns random occupancies of middling density, for
// the attack benchmarks.
func benchOccupancies() []Bitboard {
	rng := rand.New(rand.NewPCG(7, 8))
	occ := make([]Bitboard, 256)
	for i := range occ {
		occ[i] = randomOccupancy(rng, 5)
	}
	return occ
}

func BenchmarkRookAttacks(b *testing.B) {
	occ := benchOccupancies()
	var acc Bitboard
	i := 0
	for b.Loop() {
		for s := Square(0); s < NoSquare; s++ {
			acc = acc.Or(rookAttacks(s, occ[i&255]))
			i++
		}
	}
	sink = acc
}

func BenchmarkRookTable(b *testing.B) {
	occ := benchOccupancies()
	var acc Bitboard
	i := 0
	for b.Loop() {
		for s := Square(0); s < NoSquare; s++ {
			acc = acc.Or(rookTable(s, occ[i&255]))
			i++
		}
	}
	sink = acc
}

func BenchmarkBishopAttacks(b *testing.B) {
	occ := benchOccupancies()
	var acc Bitboard
	i := 0
	for b.Loop() {
		for s := Square(0); s < NoSquare; s++ {
			acc = acc.Or(bishopAttacks(s, occ[i&255]))
			i++
		}
	}
	sink = acc
}

var sink Bitboard
