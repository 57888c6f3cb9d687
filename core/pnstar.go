package core

// pnstar is PN*'s EXPAND (Seo, Iida, Uiterwijk 2001) for the node at
// depth d with proof-number threshold th. It returns a value whose pn is
// 0 (proven), Infinity (disproven) or above th (not solvable within th).
// PN* uses proof numbers only; dn is 1 while unknown.
//
// The paper's EXPAND looks the node up in the table at entry and returns a
// decided entry or one not solvable within th at once. Here the parent
// makes that lookup (with dominance) right before it would enter the child
// (refreshStar in pnstarOr and pnstarAnd), and does not enter it then, so
// the child, once entered, is searched. Differences from the paper's
// pseudo-code:
//   - Cycles are found with the search path set (not by storing the
//     threshold in the table), and valued by the search's cycle outcome
//     with the same GHI rule as df-pn (ghi.go).
//   - TCA's threshold control (Kishimoto 2010), carried over to PN*: at a
//     node with an unproven old child (one whose minimal distance is not
//     below the node's, so its number may have come from this node
//     through a cycle), the threshold is raised to the node's number, and
//     the raise is passed down (inc) until a node expanded for the first
//     time. Without it the numbers of the nodes of a cycle feed each other:
//     each iteration stores them one above the root's threshold, so the
//     AND node below which a repetition would decide the root gives up
//     before searching, at every threshold (pnstarLoopGraph; 49 of 20 000
//     random cyclic graphs undecided after 20 000 expansions). The paper
//     argues termination from tsume-shogi's domain (§4.5), which such
//     graphs do not have.
func (s *searcher) pnstar(d int, th PN, inc bool) val {
	p := s.enterNode(d)
	work0 := s.stats.Expanded
	if s.poll() {
		return val{pn: th.AddOne(), dn: 1, dep: noDep}
	}
	if !s.expand(d) {
		v := noMoves(p.or)
		v = s.store(d, v, 1)
		return v
	}
	p = &s.plies[d]
	s.refreshAll(d)
	for i := range p.kids {
		starDN(&p.kids[i])
	}
	if !p.hadTT || p.entry.Amount == 0 {
		inc = false // a node never expanded before: progress
	}
	if s.starOld(p) {
		inc = true
	}
	if inc {
		if v := s.starValue(p); !v.final() {
			th = max(th, v.pn)
		}
	}
	var v val
	if p.or {
		v = s.pnstarOr(d, th, inc)
	} else {
		v = s.pnstarAnd(d, th, inc)
	}
	if v.final() && v.dep >= int32(d) {
		v.dep = noDep
	}
	v = s.store(d, v, s.stats.Expanded-work0)
	return v
}

// refreshStar is refresh for PN*: a child's dn is only "unknown" (1)
// unless the child is disproven. Like refreshChanged, it reads the child
// only if its bucket was written since the node's first read, or if the
// table's layout changed since then (the child is then located again).
func (s *searcher) refreshStar(d, i int) {
	p := &s.plies[d]
	c := &p.kids[i]
	switch {
	case c.fixed:
		return
	case p.layout != s.t.layout.Load() || s.fullReads:
		c.bkt = s.t.bucketNo(c.key.Board)
	case s.writes[c.bkt&(writeSlots-1)] == c.seen:
		return
	}
	s.refresh(d, i)
	starDN(c)
}

func starDN(c *child) {
	if c.pn != 0 && c.dn != 0 {
		c.dn = 1
	}
}

// pnstarOr searches the successors best-first, each with the node's
// threshold (recursive iterative deepening happens in the AND children).
func (s *searcher) pnstarOr(d int, th PN, inc bool) val {
	p := &s.plies[d]
	s.orderKids(p, false)
	for _, i := range p.order {
		s.refreshStar(d, int(i))
		c := &p.kids[i]
		if c.pn == 0 {
			break
		}
		if c.fixed || c.pn > th {
			continue // decided, or not solvable within th
		}
		s.push(d, int(i))
		r := s.pnstar(d+1, th, inc)
		s.pop(d)
		p = &s.plies[d]
		if s.aborted {
			break
		}
		s.settle(&p.kids[i], r, d+1)
		if r.pn == 0 {
			break
		}
	}
	return s.starValue(p)
}

// pnstarAnd applies dynamic evaluation (children's table numbers), gives
// up when their sum exceeds th, and otherwise solves the successors in
// order (never expanded first, then worst-first), each by iterative
// deepening from its current proof number.
func (s *searcher) pnstarAnd(d int, th PN, inc bool) val {
	p := &s.plies[d]
	if v := s.starValue(p); v.final() || v.pn > th {
		return v
	}
	s.orderKids(p, true)
	for _, i := range p.order {
		// An earlier sibling's search may have decided this child or
		// changed its number (dominance, transpositions: the paper's
		// §5.1 interpositions): read it again before searching it.
		s.refreshStar(d, int(i))
		if v := s.starValue(p); v.final() || v.pn > th {
			return v
		}
		c := &p.kids[i]
		t := c.pn
		for c.pn != 0 && c.pn != Infinity && !c.fixed {
			s.push(d, int(i))
			r := s.pnstar(d+1, t, inc)
			s.pop(d)
			p = &s.plies[d]
			c = &p.kids[i]
			if s.aborted {
				return s.starValue(p)
			}
			s.settle(c, r, d+1)
			if v := s.starValue(p); v.final() || v.pn > th {
				return v
			}
			t = max(r.pn, t.AddOne())
		}
		if v := s.starValue(p); v.final() {
			return v
		}
	}
	return s.starValue(p)
}

// starValue combines the children's current numbers: min at OR, sum at AND.
func (s *searcher) starValue(p *ply) val {
	mn, sum := Infinity, PN(0)
	allProven := true
	for i := range p.kids {
		c := &p.kids[i]
		mn = min(mn, c.pn)
		sum = sum.Add(c.pn)
		if c.pn != 0 {
			allProven = false
		}
	}
	if p.or {
		switch mn {
		case 0:
			return finalOf(p, true)
		case Infinity:
			return finalOf(p, false)
		}
		return val{pn: mn, dn: 1, dep: noDep}
	}
	if allProven {
		return finalOf(p, true)
	}
	if sum == Infinity {
		return finalOf(p, false)
	}
	return val{pn: sum, dn: 1, dep: noDep}
}

// orderKids sorts child indexes: at OR nodes best-first (smallest pn); at
// AND nodes never-expanded children first, then worst-first (largest pn).
// An insertion sort: stable, allocation-free, and move lists are short.
func (s *searcher) orderKids(p *ply, and bool) {
	p.order = p.order[:0]
	kids := p.kids
	for i := range kids {
		p.order = append(p.order, int32(i))
		for j := len(p.order) - 1; j > 0 && starBefore(&kids[p.order[j]], &kids[p.order[j-1]], and); j-- {
			p.order[j], p.order[j-1] = p.order[j-1], p.order[j]
		}
	}
}

func starBefore(x, y *child, and bool) bool {
	if !and {
		return x.pn < y.pn
	}
	if x.inTT != y.inTT {
		return !x.inTT
	}
	return x.pn > y.pn
}

// starOld reports whether the node has an unproven old child.
func (s *searcher) starOld(p *ply) bool {
	for i := range p.kids {
		c := &p.kids[i]
		if c.pn != 0 && c.dn != 0 && c.inTT && c.md <= p.md {
			return true
		}
	}
	return false
}
