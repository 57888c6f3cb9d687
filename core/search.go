package core

import (
	"context"
	"math"
	"sync/atomic"
	"time"
)

// child is one generated successor of a node on the path (72 bytes).
type child struct {
	key    Key
	hand   uint32 // domain word a final value holds under (see HandProofs)
	pn, dn PN
	h      PN    // the child's initial estimate of the number its own children sum (WPNS)
	dep    int32 // for fixed values: smallest path depth relied on
	length uint32
	md     uint32 // minimal distance from the table (MaxUint32: never seen)
	// bkt is the number of the table bucket that holds the child's
	// entries, located at the node's last full read (ply.layout), and seen
	// the write count of that bucket (searcher.writes) when the child was
	// last read: see refreshChanged.
	bkt   uint32
	seen  uint32
	or    bool
	fixed bool // value is local to this visit (terminal, cycle, path-dependent)
	inTT  bool // found in the table at the last refresh
	keyed bool // expand: the key came from Previewer.PreviewKey
}

// ply is the preallocated per-depth state.
type ply struct {
	key     Key
	or      bool
	moves   []Move
	kids    []child
	order   []int32 // PN* successor order
	moveIdx int     // index of the child currently searched
	snda    uint32  // SNDA move mask of this node
	wait    []int16 // Delaying: the move each move waits for, or -1
	delays  bool    // some move of this node waits (wait is valid)
	md      uint32
	entry   Entry // the node's own table entry at entry time
	h       PN    // initial estimate of the summed number: dn at OR, pn at AND (WPNS h(n))
	hadTT   bool
	ph      uint64   // hash of the path from the root to this node (pathHash)
	fresh   bool     // children not refreshed since expansion (SNDA detection due)
	layout  uint64   // Table.layout when the children were last all read (0: never)
	located uint64   // Table.layout the children's buckets (child.bkt) were located under
	hm      []Move   // decidedHand scratch: the moves a verdict rests on
	hh      []uint32 // and their children's words
}

// val is a node value as returned up the recursion.
type val struct {
	pn, dn PN
	dep    int32
	length uint32
	move   Move
	hand   uint32 // for a final value: the domain word it holds under
}

func (v val) final() bool { return v.pn == 0 || v.dn == 0 }

// searcher holds one search's state; it is not safe for concurrent use.
type searcher struct {
	g   Game
	t   *Table
	o   Options
	dom Dominance
	hp  HandProofs // nil unless the game stores decided nodes by proof and disproof hands
	pv  Previewer  // nil unless the game previews children
	pk  PathKeyer  // nil unless the game's keys do not repeat on a cycle
	dn  DecidedNoter
	dt  DeferredTerminal // nil unless the game defers part of Terminal to the expansion
	// refused holds a tag per slot (refusedTag) of the last key whose store
	// the table refused. The searcher's stores spare a full bucket's
	// costlier open entries from a cheaper new one (Table.storeIn): an
	// evicted subtree comes back with its initial numbers, small and wrong,
	// and draws the search into it again (Microcosmos tail 601 with a 1 GiB
	// table: first proof at about 26.4 M expansions instead of more than
	// 37 M; 2 GiB: 18.7 M). A node whose store was refused is stored at its
	// next store whatever it evicts: a node the search keeps coming back to
	// must keep its numbers, or its Amount never grows and df-pn and PN*
	// loop (both did on small cyclic graphs when a full bucket kept
	// refusing one, TestHeavyTerminationRandomGraphs). Lowering the costly
	// entry's claim at each refusal instead let leaves wear the protection
	// down: tail 601 was still unproven at 43 M.
	refused  []uint64
	del      Delaying // nil unless the game delays moves and df-pn runs
	patience PN       // del.Patience()
	step     int
	side     Side
	plies    []ply
	path     pathSet
	// reps is the path under the PathKeyer's keys (repetition), empty
	// without one: path keeps the table's keys, which SNDA's parent
	// pointers name.
	reps  pathSet
	stats Stats
	// writes counts this searcher's table writes by bucket number modulo
	// writeSlots, so that a node re-reads only the children whose bucket
	// was written since it last read them (refreshChanged).
	writes [writeSlots]uint32

	par   *parWorker // this thread's parallel state (parallel.go); nil on one thread
	cycle Outcome    // Game.CycleOutcome, asked once per search
	ghi   ghiMarks
	// naiveGHI stores path-dependent results as if they held on every
	// path; only tests set it (ghi_test.go), to show the wrong answers
	// that gives.
	naiveGHI bool
	// fullReads makes every re-read of a node's children read them all,
	// as refreshChanged claims to be equivalent to; only tests set it
	// (reread_test.go).
	fullReads bool

	stop     *atomic.Bool
	ctx      context.Context
	start    time.Time
	deadline time.Time
	nextPoll uint64
	nextProg time.Time
	progEach time.Duration
	reason   StopReason
	aborted  bool
	rootPN   PN
	rootDN   PN
}

