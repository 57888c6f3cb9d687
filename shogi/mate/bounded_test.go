package mate

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// TestBoundedGame asks "mate within N?" around the true length.
func TestBoundedGame(t *testing.T) {
	tests := []struct {
		sfen  string
		rules Rules
		n     int // exact length
	}{
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume, 3},
		{"8k/7pl/6N2/9/9/9/9/9/R8 b b 1", MateSearch, 3},
		{"8k/7pl/6N2/9/9/9/9/9/R8 b b 1", Tsume, 1},
	}
	for _, tc := range tests {
		g := preparedGame(t, tc.sfen, tc.rules)
		tab, err := core.NewTable(4, core.TableOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for lim := tc.n - 2; lim <= tc.n+2; lim += 2 {
			if lim < 0 {
				continue
			}
			r := core.Solve(context.Background(), newBoundedGame(g, lim, nil), tab, core.Options{TCA: true, SNDA: true})
			want := core.Proven
			if lim < tc.n {
				want = core.Disproven
			}
			if r.Outcome != want {
				t.Errorf("%s %v within %d: %v, want %v", tc.sfen, tc.rules, lim, r.Outcome, want)
			}
		}
		tab.Close()
	}
}

// TestShorteningPath forces the long-line method (bounded proofs, the
// line walker) on our own problems and, when ../shared is present, on the
// antma problems of 5 plies or more (a sample under -short): same lengths,
// proven minimal, verified.
func TestShorteningPath(t *testing.T) {
	s, err := NewSolver(8)
	if err != nil {
		t.Fatal(err)
	}
	s.exactMax = 0
	defer s.Close()
	var cases []boundedCase
	for _, tc := range ownProblems {
		if tc.kind == Mate && tc.length >= 2 {
			cases = append(cases, boundedCase{tc.name, tc.sfen, tc.rules, tc.length})
		}
	}
	for _, tc := range shortSample(boundedCases(t), 3) {
		if strings.HasPrefix(tc.name, "antma:") {
			cases = append(cases, tc)
		}
	}
	for _, tc := range cases {
		pos, _ := shogi.ParseSFEN(tc.sfen)
		and := tc.name == "defender to move"
		r, err := s.Solve(context.Background(), pos, Options{Rules: tc.rules, DefenderToMove: and})
		if err != nil {
			t.Fatal(err)
		}
		// (The long-line method ran, though it may have needed no
		// expansion: horizon nodes are decided without one.)
		if r.Kind != Mate || r.Length != tc.n || !r.Minimal || !r.Verified || !s.shortened {
			t.Errorf("%s: %v in %d minimal %v verified %v (%s) shortened %v %s", tc.name, r.Kind, r.Length, r.Minimal, r.Verified, r.Verification.Problem, s.shortened, r.Note)
		}
		// The line was verified when the shortening found it.
		if !slices.Equal(s.early.line, r.Moves) || !s.early.v.OK || s.early.v != r.Verification {
			t.Errorf("%s: the early verification (%+v of %d plies) is not the answer's", tc.name, s.early.v, len(s.early.line))
		}
	}
}

// TestShortenNote checks what a partial answer says it proved.
func TestShortenNote(t *testing.T) {
	line := make([]shogi.Move, 61)
	tests := []struct {
		best    []shogi.Move
		hi, lo  int
		minimal bool
		want    []string
	}{
		{line, 61, 59, true, nil},
		{line, 61, -1, false, []string{"a mate within 61 plies", "whether a mate within 59"}},
		{line, 61, 55, false, []string{"a mate within 61 plies", "no mate within 55", "whether a mate within 59"}},
		{line[:59], 61, -1, false, []string{"the line has 59 plies"}},
		{nil, -1, -1, false, []string{"first proof's main line", "neither its length nor minimality"}},
	}
	for _, tc := range tests {
		got := shortenNote(tc.best, tc.hi, tc.lo, tc.minimal)
		if tc.want == nil && got != "" {
			t.Errorf("minimal: note %q", got)
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("hi %d lo %d: note %q lacks %q", tc.hi, tc.lo, got, w)
			}
		}
	}
}

