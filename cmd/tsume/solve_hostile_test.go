package main

import (
	"encoding/json"
	"fmt"
	"github.com/tsume-solver/tsume/internal/shogitest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/gen"
)

// The hostile tests of `tsume solve` check every answer it prints under a
// limit with the rules package alone (not the solver): a mate line is
// legal, checks at every attacker move and ends in mate; a nomate is
// marked proven and no brute-force mate in 1 or 3 exists; an undecided
// search says unknown with no moves.

// hostileJSON is the part of `tsume solve --json` the contract is about.
type hostileJSON struct {
	SFEN     string   `json:"sfen"`
	Rules    string   `json:"rules"`
	Result   string   `json:"result"`
	Proven   bool     `json:"proven"`
	Length   int      `json:"length"`
	Moves    []string `json:"moves"`
	Minimal  bool     `json:"minimal"`
	Verified bool     `json:"verified"`
	RootPN   string   `json:"root_pn"`
	RootDN   string   `json:"root_dn"`
}

// hostileTotals are the pieces of each hand kind in a shogi set.
var hostileTotals = map[shogi.Kind]int{shogi.Pawn: 18, shogi.Lance: 4, shogi.Knight: 4, shogi.Silver: 4, shogi.Gold: 4, shogi.Bishop: 2, shogi.Rook: 2}

// composersPosition gives the defender every piece not on the board or in
// the attacker's hand, as the composers' rules (--rules tsume) do when the
// position leaves the defender's hand empty (a hand given is kept).
func composersPosition(t *testing.T, p *shogi.Position, attacker shogi.Color) *shogi.Position {
	t.Helper()
	if p.Hand(attacker.Opponent()) != 0 {
		return p
	}
	left := map[shogi.Kind]int{}
	for k, n := range hostileTotals {
		left[k] = n - p.Hand(attacker).Count(k)
	}
	for s := shogi.Square(0); s < shogi.NoSquare; s++ {
		if pc := p.PieceAt(s); pc != shogi.Empty && pc.Kind() != shogi.King {
			left[pc.Kind().Unpromote()]--
		}
	}
	hand := ""
	for _, k := range []shogi.Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn} {
		for _, c := range []shogi.Color{shogi.Black, shogi.White} {
			n := p.Hand(c).Count(k)
			if c != attacker {
				n = left[k]
			}
			if n == 0 {
				continue
			}
			l := k.String()
			if c == shogi.White {
				l = strings.ToLower(l)
			}
			if n > 1 {
				hand += fmt.Sprint(n)
			}
			hand += l
		}
	}
	if hand == "" {
		hand = "-"
	}
	f := strings.Fields(p.SFEN())
	f[2] = hand
	q, err := shogi.ParseSFEN(strings.Join(f, " "))
	if err != nil {
		t.Fatalf("composers' position of %s: %v", p.SFEN(), err)
	}
	return q
}

// checkMateLine replays a printed mate line with the rules package: every
// move legal, every attacker move a check, the last move the attacker's,
// and the end a mate (under the composers' rules a defender that can
// only drop between counts as mated: those drops are futile
// interpositions, which the rules do not count).
func checkMateLine(p *shogi.Position, moves []string, defenderFirst, composers bool) error {
	p = p.Clone()
	if len(moves) == 0 {
		return fmt.Errorf("a mate with no moves")
	}
	if (len(moves)%2 == 1) == defenderFirst {
		return fmt.Errorf("%d plies: the line does not end with an attacker move", len(moves))
	}
	for i, s := range moves {
		m, err := shogi.ParseUSIMove(p, s)
		if err != nil {
			return fmt.Errorf("ply %d: %v", i+1, err)
		}
		p.Do(m)
		if attacker := (i%2 == 0) != defenderFirst; attacker && !p.InCheck() {
			return fmt.Errorf("ply %d: attacker move %s gives no check", i+1, s)
		}
	}
	if !p.InCheck() {
		return fmt.Errorf("the line ends without check")
	}
	var buf [shogi.MaxMoves]shogi.Move
	for _, e := range p.GenerateEvasions(buf[:0]) {
		if !composers || !e.IsDrop() {
			return fmt.Errorf("the line ends in check, not mate: %s escapes", e.USI())
		}
	}
	return nil
}

// everyReplyMated reports whether the side to move has legal moves and
// each of them allows a mate in 1: a mate in 2 plies for an AND root.
func everyReplyMated(p *shogi.Position) bool {
	var buf [shogi.MaxMoves]shogi.Move
	replies := p.GenerateLegal(buf[:0])
	for _, m := range replies {
		p.Do(m)
		ok := shogitest.BruteMate(p, 1)
		p.Undo(m)
		if !ok {
			return false
		}
	}
	return len(replies) > 0
}

