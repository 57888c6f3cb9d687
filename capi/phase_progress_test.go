package main

import (
	"context"
	"testing"
	"time"
	"unsafe"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// phaseProgressMirror has tsume_phase_progress's layout (tsume.h), so that
// a test can read what fillPhaseProgress wrote: a field written at the
// wrong place, or not at all, reads back wrong.
type phaseProgressMirror struct {
	StructSize     uint32
	Phase          int32
	PhaseName      *byte
	Nodes          uint64
	NodesPerSecond float64
	ElapsedMS      float64
	RootPN, RootDN uint64
	Hashfull       uint32
	Length         uint32
	Ply            uint32
	Best           uint32
	BestVerified   int32
	Alternatives   uint32
	Settled        uint32
	Open           uint32
}

// cString reads a NUL-terminated string.
func cString(p *byte) string {
	if p == nil {
		return "(null)"
	}
	var b []byte
	for q := unsafe.Pointer(p); *(*byte)(q) != 0; q = unsafe.Add(q, 1) {
		b = append(b, *(*byte)(q))
	}
	return string(b)
}

// distinctProgress is a shogi/mate report whose every field differs from
// every other and from 0.
func distinctProgress(phase string) mate.Progress {
	return mate.Progress{Phase: phase, Nodes: 101, NodesPerSecond: 102.5, Hashfull: 103, RootPN: 104, RootDN: core.PN(1<<64 - 1),
		Elapsed: 105 * time.Millisecond, Length: 106, Best: 107, BestVerified: true, Ply: 108,
		Alternatives: 109, Settled: 110, Open: 111}
}

// checkPhaseReport checks that m carries every field of distinctProgress(phase).
func checkPhaseReport(t *testing.T, m phaseProgressMirror, phase string, num int32) {
	t.Helper()
	want := phaseProgressMirror{StructSize: uint32(unsafe.Sizeof(m)), Phase: num, PhaseName: m.PhaseName, Nodes: 101, NodesPerSecond: 102.5,
		ElapsedMS: 105, RootPN: 104, RootDN: 1<<64 - 1, Hashfull: 103, Length: 106, Ply: 108, Best: 107, BestVerified: 1,
		Alternatives: 109, Settled: 110, Open: 111}
	if m != want {
		t.Errorf("%s report:\n got %+v\nwant %+v", phase, m, want)
	}
	if got := cString(m.PhaseName); got != phase {
		t.Errorf("phase_name %q, want %q", got, phase)
	}
}

// TestPhaseProgressFields: every field of shogi/mate's progress reaches
// tsume_phase_progress, at tsume.h's offsets, with struct_size the
// struct's size; each phase has its tsume_phase number, and a phase
// tsume.h does not list comes as OTHER under its own name.
func TestPhaseProgressFields(t *testing.T) {
	if phaseProgressSize != unsafe.Sizeof(phaseProgressMirror{}) {
		t.Fatalf("sizeof(tsume_phase_progress) %d, the mirror %d: update the mirror", phaseProgressSize, unsafe.Sizeof(phaseProgressMirror{}))
	}
	phases := []struct {
		name string
		num  int32
	}{{"proof", 0}, {"minimal", 1}, {"shorten", 2}, {"line", 3}, {"repair", 4}, {"verify", 5}, {"a later phase", 6}}
	for _, ph := range phases {
		var m phaseProgressMirror
		fillPhaseProgress(unsafe.Pointer(&m), shogiProgress(distinctProgress(ph.name)))
		checkPhaseReport(t, m, ph.name, ph.num)
	}
	// A name of another phase is made once and kept.
	var a, b phaseProgressMirror
	fillPhaseProgress(unsafe.Pointer(&a), progress{phase: "later"})
	fillPhaseProgress(unsafe.Pointer(&b), progress{phase: "later"})
	if a.PhaseName != b.PhaseName {
		t.Error("the name of an unlisted phase was made twice")
	}
}

// TestPhaseProgressThroughSolve: the report the solver hands the hook
// during a shogi search is shogi/mate's, every field of it (fault
// injection: the fake solver reports distinctProgress in each phase).
func TestPhaseProgressThroughSolve(t *testing.T) {
	s := newTestSolver(t, 0)
	var got []phaseProgressMirror
	s.setProgress(newProgressHook(func(pr progress) {
		var m phaseProgressMirror
		fillPhaseProgress(unsafe.Pointer(&m), pr)
		got = append(got, m)
	}, 10))
	names := []string{"proof", "shorten", "line", "repair", "verify", "minimal"}
	withShogiSolve(s, func(_ context.Context, _ *shogi.Position, o mate.Options) (mate.Result, error) {
		if o.Progress == nil || o.ProgressEvery != minProgressInterval {
			t.Fatalf("the search got no progress function (every %v)", o.ProgressEvery)
		}
		for i, n := range names {
			p := distinctProgress(n)
			p.Elapsed = time.Duration(i+1) * time.Second // past the hook's spacing
			o.Progress(p)
		}
		return mate.Result{Kind: mate.NoMate}, nil
	})
	if _, err := askShogi(t, s); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(names) {
		t.Fatalf("%d reports, want %d", len(got), len(names))
	}
	for i, m := range got {
		m.ElapsedMS -= float64(i+1)*1000 - 105
		checkPhaseReport(t, m, names[i], phaseNumber(names[i]))
	}
}
