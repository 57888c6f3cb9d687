package core

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Parallel df-pn (Options.Threads > 1). Every thread runs the whole df-pn
// from the root with its own copy of the game (Cloner) and its own path;
// the threads cooperate only through the shared transposition table,
// whose entries are seqlocked (table.go), as in Kaneko 2010 ("Parallel
// Depth First Proof Number Search", AAAI). The first thread to prove or
// disprove the root decides; the others are stopped. A thread takes a
// decision (proof, disproof) only from its own search or from a final
// table entry, which is path-independent as with one thread; the numbers
// other threads store only steer it. So answers are those of one thread.
//
// Left alone, the threads follow the same best children and duplicate
// each other's work. So each thread marks the nodes on its path in a small
// shared counter array (busy), and a thread choosing among children sees
// the number of a child that other threads are below raised by a virtual
// amount (virtualNumber, Kaneko's virtual proof numbers): the threads
// spread over near-equal children and meet again only where one child is
// much better. The marks change only which child is searched and with what
// threshold, never a value that is stored or returned. Measured with two
// free cores (proof search only, Microcosmos tails, one thread -> two
// threads without marks -> two with marks): 101 plies 2.8 s -> 1.4 s ->
// 1.2 s; 151: 9.0 s -> 10.2-13.0 s -> 4.9-8.0 s; 201: 11.5 s -> 10.7-14.2
// s -> 9.2-9.7 s. Without marks two threads expanded 1.6-2.7x one
// thread's nodes on 151 and 201; with them 1.1-1.6x. (An earlier
// measurement on this machine under a load of 4-7 found no difference:
// there the two threads seldom ran at the same time.) What the threads
// also need (parRefresh, parDecided, parEnter) is not to undo each
// other's work.

// Cloner is optionally implemented by a Game that can make an independent
// copy of itself for another search thread. It is discovered by type
// assertion when Options.Threads > 1; without it one thread searches.
//
// Beware of embedding: a type that embeds a Cloner game to change its
// moves or values inherits its Clone, whose copies are of the embedded
// game, not of the wrapper; the other threads would then search another
// game. Such a wrapper must define its own Clone (or the embedded game
// should offer Clone only through a separate wrapper, as shogi/mate's
// Threaded does).
type Cloner interface {
	// Clone returns a Game at the same position that shares no mutable
	// state with the receiver (it may share read-only data and the
	// thread-safe Table), so the two can be driven on different
	// goroutines at once. It returns nil when it cannot.
	Clone() Game
}

// parShared is what the threads of one parallel search share.
type parShared struct {
	busy     []atomic.Int32 // threads whose path holds a node hashing here
	expanded atomic.Uint64  // nodes entered by all threads (the node limit)
	limit    uint64         // Options.NodeLimit of the whole search (0: none)
	winner   atomic.Int32   // the first thread to decide the root, or -1
}

// busySlots is the size of the shared mark array. Marks are hashed, so
// two paths' nodes may share a slot; that only makes a child look busy
// when it is not. 2^16 slots keep such collisions rare for paths of a few
// thousand plies (Microcosmos: 1525) and cost 256 KiB per Searcher.
const busySlots = 1 << 16

// parWorker is one thread's own parallel state (searcher.par). The
// parallel search meets df-pn at a few hooks, all in this file: parEnter
// when a node is entered, divert when a child is chosen, the marks in
// push and pop, cutAt after a child returns, parRefresh for the re-read
// and parDecided before the store; with one thread searcher.par is nil
// and df-pn is Kishimoto's.
type parWorker struct {
	sh *parShared
	// cut is the depth of a node on this thread's path that another
	// thread has decided meanwhile (-1: none): the levels below it return
	// at once, as on a stop, and the search resumes above it.
	cut      int
	nextScan uint64  // Stats.Expanded at which the path is next checked
	saved    []known // parRefresh's scratch
	marks    []int32 // this thread's own marks in sh.busy (busySlots)
}

