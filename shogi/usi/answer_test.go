package usi

import (
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi/mate"
)

// collect reads lines until one starts with "checkmate" and returns them
// all, that one last.
func (s *session) collect(within time.Duration) []string {
	s.t.Helper()
	var got []string
	deadline := time.After(within)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("engine closed its output before an answer; got %q", got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, "checkmate") {
				return got
			}
		case <-deadline:
			s.t.Fatalf("no answer within %v; got %q", within, got)
		}
	}
}

// TestUnverifiedLineIsNeverTheAnswer injects search results whose line did
// not pass the verifier: the engine must answer `checkmate timeout`, with
// the reason and the candidate in `info string`, never `checkmate <moves>`.
func TestUnverifiedLineIsNeverTheAnswer(t *testing.T) {
	line := []string{"S*1b", "2a1b", "G*2b"}
	bad := mate.Verification{Problem: "the final position is not mate"}
	tests := []struct {
		name string
		r    mate.Result
		want string
		info []string // substrings of the lines before the answer
	}{
		{"mate not verified", mate.Result{Kind: mate.Mate, Proven: true, Length: 3, USI: line, Verification: bad},
			"checkmate timeout", []string{"NOT verified (the final position is not mate)", "candidate line (3 plies, not an answer): S*1b 2a1b G*2b"}},
		{"proven, unverified", mate.Result{Kind: mate.Unknown, Proven: true, CandidateUSI: line, Verification: bad,
			Note: "the mate is proven, but no line passed the verifier"},
			"checkmate timeout", []string{"NOT verified (the final position is not mate)", "candidate line (3 plies, not an answer): S*1b 2a1b G*2b", "no line passed"}},
		{"verified mate", mate.Result{Kind: mate.Mate, Proven: true, Verified: true, Length: 3, USI: line, Verification: mate.Verification{OK: true}},
			"checkmate S*1b 2a1b G*2b", []string{"pv S*1b 2a1b G*2b", "mate in 3"}},
		{"no mate", mate.Result{Kind: mate.NoMate}, "checkmate nomate", nil},
		{"undecided", mate.Result{Kind: mate.Unknown, Note: "the proof search stopped"}, "checkmate timeout", []string{"root pn"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := startWith(t, newFake(tc.r, false))
			s.send("position sfen 7sk/9/7PP/9/9/9/9/9/9 b GS 1", "go mate 1000")
			got := s.collect(5 * time.Second)
			if a := got[len(got)-1]; a != tc.want {
				t.Errorf("answer %q, want %q (output %q)", a, tc.want, got)
			}
			all := strings.Join(got, "\n")
			for _, w := range tc.info {
				if !strings.Contains(all, w) {
					t.Errorf("output lacks %q:\n%s", w, all)
				}
			}
			if tc.want == "checkmate timeout" && strings.Contains(all, " pv ") {
				t.Errorf("an unverified line is shown as a pv:\n%s", all)
			}
			s.quit()
		})
	}
}