// pollEvery is how many expansions pass between checks of the clock, the
// context and the stop flag. A shogi node can cost tens of microseconds
// (and far more under the race detector), so a coarser interval lets time
// limits and progress intervals slip by whole seconds; reading the clock
// every 64 nodes costs well under 1% of a node.
const pollEvery = 64

// maintainEvery is the expansion interval of the table upkeep checks
// (growth at 8× it, garbage collection at 64× it), which sample the table.
const maintainEvery = 1024

func (s *searcher) init(g Game, t *Table, o Options, step int, side Side, stop *atomic.Bool, ctx context.Context) {
	s.g, s.t, s.o, s.step, s.side, s.stop, s.ctx = g, t, o, step, side, stop, ctx
	s.dom, _ = g.(Dominance)
	s.hp, _ = g.(HandProofs)
	s.pv, _ = g.(Previewer)
	s.pk, _ = g.(PathKeyer)
	s.dn, _ = g.(DecidedNoter)
	s.dt, _ = g.(DeferredTerminal)
	// Every search starts as a new searcher's would (Searcher.Reset): the
	// buffers are kept, the state that carries meaning is cleared. The
	// refused tags are: a tag left by an earlier search would force a
	// store this one's own refusals do not call for. The write counters
	// need no clearing: a child's count (child.seen) is taken when it is
	// read, and every child is read after its expansion before any count
	// is compared with it (ply.layout is 0 then), so only differences
	// within the search matter. The path sets are empty after every
	// search (pushes and pops pair up, also when a limit stops it).
	if s.refused == nil {
		s.refused = make([]uint64, refusedSlots)
	} else {
		clear(s.refused)
	}
	s.del = nil
	if o.Algorithm == DFPN {
		s.del, _ = g.(Delaying)
	}
	if s.del != nil {
		s.patience = s.del.Patience()
	}
	if s.plies == nil {
		s.plies = make([]ply, 64)
		s.path.init(64)
		s.reps.init(64)
	}
	s.stats = Stats{}
	s.cycle = g.CycleOutcome()
	s.ghi.reset()
	s.start = time.Now()
	s.deadline = time.Time{}
	if o.TimeLimit > 0 {
		s.deadline = s.start.Add(o.TimeLimit)
	}
	s.progEach = o.ProgressEvery
	if s.progEach == 0 {
		s.progEach = time.Second
	}
	s.nextProg = s.start.Add(s.progEach)
	s.nextPoll = 0 // the first node checks everything (a Stop may be pending)
	s.aborted = false
	s.reason = Finished
	s.rootPN, s.rootDN = 1, 1
}

