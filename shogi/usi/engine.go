// Package usi is tsume's USI front end: a mate engine that shogi GUIs
// (ShogiGUI, Shogidokoro, Electron Shogi) register as a tsume engine. It
// speaks the protocol and delegates every search to package mate; it has no
// search logic of its own.
//
// Supported commands: usi, isready, setoption, usinewgame, position,
// go mate <ms>|infinite, stop, quit (and ponderhit/gameover, ignored). A
// plain `go` is answered with `bestmove resign` (this is a mate engine).
// Answers: checkmate <moves>, checkmate nomate, checkmate timeout, and
// info lines (nodes, nps, hashfull, pv, string) during the search. Bad input
// never ends the engine: it is reported with `info string`.
package usi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// Engine is one USI session. Create it with New and drive it with Run.
type Engine struct {
	outMu sync.Mutex
	out   io.Writer

	hashMB  int
	threads int
	rules   mate.Rules
	algo    mate.Algorithm
	solver  *mate.Solver
	pos     *shogi.Position

	// The running search, if any.
	cancel context.CancelFunc
	done   chan struct{}
}

// Default option values.
const (
	defaultHashMB = 256
	minHashMB     = 2
	maxHashMB     = 65536
	// maxThreads caps the Threads option (the proof search's threads).
	maxThreads = mate.MaxThreads
)

// New returns an engine writing to out.
func New(out io.Writer) *Engine {
	return &Engine{out: out, hashMB: defaultHashMB, threads: 1, rules: mate.Tsume, algo: mate.DFPN}
}

// println writes one protocol line; the search goroutine writes too.
func (e *Engine) println(format string, a ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format+"\n", a...)
}

// Run reads commands from in until quit or end of input, then stops any
// search and frees the tables.
func (e *Engine) Run(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<22) // long `position ... moves` lines
	defer e.shutdown()
	for sc.Scan() {
		if !e.handle(strings.TrimSpace(sc.Text())) {
			return nil
		}
	}
	return sc.Err()
}

// handle runs one command; it returns false on quit.
func (e *Engine) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "usi":
		e.println("id name tsume")
		e.println("id author the tsume authors")
		e.println("option name USI_Hash type spin default %d min %d max %d", defaultHashMB, minHashMB, maxHashMB)
		e.println("option name Threads type spin default 1 min 1 max %d", maxThreads)
		e.println("option name Rules type combo default tsume var tsume var mate")
		e.println("option name Algorithm type combo default dfpn var dfpn var pnstar var dfpnr var dfpn-tca var dfpn-wpns")
		e.println("usiok")
	case "isready":
		// Answered at once, even during a search (the tables exist then).
		if err := e.ensureSolver(); err != nil {
			e.println("info string error: %v", err)
		}
		e.println("readyok")
	case "setoption":
		e.setOption(f[1:])
	case "usinewgame":
		e.stop()
	case "position":
		e.stop()
		p, err := shogi.ParseSFEN(line)
		if err != nil {
			e.pos = nil
			e.println("info string error: bad position: %v", err)
			return true
		}
		e.pos = p
	case "go":
		e.goCmd(f[1:])
	case "stop":
		e.stop()
	case "ponderhit", "gameover":
	case "quit":
		return false
	default:
		e.println("info string error: unknown command %q", f[0])
	}
	return true
}

// setOption handles `setoption name N [value V]`.
func (e *Engine) setOption(f []string) {
	if len(f) < 2 || f[0] != "name" {
		e.println("info string error: want \"setoption name <id> [value <x>]\"")
		return
	}
	name, value := f[1], ""
	if len(f) >= 4 && f[2] == "value" {
		value = strings.Join(f[3:], " ")
	}
	e.stop()
	switch name {
	case "USI_Hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < minHashMB || n > maxHashMB {
			e.println("info string error: USI_Hash %q: want an integer in %d..%d (MiB)", value, minHashMB, maxHashMB)
			return
		}
		if n != e.hashMB && e.solver != nil {
			e.solver.Close()
			e.solver = nil
		}
		e.hashMB = n
	case "Rules":
		r, err := mate.ParseRules(value)
		if err != nil {
			e.println("info string error: %v", err)
			return
		}
		e.rules = r
	case "Algorithm":
		a, err := mate.ParseAlgorithm(value)
		if err != nil {
			e.println("info string error: %v", err)
			return
		}
		e.algo = a
	case "Threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxThreads {
			e.println("info string error: Threads %q: want an integer in 1..%d", value, maxThreads)
			return
		}
		e.threads = n
	case "USI_Ponder":
		// Accepted and ignored: a mate engine does not ponder.
	default:
		e.println("info string error: unknown option %q", name)
	}
}