// TestBoundedTerminal checks what the bounded game decides before any
// expansion: an attacker node with no ply left and a defender node at the
// horizon with a defence are disproven, a defender without a defence is
// mated whatever the plies left, and anything else is left to the search.
func TestBoundedTerminal(t *testing.T) {
	tests := []struct {
		moves []string // played from the root of "mate in 3"
		limit int
		want  core.Outcome
	}{
		{nil, 0, core.Disproven},
		{nil, 1, core.Unknown},
		{nil, 3, core.Unknown},
		{[]string{"S*1b"}, 1, core.Disproven}, // 2a1b escapes the horizon
		{[]string{"S*1b"}, 3, core.Unknown},
		{[]string{"S*1b", "2a1b", "G*2b"}, 3, core.Proven},
		{[]string{"S*1b", "2a1b", "G*2b"}, 7, core.Proven},
		{[]string{"S*1b", "2a1b"}, 3, core.Unknown},
		{[]string{"S*1b", "2a1b"}, 2, core.Disproven},
	}
	for _, tc := range tests {
		g := preparedGame(t, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume)
		b := newBoundedGame(g, tc.limit, nil)
		for _, m := range usiLine(t, g.pos, tc.moves...) {
			g.pos.Do(m)
		}
		if got := b.Terminal(); got != tc.want {
			t.Errorf("%v within %d: %v, want %v", tc.moves, tc.limit, got, tc.want)
		}
	}
}

