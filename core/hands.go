package core

// Proof and disproof hands. A decided shogi position rarely needs all of
// the attacker's hand: a mate that drops a gold and a pawn is a mate with
// any hand holding a gold and a pawn, and a position without a mate stays
// without one for some larger hands too. Storing a decided node under the
// weakest domain word its verdict holds for (the proof hand, the disproof
// hand: Nagai 2002; KomoringHeights and most strong tsume solvers do it)
// lets Dominance answer far more positions from one entry than storing it
// under its own hand.

// HandProofs is optionally implemented by a game that also implements
// Dominance. When a node is decided, the core asks it for the domain word
// to store the verdict under, from the moves the verdict rests on and the
// words their children were decided under. Both methods are called with
// the game at the decided node and must not allocate.
//
// ProofHand is called for a proven node: at an OR node ms holds the one
// proving move, at an AND node every move (none when the node has no
// moves). It returns a word w such that the node is proven for every word
// that dominates w; w must be dominated by the node's own word.
//
// DisproofHand is called for a disproven node: at an AND node ms holds the
// one refuting move, at an OR node every move (none when it has no moves).
// It returns a word w such that the node is disproven for every word that
// w dominates; w must dominate the node's own word.
//
// hs[i] is the word child ms[i] was decided under: its proof or disproof
// hand, or the child's own word when nothing better is known (a terminal
// or path-dependent child). The core checks the returned word against the
// node's own with Dominates and falls back to the node's own word when the
// game breaks the contract.
//
// LeafHand is called at a position Terminal decided (o is its verdict):
// the word to use for it. The game must check the reason itself (a
// wrapper may decide Terminal for other reasons) and return the position's
// own word when it cannot tell.
type HandProofs interface {
	ProofHand(ms []Move, hs []uint32) uint32
	DisproofHand(ms []Move, hs []uint32) uint32
	LeafHand(o Outcome) uint32
}

// leafHand returns the word of the child the game is at, which Terminal
// decided as o.
func (s *searcher) leafHand(k Key, o Outcome) uint32 {
	if s.hp == nil || s.dom == nil {
		return k.Hand
	}
	w := s.hp.LeafHand(o)
	if (o == Proven && s.dom.Dominates(k.Hand, w)) || (o == Disproven && s.dom.Dominates(w, k.Hand)) {
		return w
	}
	return k.Hand
}

// decidedHand returns the domain word to store and return the decided
// value v of the node at depth d under (see HandProofs).
func (s *searcher) decidedHand(d int, v val) uint32 {
	p := &s.plies[d]
	own := p.key.Hand
	if s.hp == nil || s.dom == nil {
		return own
	}
	proven := v.pn == 0
	p.hm, p.hh = p.hm[:0], p.hh[:0]
	if p.or == proven {
		// One child decides: the move v names.
		i := -1
		for j := range p.kids {
			if p.moves[j] == v.move && decidedAs(&p.kids[j], proven) {
				i = j
				break
			}
		}
		if i < 0 {
			return own
		}
		p.hm, p.hh = append(p.hm, p.moves[i]), append(p.hh, p.kids[i].hand)
	} else {
		for j := range p.kids {
			if !decidedAs(&p.kids[j], proven) {
				return own
			}
			p.hm, p.hh = append(p.hm, p.moves[j]), append(p.hh, p.kids[j].hand)
		}
	}
	if proven {
		if w := s.hp.ProofHand(p.hm, p.hh); s.dom.Dominates(own, w) {
			return w
		}
		return own
	}
	if w := s.hp.DisproofHand(p.hm, p.hh); s.dom.Dominates(w, own) {
		return w
	}
	return own
}

// decidedAs reports whether child c is proven (proven true) or disproven.
func decidedAs(c *child, proven bool) bool {
	if proven {
		return c.pn == 0
	}
	return c.dn == 0
}