// ensureSolver allocates the tables on first need (never during a
// search: the running search holds them).
func (e *Engine) ensureSolver() error {
	if e.solver != nil || e.done != nil {
		return nil
	}
	s, err := mate.NewSolver(e.hashMB)
	if err != nil {
		return err
	}
	e.solver = s
	return nil
}

// goCmd handles `go ...`.
func (e *Engine) goCmd(f []string) {
	e.stop() // a new go while searching ends the old search first
	if len(f) == 0 || f[0] != "mate" {
		e.println("info string this is a mate engine: use \"go mate <ms>|infinite\"")
		e.println("bestmove resign")
		return
	}
	var limit time.Duration
	switch {
	case len(f) < 2 || f[1] == "infinite":
	default:
		ms, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil || ms <= 0 {
			e.println("info string error: go mate %q: want a positive number of milliseconds or infinite", f[1])
			e.println("checkmate timeout")
			return
		}
		limit = time.Duration(ms) * time.Millisecond
	}
	if e.pos == nil {
		e.println("info string error: no valid position (send \"position ...\" first)")
		e.println("checkmate timeout") // never nomate unless proven
		return
	}
	if err := e.ensureSolver(); err != nil {
		e.println("info string error: %v", err)
		e.println("checkmate timeout")
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel, e.done = cancel, make(chan struct{})
	pos, solver, done := e.pos.Clone(), e.solver, e.done
	opts := mate.Options{Rules: e.rules, Algorithm: e.algo, TimeLimit: limit, Threads: e.threads, Progress: func(p mate.Progress) {
		e.println("info nodes %d nps %.0f hashfull %d string %s search, root pn %s dn %s",
			p.Nodes, p.NodesPerSecond, p.Hashfull, p.Phase, pnText(p.RootPN), pnText(p.RootDN))
	}}
	go func() {
		defer close(done)
		r, err := solver.Solve(ctx, pos, opts)
		if err != nil {
			e.println("info string error: %v", err)
			e.println("checkmate timeout") // never nomate unless proven
			return
		}
		e.report(&r)
	}()
}

// report prints the answer of a finished search.
func (e *Engine) report(r *mate.Result) {
	el := r.Elapsed.Seconds()
	nodes := r.Nodes()
	nps := float64(nodes) / max(el, 1e-9)
	switch r.Kind {
	case mate.Mate:
		e.println("info nodes %d nps %.0f hashfull %d time %d pv %s", nodes, nps, r.Hashfull, r.Elapsed.Milliseconds(), strings.Join(r.USI, " "))
		min := "minimal"
		if !r.Minimal {
			min = "not proven minimal"
		}
		ver := "verified"
		if !r.Verified {
			ver = "NOT verified: " + r.Verification.Problem
		}
		e.println("info string mate in %d (%s, %s)", r.Length, min, ver)
		e.println("checkmate %s", strings.Join(r.USI, " "))
	case mate.NoMate:
		e.println("info nodes %d nps %.0f hashfull %d time %d", nodes, nps, r.Hashfull, r.Elapsed.Milliseconds())
		e.println("checkmate nomate")
	default:
		e.println("info nodes %d nps %.0f hashfull %d time %d string root pn %s dn %s", nodes, nps, r.Hashfull, r.Elapsed.Milliseconds(), pnText(r.RootPN), pnText(r.RootDN))
		e.println("checkmate timeout")
	}
}

func pnText[T ~uint64](x T) string {
	if uint64(x) == ^uint64(0) {
		return "inf"
	}
	return strconv.FormatUint(uint64(x), 10)
}

// stop ends the running search (its answer is still printed) and waits.
func (e *Engine) stop() {
	if e.cancel != nil {
		e.cancel()
		e.solver.Stop()
	}
	e.wait()
}

// wait blocks until the running search, if any, has printed its answer.
func (e *Engine) wait() {
	if e.done != nil {
		<-e.done
		e.cancel()
		e.cancel, e.done = nil, nil
	}
}

// shutdown stops any search and frees the tables.
func (e *Engine) shutdown() {
	e.stop()
	if e.solver != nil {
		e.solver.Close()
		e.solver = nil
	}
}
