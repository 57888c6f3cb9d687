package shogi

import (
	"math/rand/v2"
	"testing"
)

func TestHandCountAddSub(t *testing.T) {
	var h Hand
	for _, k := range HandKinds {
		for i := 0; i < handMax[k]; i++ {
			h = h.Add(k)
		}
	}
	for _, k := range HandKinds {
		if h.Count(k) != handMax[k] {
			t.Errorf("Count(%s) = %d, want %d", k, h.Count(k), handMax[k])
		}
		if h.Sub(k).Count(k) != handMax[k]-1 {
			t.Errorf("Sub(%s) did not remove one", k)
		}
	}
	if h&handGuards != 0 {
		t.Errorf("full hand %#x touches a guard bit", uint32(h))
	}
}

func TestHandSuperior(t *testing.T) {
	cases := []struct {
		a, b [8]int
		want bool
	}{
		{[8]int{}, [8]int{}, true},
		{[8]int{Pawn: 1}, [8]int{}, true},
		{[8]int{}, [8]int{Pawn: 1}, false},
		{[8]int{Pawn: 18, Rook: 2}, [8]int{Pawn: 17, Rook: 2}, true},
		{[8]int{Pawn: 18, Rook: 1}, [8]int{Pawn: 0, Rook: 2}, false},
		{[8]int{Gold: 1, Silver: 0}, [8]int{Silver: 1}, false},
		{[8]int{Lance: 4, Knight: 4, Silver: 4, Gold: 4, Bishop: 2}, [8]int{Lance: 4, Knight: 4, Silver: 4, Gold: 4, Bishop: 2}, true},
		{[8]int{Lance: 3, Rook: 2}, [8]int{Lance: 4}, false},
		{[8]int{Pawn: 2, Bishop: 1}, [8]int{Pawn: 3}, false},
	}
	for _, c := range cases {
		if got := NewHand(c.a).Superior(NewHand(c.b)); got != c.want {
			t.Errorf("%v ⊇ %v = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	// Against the field-by-field definition on random hands.
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20000; i++ {
		var a, b [8]int
		want := true
		for _, k := range HandKinds {
			a[k], b[k] = rng.IntN(handMax[k]+1), rng.IntN(handMax[k]+1)
			if a[k] < b[k] {
				want = false
			}
		}
		if got := NewHand(a).Superior(NewHand(b)); got != want {
			t.Fatalf("%v ⊇ %v = %v, want %v", a, b, got, want)
		}
	}
}