// poll checks the limits; cheap checks run every node, the clock and the
// context every pollEvery nodes.
func (s *searcher) poll() bool {
	if s.aborted {
		return true
	}
	if s.o.NodeLimit > 0 && s.stats.Expanded >= s.o.NodeLimit {
		s.abort(NodeLimitReached)
		return true
	}
	if s.stats.Expanded < s.nextPoll {
		return false
	}
	s.nextPoll = s.stats.Expanded + pollEvery
	if s.stop != nil && s.stop.Load() {
		s.abort(Cancelled)
		return true
	}
	if s.ctx != nil && s.ctx.Err() != nil {
		s.abort(Cancelled)
		return true
	}
	now := time.Now()
	if !s.deadline.IsZero() && now.After(s.deadline) {
		s.abort(TimeLimitReached)
		return true
	}
	if s.o.Progress != nil && now.After(s.nextProg) {
		s.nextProg = now.Add(s.progEach)
		st := s.stats
		st.Elapsed = now.Sub(s.start)
		s.o.Progress(Progress{Stats: st, Hashfull: s.t.Hashfull(), RootPN: s.rootPN, RootDN: s.rootDN})
	}
	// Collect garbage before the table is full, so stores keep landing in
	// free slots rather than only evicting.
	if s.stats.Expanded%(64*maintainEvery) < pollEvery && s.t.Hashfull() >= 950 {
		s.t.GC()
	}
	if s.stats.Expanded%(8*maintainEvery) < pollEvery {
		s.t.maybeGrow()
	}
	s.t.growStep(growChunk) // a growth in progress moves on

	return false
}

func (s *searcher) abort(r StopReason) {
	s.aborted, s.reason = true, r
}

// plyAt returns the state for depth d, growing the stack the first time
// the search gets this deep.
func (s *searcher) plyAt(d int) *ply {
	for d >= len(s.plies) {
		s.plies = append(s.plies, ply{})
	}
	return &s.plies[d]
}

// enterNode loads the node's own entry at depth d (its key and type are set).
func (s *searcher) enterNode(d int) *ply {
	p := &s.plies[d]
	p.hadTT = s.t.lookupInto(p.key, p.or, &p.entry)
	p.snda = 0
	p.md = uint32(d)
	if p.hadTT {
		if p.entry.Step == uint8(s.step) {
			p.snda = p.entry.SNDA
		}
		if p.entry.MinDepth < p.md {
			p.md = p.entry.MinDepth
		}
		if p.entry.Amount > 0 {
			s.stats.ReExpanded++
		}
	} else {
		p.entry = Entry{MinDepth: math.MaxUint32}
	}
	return p
}

