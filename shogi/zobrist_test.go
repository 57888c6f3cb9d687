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
