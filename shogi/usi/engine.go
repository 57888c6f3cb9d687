// Package usi is tsume's USI front end: a mate engine that shogi GUIs
// (ShogiGUI, Shogidokoro, Electron Shogi) register as a tsume engine. It
// speaks the protocol and delegates every search to package mate; it has no
// search logic of its own.
//
// Supported commands: usi, isready, setoption, usinewgame, position,
// go mate <ms>|infinite, stop, quit (and ponderhit/gameover, ignored). A
// plain `go` is answered with `bestmove resign` (this is a mate engine).
// Answers: checkmate <moves> (only a line the independent verifier
// accepted), checkmate nomate (only when proven), checkmate timeout
// (anything else, with the reason in `info string`), and info lines
// (nodes, nps, hashfull, pv, string) during the search.
//
// While a search runs, stop, quit and isready are answered at once; every
// other command waits until the search has printed its answer, so a piped
// script gets the real answer. At the end of input a `go mate <ms>` search
// runs to its limit and a `go mate infinite` search is stopped as by stop;
// the answer is printed, then Run returns. Bad input never ends the
// engine: it is reported with `info string`, with any echoed input cut and
// escaped.
package usi

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// searcher is what the engine needs of a mate solver; *mate.Solver is one.
// Tests give the engine a fake one (see newSearcher) to check how answers
// are presented.
type searcher interface {
	Solve(ctx context.Context, pos *shogi.Position, o mate.Options) (mate.Result, error)
	Stop()
	Close() error
}

// prefaulter is a searcher that can write its tables' pages ahead of a
// search (mate.Solver.Prefault).
type prefaulter interface{ Prefault() }

// Engine is one USI session. Create it with New and drive it with Run.
type Engine struct {
	outMu sync.Mutex
	out   io.Writer

	// newSearcher allocates the tables (mate.NewSolver unless a test
	// replaced it).
	newSearcher func(hashMB int) (searcher, error)

	hashMB       int
	threads      int
	rules        mate.Rules
	algo         mate.Algorithm
	autoDefender bool
	solver       searcher
	pos          *shogi.Position

	// The running search, if any: done is closed once it has printed its
	// answer; infinite says it has no time limit.
	cancel   context.CancelFunc
	done     chan struct{}
	infinite bool
}

// Default option values.
const (
	defaultHashMB = 256
	// maxThreads caps the Threads option (the proof search's threads).
	maxThreads = mate.MaxThreads
)

// AutoDefenderOption is the name of the check option that makes the side
// to move defend exactly when it is in check (mate.Options.AutoDefender):
// the question at such a root is whether it is mated, and a mate is an
// even-length line starting with its reply.
const AutoDefenderOption = "AutoDefender"

// New returns an engine writing to out.
func New(out io.Writer) *Engine {
	return &Engine{out: out, hashMB: min(defaultHashMB, maxHashMB()), threads: 1, rules: mate.Tsume, algo: mate.DFPN,
		newSearcher: newSolver}
}

// newSolver is the engine's searcher: a mate.Solver.
func newSolver(hashMB int) (searcher, error) {
	s, err := mate.NewSolver(hashMB)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// maxHashMB is the largest USI_Hash accepted: mate.CheckHashMB's bound,
// the machine's memory where it is known.
func maxHashMB() int {
	mb := uint64(mate.MaxHashMB)
	if phys := core.PhysicalMemoryMB(); phys > 0 {
		mb = min(mb, phys)
	}
	return int(max(mb, mate.MinHashMB))
}

// println writes one protocol line; the search goroutine writes too.
func (e *Engine) println(format string, a ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format+"\n", a...)
}