// expand generates the children of the node at depth d (the game is at
// that node) and gives each an initial value. It returns false when the
// node has no moves.
func (s *searcher) expand(d int) bool {
	p := &s.plies[d]
	g := s.g
	s.stats.Expanded++
	p.kids = p.kids[:0]
	p.delays = false
	if s.dt != nil {
		if o := s.dt.ExpandTerminal(); o != Unknown {
			// Decided at its expansion: one fixed pseudo-child (NoMove)
			// holds the value, which every algorithm combines as any
			// decided child and stores as the node's (path-independent).
			p.moves = append(p.moves[:0], NoMove)
			p.kids = append(p.kids, child{key: p.key, or: !p.or, md: math.MaxUint32, h: 1})
			s.initChild(&p.kids[0], o, -1, 1, 1)
			p.fresh, p.layout = false, 0
			return true
		}
	}
	p.moves = g.Moves(p.moves[:0], s.step)
	if len(p.moves) == 0 {
		return false
	}
	s.stats.Generated += uint64(len(p.moves))
	if s.del != nil {
		p.delays = s.setDelays(p)
	}
	if cap(p.kids) < len(p.moves) {
		p.kids = make([]child, 0, max(len(p.moves), 64))
	}
	p.kids = p.kids[:len(p.moves)]
	p.located = s.t.layout.Load()
	// The slices in locals: the game's calls below could change p as far
	// as the compiler knows, so it would reload and recheck them per child.
	kids, moves := p.kids, p.moves
	if s.pv != nil {
		// Keys first, with their buckets (and the game's caches) loading,
		// then the values: the children's cache misses overlap.
		for i, m := range moves {
			c := &kids[i]
			k, or, ok := s.pv.PreviewKey(m)
			// Cleared in place, then set: a composite literal is
			// built in a temporary and copied.
			*c = child{}
			c.key, c.or, c.keyed, c.md, c.h = k, or, ok, math.MaxUint32, 1
			if ok {
				c.bkt = s.t.bucketNo(k.Board)
				s.t.prefetchNo(c.bkt)
				// The first read of the child (refreshAll) tests the
				// filter of path-dependent values for it too.
				s.ghi.prefetch(k)
			}
		}
	}
	for i, m := range moves {
		c := &kids[i]
		if s.pv != nil && c.keyed {
			if epn, edn, ok := s.pv.PreviewEstimate(m, c.key); ok {
				at := -1
				// Most children's boards are not on the path: their slot
				// of it is empty, which settles it here.
				if s.pk != nil || !s.path.free(c.key.Board) {
					at = s.repetition(c.key, d+1)
				}
				if at >= 0 {
					s.initChild(c, Unknown, at, 1, 1)
					continue
				}
				// initChild for an open child, written out: this is
				// most children of most expansions.
				if !(p.delays && p.wait[i] >= 0) {
					epn, edn = min(max(epn, 1), MaxPN), min(max(edn, 1), MaxPN)
				} else {
					epn, edn = 1, 1
				}
				c.hand, c.pn, c.dn = c.key.Hand, epn, edn
				c.h = summed(c.or, epn, edn)
				continue
			}
		}
		keyed := s.pv != nil && c.keyed
		g.Do(m)
		*c = child{key: g.Key(), or: g.OrNode(), md: math.MaxUint32, h: 1}
		// The child's bucket is read soon (by refreshAll, and by a game
		// whose Terminal probes the table): start loading it while the
		// game works, unless PreviewKey's pass did.
		c.bkt = s.t.bucketNo(c.key.Board)
		if !keyed {
			s.t.prefetchNo(c.bkt)
		}
		term := g.Terminal()
		at := -1
		if term == Unknown {
			at = s.repetition(c.key, d+1)
		}
		var epn, edn PN
		// A delayed child is not counted until it is due, and most never
		// are: it skips the (costly) estimate.
		if term == Unknown && at < 0 && !(p.delays && p.wait[i] >= 0) {
			epn, edn = g.Estimate()
			epn, edn = min(max(epn, 1), MaxPN), min(max(edn, 1), MaxPN)
		} else {
			epn, edn = 1, 1
		}
		s.initChild(c, term, at, epn, edn)
		g.Undo(m)
	}
	p.fresh = s.o.SNDA // the first refresh of the children looks for sources
	p.layout = 0       // the first re-read reads every child
	return true
}

// initChild gives a new child its value for this visit: terminal, a
// repetition of the position at depth at on the path (at >= 0; valued by
// the search's cycle outcome, see Game.CycleOutcome), or the estimate. The
// game is at the child.
func (s *searcher) initChild(c *child, term Outcome, at int, epn, edn PN) {
	c.hand = c.key.Hand
	if term != Unknown || at >= 0 {
		s.initFixed(c, term, at)
		return
	}
	c.pn, c.dn = epn, edn
	c.h = summed(c.or, c.pn, c.dn)
}

// initFixed is initChild for a terminal child or a repetition.
func (s *searcher) initFixed(c *child, term Outcome, at int) {
	switch term {
	case Proven:
		c.fixed, c.dep, c.pn, c.dn = true, noDep, 0, Infinity
		c.hand = s.leafHand(c.key, term)
		return
	case Disproven:
		c.fixed, c.dep, c.pn, c.dn = true, noDep, Infinity, 0
		c.hand = s.leafHand(c.key, term)
		return
	}
	if at >= 0 {
		c.fixed, c.dep = true, int32(at)
		if s.cycle == Proven {
			c.pn, c.dn = 0, Infinity
		} else {
			c.pn, c.dn = Infinity, 0
		}
	}
}