// TestBoundedTerminalReusesProofLengths: a defender node that the
// unbounded search proved, with a proof of length L, is mated within any
// horizon of at least L plies and left to the search below L (it may still
// be mated within fewer plies by another line, which only a search finds).
func TestBoundedTerminalReusesProofLengths(t *testing.T) {
	tab, err := core.NewTable(1, core.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	g := preparedGame(t, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume)
	for _, m := range usiLine(t, g.pos, "S*1b") {
		g.pos.Do(m)
	}
	// The node after S*1b: an AND node, proven in 2 plies (2a1b G*2b).
	tab.Store(&core.Entry{Key: g.Key(), OrNode: false, PN: 0, DN: core.Infinity, Length: 2, Sound: true})
	for _, tc := range []struct {
		limit int
		want  core.Outcome
	}{{1, core.Unknown}, {2, core.Proven}, {4, core.Proven}} {
		b := newBoundedGame(g, tc.limit, tab)
		// The root of b is the current position, so left() is the limit.
		if got := b.Terminal(); got != tc.want {
			t.Errorf("within %d: %v, want %v", tc.limit, got, tc.want)
		}
	}
	// A longer proof says nothing about a shorter horizon.
	tab.Store(&core.Entry{Key: g.Key(), OrNode: false, PN: 0, DN: core.Infinity, Length: 6, Sound: true})
	if got := newBoundedGame(g, 5, tab).Terminal(); got != core.Unknown {
		t.Errorf("a 6-ply proof within 5: %v, want Unknown", got)
	}
}

// TestKeepVerified: a line search that ends on a line verifyEarly did not
// accept answers with the last line it did accept, and says so; a verified
// answer, or no verified line at all, is left alone.
func TestKeepVerified(t *testing.T) {
	a := make([]shogi.Move, 65) // the verified line
	b := make([]shogi.Move, 61) // found last, not verified
	for i := range a {
		a[i] = shogi.Move(i + 1)
	}
	for i := range b {
		b[i] = shogi.Move(i + 100)
	}
	ok, unsettled := Verification{OK: true, Plies: 65}, Verification{Unsettled: 3}
	tests := []struct {
		name     string
		sure     []shogi.Move
		last     []shogi.Move
		lastV    Verification
		answer   []shogi.Move
		want     []shogi.Move
		wantNote string
	}{
		{"last not verified", a, b, unsettled, b, a, "the 61-ply line found last was not verified"},
		{"last verified", a, b, ok, b, b, ""},
		{"nothing verified", nil, b, unsettled, b, b, ""},
	}
	for _, tc := range tests {
		var s Solver
		s.early.sure, s.early.sureV = tc.sure, ok
		s.early.line, s.early.v = tc.last, tc.lastV
		res := Result{Moves: tc.answer, Note: "before"}
		s.keepVerified(&res, 61, 59)
		if !slices.Equal(res.Moves, tc.want) {
			t.Errorf("%s: answer of %d plies, want %d", tc.name, len(res.Moves), len(tc.want))
		}
		if tc.wantNote == "" {
			if res.Note != "before" {
				t.Errorf("%s: note changed to %q", tc.name, res.Note)
			}
			continue
		}
		if !strings.Contains(res.Note, tc.wantNote) || !strings.Contains(res.Note, "no mate within 59") || res.Minimal {
			t.Errorf("%s: note %q, minimal %v", tc.name, res.Note, res.Minimal)
		}
		if !slices.Equal(s.early.line, tc.want) || !s.early.v.OK {
			t.Errorf("%s: the early verification is not the answer's", tc.name)
		}
	}
}

// TestBoundedSearchOnTwoThreads: a bounded search runs on two threads
// (boundedGame is a core.Cloner whose copies keep the horizon) and answers
// as one thread does, at the exact length and two plies below it.
func TestBoundedSearchOnTwoThreads(t *testing.T) {
	g := preparedGame(t, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume)
	b := newBoundedGame(g, 5, nil)
	var buf [shogi.MaxMoves]core.Move
	m := b.Moves(buf[:0], 0)[0]
	b.Do(m)
	cl, ok := any(b).(core.Cloner)
	if !ok {
		t.Fatal("boundedGame is not a core.Cloner: a parallel bounded search runs on one thread")
	}
	c, ok := cl.Clone().(*boundedGame)
	if !ok || c.Key() != b.Key() || c.left() != b.left() || c.Game == b.Game {
		t.Fatalf("the clone is not the same bounded position on its own game (left %d, want %d)", c.left(), b.left())
	}
	b.Undo(m)
	for _, tc := range shortSample(boundedCases(t), 8) {
		if tc.n < 3 {
			continue
		}
		g := preparedGame(t, tc.sfen, tc.rules)
		for _, h := range []int{tc.n, tc.n - 2} {
			tab, err := core.NewTable(4, core.TableOptions{})
			if err != nil {
				t.Fatal(err)
			}
			r := core.Solve(context.Background(), newBoundedGame(g, h, tab), tab, core.Options{TCA: true, SNDA: true, Threads: 2})
			tab.Close()
			want := core.Proven
			if h < tc.n {
				want = core.Disproven
			}
			if r.Outcome != want {
				t.Errorf("%s: within %d on two threads: %v, want %v", tc.name, h, r.Outcome, want)
			}
			if r.Threads != 2 && r.Stats.Expanded > 4000 { // smaller searches stay on one thread (core: soloNodes)
				t.Errorf("%s: within %d: %d threads searched, want 2", tc.name, h, r.Threads)
			}
		}
	}
}

// TestBoundedEpochs: a bounded search of a new epoch does not meet the
// undecided entries of the one before (its keys differ), reuses that
// epoch's decided results (Terminal, and the readers of probeDecided), the
// readers not those of older epochs; the shortening starts an epoch for
// its search from the root.
func TestBoundedEpochs(t *testing.T) {
	const sfen = "7sk/9/7PP/9/9/9/9/9/9 b GS 1" // mate in 3
	g := preparedGame(t, sfen, Tsume)
	tab, err := core.NewTable(4, core.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	e1 := epochs{}.next(1)
	e2 := e1.next(2)
	in := func(ep epochs, lim int) *boundedGame {
		b := newBoundedGame(g, lim, tab)
		b.ep = ep
		return b
	}

	// An open entry of epoch 0 is not seen from epoch 1.
	r := core.Solve(context.Background(), in(epochs{}, 5), tab, core.Options{TCA: true, SNDA: true, NodeLimit: 1})
	if r.Outcome != core.Unknown {
		t.Fatalf("within 5, one expansion: %v, want unknown", r.Outcome)
	}
	if e, ok := tab.Lookup(in(epochs{}, 5).Key(), true); !ok || e.PN == 0 || e.DN == 0 {
		t.Fatalf("epoch 0 left no open entry at the root: %+v %v", e, ok)
	}
	if _, ok := tab.Lookup(in(e1, 5).Key(), true); ok {
		t.Error("epoch 1 reads epoch 0's open entry")
	}

	// Decided results of epoch 0 hold in epoch 1, not in epoch 2.
	for _, tc := range []struct {
		lim  int
		want core.Outcome
	}{{5, core.Proven}, {1, core.Disproven}} {
		if r := core.Solve(context.Background(), in(epochs{}, tc.lim), tab, core.Options{TCA: true, SNDA: true}); r.Outcome != tc.want {
			t.Fatalf("within %d: %v, want %v", tc.lim, r.Outcome, tc.want)
		}
		if got := in(e1, tc.lim).Terminal(); got != tc.want {
			t.Errorf("within %d in epoch 1: Terminal %v, want epoch 0's %v", tc.lim, got, tc.want)
		}
		if _, ok := e1.probeDecided(tab, g.Key(), tc.lim, true, g); !ok {
			t.Errorf("within %d: epoch 1's readers miss epoch 0's result", tc.lim)
		}
		if _, ok := e2.probeDecided(tab, g.Key(), tc.lim, true, g); ok {
			t.Errorf("within %d: epoch 2's readers read epoch 0", tc.lim)
		}
		// Terminal reads every epoch's decided results through the
		// horizon summary (Decided).
		if got := in(e2, tc.lim).Terminal(); got != tc.want {
			t.Errorf("within %d in epoch 2: Terminal %v, want epoch 0's %v (the summary)", tc.lim, got, tc.want)
		}
	}

	// The shortening's search from the root runs in an epoch of its own.
	s, err := NewSolver(8)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.exactMax = 0
	pos, _ := shogi.ParseSFEN(sfen)
	res, err := s.Solve(context.Background(), pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Kind != Mate || res.Length != 3 || !res.Minimal || s.epochN == 0 || s.ep.cur == 0 {
		t.Errorf("%v in %d minimal %v, %d epochs (current salt %#x): want a minimal mate in 3 after an epoch started", res.Kind, res.Length, res.Minimal, s.epochN, s.ep.cur)
	}
}

// TestBoundedTerminalReadsHorizonSummary: a result the bounded search
// decided at one horizon (Decided) answers Terminal at every horizon it
// covers, however far (a mate within 3 is one within 9; no mate within 9
// is none within 3), and at no other.
func TestBoundedTerminalReadsHorizonSummary(t *testing.T) {
	tab, err := core.NewTable(1, core.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	g := preparedGame(t, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume)
	note := func(limit int, proven bool) {
		e := core.Entry{Key: g.Key(), OrNode: true, PN: core.Infinity, DN: 0, Sound: true}
		if proven {
			e.PN, e.DN = 0, core.Infinity
		}
		newBoundedGame(g, limit, tab).Decided(e)
	}
	check := func(what string, limits []int, want core.Outcome) {
		t.Helper()
		for _, lim := range limits {
			if got := newBoundedGame(g, lim, tab).Terminal(); got != want {
				t.Errorf("%s, within %d: %v, want %v", what, lim, got, want)
			}
		}
	}
	note(9, false)
	check("no mate within 9", []int{3, 5, 9}, core.Disproven)
	check("no mate within 9", []int{11, 13}, core.Unknown)
	note(5, false) // a smaller horizon leaves the summary as it was
	check("no mate within 9 and 5", []int{7, 9}, core.Disproven)
	note(15, true)
	check("a mate within 15", []int{15, 21}, core.Proven)
	check("a mate within 15", []int{11, 13}, core.Unknown)
}

// TestShortenSaysWhyItEnded: a shortening that ends before its deadline
// without a minimal line (here a bounded search that comes back undecided
// although nothing stopped it) says so in the note, with the reason.
func TestShortenSaysWhyItEnded(t *testing.T) {
	tc := boundedCase{"mate in 3", "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume, 3}
	g, s, bounded := caseSolver(t, tc, true)
	defer s.Close()
	s.start = time.Now()
	line, _ := s.completeLine(context.Background(), g, maxRepairLine)
	if len(line) != 3 {
		t.Fatalf("main line of %d plies", len(line))
	}
	undecided := func(limit int, nodes uint64) core.Result {
		if limit < 3 {
			return core.Result{Stop: core.Finished, RootPN: 5, RootDN: 7}
		}
		return bounded(limit, nodes)
	}
	var res Result
	s.shorten(context.Background(), g, core.Result{Outcome: core.Proven, Length: 3}, &res, first{pv: line, line: line}, undecided, func() bool { return false })
	if len(res.Moves) != 3 || res.Minimal {
		t.Fatalf("answer of %d plies, minimal %v", len(res.Moves), res.Minimal)
	}
	for _, w := range []string{"ended at", "with time left", `"mate within 1?" ended undecided`, "pn 5 dn 7"} {
		if !strings.Contains(res.Note, w) {
			t.Errorf("note %q lacks %q", res.Note, w)
		}
	}
}

// TestSummaryKeysShareABucket: a position's two horizon summaries land in
// one bucket (lengthsKey): their Boards differ by summaryStep, whose
// product with the table's bucket multiplier is 1, and the keys differ
// from each other and from the unbounded key.
func TestSummaryKeysShareABucket(t *testing.T) {
	step, mult := uint64(summaryStep), uint64(0x9e3779b97f4a7c15)
	if step*mult != 1 {
		t.Fatalf("summaryStep %#x is not the inverse of the bucket multiplier", uint64(summaryStep))
	}
	for i := uint64(1); i < 1000; i++ {
		k := core.Key{Board: i * 0x2545f4914f6cdd1d, Hand: uint32(i)}
		p, d := lengthsKey(k, true), lengthsKey(k, false)
		if d.Board-p.Board != summaryStep || p.Hand != k.Hand || d.Hand != k.Hand {
			t.Fatalf("%v: summaries %v and %v", k, p, d)
		}
		if p.Board == k.Board || d.Board == k.Board {
			t.Fatalf("%v: summaries %v and %v", k, p, d)
		}
	}
}