// Run reads commands from in until quit or end of input, then stops any
// search and frees the tables. It returns the read error, if any, other
// than the end of input.
//
// A goroutine reads the input while the engine works, so that stop, quit
// and isready are seen during a search even when other commands are
// waiting for it to end. A stop applies to the search running when it is
// read unless a go command waits before it (it then stops the search that
// go starts, as in the order sent).
func (e *Engine) Run(in io.Reader) error {
	inputs, gone := make(chan input), make(chan struct{})
	go readInput(in, inputs, gone)
	defer close(gone)
	defer e.shutdown()
	var queue []input
	for {
		if len(queue) > 0 && !(e.searching() && waits(queue[0])) {
			head := queue[0]
			queue = queue[1:]
			if head.eof {
				// The end of input: a timed search runs to its limit, an
				// infinite one is stopped; either prints its answer.
				if e.infinite {
					e.stopSearch()
				}
				e.wait()
				return head.err
			}
			e.handle(head)
			continue
		}
		select {
		case in := <-inputs:
			switch cmd := in.command(); {
			case cmd == "quit":
				return nil
			case cmd == "isready" && (e.searching() || len(queue) > 0):
				e.println("readyok") // the tables exist while searching
			case cmd == "stop" && !goQueued(queue):
				e.stopSearch()
			case in.eof && e.infinite && !goQueued(queue):
				e.stopSearch()
				queue = append(queue, in)
			default:
				queue = append(queue, in)
			}
		case <-e.done: // nil, so never ready, when no search runs
			e.wait()
		}
	}
}

// waits reports whether a command waits until the running search ends:
// all but stop and isready (quit never reaches the queue), and the end of
// input, which stops an infinite search itself.
func waits(in input) bool {
	if in.eof {
		return false
	}
	c := in.command()
	return c != "stop" && c != "isready"
}

// goQueued reports whether a go command waits in the queue.
func goQueued(queue []input) bool {
	for _, in := range queue {
		if in.command() == "go" {
			return true
		}
	}
	return false
}

// handle runs one command.
func (e *Engine) handle(in input) {
	if in.tooLong > 0 {
		e.println("info string error: input line of %d bytes refused (at most %d): %s", in.tooLong, MaxLineBytes, echo(in.line))
		return
	}
	line := in.line
	f := strings.Fields(line)
	if len(f) == 0 {
		return
	}
	switch f[0] {
	case "usi":
		e.println("id name tsume")
		e.println("id author the tsume authors")
		e.println("option name USI_Hash type spin default %d min %d max %d", min(defaultHashMB, maxHashMB()), mate.MinHashMB, maxHashMB())
		e.println("option name Threads type spin default 1 min 1 max %d", maxThreads)
		e.println("option name Rules type combo default tsume var tsume var mate")
		e.println("option name Algorithm type combo default dfpn var dfpn var pnstar var cstar var dfpnr var dfpn-tca var dfpn-wpns")
		e.println("option name %s type check default false", AutoDefenderOption)
		e.println("usiok")
	case "isready":
		if err := e.ensureSolver(); err != nil {
			e.println("info string error: %s", clip(err.Error()))
		} else if p, ok := e.solver.(prefaulter); ok {
			// Engines clear their tables here; writing the table's pages
			// now keeps their faults out of the next search's time.
			p.Prefault()
		}
		e.println("readyok")
	case "setoption":
		e.setOption(f[1:])
	case "usinewgame":
	case "position":
		p, err := shogi.ParseSFEN(line)
		if err != nil {
			e.pos = nil
			e.println("info string error: bad position: %s", clip(err.Error()))
			return
		}
		e.pos = p
	case "go":
		e.goCmd(f[1:])
	case "stop":
		e.stopSearch()
	case "ponderhit", "gameover":
	default:
		e.println("info string error: unknown command %s", echo(f[0]))
	}
}