// refresh updates child i of the node at depth d from the table unless
// its value is fixed for this visit. When the table has lost the entry, the
// last known value stays (so an evicted child cannot make the parent loop).
// The child's bucket must have been located (refreshAll).
func (s *searcher) refresh(d, i int) {
	p := &s.plies[d]
	if c := &p.kids[i]; !c.fixed {
		s.read(p, c, d, i)
	}
}

// read is refresh of the open child c (number i) of the node p at depth d.
func (s *searcher) read(p *ply, c *child, d, i int) {
	c.seen = s.writes[c.bkt&(writeSlots-1)]
	if s.ghi.has(c.key) && s.refreshPathDependent(d, c) {
		return
	}
	c.inTT = false
	// probeIn, with the common miss (no entry of the child's Board)
	// settled here.
	bk := s.t.bucketAt(int(c.bkt) * bucketWords)
	m := boardMatches(bk, c.key.Board)
	if m == 0 {
		return
	}
	var e slot
	if !s.t.probeMatches(bk, m, c.key, c.or, s.dom, &e) {
		return
	}
	s.stats.TableHits++
	if p.fresh && e.hasParent() && e.key() == c.key {
		if e.parent() != p.key.Board {
			s.detectSource(d, i, e.parent(), int(e.parentIdx()))
		} else if j := int(e.parentIdx()); j != i && j < len(p.kids) && p.kids[j].key == c.key {
			// Two moves of this node lead to the same child (parallel
			// edges): it is its own source node. Summing it twice made
			// TCA+SNDA loop on such graphs.
			s.markSource(d, i, j)
		}
	}
	pn, dn := e.pn(), e.dn()
	final := pn == 0 || dn == 0
	if e.step() != uint8(s.step) && !(final && e.sound()) {
		return // computed with another move set: unsound to reuse
	}
	c.inTT = true
	c.pn, c.dn, c.length, c.md = pn, dn, e.length(), e.minDepth()
	if final {
		c.hand = e.hand()
	}
}

// refreshAll locates every child's bucket under the table's current layout
// (unless they are located under it already) and refreshes every child of
// the node at depth d.
func (s *searcher) refreshAll(d int) {
	p := &s.plies[d]
	lay := s.t.layout.Load() // before locating: a change meanwhile is seen next time
	p.layout = lay
	if p.located != lay {
		// Locate every child and prefetch its bucket header first, so
		// that the processor overlaps their cache and TLB misses instead
		// of taking them one probe at a time (expand has done so under
		// the layout it saw).
		p.located = lay
		for i := range p.kids {
			c := &p.kids[i]
			if !c.fixed {
				c.bkt = s.t.bucketNo(c.key.Board)
				s.t.prefetchNo(c.bkt)
			}
		}
	}
	kids := p.kids
	for i := range kids {
		if c := &kids[i]; !c.fixed {
			s.read(p, c, d, i)
		}
	}
	p.fresh = false
}

// refreshChanged is refreshAll for the children whose table entries may
// have changed since they were last read, which gives exactly the values
// refreshAll would: a child's read (refresh: Probe of its bucket, and its
// path-dependent entry) depends only on the entries of its own bucket, and
// on one thread those change only through this searcher's stores, which
// count in writes, or through a change of the table's layout (growth,
// garbage collection, Clear), after which every child is read again.
// Another thread's or the game's writes are not seen until the next full
// read; the parallel search re-reads in full (parRefresh). A child whose
// bucket shares its write count with a written one (writeSlots) is merely
// read again.
//
// TCA needs every child's current minimal distance and table presence to
// see old children, which is why dfpn re-read every child after every
// child search; almost all of those reads found what the node already knew.
func (s *searcher) refreshChanged(d int) {
	p := &s.plies[d]
	if p.layout != s.t.layout.Load() || s.fullReads {
		s.refreshAll(d)
		return
	}
	kids := p.kids
	for i := range kids {
		c := &kids[i]
		if !c.fixed && s.writes[c.bkt&(writeSlots-1)] != c.seen {
			s.read(p, c, d, i)
		}
	}
}

