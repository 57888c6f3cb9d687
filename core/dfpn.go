package core

// dfpn searches the node at depth d (already pushed, its key set) with
// thresholds thpn, thdn, following Kishimoto's Figure 3 (df-pn with TCA);
// with TCA off the (*) lines are skipped and it is Nagai's df-pn.
func (s *searcher) dfpn(d int, thpn, thdn PN, inc bool) val {
	p := s.enterNode(d)
	work0 := s.stats.Expanded
	if s.par != nil { // parallel (parallel.go): shared limit, cuts
		if v, done := s.parEnter(d); done {
			return v
		}
	}
	if s.poll() {
		return val{pn: 1, dn: 1, dep: noDep} // ignored: the caller stops too
	}
	if !s.expand(d) {
		v := noMoves(p.or)
		v = s.store(d, v, 1)
		return v
	}
	p = &s.plies[d]
	isLeaf := !p.hadTT || p.entry.Amount == 0
	first, reread := true, true
	var v val
	for {
		var best int
		var second PN
		var oldUnproven bool
		v, best, second, oldUnproven = s.combine(d, reread)
		if s.o.TCA {
			if first && isLeaf {
				inc = false
			}
			if oldUnproven {
				inc = true
			}
			if first && inc {
				thpn = max(thpn, v.pn.AddOne())
				thdn = max(thdn, v.dn.AddOne())
			}
		}
		if d == 0 {
			s.rootPN, s.rootDN = v.pn, v.dn
		}
		if exceeds(v.pn, thpn) || exceeds(v.dn, thdn) || v.final() || s.aborted {
			break
		}
		first = false
		if s.par != nil { // parallel: spread the threads (parallel.go)
			best, second = s.divert(d, best, second, summed(!p.or, thpn, thdn))
		}
		c := &p.kids[best]
		var cpn, cdn PN
		if p.or {
			cpn = min(thpn, s.secondThreshold(second))
			cdn = childThreshold(thdn, v.dn, c.dn)
		} else {
			cpn = childThreshold(thpn, v.pn, c.pn)
			cdn = min(thdn, s.secondThreshold(second))
		}
		if d == 0 {
			s.stats.Iterations++
		}
		s.push(d, best)
		r := s.dfpn(d+1, cpn, cdn, inc)
		s.pop(d)
		p = &s.plies[d]
		if s.aborted || s.par != nil && s.par.cutAt(d) {
			// r is incomplete; recombine from what the children hold so
			// the stored numbers reflect everything learnt.
			v, _, _, _ = s.combine(d, true)
			break
		}
		s.settle(&p.kids[best], r, d+1)
		// A decided child may decide siblings through the table
		// (dominance, transpositions): read them again then. TCA and
		// df-pn(r) need every child's minimal distance as the table has
		// it now (an old child is how they see a cycle), so they always
		// re-read. The re-read reads only the children whose entries may
		// have changed (refreshChanged), with the values a full read gives.
		reread = r.final() || s.o.TCA || s.o.DFPNR
		if reread && s.par != nil {
			s.parRefresh(d) // the re-read, without numbers falling back
			reread = false
		}
	}
	if v.final() && v.dep >= int32(d) {
		v.dep = noDep
	}
	if s.par != nil && !v.final() {
		if dv, ok := s.parDecided(d); ok {
			return dv // another thread decided the node meanwhile
		}
	}
	v = s.store(d, v, s.stats.Expanded-work0)
	return v
}

// combine computes the node's proof and disproof numbers from its children,
// the best child (smallest pn at OR, smallest dn at AND), the second-best
// number, and whether an unproven child is "old" (TCA, df-pn(r)).
//
// With refresh false it does not read the children from the table but uses
// what the visit knows, the searched child updated from its returned value;
// with refresh true it reads them (refreshChanged: every child at the start
// of a visit, later those whose entries may have changed).
// Without TCA and df-pn(r), dfpn re-reads the children only at the start of
// a visit, after a child was decided (which may decide siblings through
// dominance or transpositions) and when a limit or a parallel cut breaks
// the visit off: that saved 60% of the
// probes without changing the nodes expanded on the shogi sets (a sibling
// that a transposition changed meanwhile is read again at those points; a
// stale, too small number only makes the search choose that sibling, whose
// visit returns its real value at once). TCA must re-read after every child
// search: with stale minimal distances it missed old children, stopped
// raising thresholds and looped on shogi perpetual checks.
func (s *searcher) combine(d int, refresh bool) (v val, best int, second PN, oldUnproven bool) {
	p := &s.plies[d]
	v.dep = noDep
	first, second := Infinity, Infinity
	best = 0
	anyNormal := false
	if refresh {
		s.refreshChanged(d)
	}
	// The plain sum (and SNDA's max over marked moves) is taken in the
	// same pass; WPNS and df-pn(r) combine in sumOther.
	plain := !s.o.WPNS && !s.o.DFPNR
	var sum, marked PN
	var mask uint32
	if s.o.SNDA && (p.or || !s.o.SNDAOROnly) {
		mask = p.snda
	}
	kids := p.kids
	if mask == 0 && !p.delays {
		// The common case, without marks and waits: this loop runs
		// after every child search, and with fewer values live the
		// compiler keeps them all in registers.
		or, md := p.or, p.md
		for i := range kids {
			c := &kids[i]
			x, y := c.pn, c.dn
			if !or {
				x, y = y, x
			}
			if x < first {
				second, first, best = first, x, i
			} else if x < second {
				second = x
			}
			if x != 0 && y != 0 {
				if c.inTT && c.md <= md {
					oldUnproven = true
				} else {
					anyNormal = true
				}
				sum = sum.Add(y)
			}
		}
	} else {
		best, first, second, sum, marked, anyNormal, oldUnproven = s.combineMarked(p, mask)
	}
	// A child decided for the side to move decides the node; all children
	// decided against it decide it the other way.
	if first == 0 {
		return finalOf(p, p.or), best, second, oldUnproven
	}
	if first == Infinity {
		return finalOf(p, !p.or), best, second, oldUnproven
	}
	if plain {
		sum = sum.Add(marked)
	} else {
		sum = s.sumOther(p, anyNormal)
	}
	if p.or {
		v.pn, v.dn = first, sum
	} else {
		v.pn, v.dn = sum, first
	}
	v.move = p.moves[best]
	return v, best, second, oldUnproven
}

