package core

// pnstar is PN*'s EXPAND (Seo, Iida, Uiterwijk 2001) for the node at
// depth d with proof-number threshold th. It returns a value whose pn is
// 0 (proven), Infinity (disproven) or above th (not solvable within th).
// PN* uses proof numbers only; dn is 1 while unknown.
//
// Differences from the paper's pseudo-code: cycles are found with the
// search path set (not by storing the threshold in the table), and valued
// by Game.CycleOutcome with the same GHI rule as df-pn (see noDep).
func (s *searcher) pnstar(d int, th PN) val {
	p := s.enterNode(d)
	work0 := s.stats.Expanded
	// Dynamic evaluation at the parent already returned decided or
	// over-threshold children, so here the node is searched.
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
	var v val
	if p.or {
		v = s.pnstarOr(d, th)
	} else {
		v = s.pnstarAnd(d, th)
	}
	if v.final() && v.dep >= int32(d) {
		v.dep = noDep
	}
	v = s.store(d, v, s.stats.Expanded-work0)
	return v
}

// refreshStar is refresh for PN*: a child's dn is only "unknown" (1)
// unless the child is disproven.
func (s *searcher) refreshStar(d, i int) {
	s.refresh(d, i)
	starDN(&s.plies[d].kids[i])
}

func starDN(c *child) {
	if c.pn != 0 && c.dn != 0 {
		c.dn = 1
	}
}

// pnstarOr searches the successors best-first, each with the node's
// threshold (recursive iterative deepening happens in the AND children).
func (s *searcher) pnstarOr(d int, th PN) val {
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
		r := s.pnstar(d+1, th)
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
func (s *searcher) pnstarAnd(d int, th PN) val {
	p := &s.plies[d]
	if v := s.starValue(p); v.final() || v.pn > th {
		return v
	}
	s.orderKids(p, true)
	for _, i := range p.order {
		c := &p.kids[i]
		t := c.pn
		for c.pn != 0 && c.pn != Infinity && !c.fixed {
			s.push(d, int(i))
			r := s.pnstar(d+1, t)
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
