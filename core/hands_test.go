package core

import "testing"

// handGame stores proofs under the word proofWord returns: a graph whose
// positions do not depend on their hands, so any word is a sound proof
// hand, and a word outside the contract must be refused by the core.
type handGame struct {
	domGame
	proofWord func(own uint32) uint32
}

func (g handGame) ProofHand(ms []Move, hs []uint32) uint32    { return g.proofWord(g.Key().Hand) }
func (g handGame) DisproofHand(ms []Move, hs []uint32) uint32 { return g.Key().Hand }
func (g handGame) LeafHand(o Outcome) uint32                  { return g.Key().Hand }

// handGraph: root (OR) -> A (AND) -> Z, Y. Z (hand 0b10) and Y (hand 0b01)
// share a board, neither hand contains the other. Z is mated at once; Y
// only after a long chain. A proof of Z stored under the empty hand also
// proves Y.
func handGraph() *graphGame { return sharedBoardGraph(0b10, 0b01) }

func TestProofHandsAnswerOtherHands(t *testing.T) {
	tab := newTestTable(t, 2)
	cases := []struct {
		name      string
		word      func(own uint32) uint32
		wantStore uint32 // the word Z's proof must be stored under
		fewNodes  bool
	}{
		{"empty proof hand", func(uint32) uint32 { return 0 }, 0, true},
		{"own hand", func(own uint32) uint32 { return own }, 0b10, false},
		// 0b100 is not contained in Z's hand 0b10: the core must refuse it.
		{"word breaking the contract", func(uint32) uint32 { return 0b100 }, 0b10, false},
	}
	for _, tc := range cases {
		for _, alg := range []Algorithm{DFPN, PNStar} {
			tab.Clear()
			g := handGame{domGame{handGraph()}, tc.word}
			r := Solve(nil, g, tab, Options{Algorithm: alg, TCA: alg == DFPN})
			if r.Outcome != Proven {
				t.Fatalf("%s %v: %v", tc.name, alg, r.Outcome)
			}
			zKey := Key{Board: 7, Hand: tc.wantStore}
			if e, ok := tab.Lookup(zKey, true); !ok || e.PN != 0 {
				t.Errorf("%s %v: Z's proof not stored under %b (found %v, %+v)", tc.name, alg, tc.wantStore, ok, e)
			}
			// PN* searches the AND node's children in its own order and
			// may reach Y first; df-pn takes Z first (same estimates, Z
			// generated first).
			if few := r.Stats.Expanded <= 10; alg == DFPN && few != tc.fewNodes {
				t.Errorf("%s %v: expanded %d nodes; want few: %v", tc.name, alg, r.Stats.Expanded, tc.fewNodes)
			}
		}
	}
}
