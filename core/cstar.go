package core

// C* for AND/OR trees (Seo 1995, chapter 4): depth-first iterative
// deepening on conspiracy numbers, with multiple iterative deepening at
// the OR children of AND nodes and dynamic evaluation by hashing. The
// conspiracy number of a node is stored in the table's proof-number field
// (dn stays 1 until the node is disproven, as under PN*).
//
// The thesis's rules, as read here (CSTAR.md lists every difference from
// PN*):
//   - EXPAND(n, t) gives up at once when n's stored number c satisfies
//     c ≥ t (PN*: c > t). A node never expanded is not in the table and is
//     always entered, whatever t.
//   - A tip counts 1 (no heuristic: Game.Estimate is not used); a child in
//     the table counts its stored number, a solved one 0, a disproven one ∞.
//   - An OR node tries its children in the game's order with its own
//     threshold; the first solved child solves it. Failing, it stores the
//     least of its children's numbers.
//   - An AND node counts all its children first; when their sum exceeds its
//     threshold T it stores the sum and gives up. Otherwise it solves its
//     children one by one (never-expanded children first), giving child i
//     the threshold T − Σ_{j≠i} CN_j (the slack plus the child's own
//     number; a solved sibling counts 0, so later children get more), and
//     while that child fails without the sum exceeding T, one more. On
//     failure it stores the sum of its unsolved children's numbers (the
//     thesis's Σ_{j≥i} CN_j: the children before i are solved).
//   - The root's threshold starts at 1 and rises by one per iteration.
//
// Two extensions of ours, off by default (the shogi solver turns both on):
// Options.CStarANDCost (one more per unsolved AND node, so a threshold
// bounds the depth of forced lines) and Options.CStarBestFirst (OR nodes
// try their children smallest stored number first).
//
// Shared with PN* (pnstar.go): the table, dominance, cycles through the
// search path with the search's cycle outcome (ghi.go), and PN*'s carry-over
// of TCA's threshold control, which keeps C* finite on cyclic graphs for
// the same reason it keeps PN* finite (TestCStarCyclicGraphsFinish).

// cstarRoot is ITERATE: the root's threshold starts at 1 and rises by one
// per iteration. An iteration whose threshold the root's stored number
// reaches would return at the root's table lookup without expanding
// anything (c ≥ t); those are counted in Stats.Iterations without being
// run.
func (s *searcher) cstarRoot() val {
	th := PN(1)
	for {
		s.stats.Iterations++
		v := s.cstar(0, th, false)
		s.rootPN, s.rootDN = v.pn, v.dn
		if v.final() || s.aborted {
			return v
		}
		th = th.AddOne()
		if v.pn >= th && v.pn < MaxPN {
			s.stats.Iterations += uint64(v.pn - th + 1)
			th = v.pn.AddOne()
		}
	}
}

// cstar is EXPAND for the node at depth d with conspiracy threshold th. It
// returns a value whose pn is 0 (solved), Infinity (unsolvable) or at
// least th (not solvable within th).
func (s *searcher) cstar(d int, th PN, inc bool) val {
	p := s.enterNode(d)
	work0 := s.stats.Expanded
	if s.poll() {
		return val{pn: max(th, 1), dn: 1, dep: noDep}
	}
	if !s.expand(d) {
		v := noMoves(p.or)
		v = s.store(d, v, 1)
		return v
	}
	p = &s.plies[d]
	s.refreshAll(d)
	for i := range p.kids {
		c := &p.kids[i]
		if !c.inTT && !c.fixed {
			c.pn = 1 // an unsolved tip counts one, whatever the game estimates
		}
		starDN(c)
	}
	if !p.hadTT || p.entry.Amount == 0 {
		inc = false // a node never expanded before: progress
	}
	if s.starOld(p) {
		inc = true
	}
	if inc {
		if v := s.cstarValue(p); !v.final() {
			th = max(th, v.pn.AddOne())
		}
	}
	var v val
	if p.or {
		v = s.cstarOr(d, th, inc)
	} else {
		v = s.cstarAnd(d, th, inc)
	}
	if v.final() && v.dep >= int32(d) {
		v.dep = noDep
	}
	v = s.store(d, v, s.stats.Expanded-work0)
	return v
}

// cstarSkips reports whether C* gives up on child c with threshold t
// without entering it: its stored number reaches t. A child not read from
// the table this visit (never expanded) is always entered.
func cstarSkips(c *child, t PN) bool {
	return c.inTT && c.pn >= t
}

// cstarOr tries the children in the game's order (under
// Options.CStarBestFirst, smallest stored number first), each with the
// node's threshold, until one is solved.
func (s *searcher) cstarOr(d int, th PN, inc bool) val {
	p := &s.plies[d]
	if s.o.CStarBestFirst {
		s.orderKids(p, false)
	} else {
		p.order = p.order[:0]
		for i := range p.kids {
			p.order = append(p.order, int32(i))
		}
	}
	for _, i32 := range p.order {
		i := int(i32)
		s.refreshStar(d, i)
		c := &p.kids[i]
		if c.pn == 0 {
			break
		}
		if c.fixed || c.pn == Infinity || cstarSkips(c, th) {
			continue
		}
		s.push(d, i)
		r := s.cstar(d+1, th, inc)
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
	return s.cstarValue(p)
}

// cstarAnd is dynamic evaluation by hashing (give up when the children's
// numbers sum above th) followed by multiple iterative deepening over the
// children, never-expanded ones first.
func (s *searcher) cstarAnd(d int, th PN, inc bool) val {
	p := &s.plies[d]
	if v := s.cstarValue(p); v.final() || v.pn > th {
		return v
	}
	s.cstarOrder(p)
	for _, i := range p.order {
		// An earlier sibling's search may have decided this child or
		// changed its number (transpositions, dominance): read it again.
		s.refreshStar(d, int(i))
		v := s.cstarValue(p)
		if v.final() || v.pn > th {
			return v
		}
		c := &p.kids[i]
		if c.pn == 0 || c.fixed {
			continue // solved: dropped from the sum
		}
		t := th - (v.pn - c.pn) // T − Σ_{j≠i} CN_j
		for c.pn != 0 && c.pn != Infinity && !c.fixed {
			if !cstarSkips(c, t) {
				s.push(d, int(i))
				r := s.cstar(d+1, t, inc)
				s.pop(d)
				p = &s.plies[d]
				c = &p.kids[i]
				if s.aborted {
					return s.cstarValue(p)
				}
				s.settle(c, r, d+1)
			}
			if v := s.cstarValue(p); v.final() || v.pn > th {
				return v
			}
			t = t.AddOne()
		}
	}
	return s.cstarValue(p)
}

// cstarOrder puts the AND node's never-expanded children first (§4.2.3:
// re-expanding children searched at earlier iterations costs most), each
// group in the game's order.
func (s *searcher) cstarOrder(p *ply) {
	p.order = p.order[:0]
	for i := range p.kids {
		if !p.kids[i].inTT {
			p.order = append(p.order, int32(i))
		}
	}
	for i := range p.kids {
		if p.kids[i].inTT {
			p.order = append(p.order, int32(i))
		}
	}
}

// cstarValue is starValue with, under Options.CStarANDCost, one added to
// an unsolved AND node's sum (Elkan's modified conspiracy numbers, which
// the thesis cites in §3.3 and §4.6 but does not use).
func (s *searcher) cstarValue(p *ply) val {
	v := s.starValue(p)
	if s.o.CStarANDCost && !p.or && !v.final() {
		v.pn = v.pn.AddOne()
	}
	return v
}
