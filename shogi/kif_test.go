package shogi

import (
	"slices"
	"testing"
)

func TestKIF(t *testing.T) {
	cases := []struct {
		sfen string
		prev string // USI move played just before (for 同), "" if none
		move string
		want string
	}{
		{StartSFEN, "", "7g7f", "▲７六歩"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "", "3c3d", "△３四歩"},
		{"position startpos moves 7g7f 3c3d", "", "8h2b+", "▲２二角成"},
		{"position startpos moves 7g7f 3c3d 8h2b+", "8h2b+", "3a2b", "△同　銀"},
		{"position startpos moves 7g7f 3c3d", "", "8h2b", "▲２二角不成"},
		// Drops: 打 only when a board piece of the kind could also go there.
		{"4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "", "G*5b", "▲５二金"},
		{"4k4/9/3GP4/9/9/9/9/9/4K4 b G 1", "", "G*5b", "▲５二金打"},
		{"4k4/9/3GP4/9/9/9/9/9/4K4 b G 1", "", "6c5b", "▲５二金"},
		// Forced promotion writes 成; a move that cannot promote writes nothing.
		{"3k5/4P4/9/9/9/9/9/9/K8 b - 1", "", "5b5a+", "▲５一歩成"},
		{"4k4/9/9/4P4/9/9/9/9/4K4 b - 1", "", "5d5c", "▲５三歩不成"},
		{"4k4/9/9/4G4/9/9/9/9/4K4 b - 1", "", "5d5c", "▲５三金"},
		// Motion alone: 上, 寄, 引.
		{"4k4/9/9/9/9/9/9/3G5/4KG3 b - 1", "", "6h5h", "▲５八金寄"},
		{"4k4/9/9/9/9/9/9/3G5/4KG3 b - 1", "", "4i5h", "▲５八金上"},
		// Three golds in a row moving to 5b: 左, 直, 右 (JSA example).
		{"k8/9/3GGG3/9/9/9/9/9/8K b - 1", "", "6c5b", "▲５二金左"},
		{"k8/9/3GGG3/9/9/9/9/9/8K b - 1", "", "5c5b", "▲５二金直"},
		{"k8/9/3GGG3/9/9/9/9/9/8K b - 1", "", "4c5b", "▲５二金右"},
		// Golds on 6c and 4c go up, 5a comes back: 右 alone suffices.
		{"k3G4/9/3G1G3/9/9/9/9/9/8K b - 1", "", "4c5b", "▲５二金右"},
		{"k3G4/9/3G1G3/9/9/9/9/9/8K b - 1", "", "5a5b", "▲５二金引"},
		// Silvers on 6c and 4c go up, 4a comes back: 右 needs 上 too.
		{"k4S3/9/3S1S3/9/9/9/9/9/8K b - 1", "", "4c5b", "▲５二銀右上不成"},
		{"k4S3/9/3S1S3/9/9/9/9/9/8K b - 1", "", "6c5b", "▲５二銀左不成"},
		{"k4S3/9/3S1S3/9/9/9/9/9/8K b - 1", "", "4a5b", "▲５二銀引不成"},
		// Horses never use 直: two horses on 9a and 8a going back to 8b.
		{"+B+B7/9/9/9/9/9/9/9/k3K4 b - 1", "", "9a8b", "▲８二馬左"},
		{"+B+B7/9/9/9/9/9/9/9/k3K4 b - 1", "", "8a8b", "▲８二馬右"},
		// White's right is Black's left.
		{"4k4/9/9/9/9/9/3g1g3/9/K8 w - 1", "", "6g5h", "△５八金右"},
		{"4k4/9/9/9/9/9/3g1g3/9/K8 w - 1", "", "4g5h", "△５八金左"},
		{"4k4/9/9/9/9/9/3g1g3/9/K8 w - 1", "", "5a5b", "△５二玉"},
		{"4k4/9/9/9/9/9/4+p4/9/K8 w - 1", "", "5g5h", "△５八と"},
	}
	for _, c := range cases {
		p := mustParse(t, c.sfen)
		m, err := ParseUSIMove(p, c.move)
		if err != nil {
			t.Errorf("%s: %v", c.sfen, err)
			continue
		}
		prev := NoMove
		if c.prev != "" {
			prev = p.LastMove()
		}
		if got := p.KIF(m, prev); got != c.want {
			t.Errorf("%s: KIF(%s) = %s, want %s", c.sfen, c.move, got, c.want)
		}
	}
}

// TestNoPanicOnGarbage feeds arbitrary move words to the formatting and
// checking functions, which must neither panic nor accept them wrongly.
func TestNoPanicOnGarbage(t *testing.T) {
	p := mustParse(t, matsuriSFEN)
	legal := p.GenerateLegal(nil)
	for i := uint32(0); i < 1<<16; i++ {
		m := Move(i*2654435761 ^ i<<13)
		_ = m.USI()
		_ = p.KIF(m, NoMove)
		if p.IsLegal(m) != slices.Contains(legal, m) {
			t.Fatalf("IsLegal(%#x) disagrees with the legal list", uint32(m))
		}
		_ = p.PieceAt(m.To())
		_ = p.Hand(Black).Count(m.Kind())
	}
}
