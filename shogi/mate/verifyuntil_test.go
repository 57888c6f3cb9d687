package mate

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi"
)

// TestVerifyRetriesUntilStop: a verification whose retries have the time
// (untilStop) is not held to the retries' node total: it settles what one
// round within that total leaves unsettled.
func TestVerifyRetriesUntilStop(t *testing.T) {
	// A mate in 3 under mate-search rules: the rook's check is met by
	// drops, each of which is captured with mate.
	const sfen = "8k/7pl/6N2/9/9/9/9/9/R8 b b 1"
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(16)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, err := s.Solve(context.Background(), pos, Options{Rules: MateSearch, TimeLimit: 10e9})
	if err != nil || !r.Verified || r.Verification.Alternatives == 0 {
		t.Fatalf("%v, %d plies, %+v, %v", r.Kind, r.Length, r.Verification, err)
	}
	p, att, err := prepare(pos, &Options{Rules: MateSearch})
	if err != nil {
		t.Fatal(err)
	}
	noHint := func(*shogi.Position, int) shogi.Move { return shogi.NoMove }
	run := func(until bool, stop func() bool) Verification {
		// No node for an alternative first, and one in all for the retries
		// without untilStop.
		v := verifier{pos: p.Clone(), attacker: att, rules: MateSearch, memo: newMemo(), altBudget: 0, totalBudget: 1 << 40,
			hintedBudget: 1, hint: noHint, stop: stop, untilStop: until, retryNodes: 1}
		return v.run(r.Moves)
	}
	if v := run(false, nil); v.OK || v.Wrong || v.Unsettled == 0 {
		t.Fatalf("the retries within their node total settled the line (%+v): the test shows nothing", v)
	}
	if v := run(true, func() bool { return false }); !v.OK {
		t.Errorf("retried until settled: %+v", v)
	}
}

// TestSettleNow: a line proven within its length whose early verification
// left alternatives unsettled is verified again at once, with retries,
// when no line is verified yet and the Solve has a deadline; not when a
// line is verified already, the line was shown wrong, or there is no
// deadline.
func TestSettleNow(t *testing.T) {
	tc := boundedCase{"mate in 3", "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume, 3}
	g, s, _ := caseSolver(t, tc, true)
	defer s.Close()
	line, _ := s.completeLine(context.Background(), g, maxRepairLine)
	if len(line) != 3 {
		t.Fatalf("main line of %d plies", len(line))
	}
	other := []shogi.Move{1, 2, 3}
	unsettled := Verification{Plies: 3, FinalMate: true, Alternatives: 2, Unsettled: 2}
	tests := []struct {
		name     string
		sure     []shogi.Move
		v        Verification
		deadline bool
		settled  bool
	}{
		{"nothing verified yet", nil, unsettled, true, true},
		{"a line verified already", other, unsettled, true, false},
		{"shown wrong", nil, Verification{Wrong: true, Unsettled: 2}, true, false},
		{"no deadline", nil, unsettled, false, false},
	}
	for _, tc := range tests {
		s.early.line, s.early.v = line, tc.v
		s.early.sure, s.early.sureV = tc.sure, Verification{OK: true}
		s.reserveDeadline, s.fullDeadline, s.lineDeadline = time.Time{}, time.Time{}, time.Time{}
		if tc.deadline {
			s.reserveDeadline = time.Now().Add(time.Minute)
			s.fullDeadline = s.reserveDeadline.Add(time.Minute)
			s.lineDeadline = s.reserveDeadline
		}
		s.settleNow(context.Background(), g, line, func() bool { return false })
		got := s.early.v.OK && slices.Equal(s.early.sure, line)
		if got != tc.settled {
			t.Errorf("%s: verified %v (%+v), want %v", tc.name, got, s.early.v, tc.settled)
		}
		if got && !s.lineDeadline.Equal(s.fullDeadline) {
			t.Errorf("%s: the line search still ends at the reserve", tc.name)
		}
	}
}

// TestMemoBounds: the verifier's memo answers other depths from the
// bounds an answer gives (a mate within d is one within more plies, no
// mate within d none within fewer), and nothing beyond them.
func TestMemoBounds(t *testing.T) {
	m := newMemo()
	const a, b = 0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321
	m.put(a, 5, true)
	m.put(b, 9, false)
	tests := []struct {
		key      uint64
		d        int
		mate, ok bool
	}{
		{a, 5, true, true}, {a, 7, true, true}, {a, 3, false, false},
		{b, 9, false, true}, {b, 7, false, true}, {b, 11, false, false},
	}
	for _, tc := range tests {
		if mate, ok := m.get(tc.key, tc.d); mate != tc.mate || ok != tc.ok {
			t.Errorf("%#x within %d: mate %v known %v, want %v %v", tc.key, tc.d, mate, ok, tc.mate, tc.ok)
		}
	}
	m.put(a, 3, false) // a mate within 5, none within 3: both bounds kept
	if mate, ok := m.get(a, 3); mate || !ok {
		t.Errorf("within 3 after its disproof: mate %v known %v", mate, ok)
	}
	if mate, ok := m.get(a, 5); !mate || !ok {
		t.Errorf("within 5 after a disproof within 3: mate %v known %v", mate, ok)
	}
}

// TestVerifyEarlyDeadline: the line search ends at the reserve deadline
// (leaving time to the final verifier) only while no line is verified;
// once one is, a later line that the early check leaves unsettled does
// not take the whole time back to the reserve.
func TestVerifyEarlyDeadline(t *testing.T) {
	tc := boundedCase{"mate in 3", "7sk/9/7PP/9/9/9/9/9/9 b GS 1", Tsume, 3}
	g, s, _ := caseSolver(t, tc, true)
	defer s.Close()
	line, _ := s.completeLine(context.Background(), g, maxRepairLine)
	if len(line) != 3 {
		t.Fatalf("main line of %d plies", len(line))
	}
	wrong := append([]shogi.Move(nil), line...)
	wrong[2] = wrong[0] // not legal there: never verified
	verified := []shogi.Move{1, 2, 3}
	for _, sure := range [][]shogi.Move{nil, verified} {
		s.reserveDeadline = time.Now().Add(time.Minute)
		s.fullDeadline = s.reserveDeadline.Add(time.Minute)
		s.lineDeadline = s.fullDeadline
		s.early.sure, s.early.sureV = sure, Verification{OK: sure != nil}
		s.verifyEarly(context.Background(), g, wrong, func() bool { return false })
		if s.early.v.OK {
			t.Fatal("the broken line was verified")
		}
		want := s.reserveDeadline
		if sure != nil {
			want = s.fullDeadline
		}
		if !s.lineDeadline.Equal(want) {
			t.Errorf("a verified line before: %v; the line search ends at the reserve %v, want %v", sure != nil, s.lineDeadline.Equal(s.reserveDeadline), want.Equal(s.reserveDeadline))
		}
		if !slices.Equal(s.early.sure, sure) {
			t.Errorf("the verified line changed")
		}
	}
	s.early.sure = nil
	s.verifyEarly(context.Background(), g, line, func() bool { return false })
	if !s.early.v.OK || !slices.Equal(s.early.sure, line) || !s.lineDeadline.Equal(s.fullDeadline) {
		t.Errorf("the 3-ply line: verified %v, kept %v, full deadline %v", s.early.v.OK, slices.Equal(s.early.sure, line), s.lineDeadline.Equal(s.fullDeadline))
	}
}