// busyIndex hashes a node key to its mark slot.
func busyIndex(k Key) uint64 {
	return (k.Board ^ uint64(k.Hand)*0xbf58476d1ce4e5b9) * 0x9e3779b97f4a7c15 >> (64 - 16)
}

// enter marks k as being on this thread's path; leave removes the mark.
// The thread counts its own marks too, so that a child whose slot it shares
// with a node on the thread's own path is not taken for another thread's.
func (w *parWorker) enter(k Key) {
	i := busyIndex(k)
	w.sh.busy[i].Add(1)
	w.marks[i]++
}

func (w *parWorker) leave(k Key) {
	i := busyIndex(k)
	w.sh.busy[i].Add(-1)
	w.marks[i]--
}

// virtualNumber is the number a thread sees for a child that n other
// threads are searching below: x grown by half of itself plus one per
// thread, Kaneko's "possible increase" of numbers that others are working
// on. Decided numbers (0, Infinity) stay as they are.
func virtualNumber(x PN, n int32) PN {
	if n <= 0 || x == 0 || x >= MaxPN {
		return x
	}
	return x.Add(mulSat(PN(n), x/2+1))
}

// divert re-chooses, with virtual numbers, the child to search at the node
// at depth d, given combine's choice best and second-best number second
// (both on real numbers) and th, the node's threshold on the number the
// choice minimises (pn at OR, dn at AND). It returns the child and the
// second-best virtual number for its threshold. It keeps combine's choice
// when no child is marked, and when the virtual choice's real number has
// already reached th: its threshold (at most th) would send it back at
// once, and the node would loop without progress.
func (s *searcher) divert(d, best int, second, th PN) (int, PN) {
	p := &s.plies[d]
	w := s.par
	vfirst, vsecond, vbest := Infinity, Infinity, best
	busy := false
	for i := range p.kids {
		c := &p.kids[i]
		x := c.pn
		if !p.or {
			x = c.dn
		}
		if x != 0 && p.delays && waiting(p, i, s.patience) {
			continue // as in combine
		}
		j := busyIndex(c.key)
		if n := w.sh.busy[j].Load() - w.marks[j]; n > 0 && !c.fixed {
			busy = true
			x = virtualNumber(x, n)
		}
		if x < vfirst {
			vsecond, vfirst, vbest = vfirst, x, i
		} else if x < vsecond {
			vsecond = x
		}
	}
	if !busy {
		return best, second
	}
	c := &p.kids[vbest]
	real := c.pn
	if !p.or {
		real = c.dn
	}
	if exceeds(real, th) {
		return best, second
	}
	return vbest, vsecond
}

// known is what a visit knew of a child before a re-read.
type known struct {
	pn, dn PN
	length uint32
}

// scanEvery is how many expansions pass between checks of the path for
// nodes that other threads have decided: a check probes every node on the
// path, so rarer checks cost less and waste more.
const scanEvery = 128

// parallel is a Searcher's state for parallel searches, allocated at the
// first one and reused.
type parallel struct {
	sh      *parShared
	states  []parWorker // one per thread
	workers []searcher  // threads 1..n-1 (thread 0 is Searcher.s)
	results []Result
}

// reserve counts one node entered and reports false once the whole
// search's node limit is exhausted.
func (p *parShared) reserve() bool {
	n := p.expanded.Add(1)
	return p.limit == 0 || n <= p.limit
}

