package usi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// TestStopLatency measures how late the engine answers after `stop`
// and after the limit of `go mate <ms>`, over latencyPoints stop points
// each: tails of Microcosmos (41, 61 and 101 plies to mate) on fresh
// tables, stopped or limited after 20 ms .. 4 s (geometric steps), so that
// the stop lands in the proof search, the line search or the verifier. It
// logs the median, 90th percentile and worst latency, and each point with
// -v; it asserts nothing about time (the machine's load decides the
// figures), only that every search answers.
func TestStopLatency(t *testing.T) {
	if os.Getenv("TSUME_LATENCY") != "1" {
		t.Skip("a measurement of minutes: run with TSUME_LATENCY=1 go test -run Latency -v ./shogi/usi")
	}
	start, moves := sharedtest.Microcosmos(t)
	var tails []string
	for _, left := range []int{41, 61, 101} {
		tails = append(tails, fmt.Sprintf("position sfen %s moves %s", start, strings.Join(moves[:len(moves)-left], " ")))
	}

	h := startTimed(t)
	w := h.solver
	delay := func(i int) time.Duration {
		return time.Duration(float64(20*time.Millisecond) * math.Pow(200, float64(i)/float64(latencyPoints-1)))
	}
	// own is the engine's share: from the stop's write to the solver's
	// Stop, and from Solve's return to the answer's write.
	var stopLat, limitLat, own []time.Duration
	for i := range latencyPoints {
		d := delay(i)
		// A new table size allocates new (empty) tables: every point
		// starts with the proof search.
		h.send(fmt.Sprintf("setoption name USI_Hash value %d", 128+i%2), tails[i%len(tails)], "go mate infinite")
		time.Sleep(d)
		sent := h.send("stop")
		a := h.answer()
		stopLat = append(stopLat, a.at.Sub(sent))
		stopped, returned := w.times()
		engine := stopped.Sub(sent)
		if stopped.IsZero() {
			engine = -1 // the search ended before the stop
		}
		own = append(own, max(engine, 0)+a.at.Sub(returned))
		t.Logf("stop  %2d: tail %3d, after %6.0f ms (%s): answered %6.1f ms later (Stop called after %.1f ms, Solve returned %.1f ms after the stop): %s",
			i, []int{41, 61, 101}[i%3], ms(d), a.phase, ms(a.at.Sub(sent)), ms(engine), ms(returned.Sub(sent)), cutAnswer(a.line))
	}
	for i := range latencyPoints {
		d := delay(i)
		h.send(fmt.Sprintf("setoption name USI_Hash value %d", 128+i%2), tails[i%len(tails)])
		sent := h.send(fmt.Sprintf("go mate %d", d.Milliseconds()))
		a := h.answer()
		late := a.at.Sub(sent) - time.Duration(d.Milliseconds())*time.Millisecond
		limitLat = append(limitLat, late)
		_, returned := w.times()
		own = append(own, a.at.Sub(returned))
		t.Logf("limit %2d: tail %3d, go mate %5d (%s): answered %6.1f ms after the limit (Solve returned %.1f ms after it): %s", i, []int{41, 61, 101}[i%3],
			d.Milliseconds(), a.phase, ms(late), ms(returned.Sub(sent)-time.Duration(d.Milliseconds())*time.Millisecond), cutAnswer(a.line))
	}
	h.quit()
	t.Logf("stop: %d points, latency median %.1f ms, 90%% %.1f ms, worst %.1f ms", len(stopLat), quantile(stopLat, 0.5), quantile(stopLat, 0.9), quantile(stopLat, 1))
	t.Logf("the engine's own share (stop to Solver.Stop, Solve's return to the answer): median %.2f ms, worst %.2f ms", quantile(own, 0.5), quantile(own, 1))
	t.Logf("go mate <ms>: %d points, answer after the limit median %.1f ms, 90%% %.1f ms, worst %.1f ms", len(limitLat), quantile(limitLat, 0.5), quantile(limitLat, 0.9), quantile(limitLat, 1))
}

