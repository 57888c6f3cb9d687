package shogi

import "testing"

// TestKeysSeparateHands checks that positions differing only in the hands
// share BoardKey but not Key, and that the side to move changes BoardKey.
func TestKeysSeparateHands(t *testing.T) {
	cases := []struct {
		a, b                string
		sameBoard, sameFull bool
	}{
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "4k4/9/9/9/9/9/9/9/4K4 b 2P 1", true, false},
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "4k4/9/9/9/9/9/9/9/4K4 b p 1", true, false},
		{"4k4/9/9/9/9/9/9/9/4K4 b GS 1", "4k4/9/9/9/9/9/9/9/4K4 b SG 1", true, true},
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "4k4/9/9/9/9/9/9/9/4K4 w P 1", false, false},
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "3k5/9/9/9/9/9/9/9/4K4 b P 1", false, false},
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "4k4/9/9/9/9/9/9/9/4K4 b P 7", true, true},
	}
	for _, c := range cases {
		a, b := mustParse(t, c.a), mustParse(t, c.b)
		if (a.BoardKey() == b.BoardKey()) != c.sameBoard {
			t.Errorf("%s vs %s: same BoardKey = %v, want %v", c.a, c.b, !c.sameBoard, c.sameBoard)
		}
		if (a.Key() == b.Key()) != c.sameFull {
			t.Errorf("%s vs %s: same Key = %v, want %v", c.a, c.b, !c.sameFull, c.sameFull)
		}
	}
}

// TestKeysAfterTransposition reaches one position by two move orders.
func TestKeysAfterTransposition(t *testing.T) {
	a := mustParse(t, "position startpos moves 7g7f 3c3d 2g2f 8c8d")
	b := mustParse(t, "position startpos moves 2g2f 8c8d 7g7f 3c3d")
	if a.Key() != b.Key() || a.BoardKey() != b.BoardKey() {
		t.Error("transposed move orders give different keys")
	}
	c := mustParse(t, "position startpos moves 2g2f 8c8d 7g7f 4c4d")
	if a.Key() == c.Key() {
		t.Error("different positions share a key")
	}
}

// TestBoardKeyAfterMatchesDo: for every legal move of the positions of a
// short perft walk, BoardKeyAfter equals BoardKey after Do.
func TestBoardKeyAfterMatchesDo(t *testing.T) {
	var walk func(p *Position, depth int) int
	walk = func(p *Position, depth int) int {
		n := 0
		for _, m := range p.GenerateLegal(nil) {
			want := p.BoardKeyAfter(m)
			p.Do(m)
			if got := p.BoardKey(); got != want {
				t.Fatalf("%s after %s: BoardKeyAfter %x, Do gives %x", p.SFEN(), m.USI(), want, got)
			}
			n++
			if depth > 1 {
				n += walk(p, depth-1)
			}
			p.Undo(m)
		}
		return n
	}
	for _, sfen := range []string{
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		// drops, captures and promotions of every kind
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
	} {
		p, err := ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		if n := walk(p, 2); n < 500 {
			t.Errorf("%s: only %d moves walked", sfen, n)
		}
	}
}

// TestKeysFixed pins two positions' keys: the keys are the same in every
// build (a fixed-seed generator, filled in a fixed order), so that a table
// behaves the same and expansion counts measured once stay comparable. A
// change to the tables' shape must not change the numbers in them.
func TestKeysFixed(t *testing.T) {
	cases := []struct {
		sfen        string
		board, hand uint64
	}{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 0xc0ad846aea3fd35, 0},
		{"4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1", 0xc9371ddf13a2821, 0x52b8113f1063fd9f},
	}
	for _, c := range cases {
		p := mustParse(t, c.sfen)
		if p.BoardKey() != c.board || p.HandKey() != c.hand {
			t.Errorf("%s: keys %#x, %#x, want %#x, %#x", c.sfen, p.BoardKey(), p.HandKey(), c.board, c.hand)
		}
	}
}
