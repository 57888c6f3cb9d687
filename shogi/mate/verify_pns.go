package mate

import "github.com/tsume-solver/tsume/shogi"

// The verifier's best-first search. A defender alternative deep in a line
// (17 or 19 plies left) is out of reach of the depth-first search when no
// hint orders the attacker's moves (another engine's line, or a defence
// the solver never searched): its iterative deepening must exhaust every
// check at every depth before it reaches the mate, while a proof-number
// search goes where the defender has fewest replies. This one searches the
// same depth-bounded AND/OR tree as the depth-first search, exactly: a node
// is proven only when the attacker's move leads to a position whose every
// defence (enumerated at expansion) is proven within the plies left, or
// which is mate; disproven when it has no check, no plies left, or one
// defence disproven. Transpositions come only through the memo's settled
// bounds, which are themselves exact; the tree itself is a tree.

// pnsInf is a proof or disproof number of a settled node.
const pnsInf = uint32(1 << 30)

// pnsNode is a node of the proof-number tree. Its plies left and side
// follow from its depth on the path from the root (an attacker node at
// even depths).
type pnsNode struct {
	move   shogi.Move // the move from the parent
	pn, dn uint32
	first  int32  // the first child's index; -1 until expanded
	n      uint16 // children
}

// pnsTree is the verifier's proof-number tree, reused between searches.
type pnsTree struct {
	nodes []pnsNode
	path  []int32
}

// pnsMaxNodes caps the tree (20 bytes a node): a search that fills it is
// left unsettled.
const pnsMaxNodes = 1 << 23

// pns reports whether the attacker, to move in v.pos, mates within d plies,
// and whether that was settled within the budget (v.budget) and the tree's
// size.
func (v *verifier) pns(d int) (ok, settled bool) {
	if d < 1 {
		return false, true
	}
	t := &v.tree
	t.nodes = append(t.nodes[:0], pnsNode{pn: 1, dn: 1, first: -1})
	p := v.pos
	for {
		root := &t.nodes[0]
		if root.pn == 0 {
			return true, true
		}
		if root.dn == 0 {
			return false, true
		}
		if v.nodes >= v.budget || v.halt() || len(t.nodes)+shogi.MaxMoves > pnsMaxNodes {
			return false, false
		}
		// Down to the most proving node.
		t.path = append(t.path[:0], 0)
		cur := int32(0)
		for t.nodes[cur].first >= 0 {
			nd := &t.nodes[cur]
			best, bestV := nd.first, pnsInf+1
			attacker := len(t.path)%2 == 1
			for c := nd.first; c < nd.first+int32(nd.n); c++ {
				x := t.nodes[c].dn
				if attacker {
					x = t.nodes[c].pn
				}
				if x < bestV {
					best, bestV = c, x
				}
			}
			cur = best
			p.Do(t.nodes[cur].move)
			t.path = append(t.path, cur)
		}
		v.pnsExpand(cur, d-(len(t.path)-1), len(t.path)%2 == 1)
		// Back up to the root, the position following.
		for k := len(t.path) - 1; k >= 0; k-- {
			i := t.path[k]
			if k < len(t.path)-1 {
				v.pnsUpdate(i, k%2 == 0)
			}
			nd := &t.nodes[i]
			if r := d - k; (nd.pn == 0 || nd.dn == 0) && r >= 1 {
				v.memo.put(p.Key(), r, nd.pn == 0)
			}
			if k > 0 {
				p.Undo(nd.move)
			}
		}
	}
}

// pnsUpdate sets node i's numbers from its children's.
func (v *verifier) pnsUpdate(i int32, attacker bool) {
	t := &v.tree
	nd := &t.nodes[i]
	var sum uint32
	least := pnsInf
	for c := nd.first; c < nd.first+int32(nd.n); c++ {
		pn, dn := t.nodes[c].pn, t.nodes[c].dn
		if attacker {
			pn, dn = dn, pn
		}
		// pn is summed, dn minimised (the attacker's node: disproof
		// numbers summed, proof numbers minimised).
		sum = min(sum+pn, pnsInf)
		least = min(least, dn)
	}
	if attacker {
		nd.pn, nd.dn = least, sum
	} else {
		nd.pn, nd.dn = sum, least
	}
	if nd.pn == 0 {
		nd.dn = pnsInf
	}
	if nd.dn == 0 {
		nd.pn = pnsInf
	}
}

// pnsExpand generates the moves of node i, at the current position with r
// plies left, and gives each child its first numbers: settled when the
// child is mate, out of plies, without a check or known to the memo;
// otherwise from its number of replies.
func (v *verifier) pnsExpand(i int32, r int, attacker bool) {
	t := &v.tree
	p := v.pos
	buf := v.push()
	defer v.pop()
	var moves []shogi.Move
	if attacker {
		moves = p.GenerateChecks(buf)
	} else {
		saved := v.res.Futile
		moves = v.defences(buf)
		v.res.Futile = saved
	}
	nd := &t.nodes[i]
	if len(moves) == 0 {
		// Nodes are created settled when they have no move (see below);
		// this is reached only by the root.
		if attacker {
			nd.pn, nd.dn = pnsInf, 0
		} else {
			nd.pn, nd.dn = 0, pnsInf
		}
		return
	}
	first := int32(len(t.nodes))
	for _, m := range moves {
		p.Do(m)
		pn, dn := v.pnsLeaf(r-1, !attacker)
		p.Undo(m)
		t.nodes = append(t.nodes, pnsNode{move: m, pn: pn, dn: dn, first: -1})
	}
	nd = &t.nodes[i]
	nd.first, nd.n = first, uint16(len(moves))
	v.pnsUpdate(i, attacker)
}

// pnsLeaf returns the first numbers of a new node at the current position
// with r plies left, the attacker to move or not.
func (v *verifier) pnsLeaf(r int, attacker bool) (pn, dn uint32) {
	v.nodes++
	p := v.pos
	buf := v.push()
	defer v.pop()
	if attacker {
		if r < 1 {
			return pnsInf, 0
		}
		if m, ok := v.memo.get(p.Key(), r); ok {
			return pnsSettled(m)
		}
		checks := p.GenerateChecks(buf)
		if len(checks) == 0 {
			return pnsInf, 0
		}
		return 1, uint32(len(checks))
	}
	saved := v.res.Futile
	moves := v.defences(buf)
	v.res.Futile = saved
	if len(moves) == 0 {
		return 0, pnsInf // mate
	}
	if r < 2 {
		return pnsInf, 0 // a defence, and no plies to mate after it
	}
	if m, ok := v.memo.get(p.Key(), r); ok {
		return pnsSettled(m)
	}
	return uint32(len(moves)), 1
}

func pnsSettled(mate bool) (pn, dn uint32) {
	if mate {
		return 0, pnsInf
	}
	return pnsInf, 0
}
