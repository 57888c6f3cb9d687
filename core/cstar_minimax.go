package core

// C* for minimax trees (Seo 1995, chapter 6). The thesis gives the
// procedure but never implemented it; this is our reading, with two
// extensions of ours, marked as such.
//
// The thesis's procedure, as implemented here:
//   - ITERATE generates and statically evaluates the root's moves, sorts
//     them best first, and iterates with both conspiracy thresholds of the
//     root rising by one per iteration (here T = 1, 2, ...).
//   - EXPAND(n, up, down) at a split value BS expands n, evaluates its
//     children and counts, at a MAX node, the children valued above BS
//     (MIN-CN(n, BS), a sum) and, at a MIN node, the children valued at
//     most BS (MAX-CN(n, BS+1), a sum). When that sum exceeds the node's
//     threshold the node returns its value at once. Otherwise it searches
//     its children in order, giving each the threshold minus the other
//     children's numbers (the slack plus its own) on the summed side and
//     the node's own threshold on the other; a MAX node returns as soon as
//     a child comes back above BS, a MIN node as soon as one comes back at
//     most BS.
//   - BS is the value of the first root move from the previous iteration,
//     or the best value found so far in this one, so it can fall as well
//     as rise: the best move is searched at the split just below its own
//     value (can it fall?), every other move at the best value found so
//     far (can it rise above it?), and a move that rises becomes the best.
//
// A node's conspiracy number for changing sides across the split is
// counted as a number per side: P = MAX-CN(n, BS+1) (0 when n is above
// BS) and D = MIN-CN(n, BS) (0 when n is at most BS); a tip counts 1 on
// the side it is not on, a decided position (no moves, or a fixed horizon)
// Infinity. A MAX node takes the least P and the sum of D over its
// children, a MIN node the sum of P and the least D. A node whose number
// for its own side's change exceeds its threshold returns without
// searching its children: at a MAX node above BS and a MIN node at most BS
// that is the thesis's test; at the other side it only saves searching
// children that would each return at once.
//
// Ours, not the thesis's:
//   - The stopping rule (the thesis stops only on ±∞ or at the time
//     limit): a B*-like separation. With V the best move's value, Fall =
//     MIN-CN(best, V-1) and Rise = the least MAX-CN(other, V+1) over the
//     other root moves; for another move to become strictly better, either
//     the best must fall below V or another must rise above V, so at least
//     Separation = min(Fall, Rise) evaluations must change. The search
//     stops when Separation reaches MinimaxOptions.Separation (or is
//     Infinity), or when an iteration expands nothing new and its
//     threshold exceeds every finite number at the root.
//   - A table (the thesis's chapter 6 has none): one entry per position
//     and plies left to the horizon, holding the value of the position's
//     searched subtree and its numbers P and D for the split they were
//     computed at. Values do not depend on the split and are reused at any
//     split (dynamic evaluation by hashing: a child searched before counts
//     its subtree's value, not its static one); the numbers are reused
//     only at the same split, else the child counts as a tip.
//   - A horizon (MinimaxOptions.Depth): conspiracy numbers do not grow
//     along forced lines, so nothing else bounds the depth.
//   - Children are searched best first for the side to move by their
//     current values (the thesis sorts only the root's).

// mmKid is one child of a node on the minimax search path.
type mmKid struct {
	move  Move
	key   Key
	v     int32 // value from MAX's view
	p, d  PN    // MAX-CN(kid, s+1), MIN-CN(kid, s) at the node's split s
	exact bool  // the value cannot change: every tip under it is decided
	tip   bool  // never expanded here: at the horizon, or a repetition
}

// mmVal is a node's value and numbers at a split.
type mmVal struct {
	v     int32
	p, d  PN
	exact bool
}

// mmEntry is one table entry (see the file comment).
type mmEntry struct {
	check uint64 // hash of key and plies left, never 0 in a used entry
	v     int32
	split int32
	p, d  PN
	exact bool
	best  Move
}

// splitCN is a tip's P and D at split s.
func splitCN(v, s int32, exact bool) (p, d PN) {
	one := PN(1)
	if exact {
		one = Infinity
	}
	if v > s {
		return 0, one
	}
	return one, 0
}

// mmHash mixes a key and the plies left (splitmix64's finalizer).
func mmHash(k Key, left int) uint64 {
	h := k.Board ^ uint64(k.Hand)*0x9e3779b97f4a7c15 ^ uint64(left)*0xc2b2ae3d27d4eb4f
	h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
	h = (h ^ h>>27) * 0x94d049bb133111eb
	h ^= h >> 31
	return h | 1
}