type hostileCase struct {
	name, sfen string
	args       []string // rules and defender
}

// hostileGenCases are n seeded engine positions (both kings, full
// hands, some in check), solved under engine rules with AutoDefender.
func hostileGenCases(t *testing.T, seed uint64, n int) []hostileCase {
	ps, err := gen.Positions(seed, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	var cs []hostileCase
	for i, s := range ps {
		cs = append(cs, hostileCase{fmt.Sprintf("gen seed %d #%d", seed, i+1), s, []string{"--rules", "mate", "--defender", "auto"}})
	}
	return cs
}

// hostileCases are the built-in example, a pawn-drop-mate trap, positions
// without a check, and seeded engine positions (both kings, full hands,
// some in check).
func hostileCases(t *testing.T) []hostileCase {
	cs := []hostileCase{
		{"example", "7sk/9/7PP/9/9/9/9/9/9 b GS 1", nil},
		{"example mate rules", "7sk/9/7PP/9/9/9/9/9/9 b GS 1", []string{"--rules", "mate"}},
		// P*1b would mate, but a pawn drop may not mate; the other checks fail.
		{"pawn-drop mate only", "7nk/9/7G1/9/9/9/9/9/9 b P 1", nil},
		{"pawn-drop mate only, mate rules", "7nk/9/7G1/9/9/9/9/9/9 b P 1", []string{"--rules", "mate"}},
		{"no check at all", "4k4/9/9/9/9/9/9/9/9 b - 1", nil},
		{"lone gold", "4k4/9/9/9/9/9/9/9/9 b G 1", nil},
		{"start position", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"--rules", "mate"}},
		// A 41-ply composers' problem (the microcosmos tail): limits cut it.
		{"tail41", "g3+P+P+P+P+L/1p7/+R+P1kppppl/3sg+p+R2/+b+nL6/1PP+B1ssP1/4+Ps2N/4+P1P1L/6G1g b Nnp 1485", nil},
	}
	cs = append(cs, hostileGenCases(t, 5, 6)...)
	// Engine positions under the composers' rules (the defender's hand as
	// given, or every spare piece when it is empty).
	for i, c := range hostileGenCases(t, 31, 4) {
		c.name = fmt.Sprintf("gen seed 31 #%d, tsume rules", i+1)
		c.args = []string{"--rules", "tsume", "--defender", "auto"}
		cs = append(cs, c)
	}
	// The side to move defends though it is not in check (AND root):
	// a mate line starts with its move.
	for i, c := range hostileGenCases(t, 29, 4) {
		c.name = fmt.Sprintf("gen seed 29 #%d, --defender", i+1)
		c.args = []string{"--rules", "mate", "--defender"}
		cs = append(cs, c)
	}
	return cs
}

// hostileLimits are the limits each case is solved under; the cheap ones
// leave most searches undecided, the last ones decide most.
var hostileLimits = [][]string{
	{"--nodes", "1"},
	{"--nodes", "7"},
	{"--nodes", "300"},
	{"--nodes", "30000"},
	{"--time-limit", "1ns"},
	{"--time-limit", "20ms"},
	{"--nodes", "3000", "--threads", "2"},
	{"--nodes", "30000", "--line-nodes", "1", "--time-limit", "300ms"},
	{"--nodes", "30000", "--line-nodes", "100", "--time-limit", "300ms"},
	{"--nodes", "30000", "--exact-nodes", "1", "--time-limit", "300ms"},
	// tail41 is proven within it, but its line is not verified in time.
	{"--line-nodes", "1", "--time-limit", "400ms"},
}

// TestHostileSolveAnswersUnderLimits solves each case under each limit
// and checks each printed answer independently.
func TestHostileSolveAnswersUnderLimits(t *testing.T) {
	counts := hostileSolveAll(t, hostileCases(t), hostileLimits)
	if counts["mate"] < 5 || counts["unknown"] < 5 || counts["nomate"] < 5 {
		t.Fatalf("results %v: the limits no longer test every kind of answer", counts)
	}
}

// TestHostileSolveAnswersUnderLimitsHeavy does the same on 60 held-out
// generated positions (seed 11) under the limits that decide some.
func TestHostileSolveAnswersUnderLimitsHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: 60 positions x 4 limits")
	}
	lims := [][]string{{"--nodes", "300"}, {"--nodes", "20000"}, {"--time-limit", "50ms"}, {"--nodes", "20000", "--line-nodes", "50"}}
	counts := hostileSolveAll(t, hostileGenCases(t, 11, 60), lims)
	if counts["mate"] < 5 {
		t.Fatalf("results %v: too few mates to check", counts)
	}
}

