package mate

import (
	"math"

	"github.com/tsume-solver/tsume/shogi"
)

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

// pnsNode is a node of the proof-number graph: a position with a number
// of plies left, which follow from its depth on the path from the root
// (an attacker node at even depths), as do its side and plies left.
type pnsNode struct {
	key    uint64 // the position's
	pn, dn uint32
	first  int32  // the first edge to a child; -1 until expanded
	n      uint16 // children
	r      int16  // plies left
}

// pnsEdge is a move from a node, and the node it leads to.
type pnsEdge struct {
	move shogi.Move
	to   int32
}

// pnsTree is the verifier's proof-number graph, reused between searches.
// A position met again with the same plies left, along another order of
// the same moves, is the same node (table): its proof serves both paths.
// The graph has no cycle (the plies left fall along every edge), and a
// node's numbers are recomputed from its children whenever a search path
// goes through it, so a parent that another path's update left stale is
// brought up to date before it chooses.
type pnsTree struct {
	nodes []pnsNode
	edges []pnsEdge
	path  []int32
	moves []shogi.Move // the moves down path
	// slots index the nodes by key and plies left (open addressing,
	// linear probing; node index + 1, 0 empty), at most half full; used
	// lists the slots filled, to empty them for the next search.
	slots []int32
	shift uint8 // 64 - log2(len(slots))
	used  []int32
	steps uint64 // path steps (see pnsStep)
}

// The table's first size: 4 k slots.
const pnsSlotBits = 12