// refusedSlots is the size of the searcher's memory of refused stores
// (searcher.refused), a power of two: 32 KiB. A tag lost to another key
// costs one more refusal of its node.
const refusedSlots = 1 << 12

// refusedTag is a non-zero tag of k for searcher.refused.
func refusedTag(k Key) uint64 {
	return mix64(k.Board^uint64(k.Hand)*0x9e3779b97f4a7c15) | 1
}

// writeSlots is the number of write counters (searcher.writes), a power of
// two: 16 KiB, small enough to stay in the first-level cache.
const writeSlots = 1 << 12

// noteWrite counts a write to bucket number b.
func (s *searcher) noteWrite(b uint32) { s.writes[b&(writeSlots-1)]++ }

// detectSource implements SNDA's source detection for child i of the node
// at depth d, whose entry records another parent (parent, whose move idx
// led to it): the child was reached by another path. Following parent
// pointers to an ancestor on the current path finds the source node, where
// the two moves leading to the common descendant are marked so their values
// are combined with max, not sum.
//
// Parent pointers name a board, not a hand, so a position with the same
// board and another hand may be taken for the parent; the marks are a
// heuristic (they change numbers, never values). Matching the hand too (a
// 16-bit hand tag in the entry) was measured and expanded 1.6-2.3× more
// nodes on Microcosmos tails (31 plies: 82781 -> 186986; 61: 377513 ->
// 610066): the looser marks curb more of the DAG overestimation that tsume
// suffers from. Following 64 pointers instead of 16 changed nothing there.
func (s *searcher) detectSource(d, i int, parent uint64, idx int) {
	p := &s.plies[d]
	for hop := 0; hop < 16; hop++ {
		if hop > 0 && parent == p.key.Board {
			s.markSource(d, i, idx)
			return
		}
		if j := s.path.findBoard(parent); j >= 0 && j < d {
			s.markSource(j, s.plies[j].moveIdx, idx)
			return
		}
		var ok bool
		if parent, idx, ok = s.t.parentOf(parent); !ok {
			return
		}
	}
}

func (s *searcher) markSource(j, a, b int) {
	if a != b && a < 32 && b < 32 {
		s.plies[j].snda |= 1<<uint(a) | 1<<uint(b)
	}
}

// push plays child i of the node at depth d and puts the child on the
// path (and, in a parallel search, marks it busy); pop takes it back.
func (s *searcher) push(d, i int) {
	p := &s.plies[d]
	p.moveIdx = i
	c := &p.kids[i]
	q := s.plyAt(d + 1)
	p = &s.plies[d] // plyAt may have moved the slice
	q.key, q.or, q.h = c.key, c.or, c.h
	q.ph = pathHash(p.ph, c.key)
	s.g.Do(p.moves[i])
	s.pushPath(c.key, d+1)
	if s.par != nil {
		s.par.enter(c.key)
	}
}

func (s *searcher) pop(d int) {
	p := &s.plies[d]
	k := s.plies[d+1].key
	if s.par != nil {
		s.par.leave(k)
	}
	s.popPath(k, d+1)
	s.g.Undo(p.moves[p.moveIdx])
}

// pushPath puts the key k at depth d on the path (and its path key on
// reps, under a PathKeyer); popPath takes it off.
func (s *searcher) pushPath(k Key, d int) {
	s.path.push(k, d)
	if s.pk != nil {
		s.reps.push(s.pk.PathKey(k, d), d)
	}
}

func (s *searcher) popPath(k Key, d int) {
	s.path.pop(k)
	if s.pk != nil {
		s.reps.pop(s.pk.PathKey(k, d))
	}
}