// hostileSolveAll solves each case under each limit, checks every answer
// with the rules package and returns the count of each kind of result.
func hostileSolveAll(t *testing.T, cases []hostileCase, limits [][]string) map[string]int {
	counts := map[string]int{}
	for _, tc := range cases {
		p, err := shogi.ParseSFEN(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		mateRules := len(tc.args) > 1 && tc.args[1] == "mate"
		joined := strings.Join(tc.args, " ")
		defenderFirst := strings.Contains(joined, "--defender auto") && p.InCheck() ||
			strings.Contains(joined, "--defender") && !strings.Contains(joined, "--defender auto")
		attacker := p.SideToMove()
		if defenderFirst {
			attacker = attacker.Opponent()
		}
		check := p
		if !mateRules {
			check = composersPosition(t, p, attacker)
		}
		// Independent facts: a mate in 1 or 3 for the attacker to move.
		shortMate := 0
		if !defenderFirst {
			if shogitest.BruteMate(check.Clone(), 1) {
				shortMate = 1
			} else if shogitest.BruteMate(check.Clone(), 3) {
				shortMate = 3
			}
		} else if everyReplyMated(check.Clone()) {
			shortMate = 2
		}
		for _, lim := range limits {
			args := append([]string{"solve", "--quiet", "--json", "--hash-mb", "8", "--sfen", tc.sfen}, tc.args...)
			args = append(args, lim...)
			where := fmt.Sprintf("%s %v", tc.name, lim)
			code, out, errOut := run(args...)
			if code != 0 {
				t.Errorf("%s: exit %d: %s", where, code, errOut)
				continue
			}
			var r hostileJSON
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Errorf("%s: output is not one JSON object: %v\n%s", where, err, out)
				continue
			}
			counts[r.Result]++
			switch r.Result {
			case "mate":
				if !r.Verified || !r.Proven || r.Length != len(r.Moves) {
					t.Errorf("%s: mate with verified %v proven %v length %d and %d moves", where, r.Verified, r.Proven, r.Length, len(r.Moves))
				}
				if err := checkMateLine(check, r.Moves, defenderFirst, !mateRules); err != nil {
					t.Errorf("%s: printed mate line %v fails the rules: %v", where, r.Moves, err)
				}
				if shortMate != 0 && r.Minimal && r.Length != shortMate && mateRules {
					t.Errorf("%s: minimal mate in %d, brute force mates in %d", where, r.Length, shortMate)
				}
				if shortMate != 0 && r.Length < shortMate {
					t.Errorf("%s: mate in %d, brute force finds none shorter than %d", where, r.Length, shortMate)
				}
			case "nomate":
				// "proven" is about a mate; a nomate shows its disproof
				// in the root's numbers.
				if r.RootPN != "inf" || r.RootDN != "0" {
					t.Errorf("%s: nomate with root pn %s dn %s, not a disproof", where, r.RootPN, r.RootDN)
				}
				if len(r.Moves) != 0 {
					t.Errorf("%s: nomate with moves %v", where, r.Moves)
				}
				if shortMate != 0 {
					t.Errorf("%s: nomate, but brute force mates in %d", where, shortMate)
				}
			case "unknown":
				if len(r.Moves) != 0 || r.Verified || r.Minimal {
					t.Errorf("%s: unknown with moves %v verified %v minimal %v", where, r.Moves, r.Verified, r.Minimal)
				}
			default:
				t.Errorf("%s: result %q", where, r.Result)
			}
		}
	}
	t.Logf("results: %v", counts)
	return counts
}

// TestHostileSolveTextNeverShowsAGuess runs the text output under limits
// that stop the search and checks that no line reads as an answer.
func TestHostileSolveTextNeverShowsAGuess(t *testing.T) {
	tail := "g3+P+P+P+P+L/1p7/+R+P1kppppl/3sg+p+R2/+b+nL6/1PP+B1ssP1/4+Ps2N/4+P1P1L/6G1g b Nnp 1485"
	for _, lim := range [][]string{{"--nodes", "1"}, {"--nodes", "500"}, {"--time-limit", "1ns"}, {"--nodes", "30000", "--line-nodes", "1", "--time-limit", "200ms"}, {"--line-nodes", "1", "--time-limit", "400ms"}} {
		args := append([]string{"solve", "--quiet", "--hash-mb", "8", "--sfen", tail}, lim...)
		code, out, errOut := run(args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", lim, code, errOut)
			continue
		}
		first := strings.SplitN(out, "\n", 2)[0]
		if !strings.HasPrefix(first, "unknown") {
			t.Errorf("%v: first line %q, want unknown (the limit stops the search or its line)", lim, first)
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "usi:") || strings.HasPrefix(l, "mate in") || strings.HasPrefix(l, "verified:") {
				t.Errorf("%v: line %q reads as an answer:\n%s", lim, l, out)
			}
		}
	}
}