// combineMarked is combine's pass over the children of p for a node with
// SNDA marks (mask) or waiting moves.
func (s *searcher) combineMarked(p *ply, mask uint32) (best int, first, second, sum, marked PN, anyNormal, oldUnproven bool) {
	first, second = Infinity, Infinity
	for i := range p.kids {
		c := &p.kids[i]
		x, y := c.pn, c.dn
		if !p.or {
			x, y = y, x
		}
		if x != 0 && p.delays && waiting(p, i, s.patience) {
			continue // not due yet (a delayed child that wins still counts)
		}
		if x < first {
			second, first, best = first, x, i
		} else if x < second {
			second = x
		}
		if x != 0 && y != 0 {
			if c.inTT && c.md <= p.md {
				oldUnproven = true
			} else {
				anyNormal = true
			}
			if i < 32 && mask&(1<<uint(i)) != 0 {
				marked = max(marked, y)
			} else {
				sum = sum.Add(y)
			}
		}
	}
	return best, first, second, sum, marked, anyNormal, oldUnproven
}

// sumOther combines the numbers that add up: dn at an OR node, pn at an
// AND node, as plain df-pn (sum), WPNS (max + (unproven - 1) × h(n), h(n)
// being the node's own initial estimate of that number, as Kishimoto 2010
// ran it: adding only unproven - 1 treats every interior node as if it
// were worth 1), SNDA (max over
// the moves marked as leading to a common descendant, plus the sum of the
// others) or df-pn(r) (old children ignored while a normal one is
// unproven, else the max of the old ones). The result saturates below
// Infinity unless a child is Infinity.
func (s *searcher) sumOther(p *ply, anyNormal bool) PN {
	var sum, mx, marked PN
	var b PN
	for i := range p.kids {
		c := &p.kids[i]
		if c.pn == 0 || c.dn == 0 {
			continue // decided against the side to move: contributes 0
		}
		if p.delays && waiting(p, i, s.patience) {
			continue
		}
		x := c.dn
		if !p.or {
			x = c.pn
		}
		old := c.inTT && c.md <= p.md
		if s.o.DFPNR {
			if !anyNormal {
				mx = max(mx, x)
				continue
			}
			if old {
				continue
			}
		}
		b++
		switch {
		case s.o.WPNS:
			mx = max(mx, x)
		case s.o.SNDA && i < 32 && p.snda&(1<<uint(i)) != 0 && (p.or || !s.o.SNDAOROnly):
			marked = max(marked, x)
		default:
			sum = sum.Add(x)
		}
	}
	if s.o.DFPNR && !anyNormal {
		return mx
	}
	if s.o.WPNS {
		return mx.Add(mulSat(b-1, p.h))
	}
	return sum.Add(marked)
}

// exceeds is df-pn's termination test x >= th. A threshold that has
// saturated at MaxPN no longer measures anything (a saturated sum equals
// it at once, and the search would return without progress, forever), so
// it counts as unbounded: the node is searched until it is decided.
func exceeds(x, th PN) bool {
	return th < MaxPN && x >= th
}

// childThreshold is th - total + part, the threshold for the child whose
// number part is summed into total. It is always above part (so the child
// can make progress) and stays unbounded when th is: with a saturated
// total the subtraction would otherwise hand the child a threshold equal
// to its own number.
func childThreshold(th, total, part PN) PN {
	if th >= MaxPN {
		return th
	}
	return max(th.SubFloor(total).Add(part), part.AddOne())
}

// secondThreshold is the best child's threshold from the second-best
// number: second+1 in Nagai's df-pn; with Options.Epsilon (the 1+ε trick of
// Pawlewicz and Lew 2007) second×(1+ε), at least second+1, so the search
// stays longer in one child instead of switching back and forth between
// two close siblings.
func (s *searcher) secondThreshold(second PN) PN {
	if s.o.Epsilon == 0 || second >= MaxPN {
		return second.AddOne()
	}
	extra := MaxPN
	if f := float64(second) * s.o.Epsilon; f < float64(MaxPN/2) {
		extra = PN(f)
	}
	return second.Add(max(extra, 1))
}
