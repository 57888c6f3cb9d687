package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/internal/sharedtest"
)

// TestStopLatency measures how late `tsume solve --time-limit X`
// answers, as a user sees it: the command is run as a process for many
// limits on problems whose searches stop in different phases (Kotobuki in
// the proof search; Microcosmos' last 41 and 61 plies mostly in the line
// search and the verifier), and the lateness is logged (median and worst):
// the process's wall time past X, and the solve's own time_ms past X (a
// lower bound of the solve's lateness: the command counts its setup
// against the limit). It asserts nothing about time (the machine is
// shared); it fails only when a run fails or hangs.
func TestStopLatency(t *testing.T) {
	latencyRun(t, "about 4 minutes of searches")
	problems := latencyProblems(t)
	const perProblem = 20
	var all []latencySample
	for _, p := range problems {
		for i := range perProblem {
			limit := 300*time.Millisecond + time.Duration(i)*300*time.Millisecond
			j, wall := runTimed(t, p, limit, 0)
			if wall < limit {
				t.Logf("%-16s limit %6v: answered before the limit (%s in %v)", p.name, limit, j.Result, wall.Round(time.Millisecond))
				continue
			}
			phase := stopPhase(j)
			s := latencySample{phase, float64(wall.Microseconds())/1000 - float64(limit.Milliseconds()), j.TimeMS - float64(limit.Milliseconds())}
			all = append(all, s)
			t.Logf("%-16s limit %6v: %-7s stopped in %-13s late by %6.1f ms (process) %6.1f ms (solve)", p.name, limit, j.Result, s.phase, s.wallMS, s.ownMS)
		}
	}
	logLatencies(t, all, true)
}

// TestHeavyInterruptLatency measures how long `tsume solve` takes from a
// SIGINT to its exit (with the partial result printed), for interrupts
// sent at many points of the same searches as TestStopLatency. It
// asserts the exit status and the answer's presence, nothing about time.
func TestInterruptLatency(t *testing.T) {
	latencyRun(t, "about 2 minutes of searches")
	var all []latencySample
	for _, p := range latencyProblems(t) {
		for i := range 17 {
			at := 300*time.Millisecond + time.Duration(i)*200*time.Millisecond
			j, wall := runTimed(t, p, 0, at)
			if j.Result == "" {
				t.Logf("%-16s SIGINT at %6v: answered before it", p.name, at)
				continue
			}
			s := latencySample{phase: stopPhase(j), wallMS: float64(wall.Microseconds())/1000 - float64(at.Milliseconds())}
			all = append(all, s)
			t.Logf("%-16s SIGINT at %6v: %-7s stopped in %-13s exit %6.1f ms after the signal", p.name, at, j.Result, s.phase, s.wallMS)
		}
	}
	logLatencies(t, all, false)
}

// latencyProblem is a position (and moves from it) of the latency runs.
type latencyProblem struct{ name, sfen, moves string }

func latencyProblems(t *testing.T) []latencyProblem {
	start, mc := sharedtest.Microcosmos(t)
	return []latencyProblem{
		{"kotobuki", kotobuki, ""},
		{"microcosmos-41", start, strings.Join(mc[:len(mc)-41], " ")},
		{"microcosmos-61", start, strings.Join(mc[:len(mc)-61], " ")},
	}
}

// runTimed runs `tsume solve --json` on p as a process, with a time limit
// (if limit > 0) or a SIGINT sent at `interrupt` after the start (if > 0),
// and returns its answer (Result empty when it exited before the signal)
// and its wall time.
func runTimed(t *testing.T, p latencyProblem, limit, interrupt time.Duration) (solveJSON, time.Duration) {
	t.Helper()
	args := []string{"solve", "--quiet", "--json", "--hash-mb", "64", "--time-limit", limit.String(), "--sfen", p.sfen}
	if p.moves != "" {
		args = append(args, "--moves", p.moves)
	}
	cmd := tsumeCommand(t, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	guard := time.AfterFunc(limit+interrupt+2*time.Minute, func() { cmd.Process.Kill() })
	defer guard.Stop()
	if interrupt > 0 {
		time.Sleep(interrupt - time.Since(start))
		cmd.Process.Signal(os.Interrupt)
	}
	err := cmd.Wait()
	wall := time.Since(start)
	var j solveJSON
	code := cmd.ProcessState.ExitCode()
	switch {
	case interrupt > 0 && code == 0 && wall < interrupt:
		return solveJSON{}, wall
	case interrupt > 0 && code != exitInterrupted, interrupt == 0 && err != nil, json.Unmarshal(out.Bytes(), &j) != nil:
		t.Fatalf("%s (limit %v, SIGINT at %v): exit %d %v\n%s%s", p.name, limit, interrupt, code, err, out.String(), errb.String())
	}
	return j, wall
}

// stopPhase names the phase a stopped search was in, from its answer.
func stopPhase(j solveJSON) string {
	switch {
	case j.Result == "mate" && j.Minimal:
		return "minimal line"
	case j.Result == "mate" || j.Proven:
		return "line/verifier"
	case j.Result == "nomate":
		return "disproof"
	}
	return "proof"
}

// latencySample is one stop: the phase, and how late the process and the
// solve answered (ms).
type latencySample struct {
	phase         string
	wallMS, ownMS float64
}

// logLatencies logs median and worst lateness, over all and per phase
// (the solve's own lateness too when own is set).
func logLatencies(t *testing.T, all []latencySample, own bool) {
	summary := func(name string, xs []latencySample) {
		if len(xs) == 0 {
			return
		}
		wall := make([]float64, len(xs))
		ownMS := make([]float64, len(xs))
		for i, s := range xs {
			wall[i], ownMS[i] = s.wallMS, s.ownMS
		}
		slices.Sort(wall)
		slices.Sort(ownMS)
		line := fmt.Sprintf("%-14s %3d stops: process late by median %6.1f ms, worst %6.1f ms", name, len(xs), wall[len(wall)/2], wall[len(wall)-1])
		if own {
			line += fmt.Sprintf("; solve late by median %6.1f ms, worst %6.1f ms", ownMS[len(ownMS)/2], ownMS[len(ownMS)-1])
		}
		t.Log(line)
	}
	summary("all", all)
	for _, ph := range []string{"proof", "line/verifier"} {
		var xs []latencySample
		for _, s := range all {
			if s.phase == ph {
				xs = append(xs, s)
			}
		}
		summary(ph, xs)
	}
}

// latencyRun skips a latency measurement unless TSUME_LATENCY=1: it is a
// benchmark of minutes, too long for the test run, and asserts nothing
// about time.
func latencyRun(t *testing.T, what string) {
	t.Helper()
	if os.Getenv("TSUME_LATENCY") != "1" {
		t.Skip("a measurement (" + what + "): run with TSUME_LATENCY=1 go test -run Latency -v ./cmd/tsume")
	}
}