// TestHostileSolveBadInput gives each kind of malformed input: exit 2
// and a message naming what is wrong, never an answer on stdout.
func TestHostileSolveBadInput(t *testing.T) {
	ex := "7sk/9/7PP/9/9/9/9/9/9 b GS 1"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--sfen", "4k4/4k4/9/9/9/9/9/9/4K4 b G 1"}, "second king"},
		{[]string{"--sfen", "P3k4/9/9/9/9/9/9/9/4K4 b G 1"}, "can never move"},
		{[]string{"--sfen", "4k4/9/9/9/9/9/9/9/N3K4 w - 1"}, ""},
		{[]string{"--sfen", "4k4/9/9/9/9/9/9/9/4K4 b 19P 1"}, "19P"},
		{[]string{"--sfen", "4k4/9/9/9/9/9/9/9/4K4 b 3G2g 1"}, "at most 4"},
		{[]string{"--sfen", "4k4/9/9/9/9/9/9/9/4K4 b GGGGG 1"}, "more than 4"},
		{[]string{"--sfen", "4k4/4R4/9/9/9/9/9/9/4K4 b - 1"}, "in check"},
		{[]string{"--sfen", "4k4/9/4P4/9/9/9/9/4P4/4K4 b - 1"}, "pawn"},
		{[]string{"--sfen", "9/9/9/9/9/9/9/9/4K4 b G 1"}, "no king"},
		{[]string{"--sfen", ex, "--defender"}, "no king"},
		{[]string{"--sfen", "garbage"}, "sfen"},
		{[]string{"--sfen", ""}, "empty"},
		{[]string{"--sfen", "7sk/9/7PP/9/9/9/9/9 b GS 1"}, "8 ranks"},
		{[]string{"--sfen", "7sk/9/7PP/9/9/9/9/9/10 b GS 1"}, "rank 9"},
		{[]string{"--sfen", "7sk/9/7PP/9/9/9/9/9/9 b +G 1"}, "+G"},
		{[]string{"--sfen", "7sk/9/7PP/9/9/9/9/9/9 b K 1"}, "K"},
		{[]string{"--sfen", ex, "--moves", "zz"}, "move 1"},
		{[]string{"--sfen", ex, "--moves", "S*1b 2a1b S*1b"}, "move 3"},
		{[]string{"--sfen", ex, "--moves", "P*1b"}, "no P in hand"},
		{[]string{"--sfen", ex, "--moves", "9i9h"}, "no piece on 9i"},
		{[]string{"--sfen", ex, "--moves", strings.Repeat("S*1b 2a1b ", 5000)}, "move 3"},
		{[]string{"--sfen", ex, "--threads", "0"}, "threads"},
		{[]string{"--sfen", ex, "--threads", "257"}, "threads"},
		{[]string{"--sfen", ex, "--hash-mb", "0"}, "hash"},
		{[]string{"--sfen", ex, "--rules", "foo"}, "foo"},
		{[]string{"--sfen", ex, "--time-limit", "-1s"}, "time"},
		{[]string{"--sfen", ex, "--algo", "minimax"}, "minimax"},
		{[]string{"--sfen", ex, "stray"}, "stray"},
	} {
		args := append([]string{"solve", "--quiet", "--hash-mb", "8"}, tc.args...)
		if len(tc.args) > 2 && tc.args[2] == "--hash-mb" {
			args = append([]string{"solve", "--quiet"}, tc.args...)
		}
		code, out, errOut := run(args...)
		name := fmt.Sprintf("%.100q", strings.Join(tc.args, " "))
		if tc.want == "" {
			// A legal oddity: it must be answered, not refused or guessed.
			if code != 0 || !(strings.HasPrefix(out, "nomate") || strings.HasPrefix(out, "mate") || strings.HasPrefix(out, "unknown")) {
				t.Errorf("%s: exit %d, out %q, err %q", name, code, out, errOut)
			}
			continue
		}
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Contains(out, "mate") {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want exit 2 and a message containing %q", name, code, errOut, out, tc.want)
		}
	}
}