// latencyPoints is the number of stop points of each kind.
const latencyPoints = 51

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func quantile(ds []time.Duration, q float64) float64 {
	s := slices.Clone(ds)
	slices.Sort(s)
	return ms(s[int(math.Round(q*float64(len(s)-1)))])
}

func cutAnswer(l string) string {
	if len(l) > 40 {
		return l[:40] + "…"
	}
	return l
}

// timedSession is an engine whose answers are time-stamped as the engine
// writes them, and whose solver records when it was stopped and when its
// Solve returned (to tell the engine's share of a latency from the
// solver's).
type timedSession struct {
	t       *testing.T
	solver  *timedSolver
	in      *io.PipeWriter
	answers chan timedLine
	done    chan error
}

type timedLine struct {
	line string
	at   time.Time
	// phase is the phase of the last progress report (about one a second)
	// before the answer, "-" when there was none.
	phase string
}

// timedSolver wraps the engine's solver.
type timedSolver struct {
	searcher
	mu                sync.Mutex
	stopped, returned time.Time
}

func (s *timedSolver) Solve(ctx context.Context, pos *shogi.Position, o mate.Options) (mate.Result, error) {
	s.mu.Lock()
	s.stopped, s.returned = time.Time{}, time.Time{}
	s.mu.Unlock()
	r, err := s.searcher.Solve(ctx, pos, o)
	s.mu.Lock()
	s.returned = time.Now()
	s.mu.Unlock()
	return r, err
}

func (s *timedSolver) Stop() {
	s.mu.Lock()
	if s.stopped.IsZero() {
		s.stopped = time.Now()
	}
	s.mu.Unlock()
	s.searcher.Stop()
}

// times returns when the last search was first stopped (zero: never) and
// when it returned.
func (s *timedSolver) times() (stopped, returned time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopped, s.returned
}

func startTimed(t *testing.T) *timedSession {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &timedSession{t: t, in: inW, answers: make(chan timedLine, 16), done: make(chan error, 1)}
	e := New(outW)
	e.newSearcher = func(mb int) (searcher, error) {
		s, err := newSolver(mb)
		if err != nil {
			return nil, err
		}
		h.solver.searcher = s
		return h.solver, nil
	}
	h.solver = &timedSolver{}
	go func() {
		h.done <- e.Run(inR)
		outW.Close()
	}()
	go func() {
		r := bufio.NewReaderSize(outR, 1<<20)
		phase := "-"
		for {
			l, err := r.ReadString('\n')
			at := time.Now()
			if _, p, ok := strings.Cut(l, " string "); ok && strings.HasPrefix(l, "info nodes") && strings.Contains(p, " search") {
				phase, _, _ = strings.Cut(p, " ")
			}
			if strings.HasPrefix(l, "checkmate") || strings.HasPrefix(l, "info string error") {
				h.answers <- timedLine{strings.TrimSpace(l), at, phase}
				phase = "-"
			}
			if err != nil {
				close(h.answers)
				return
			}
		}
	}()
	return h
}

// send writes the commands and returns when the last was written.
func (h *timedSession) send(cmds ...string) time.Time {
	for _, c := range cmds {
		if _, err := io.WriteString(h.in, c+"\n"); err != nil {
			h.t.Fatal(err)
		}
	}
	return time.Now()
}

// answer returns the next `checkmate` line (a hang guard of 10 minutes).
func (h *timedSession) answer() timedLine {
	for {
		select {
		case a, ok := <-h.answers:
			if !ok {
				h.t.Fatal("the engine closed its output")
			}
			if strings.HasPrefix(a.line, "info string error") {
				h.t.Fatal(a.line)
			}
			return a
		case <-time.After(10 * time.Minute):
			h.t.Fatal("no answer within 10 minutes")
		}
	}
}

func (h *timedSession) quit() {
	h.send("quit")
	if err := <-h.done; err != nil {
		h.t.Fatal(err)
	}
}
