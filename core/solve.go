package core

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"
)

// Searcher runs searches with fixed options over one table. Its buffers are
// reused between searches, so a long-lived Searcher allocates nothing per
// node. A Searcher runs one search at a time; Stop may be called from any
// goroutine.
type Searcher struct {
	t    *Table
	o    Options
	stop atomic.Bool
	s    searcher
	// par holds the other threads' searchers and their shared state when
	// Options.Threads > 1, kept between searches like s.
	par parallel
	// solo is how many nodes thread 0 searches alone before a parallel
	// search starts the other threads (defaultSoloNodes).
	solo uint64
}

// NewSearcher returns a Searcher over t with options o.
func NewSearcher(t *Table, o Options) (*Searcher, error) {
	if t == nil || t.mem == nil {
		return nil, errors.New("core: nil or closed table")
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	return &Searcher{t: t, o: o, solo: defaultSoloNodes}, nil
}

// Reset gives the Searcher the options o for its next searches, keeping
// its table and its buffers: a search after Reset does exactly what the
// same search by NewSearcher(t, o) would on the same table (every search
// starts from cleared state, see searcher.init), without a new Searcher's
// allocations (about 90 KB in ten allocations). A game that asks many
// short questions, each a few core searches with their own limits, pays
// that per search otherwise. A Stop requested before Reset still ends the
// next Solve. Reset must not be called during a search.
func (x *Searcher) Reset(o Options) error {
	if err := o.validate(); err != nil {
		return err
	}
	x.o = o
	return nil
}

// Stop asks the running search (from any goroutine) to end promptly with
// an Unknown result. A Stop that arrives before Solve starts ends that
// Solve at once; the request is cleared when Solve returns.
func (x *Searcher) Stop() { x.stop.Store(true) }

// Solve searches g's current position (which it leaves unchanged) and
// returns its value for the OR player. It ends promptly with Unknown and
// the statistics so far when a limit is reached, ctx is cancelled or Stop
// is called.
func (x *Searcher) Solve(ctx context.Context, g Game) Result {
	if g == nil {
		return Result{Err: errors.New("core: nil game")}
	}
	if x.t.mem == nil {
		return Result{Err: errors.New("core: the table was closed")}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	defer x.stop.Store(false)
	start := time.Now()
	w, widens := g.(Widening)
	var r Result
	switch {
	case widens && x.o.Widen:
		if w.Steps() < 1 {
			return Result{Err: errors.New("core: game declares fewer than one widening step")}
		}
		var used uint64 // the node limit is for the whole drive
		r = IterativeWidening(w, func(step int) Result {
			o := x.o
			if o.NodeLimit > 0 {
				if used >= o.NodeLimit {
					return Result{Stop: NodeLimitReached}
				}
				o.NodeLimit -= used
			}
			if o.TimeLimit > 0 {
				o.TimeLimit -= time.Since(start)
				if o.TimeLimit <= 0 {
					return Result{Stop: TimeLimitReached}
				}
			}
			r := x.run(ctx, g, o, step, w.Narrows(step))
			used += r.Stats.Expanded
			return r
		})
	case widens:
		if w.Steps() < 1 {
			return Result{Err: errors.New("core: game declares fewer than one widening step")}
		}
		last := w.Steps() - 1
		r = x.run(ctx, g, x.o, last, w.Narrows(last))
		if (r.Outcome == Proven && !ReusableProof(w.Narrows(last), w.Narrows(last)&ANDComplete != 0)) ||
			(r.Outcome == Disproven && !ReusableDisproof(w.Narrows(last))) {
			r.Outcome = Unknown
		}
	default:
		r = x.run(ctx, g, x.o, 0, NarrowNone)
	}
	r.Stats.Elapsed = time.Since(start)
	return r
}

// run is one search at one widening step: on Options.Threads threads
// when the game can be cloned and df-pn runs, else on this goroutine.
func (x *Searcher) run(ctx context.Context, g Game, o Options, step int, side Side) Result {
	if o.Threads > 1 && o.Algorithm == DFPN {
		if c, ok := g.(Cloner); ok {
			return x.runParallel(ctx, g, c, o, step, side)
		}
	}
	r := runOne(ctx, &x.s, g, x.t, o, step, side, &x.stop, nil)
	r.Threads = 1
	return r
}

// runOne is one search by one searcher s at one widening step; par is the
// thread's state in a parallel search, nil on one thread.
func runOne(ctx context.Context, s *searcher, g Game, t *Table, o Options, step int, side Side, stop *atomic.Bool, par *parWorker) Result {
	s.init(g, t, o, step, side, stop, ctx)
	s.par = par
	root := s.plyAt(0)
	root.key, root.or = g.Key(), g.OrNode()
	root.ph = pathHash(0, root.key)
	if s.cycle != Proven && s.cycle != Disproven {
		return Result{Err: fmt.Errorf("core: Game.CycleOutcome is %v: a repetition must be Proven or Disproven", s.cycle)}
	}
	root.h = 1
	if g.Terminal() == Unknown {
		hpn, hdn := g.Estimate()
		root.h = min(max(summed(root.or, hpn, hdn), 1), MaxPN)
	}
	var v val
	switch g.Terminal() {
	case Proven:
		v = val{pn: 0, dn: Infinity}
	case Disproven:
		v = val{pn: Infinity, dn: 0}
	default:
		s.pushPath(root.key, 0)
		switch o.Algorithm {
		case PNStar:
			v = s.pnstarRoot()
		case CStar:
			v = s.cstarRoot()
		default:
			v = s.dfpn(0, Infinity, Infinity, false)
		}
		s.popPath(root.key, 0)
	}
	r := Result{RootPN: v.pn, RootDN: v.dn, Stop: s.reason, Stats: s.stats}
	switch {
	case v.pn == 0:
		r.Outcome, r.BestMove, r.Length = Proven, v.move, v.length
		if o.ProofLeaves {
			budget := proofLeavesBudget
			r.Stats.Terminal = s.countProofLeaves(0, &budget)
		}
	case v.dn == 0:
		r.Outcome, r.BestMove, r.Length = Disproven, v.move, v.length
	}
	if r.Outcome != Unknown {
		r.Stop = Finished
	}
	r.Stats.Elapsed = time.Since(s.start)
	return r
}

// proofLeavesBudget is how many nodes of the proof tree Options.ProofLeaves
// visits at most (a DAG's proof is counted as the tree it unfolds to).
const proofLeavesBudget = 1 << 20

// pnstarRoot is PN*'s top procedure: the root's threshold starts at 1 and
// grows to the root's proof number after each unsuccessful iteration.
func (s *searcher) pnstarRoot() val {
	th := PN(1)
	for {
		s.stats.Iterations++
		v := s.pnstar(0, th, false)
		s.rootPN, s.rootDN = v.pn, v.dn
		if v.final() || s.aborted {
			return v
		}
		th = max(v.pn, th.AddOne())
	}
}

// Solve is a one-shot Searcher.Solve.
func Solve(ctx context.Context, g Game, t *Table, o Options) Result {
	x, err := NewSearcher(t, o)
	if err != nil {
		return Result{Err: err}
	}
	return x.Solve(ctx, g)
}