// parEnter runs when a parallel thread enters the node at depth d, before
// it is expanded: it counts the node against the shared limit, and reports
// done with the value to return when the node needs no expansion: another
// thread has decided it (its table entry is final), or has decided a node
// above it on the path (then cut is set and the value is ignored: every
// level up to that node breaks off, see cutAt).
func (s *searcher) parEnter(d int) (val, bool) {
	w := s.par
	if !w.sh.reserve() {
		s.abort(NodeLimitReached) // the threads' shared node limit
		return val{}, false       // poll reports it
	}
	p := &s.plies[d]
	if p.hadTT && d > 0 && s.usableFinal(&p.entry) {
		e := &p.entry
		return val{pn: e.PN, dn: e.DN, dep: noDep, length: e.Length, move: e.Move, hand: e.Key.Hand}, true
	}
	if s.stats.Expanded < w.nextScan {
		return val{}, false
	}
	w.nextScan = s.stats.Expanded + scanEvery
	for j := 1; j < d; j++ {
		q := &s.plies[j]
		if e, ok := s.t.Probe(q.key, q.or, s.dom); ok && s.usableFinal(&e) {
			w.cut = j
			return val{pn: 1, dn: 1, dep: noDep}, true
		}
	}
	return val{}, false
}

// parRefresh is refreshAll for a parallel thread after a child search of
// the node at depth d: a child's numbers do not fall back below what this
// visit knew (the returned value of the child just searched, earlier
// reads), and a decided child stays decided. Other threads store the
// numbers of the same nodes as seen from their own paths (repetitions make
// them differ); re-reading those lower numbers made two threads hand one
// node back and forth: the child just returned above its threshold was
// read below it again and re-entered, forever (a Microcosmos tail of 81
// plies ran 20 M expansions without proof instead of 0.6 M).
func (s *searcher) parRefresh(d int) {
	p := &s.plies[d]
	w := s.par
	w.saved = w.saved[:0]
	for i := range p.kids {
		c := &p.kids[i]
		w.saved = append(w.saved, known{c.pn, c.dn, c.length})
	}
	s.refreshAll(d)
	for i := range p.kids {
		c, k := &p.kids[i], &w.saved[i]
		switch {
		case c.fixed || c.pn == 0 || c.dn == 0:
		case k.pn == 0 || k.dn == 0:
			c.pn, c.dn, c.length = k.pn, k.dn, k.length
		default:
			c.pn, c.dn = max(c.pn, k.pn), max(c.dn, k.dn)
		}
	}
}

// parDecided returns the value another thread has stored for the node at
// depth d if that value is final: the thread ending its visit with an
// undecided value then returns the decision instead, and does not write
// its undecided numbers over it.
func (s *searcher) parDecided(d int) (val, bool) {
	p := &s.plies[d]
	e, ok := s.t.Probe(p.key, p.or, s.dom)
	if !ok || !s.usableFinal(&e) {
		return val{}, false
	}
	return val{pn: e.PN, dn: e.DN, dep: noDep, length: e.Length, move: e.Move, hand: e.Key.Hand}, true
}

// usableFinal reports whether e is a final value this search may take:
// computed at this widening step, or sound at every step (as refresh).
func (s *searcher) usableFinal(e *Entry) bool {
	return (e.PN == 0 || e.DN == 0) && (e.Step == uint8(s.step) || e.Sound)
}

// cutAt reports, after a child of the node at depth d returned, whether
// the node must break off because it lies below (or is) the node another
// thread decided; at the cut node's parent the cut is over.
func (w *parWorker) cutAt(d int) bool {
	if w.cut < 0 {
		return false
	}
	if w.cut <= d {
		return true
	}
	w.cut = -1
	return false
}

// defaultSoloNodes is how many nodes thread 0 expands alone before the
// other threads are cloned and started (Searcher.solo): most short problems
// are decided by then, exactly as on one thread and without the start-up
// cost (on the antma set, 65 mates in 1 to 9, starting every thread at once
// took 12% more time than one thread). The search then goes on from the
// table. Tests make it 0 (allThreadsSearcher) to run every search on all
// threads.
const defaultSoloNodes uint64 = 2000