// setOption handles `setoption name N [value V]`. Option names (and the
// combo and check values) are matched in any letter case: GUIs and
// people write them differently, and no two options differ by case only.
func (e *Engine) setOption(f []string) {
	if len(f) < 2 || !strings.EqualFold(f[0], "name") {
		e.println("info string error: want \"setoption name <id> [value <x>]\"")
		return
	}
	name, value := f[1], ""
	if len(f) >= 4 && strings.EqualFold(f[2], "value") {
		value = strings.Join(f[3:], " ")
	}
	is := func(n string) bool { return strings.EqualFold(name, n) }
	switch {
	case is("USI_Hash"):
		n, err := strconv.Atoi(value)
		if err != nil {
			e.println("info string error: USI_Hash %s: want an integer number of MiB in %d..%d", echo(value), mate.MinHashMB, maxHashMB())
			return
		}
		if err := mate.CheckHashMB(n); err != nil {
			e.println("info string error: USI_Hash: %s", clip(err.Error()))
			return
		}
		if n != e.hashMB && e.solver != nil {
			e.solver.Close()
			e.solver = nil
		}
		e.hashMB = n
	case is("Rules"):
		r, err := mate.ParseRules(strings.ToLower(value))
		if err != nil {
			e.println("info string error: %s", clip(err.Error()))
			return
		}
		e.rules = r
	case is("Algorithm"):
		a, err := mate.ParseAlgorithm(strings.ToLower(value))
		if err != nil {
			e.println("info string error: %s", clip(err.Error()))
			return
		}
		e.algo = a
	case is("Threads"):
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxThreads {
			e.println("info string error: Threads %s: want an integer in 1..%d", echo(value), maxThreads)
			return
		}
		e.threads = n
	case is(AutoDefenderOption):
		switch strings.ToLower(value) {
		case "true":
			e.autoDefender = true
		case "false":
			e.autoDefender = false
		default:
			e.println("info string error: %s %s: want true or false", AutoDefenderOption, echo(value))
		}
	case is("USI_Ponder"):
		// Accepted and ignored: a mate engine does not ponder.
	default:
		e.println("info string error: unknown option %s", echo(name))
	}
}

// ensureSolver allocates the tables on first need (never during a
// search: the running search holds them).
func (e *Engine) ensureSolver() error {
	if e.solver != nil || e.searching() {
		return nil
	}
	s, err := e.newSearcher(e.hashMB)
	if err != nil {
		return err
	}
	e.solver = s
	return nil
}