// TestHostileSolveRecordsHoldOnlyVerifiedLines writes KIF, CSA and SVG
// records of searches a limit stopped (before the proof, and after it with
// the line not verified): each holds the problem and no move, since the
// only line there is a candidate; a verified mate's records hold its line.
func TestHostileSolveRecordsHoldOnlyVerifiedLines(t *testing.T) {
	tail := "g3+P+P+P+P+L/1p7/+R+P1kppppl/3sg+p+R2/+b+nL6/1PP+B1ssP1/4+Ps2N/4+P1P1L/6G1g b Nnp 1485"
	dir := t.TempDir()
	for _, tc := range []struct {
		sfen  string
		lim   []string
		moves bool
	}{
		{tail, []string{"--nodes", "10"}, false},
		{tail, []string{"--line-nodes", "1", "--time-limit", "400ms"}, false},
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1", nil, true},
	} {
		kif, csa, svg := filepath.Join(dir, "p.kif"), filepath.Join(dir, "p.csa"), filepath.Join(dir, "p.svg")
		args := append([]string{"solve", "--quiet", "--hash-mb", "8", "--sfen", tc.sfen, "--kif", kif, "--csa", csa, "--svg", svg}, tc.lim...)
		code, out, errOut := run(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.lim, code, errOut)
		}
		mate := strings.HasPrefix(out, "mate")
		if mate != tc.moves {
			t.Errorf("%v: %q", tc.lim, strings.SplitN(out, "\n", 2)[0])
		}
		k, _ := os.ReadFile(kif)
		c, _ := os.ReadFile(csa)
		s, _ := os.ReadFile(svg)
		kifMoves := strings.Contains(string(k), "\n   1 ")
		csaMoves := false
		for _, l := range strings.Split(string(c), "\n") {
			if len(l) == 7 && (l[0] == '+' || l[0] == '-') && l[1] >= '0' && l[1] <= '9' {
				csaMoves = true
			}
		}
		svgNoMoves := strings.Contains(string(s), ">no moves<")
		if kifMoves != mate || csaMoves != mate || svgNoMoves == mate {
			t.Errorf("%v (%s): records with moves: KIF %v, CSA %v, SVG %v; want %v", tc.lim, strings.SplitN(out, " ", 2)[0], kifMoves, csaMoves, !svgNoMoves, mate)
		}
	}
}

// TestHostileSolveFileErrorLinesOneSchema: a bad line of --file --json
// gives the same JSON object with --jobs as without it, so that a reader
// of the JSON lines needs one schema.
func TestHostileSolveFileErrorLinesOneSchema(t *testing.T) {

	file := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(file, []byte("garbage\n9/9/9/9/9/9/9/9/4K4 b G 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := func(extra ...string) map[float64]map[string]any {
		args := append([]string{"solve", "--quiet", "--hash-mb", "8", "--json", "--file", file}, extra...)
		_, out, _ := run(args...)
		m := map[float64]map[string]any{}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var o map[string]any
			if err := json.Unmarshal([]byte(l), &o); err != nil {
				t.Fatalf("%v: %q: %v", extra, l, err)
			}
			m[o["line"].(float64)] = o
		}
		return m
	}
	plain, jobs := lines(), lines("--jobs", "2")
	for n, o := range plain {
		if fmt.Sprint(o) != fmt.Sprint(jobs[n]) {
			t.Errorf("line %v: %v without --jobs, %v with", n, o, jobs[n])
		}
	}
}

// TestHostileSolveWithoutLimitsDecides: with no limit of any kind a solve
// ends decided (mate, nomate) or with an error that names the problem;
// unknown means a limit or a stop ended the search, and none did here.
func TestHostileSolveWithoutLimitsDecides(t *testing.T) {
	for _, tc := range []struct {
		sfen, moves string
		args        []string
	}{
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1", "", nil},
		{"7nk/9/7G1/9/9/9/9/9/9 b P 1", "", nil},
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1", "S*1b", []string{"--defender"}},
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1", "S*1b 2a1b G*2b", []string{"--defender"}},
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1", "S*1b 2a1b G*2b", []string{"--defender", "auto", "--rules", "mate"}},
	} {
		args := append([]string{"solve", "--quiet", "--json", "--hash-mb", "8", "--sfen", tc.sfen, "--moves", tc.moves}, tc.args...)
		code, out, errOut := run(args...)
		if code == 2 && errOut != "" {
			continue // refused with a reason
		}
		var r hostileJSON
		if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || r.Result == "unknown" {
			t.Errorf("%s + %q %v: exit %d, %s %s", tc.sfen, tc.moves, tc.args, code, strings.TrimSpace(out), errOut)
		}
	}
}