// settle records what a child search returned.
func (s *searcher) settle(c *child, r val, childDepth int) {
	c.pn, c.dn, c.length = r.pn, r.dn, r.length
	if r.final() {
		c.hand = r.hand
	}
	if r.final() && r.dep < int32(childDepth) {
		c.fixed, c.dep = true, r.dep
	}
}

// summed returns the number a node's children add up to: dn at an OR
// node, pn at an AND node.
func summed(or bool, pn, dn PN) PN {
	if or {
		return dn
	}
	return pn
}

// store writes the node's value unless it is a final value that depends
// on the path above it (see noDep). work is the number of nodes expanded
// below it during this visit. It returns v with the domain word a final
// value holds under (its proof or disproof hand, see HandProofs), which the
// entry is stored under.
func (s *searcher) store(d int, v val, work uint64) val {
	p := &s.plies[d]
	v.hand = p.key.Hand
	if v.final() {
		v.hand = s.decidedHand(d, v)
	}
	if v.final() && v.dep < int32(d) {
		if !s.naiveGHI {
			s.storePathDependent(d, v, work)
			return v
		}
	}
	e := &p.entry // updated in place: it is the node's entry from now on
	e.Key, e.OrNode = p.key, p.or
	e.Key.Hand = v.hand
	e.PN, e.DN, e.Move, e.Length = v.pn, v.dn, v.move, v.length
	e.Amount = uint32(min(uint64(e.Amount)+work, math.MaxUint32))
	e.Step = uint8(s.step)
	e.Sound = (v.pn == 0 && ReusableProof(s.side, s.side&ANDComplete != 0)) ||
		(v.dn == 0 && ReusableDisproof(s.side))
	e.MinDepth = p.md
	e.SNDA = p.snda
	if !e.HasParent && d > 0 {
		q := &s.plies[d-1]
		e.HasParent, e.Parent, e.ParentIdx = true, q.key.Board, uint8(min(q.moveIdx, 255))
	}
	b := s.t.bucketNo(e.Key.Board)
	s.noteWrite(b)
	tag := refusedTag(e.Key)
	slot := &s.refused[tag&(refusedSlots-1)]
	again := *slot == tag
	if _, refused := s.t.storeIn(b, e, p.key, !again); refused {
		*slot = tag
	} else if again {
		*slot = 0
	}
	if s.dn != nil && v.final() && e.Sound {
		s.dn.Decided(*e)
	}
	return v
}

// finalOf combines children once a node is decided. For the winning side
// it takes the child that relies least on the path (largest dep), then the
// shortest; when every child is needed it takes the smallest dep and the
// longest child.
func finalOf(p *ply, proven bool) val {
	var v val
	wantPN := p.or == proven // OR proven or AND disproven: one child suffices
	if proven {
		v.pn, v.dn = 0, Infinity
	} else {
		v.pn, v.dn = Infinity, 0
	}
	if wantPN {
		best := -1
		for i := range p.kids {
			c := &p.kids[i]
			if (proven && c.pn != 0) || (!proven && c.dn != 0) {
				continue
			}
			dep := int32(noDep)
			if c.fixed {
				dep = c.dep
			}
			if best < 0 || dep > v.dep || (dep == v.dep && c.length < v.length) {
				best, v.dep, v.length = i, dep, c.length
			}
		}
		v.move = p.moves[best]
	} else {
		v.dep = noDep
		for i := range p.kids {
			c := &p.kids[i]
			if c.fixed && c.dep < v.dep {
				v.dep = c.dep
			}
			if i == 0 || c.length > v.length {
				v.length, v.move = c.length, p.moves[i]
			}
		}
	}
	v.length = min(v.length+1, maxLength)
	return v
}

// noMoves is the value of a node without moves.
func noMoves(or bool) val {
	if or {
		return val{pn: Infinity, dn: 0, dep: noDep}
	}
	return val{pn: 0, dn: Infinity, dep: noDep}
}