// The table is two-way: a position's entry is in one of the two slots of
// its pair.
func (m *mmSearch) lookup(k Key, left int) (*mmEntry, bool) {
	h := mmHash(k, left)
	i := h & uint64(len(m.tab)-1) &^ 1
	if e := &m.tab[i]; e.check == h {
		return e, true
	}
	e := &m.tab[i|1]
	return e, e.check == h
}

// store overwrites the position's entry, else an empty slot of the pair,
// else the pair's second slot (the first keeps the older entry).
func (m *mmSearch) store(k Key, left int, s int32, r mmVal, best Move) {
	h := mmHash(k, left)
	i := h & uint64(len(m.tab)-1) &^ 1
	if m.tab[i].check != h && (m.tab[i].check != 0 || m.tab[i|1].check == h) {
		i |= 1
	}
	m.tab[i] = mmEntry{check: h, v: r.v, split: s, p: r.p, d: r.d, exact: r.exact, best: best}
}

// mmAgg combines the children: max and (least P, summed D) at MAX nodes,
// min and (summed P, least D) at MIN nodes.
func mmAgg(kids []mmKid, maxNode bool) mmVal {
	r := mmVal{exact: true}
	if maxNode {
		r.v, r.p, r.d = -MateValue-1, Infinity, 0
	} else {
		r.v, r.p, r.d = MateValue+1, 0, Infinity
	}
	for i := range kids {
		c := &kids[i]
		if maxNode {
			r.v = max(r.v, c.v)
			r.p, r.d = min(r.p, c.p), r.d.Add(c.d)
		} else {
			r.v = min(r.v, c.v)
			r.p, r.d = r.p.Add(c.p), min(r.d, c.d)
		}
		r.exact = r.exact && c.exact
	}
	return r
}

// cexpand is EXPAND for the node at depth d (the game is at it; d is
// below the horizon) at split s with thresholds up (for P) and down (for
// D).
func (m *mmSearch) cexpand(d int, s int32, up, down PN) mmVal {
	g := m.g
	left := m.o.Depth - d
	key := g.Key()
	hint := NoMove
	if e, ok := m.lookup(key, left); ok {
		m.stats.ReExpanded++
		hint = e.best
	} else {
		m.fresh++
	}
	p := m.plyAt(d)
	p.moves = g.Moves(p.moves[:0], 0)
	m.stats.Expanded++
	if len(p.moves) == 0 {
		r := mmVal{v: lostMax(d), exact: true}
		r.p, r.d = splitCN(r.v, s, true)
		m.store(key, left, s, r, NoMove)
		return r
	}
	m.stats.Generated += uint64(len(p.moves))
	p.kids = p.kids[:0]
	for _, mv := range p.moves {
		g.Do(mv)
		c := mmKid{move: mv, key: g.Key()}
		known := false
		switch {
		case m.onPath(c.key):
			c.tip = true // a draw by repetition, path-dependent: changeable
		case left == 1:
			c.v, c.tip, c.exact = m.staticMax(d+1), true, m.o.FixedHorizon
		default:
			if e, ok := m.lookup(c.key, left-1); ok {
				c.v, c.exact = e.v, e.exact
				if e.split == s {
					c.p, c.d, known = e.p, e.d, true
				}
			} else {
				c.v = m.staticMax(d + 1)
			}
		}
		if !known {
			c.p, c.d = splitCN(c.v, s, c.exact)
		}
		g.Undo(mv)
		p.kids = append(p.kids, c)
	}
	maxNode := d%2 == 0
	mmOrder(p, maxNode, hint)
	for _, i := range p.order {
		r := mmAgg(p.kids, maxNode)
		if (r.v > s && r.d > down) || (r.v <= s && r.p > up) {
			break
		}
		c := &p.kids[i]
		if c.tip || c.exact {
			continue
		}
		cu, cd := up, down
		if maxNode {
			cd = down - r.d + c.d
		} else {
			cu = up - r.p + c.p
		}
		if m.poll() {
			break
		}
		g.Do(c.move)
		m.path = append(m.path, c.key)
		cr := m.cexpand(d+1, s, cu, cd)
		m.path = m.path[:len(m.path)-1]
		g.Undo(c.move)
		p = &m.plies[d]
		c = &p.kids[i]
		c.v, c.p, c.d, c.exact = cr.v, cr.p, cr.d, cr.exact
		if m.aborted || (maxNode && cr.v > s) || (!maxNode && cr.v <= s) {
			break
		}
	}
	r := mmAgg(p.kids, maxNode)
	m.store(key, left, s, r, p.moves[mmBest(p.kids, maxNode)])
	return r
}

// mmBest is the index of the child with the best value for the side to
// move (the first of equals).
func mmBest(kids []mmKid, maxNode bool) int {
	b := 0
	for i := range kids {
		if (maxNode && kids[i].v > kids[b].v) || (!maxNode && kids[i].v < kids[b].v) {
			b = i
		}
	}
	return b
}