// goCmd handles `go ...` (never during a search: Run waits for it).
func (e *Engine) goCmd(f []string) {
	if len(f) == 0 || f[0] != "mate" {
		e.println("info string this is a mate engine: use \"go mate <ms>|infinite\"")
		e.println("bestmove resign")
		return
	}
	// `go mate <ms>|infinite` takes one argument: a word after it is a
	// command this engine does not understand (a misspelt or unsupported
	// option), and searching as if it were not there could answer another
	// question than the one asked.
	if len(f) > 2 {
		e.println("info string error: go mate %s: unexpected %s after the time (want \"go mate <ms>|infinite\")", echo(f[1]), echo(f[2]))
		e.println("checkmate timeout")
		return
	}
	// The limit counts from the command, and the solver gets the time
	// left when it starts: the engine's own work (allocating the tables)
	// comes out of the limit, not on top of it.
	var deadline time.Time
	switch {
	case len(f) < 2 || f[1] == "infinite":
	default:
		ms, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil || ms <= 0 || ms > int64(time.Duration(1<<62)/time.Millisecond) {
			e.println("info string error: go mate %s: want a positive number of milliseconds or infinite", echo(f[1]))
			e.println("checkmate timeout")
			return
		}
		deadline = time.Now().Add(time.Duration(ms) * time.Millisecond)
	}
	if e.pos == nil {
		e.println("info string error: no valid position (send \"position ...\" first)")
		e.println("checkmate timeout") // never nomate unless proven
		return
	}
	if err := e.ensureSolver(); err != nil {
		e.println("info string error: %s", clip(err.Error()))
		e.println("checkmate timeout")
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel, e.done, e.infinite = cancel, make(chan struct{}), deadline.IsZero()
	pos, solver, done := e.pos.Clone(), e.solver, e.done
	opts := mate.Options{Rules: e.rules, Algorithm: e.algo, Threads: e.threads, AutoDefender: e.autoDefender,
		Progress: func(p mate.Progress) {
			text := p.Phase + " search"
			if p.HasRoot() {
				text += fmt.Sprintf(", root pn %s dn %s", pnText(p.RootPN), pnText(p.RootDN))
			}
			if t := p.LineText(); t != "" {
				text += ", " + t
			}
			e.println("info nodes %d nps %.0f hashfull %d string %s", p.Nodes, p.NodesPerSecond, p.Hashfull, text)
		}}
	if !deadline.IsZero() {
		opts.TimeLimit = max(time.Until(deadline), time.Nanosecond)
	}
	go func() {
		defer close(done)
		r, err := solver.Solve(ctx, pos, opts)
		if err != nil {
			e.println("info string error: %s", clip(err.Error()))
			e.println("checkmate timeout") // never nomate unless proven
			return
		}
		e.report(&r)
	}()
}

// report prints the answer of a finished search. `checkmate <moves>` is
// printed only for a line the verifier accepted: a GUI reads nothing but
// that line, so a proven mate whose line was not verified is answered
// `checkmate timeout`, its line shown in `info string` as a candidate.
func (e *Engine) report(r *mate.Result) {
	el := r.Elapsed.Seconds()
	nodes := r.Nodes()
	nps := float64(nodes) / max(el, 1e-9)
	stats := fmt.Sprintf("info nodes %d nps %.0f hashfull %d time %d", nodes, nps, r.Hashfull, r.Elapsed.Milliseconds())
	switch {
	case r.Kind == mate.Mate && r.Verified && len(r.USI) > 0:
		e.println("%s pv %s", stats, strings.Join(r.USI, " "))
		min := "minimal"
		if !r.Minimal {
			min = "not proven minimal"
		}
		e.println("info string mate in %d (%s, verified)", r.Length, min)
		if r.Note != "" {
			e.println("info string %s", clip(r.Note))
		}
		e.println("checkmate %s", strings.Join(r.USI, " "))
	case r.Kind == mate.NoMate:
		e.println("%s", stats)
		e.println("checkmate nomate")
	case r.Kind == mate.Mate || r.Proven:
		// A proven mate without a verified line: the mate.Result contract
		// puts it under Unknown with the line as Candidate; a Mate that
		// is not verified is treated the same, whatever produced it.
		line := r.CandidateUSI
		if len(line) == 0 {
			line = r.USI
		}
		e.println("%s", stats)
		problem := r.Verification.Problem
		if problem == "" {
			problem = "no line was verified"
		}
		e.println("info string the mate is proven, but its line is NOT verified (%s): answering timeout", clip(problem))
		if r.Note != "" {
			e.println("info string %s", clip(r.Note))
		}
		if len(line) > 0 {
			e.println("info string unverified candidate line (%d plies, not an answer): %s", len(line), strings.Join(line, " "))
		}
		e.println("checkmate timeout")
	default:
		e.println("%s string root pn %s dn %s", stats, pnText(r.RootPN), pnText(r.RootDN))
		if r.Note != "" {
			e.println("info string %s", clip(r.Note))
		}
		e.println("checkmate timeout")
	}
}

func pnText[T ~uint64](x T) string {
	if uint64(x) == ^uint64(0) {
		return "inf"
	}
	return strconv.FormatUint(uint64(x), 10)
}

// searching reports whether a search is running (or has not yet been
// collected by wait).
func (e *Engine) searching() bool { return e.done != nil }

// stopSearch asks the running search, if any, to end at once; its answer
// is still printed. It does not wait.
func (e *Engine) stopSearch() {
	if e.cancel != nil {
		e.cancel()
		e.solver.Stop()
	}
}

// wait blocks until the running search, if any, has printed its answer.
func (e *Engine) wait() {
	if e.done != nil {
		<-e.done
		e.cancel()
		e.cancel, e.done, e.infinite = nil, nil, false
	}
}

// shutdown stops any search and frees the tables.
func (e *Engine) shutdown() {
	e.stopSearch()
	e.wait()
	if e.solver != nil {
		e.solver.Close()
		e.solver = nil
	}
}