func (t *pnsTree) home(key uint64, r int) uint64 {
	return ((key + uint64(r)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9) >> t.shift
}

// find returns the node of (key, r), or -1.
func (t *pnsTree) find(key uint64, r int) int32 {
	mask := uint64(len(t.slots) - 1)
	for h := t.home(key, r); ; h = (h + 1) & mask {
		i := t.slots[h] - 1
		if i < 0 {
			return -1
		}
		if n := &t.nodes[i]; n.key == key && int(n.r) == r {
			return i
		}
	}
}

// add indexes node i (not yet in the table), doubling the table when it
// would be more than half full.
func (t *pnsTree) add(i int32) {
	if 2*(len(t.used)+1) > len(t.slots) {
		t.slots = make([]int32, 2*len(t.slots))
		t.shift--
		t.used = t.used[:0]
		for j := int32(0); j < i; j++ {
			t.place(j)
		}
	}
	t.place(i)
}

func (t *pnsTree) place(i int32) {
	mask := uint64(len(t.slots) - 1)
	n := &t.nodes[i]
	h := t.home(n.key, int(n.r))
	for t.slots[h] != 0 {
		h = (h + 1) & mask
	}
	t.slots[h] = i + 1
	t.used = append(t.used, int32(h))
}

// reset empties the graph and its table.
func (t *pnsTree) reset() {
	if t.slots == nil {
		t.slots = make([]int32, 1<<pnsSlotBits)
		t.shift = 64 - pnsSlotBits
	}
	for _, h := range t.used {
		t.slots[h] = 0
	}
	t.used = t.used[:0]
	t.nodes = t.nodes[:0]
	t.edges = t.edges[:0]
}

// pnsMaxNodes caps the graph (24 bytes a node, 8 an edge, 8 a slot): a search that fills it is
// left unsettled.
const pnsMaxNodes = 1 << 22

// pns reports whether the attacker, to move in v.pos, mates within d plies,
// and whether that was settled within the budget (v.budget) and the tree's
// size. Its nodes are the positions it evaluates and the steps of its paths
// down and back up (see pnsStep): deep in a long line (tsume rules, 200 plies left) most
// iterations go down a long path to children the table already holds, and
// counting new positions alone let 1.2 M nodes take 20 s.
func (v *verifier) pns(d int) (ok, settled bool) {
	if d < 1 {
		return false, true
	}
	if d > math.MaxInt16 {
		return false, false // beyond the nodes' plies left, and any budget
	}
	t := &v.tree
	p := v.pos
	t.reset()
	t.nodes = append(t.nodes, pnsNode{key: p.Key(), r: int16(d), pn: 1, dn: 1, first: -1})
	t.add(0)
	// The search path from the root, and its moves: between iterations
	// it ends at the deepest node whose numbers the last expansion left
	// unchanged, where the next most proving node is (its ancestors are
	// unchanged too, so a descent from the root would come back to it).
	t.path = append(t.path[:0], 0)
	t.moves = t.moves[:0]
	for {
		if root := &t.nodes[0]; root.pn == 0 || root.dn == 0 {
			return root.pn == 0, true // the path is the root alone
		}
		if v.nodes >= v.budget || v.halt() || len(t.nodes)+shogi.MaxMoves > pnsMaxNodes {
			for k := len(t.moves) - 1; k >= 0; k-- {
				p.Undo(t.moves[k])
			}
			return false, false
		}
		// Down to the most proving node, updating each node on the way
		// (another path may have settled or changed its children); a
		// node found settled ends the descent early.
		cur := t.path[len(t.path)-1]
		expand := true
		for t.nodes[cur].first >= 0 {
			attacker := len(t.path)%2 == 1
			v.pnsUpdate(cur, attacker)
			nd := &t.nodes[cur]
			if nd.pn == 0 || nd.dn == 0 {
				expand = false
				break
			}
			best, bestV := nd.first, pnsInf+1
			for e := nd.first; e < nd.first+int32(nd.n); e++ {
				c := &t.nodes[t.edges[e].to]
				x := c.dn
				if attacker {
					x = c.pn
				}
				if x < bestV {
					best, bestV = e, x
				}
			}
			cur = t.edges[best].to
			if len(t.path) > d {
				// The plies left fall along every edge: a longer path
				// means the table joined positions of different depths.
				panic("mate: the verifier's proof-number graph has a cycle")
			}
			p.Do(t.edges[best].move)
			v.pnsStep()
			t.path = append(t.path, cur)
			t.moves = append(t.moves, t.edges[best].move)
		}
		last := len(t.path) - 1
		if expand {
			v.pnsExpand(cur, d-last, last%2 == 0)
		}
		// Back up, the position following, as far as the numbers change.
		for k := last; ; k-- {
			i := t.path[k]
			nd := &t.nodes[i]
			changed := true
			if k < last {
				pn, dn := nd.pn, nd.dn
				v.pnsUpdate(i, k%2 == 0)
				changed = nd.pn != pn || nd.dn != dn
			}
			if r := d - k; (nd.pn == 0 || nd.dn == 0) && r >= 1 {
				v.memo.put(p.Key(), r, nd.pn == 0)
			}
			if k == 0 || !changed {
				t.path, t.moves = t.path[:k+1], t.moves[:k]
				break
			}
			p.Undo(t.moves[k-1])
			v.pnsStep()
		}
	}
}

// pnsStep counts a step of a path down or back up, a node every
// pnsStepsPerNode steps: a step (a move, a look at the children) costs a
// fraction of a new position's move generation.
func (v *verifier) pnsStep() {
	v.tree.steps++
	if v.tree.steps%pnsStepsPerNode == 0 {
		v.nodes++
	}
}

const pnsStepsPerNode = 4

// pnsUpdate sets node i's numbers from its children's.
func (v *verifier) pnsUpdate(i int32, attacker bool) {
	t := &v.tree
	nd := &t.nodes[i]
	var sum uint32
	least := pnsInf
	for e := nd.first; e < nd.first+int32(nd.n); e++ {
		c := &t.nodes[t.edges[e].to]
		pn, dn := c.pn, c.dn
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
	first := int32(len(t.edges))
	for _, m := range moves {
		p.Do(m)
		key := p.Key()
		c := t.find(key, r-1)
		if c < 0 {
			pn, dn := v.pnsLeaf(r-1, !attacker)
			c = int32(len(t.nodes))
			t.nodes = append(t.nodes, pnsNode{key: key, r: int16(r - 1), pn: pn, dn: dn, first: -1})
			t.add(c)
		}
		p.Undo(m)
		t.edges = append(t.edges, pnsEdge{move: m, to: c})
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