// mmOrder orders the children best first for the side to move, the
// table's best move first. An insertion sort: stable and allocation-free.
func mmOrder(p *mmPly, maxNode bool, hint Move) {
	p.order = p.order[:0]
	before := func(a, b *mmKid) bool {
		if (a.move == hint) != (b.move == hint) {
			return a.move == hint
		}
		if maxNode {
			return a.v > b.v
		}
		return a.v < b.v
	}
	for i := range p.kids {
		p.order = append(p.order, int32(i))
		for j := len(p.order) - 1; j > 0 && before(&p.kids[p.order[j]], &p.kids[p.order[j-1]]); j-- {
			p.order[j], p.order[j-1] = p.order[j-1], p.order[j]
		}
	}
}

// rootCN is the number of root child c for a split s: P when want is
// "rise above s", D when "fall to s or below". A child not searched at s
// counts as a tip.
func (m *mmSearch) rootCN(c *mmKid, s int32, rise bool) PN {
	p, d := splitCN(c.v, s, c.exact)
	if !c.tip && !c.exact {
		if e, ok := m.lookup(c.key, m.o.Depth-1); ok && e.split == s && e.v == c.v {
			p, d = e.p, e.d
		}
	}
	if rise {
		return p
	}
	return d
}

// cstar is ITERATE with the separation stopping rule.
func (m *mmSearch) cstar() MinimaxResult {
	g := m.g
	bitsN := m.o.TableBits
	if bitsN == 0 {
		bitsN = 16
	}
	if len(m.tab) != 1<<bitsN {
		m.tab = make([]mmEntry, 1<<bitsN)
	}
	var r MinimaxResult
	root := m.plyAt(0)
	root.moves = g.Moves(root.moves[:0], 0)
	if len(root.moves) == 0 {
		r.Value, r.Decided, r.Stop = int(lostMax(0)), true, Finished
		r.Fall, r.Rise, r.Separation = Infinity, Infinity, Infinity
		return r
	}
	m.stats.Expanded++
	m.stats.Generated += uint64(len(root.moves))
	m.path = append(m.path[:0], g.Key())
	root.kids = root.kids[:0]
	for _, mv := range root.moves {
		g.Do(mv)
		c := mmKid{move: mv, key: g.Key(), v: m.staticMax(1)}
		switch {
		case m.onPath(c.key):
			c.v, c.tip = 0, true
		case m.o.Depth == 1:
			c.tip, c.exact = true, m.o.FixedHorizon
		}
		g.Undo(mv)
		root.kids = append(root.kids, c)
	}
	target := m.o.Separation
	if target == 0 {
		target = Infinity
	}
	kids := root.kids
	b := mmBest(kids, true)
	r.DecidedAt = m.stats.Expanded
	// search searches root child i at split s.
	search := func(i int, s int32, t PN) {
		c := &kids[i]
		if c.tip || c.exact || m.aborted {
			return
		}
		g.Do(c.move)
		m.path = append(m.path, c.key)
		cr := m.cexpand(1, s, t, t)
		m.path = m.path[:len(m.path)-1]
		g.Undo(c.move)
		c.v, c.exact = cr.v, cr.exact
	}
	for t := PN(1); ; t++ {
		m.stats.Iterations++
		fresh0 := m.fresh
		mmOrder(root, true, kids[b].move)
		search(b, kids[b].v-1, t)
		bs := kids[b].v
		for _, i32 := range root.order {
			i := int(i32)
			if i == b {
				continue
			}
			if m.poll() {
				break
			}
			search(i, bs, t)
			if kids[i].v > bs {
				b, bs = i, kids[i].v
				r.DecidedAt = m.stats.Expanded
			}
		}
		if nb := mmBest(kids, true); kids[nb].v > kids[b].v {
			b = nb // a fall of the best during the pass
			r.DecidedAt = m.stats.Expanded
		}
		v := kids[b].v
		r.Fall, r.Rise = m.rootCN(&kids[b], v-1, false), Infinity
		most := PN(0)
		if r.Fall != Infinity {
			most = r.Fall
		}
		for i := range kids {
			if i == b {
				continue
			}
			x := m.rootCN(&kids[i], v, true)
			r.Rise = min(r.Rise, x)
			if x != Infinity {
				most = max(most, x)
			}
		}
		r.Separation = min(r.Fall, r.Rise)
		r.Move, r.Value = kids[b].move, int(v)
		if r.Separation >= target {
			r.Decided = true
			break
		}
		if m.aborted || (m.fresh == fresh0 && t > most) {
			break
		}
	}
	if !m.aborted {
		m.reason = Finished
	}
	return r
}