// runParallel runs one search at one widening step on o.Threads threads:
// thread 0 on the calling goroutine with g, the others on goroutines of
// their own with clones of g.
func (x *Searcher) runParallel(ctx context.Context, g Game, c Cloner, o Options, step int, side Side) Result {
	start := time.Now()
	var solo Stats // thread 0's first expansions, alone
	if x.solo > 0 && g.Terminal() == Unknown {
		so := o
		so.NodeLimit = x.solo
		if o.NodeLimit > 0 && o.NodeLimit <= x.solo {
			so.NodeLimit = o.NodeLimit // the whole search is this small
		}
		r := runOne(ctx, &x.s, g, x.t, so, step, side, &x.stop, nil)
		if r.Outcome != Unknown || r.Stop != NodeLimitReached || so.NodeLimit == o.NodeLimit {
			r.Threads = 1 // decided (or stopped) before the others were needed
			return r
		}
		solo = r.Stats
		if o.NodeLimit > 0 {
			o.NodeLimit -= solo.Expanded
		}
		if o.TimeLimit > 0 {
			if o.TimeLimit -= time.Since(start); o.TimeLimit <= 0 {
				r.Stop, r.Threads = TimeLimitReached, 1
				return r
			}
		}
	}
	games := make([]Game, 1, o.Threads)
	games[0] = g
	for len(games) < o.Threads {
		cg := c.Clone()
		if cg == nil {
			break
		}
		games = append(games, cg)
	}
	n := len(games)
	if n < 2 || g.Terminal() != Unknown {
		r := runOne(ctx, &x.s, g, x.t, o, step, side, &x.stop, nil)
		r.Threads = 1
		return r
	}
	par := &x.par
	if par.sh == nil {
		par.sh = &parShared{busy: make([]atomic.Int32, busySlots)}
	}
	sh := par.sh // its marks are all 0: every thread unmarks what it marked
	sh.expanded.Store(0)
	sh.limit = o.NodeLimit
	sh.winner.Store(-1)
	for len(par.workers) < n-1 {
		par.workers = append(par.workers, searcher{})
	}
	par.results = par.results[:0]
	for range n {
		par.results = append(par.results, Result{})
	}

	// The threads stop one another through this context: the first to
	// decide the root cancels it.
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	wo := o
	wo.NodeLimit = 0 // counted across threads by parShared.reserve
	for len(par.states) < n {
		par.states = append(par.states, parWorker{})
	}
	for i := range n {
		w := &par.states[i] // its scratch is kept
		w.sh, w.cut, w.nextScan = sh, -1, 0
		if w.marks == nil {
			w.marks = make([]int32, busySlots) // all 0 between searches
		}
	}
	finish := func(i int, r Result) {
		par.results[i] = r
		if r.Outcome != Unknown && sh.winner.CompareAndSwap(-1, int32(i)) {
			cancel()
		}
	}
	var wg sync.WaitGroup
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			oi := wo
			oi.Progress = nil // thread 0 reports
			finish(i, runOne(wctx, &par.workers[i-1], games[i], x.t, oi, step, side, &x.stop, &par.states[i]))
		}(i)
	}
	o0 := wo
	if f := o.Progress; f != nil {
		o0.Progress = func(p Progress) {
			// A thread that finds the limit spent has counted its refused
			// node too: report the nodes entered, at most the limit.
			n := sh.expanded.Load()
			if sh.limit > 0 {
				n = min(n, sh.limit)
			}
			p.Stats.Expanded = solo.Expanded + n
			f(p)
		}
	}
	finish(0, runOne(wctx, &x.s, g, x.t, o0, step, side, &x.stop, &par.states[0]))
	wg.Wait()

	r := par.results[0] // no thread decided: thread 0 says why (limits, Stop)
	if w := sh.winner.Load(); w >= 0 {
		r = par.results[w]
	}
	st := solo
	for _, ri := range par.results {
		st = addStats(st, ri.Stats)
	}
	st.Terminal = r.Stats.Terminal
	st.Elapsed = time.Since(start)
	r.Stats = st
	r.Threads = n
	return r
}
