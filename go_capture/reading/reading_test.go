package reading

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/go_capture/board"
)

// diagram builds a board from rows drawn top row first: 'X' black,
// 'O' white, '.' empty.
func diagram(t testing.TB, rows ...string) *board.Board {
	t.Helper()
	var sb strings.Builder
	n := len(rows)
	sb.WriteString("(;SZ[" + itoa(n) + "]")
	for _, c := range []struct {
		prop string
		ch   rune
	}{{"AB", 'X'}, {"AW", 'O'}} {
		first := true
		for y, row := range rows {
			if len(row) != n {
				t.Fatalf("row %q is not %d wide", row, n)
			}
			for x, ch := range row {
				if ch != c.ch {
					continue
				}
				if first {
					sb.WriteString(c.prop)
					first = false
				}
				sb.WriteString("[" + string(rune('a'+x)) + string(rune('a'+y)) + "]")
			}
		}
	}
	sb.WriteString(")")
	b, _, err := board.ParseSGF(sb.String(), 0)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func itoa(n int) string {
	if n >= 10 {
		return string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

func vertex(t testing.TB, b *board.Board, v string) board.Point {
	t.Helper()
	p, err := board.ParseVertex(v, b.Size())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// captureCase is one position with a known answer. moves lists every
// acceptable first move ("" accepts any); notLib asks that the attack
// is not a liberty of the target (a position where liberties-only
// attacks fail).
type captureCase struct {
	name   string
	rows   []string
	target string
	mode   Mode
	code   int
	moves  string
	notLib bool
	plies  int // brute-force horizon; 0 skips the brute-force check
}

// captureCases use SafeLibs 3 so that the brute-force solver can check
// them on small boards.
var captureCases = []captureCase{
	{name: "ladder works", rows: ladder, target: "C3", mode: Attack, code: Win, moves: "C4 D3", plies: 13},
	{name: "ladder: the victim runs", rows: ladder, target: "C3", mode: Defend, code: Win, moves: "C4 D3", plies: 9},
	{name: "ladder broken by breakers", rows: ladderBroken, target: "C3", mode: Attack, code: Fail, plies: 11},
	{name: "ladder breakers: the string lives", rows: ladderBroken, target: "C3", mode: Defend, code: Win, plies: 9},
	{name: "net: liberty attacks fail", rows: net, target: "A5", mode: Attack, code: Win, moves: "C4", notLib: true, plies: 9},
	{name: "snapback", rows: snapback, target: "A5", mode: Attack, code: Win, moves: "A4 B4", plies: 9},
	{name: "snapback: no defence", rows: snapback, target: "A5", mode: Defend, code: Fail, plies: 9},
	{name: "ko capture is a ko result", rows: koShape, target: "B2", mode: Attack, code: KoA, moves: "C2", plies: 9},
	{name: "ko: connecting saves cleanly", rows: koShape, target: "B2", mode: Defend, code: Win, moves: "C2", plies: 9},
	// A single stone whose capture the owner answers by taking the two
	// or more capturing stones back on its point is not captured (GNU
	// Go's attack1); with a liberty more for them the capture stands.
	{name: "capture into a snapback is no capture", rows: intoSnapback, target: "B1", mode: Attack, code: Fail, plies: 9},
	{name: "the same capture with a liberty to spare", rows: noSnapback, target: "B1", mode: Attack, code: Win, moves: "A1", plies: 9},
	{name: "geta on an open board fails at 3 liberties", rows: openGeta, target: "C4", mode: Attack, code: Fail, plies: 9},
}

var (
	ladder = []string{
		".......",
		".......",
		".......",
		"...O...",
		".OX....",
		"..O....",
		".......",
	}
	ladderBroken = []string{
		".......",
		".......",
		"..X....",
		"...O...",
		".OX....",
		"..O.X..",
		".......",
	}
	net = []string{
		"XXOX.",
		"....O",
		".....",
		"O....",
		".X...",
	}
	snapback = []string{
		"XXOO.",
		"..O..",
		"XOO..",
		"...O.",
		"OOX..",
	}
	koShape = []string{
		".....",
		".....",
		".XO..",
		"XO.O.",
		".XO..",
	}
	intoSnapback = []string{
		".....",
		".....",
		"XXX..",
		"OOOX.",
		".XOX.",
	}
	noSnapback = []string{
		".....",
		".....",
		"XXX..",
		"OOOX.",
		".XO..",
	}
	openGeta = []string{
		".......",
		".......",
		".......",
		".OX....",
		"..O....",
		".......",
		".......",
	}
)

func TestSolveKnownPositions(t *testing.T) {
	for _, tc := range captureCases {
		t.Run(tc.name, func(t *testing.T) {
			b := diagram(t, tc.rows...)
			target := vertex(t, b, tc.target)
			opts := Options{SafeLibs: 3, TimeLimit: 10 * time.Second}
			res, err := Solve(context.Background(), b, target, tc.mode, opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Code != tc.code || !res.Proven {
				t.Fatalf("%s %s: code %d (%s, proven %v), want %d\n%s", tc.mode, tc.target, res.Code, b.Vertex(res.Move), res.Proven, tc.code, b)
			}
			if tc.moves != "" && !strings.Contains(" "+tc.moves+" ", " "+b.Vertex(res.Move)+" ") {
				t.Errorf("move %s, want one of %s", b.Vertex(res.Move), tc.moves)
			}
			if tc.notLib && b.Libs(target).Has(res.Move) {
				t.Errorf("move %s is a liberty; the position needs a non-liberty attack", b.Vertex(res.Move))
			}
			if tc.plies == 0 {
				return
			}
			capt, bm, err := BruteForce(b, target, tc.mode, tc.plies, 3)
			if err != nil {
				t.Fatal(err)
			}
			// Brute force obeys the simple ban on both sides: Solve's
			// codes 1 and 2 for the side moving first.
			firstWins := res.Code == Win || res.Code == KoA
			apsCaptured := firstWins == (tc.mode == Attack)
			if capt != apsCaptured {
				t.Fatalf("brute force says captured=%v (move %s), Solve code %d", capt, b.Vertex(bm), res.Code)
			}
		})
	}
}

// TestAlgorithmsAgree runs every algorithm and every selective widening
// strategy on the known positions: one game, one answer.
func TestAlgorithmsAgree(t *testing.T) {
	for _, tc := range captureCases {
		b := diagram(t, tc.rows...)
		target := vertex(t, b, tc.target)
		for _, algo := range []string{AlgoAPS, AlgoDFPN, AlgoPNStar} {
			for _, st := range Strategies[:8] {
				res, err := Solve(context.Background(), b, target, tc.mode, Options{Algorithm: algo, Widening: st.Name, SafeLibs: 3, TimeLimit: 10 * time.Second})
				if err != nil {
					t.Fatal(err)
				}
				if res.Code != tc.code || !res.Proven {
					t.Errorf("%s, %s, %s: code %d (proven %v), want %d", tc.name, algo, st.Name, res.Code, res.Proven, tc.code)
				}
			}
		}
	}
}

// TestBruteForceStrategy checks that strategy 9 (every move, no
// game-definition shortcuts) never contradicts the known answers; it
// may fail to decide within its budget.
func TestBruteForceStrategy(t *testing.T) {
	for _, tc := range captureCases[:4] {
		b := diagram(t, tc.rows...)
		res, err := Solve(context.Background(), b, vertex(t, b, tc.target), tc.mode, Options{Widening: "9", SafeLibs: 3, Nodes: 20000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Proven && res.Code != tc.code {
			t.Errorf("%s: brute-force strategy says %d, want %d", tc.name, res.Code, tc.code)
		}
	}
}

func TestSolveLeavesBoardUnchanged(t *testing.T) {
	b := diagram(t, ladder...)
	before, key := b.String(), b.Key(board.Black)
	if _, err := Solve(context.Background(), b, vertex(t, b, "C3"), Attack, Options{SafeLibs: 3}); err != nil {
		t.Fatal(err)
	}
	if b.String() != before || b.Key(board.Black) != key || b.Depth() != 0 {
		t.Fatal("Solve changed the caller's board")
	}
}

func TestSolveRejectsBadInput(t *testing.T) {
	b := diagram(t, ladder...)
	c3 := vertex(t, b, "C3")
	tests := []struct {
		name   string
		b      *board.Board
		target board.Point
		mode   Mode
		opts   Options
		want   string
	}{
		{"nil board", nil, c3, Attack, Options{}, "nil board"},
		{"empty target", b, vertex(t, b, "A1"), Attack, Options{}, "not a stone"},
		{"off board", b, 200, Attack, Options{}, "off the"},
		{"pass target", b, board.Pass, Attack, Options{}, "off the"},
		{"bad mode", b, c3, Mode(7), Options{}, "unknown mode"},
		{"bad algorithm", b, c3, Attack, Options{Algorithm: "minimax"}, "unknown algorithm"},
		{"bad strategy name", b, c3, Attack, Options{Widening: "OR3"}, "unknown widening strategy"},
		{"bad strategy number", b, c3, Attack, Options{Widening: "10"}, "outside 1..9"},
		{"bad safe libs", b, c3, Attack, Options{SafeLibs: 1}, "SafeLibs"},
		{"negative nodes", b, c3, Attack, Options{Nodes: -1}, "negative"},
		{"negative time", b, c3, Attack, Options{TimeLimit: -time.Second}, "negative"},
		{"negative plays", b, c3, Attack, Options{Plays: -1}, "negative"},
		{"bad depth", b, c3, Attack, Options{MaxDepth: 1000}, "MaxDepth"},
		{"bad table", b, c3, Attack, Options{TableBits: 40}, "TableBits"},
	}
	for _, tc := range tests {
		_, err := Solve(context.Background(), tc.b, tc.target, tc.mode, tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestParseStrategy(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{{"", 3}, {"1", 1}, {"or2-2and2-2", 1}, {"ORAND1-2", 6}, {"brute", 9}, {"brute-force", 9}, {" 8 ", 8}} {
		st, err := ParseStrategy(tc.in)
		if err != nil || st.Number != tc.want {
			t.Errorf("ParseStrategy(%q) = %d, %v; want %d", tc.in, st.Number, err, tc.want)
		}
	}
	for _, st := range Strategies {
		last := st.Steps[len(st.Steps)-1]
		if st.Number != 9 && last != (Step{2, 2}) {
			t.Errorf("strategy %s does not end with OR2/AND2", st.Name)
		}
	}
}

func TestResultWords(t *testing.T) {
	tests := []struct {
		r    Result
		mode Mode
		word string
		gtp  string
	}{
		{Result{Code: Win, Move: 0, Proven: true}, Attack, "captured", "1 A1"},
		{Result{Code: Win, Move: board.Pass, Proven: true}, Defend, "saved", "1 PASS"},
		{Result{Code: KoA, Move: 1, Proven: true}, Attack, "ko", "2 B1"},
		{Result{Code: KoB, Move: 1, Proven: true}, Defend, "ko", "3 B1"},
		{Result{Code: Fail, Proven: true}, Attack, "saved", "0"},
		{Result{Code: Fail, Proven: true}, Defend, "captured", "0"},
		// Undecided: no GNU Go reply at all (an error), never "0".
		{Result{Code: Fail}, Attack, "unknown", ""},
		{Result{Code: Fail}, Defend, "unknown", ""},
	}
	for _, tc := range tests {
		if w := tc.r.Word(tc.mode); w != tc.word {
			t.Errorf("%+v %s: word %q, want %q", tc.r, tc.mode, w, tc.word)
		}
		g, err := tc.r.GTP(9)
		if g != tc.gtp || (err != nil) != (tc.gtp == "") {
			t.Errorf("%+v: GTP %q, %v, want %q", tc.r, g, err, tc.gtp)
		}
		if tc.r.Decided() != (tc.gtp != "") {
			t.Errorf("%+v: Decided() = %v", tc.r, tc.r.Decided())
		}
	}
}

// TestSearchAllocatesNothing: once the buffers are warm, a search
// iteration allocates nothing.
func TestSearchAllocatesNothing(t *testing.T) {
	b := diagram(t, net...)
	o, _, err := Options{SafeLibs: 3, Algorithm: AlgoAPS}.normalize()
	if err != nil {
		t.Fatal(err)
	}
	s := newSearcher(b, vertex(t, b, "A5"), o)
	s.step = Step{2, 2}
	s.koPower = s.owner
	s.orNode(6) // warm up buffers and logs
	allocs := testing.AllocsPerRun(20, func() {
		s.tt.clear()
		clear(s.giCache)
		s.orNode(6)
	})
	if allocs != 0 {
		t.Fatalf("a search iteration allocates %.1f times", allocs)
	}
}

func TestContextCancels(t *testing.T) {
	b := diagram(t, ladder...)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Solve(ctx, b, vertex(t, b, "C3"), Defend, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Proven && res.Code == Fail {
		t.Fatalf("a cancelled search claims a proven failure: %+v", res)
	}
}

// TestSolverReuse asks one Solver every known question twice, in turn:
// its answers must equal fresh Solve calls (nothing leaks between
// questions).
func TestSolverReuse(t *testing.T) {
	for _, algo := range []string{AlgoAPS, AlgoDFPN, AlgoPNStar} {
		opts := Options{Algorithm: algo, SafeLibs: 3, TimeLimit: 10 * time.Second}
		v, err := NewSolver(opts)
		if err != nil {
			t.Fatal(err)
		}
		for round := 0; round < 3; round++ {
			for _, tc := range captureCases {
				b := diagram(t, tc.rows...)
				target := vertex(t, b, tc.target)
				got, err := v.Solve(context.Background(), b, target, tc.mode)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := Solve(context.Background(), b, target, tc.mode, opts)
				if got.Code != want.Code || got.Move != want.Move || got.Stats.Nodes != want.Stats.Nodes {
					t.Errorf("%s round %d, %s: reused solver %d %s (%d nodes), fresh %d %s (%d nodes)", algo, round, tc.name,
						got.Code, b.Vertex(got.Move), got.Stats.Nodes, want.Code, b.Vertex(want.Move), want.Stats.Nodes)
				}
			}
			if round == 1 {
				v.Close() // the next round maps a new table
			}
		}
		v.Close()
	}
}

// TestSuperkoOption: with positional superko APS's table keeps only move
// hints and df-pn's and PN*'s keys carry the history; the known answers
// (none needs a repetition) stay the same under every algorithm.
func TestSuperkoOption(t *testing.T) {
	for _, algo := range []string{AlgoAPS, AlgoDFPN, AlgoPNStar} {
		for _, tc := range captureCases {
			b := diagram(t, tc.rows...)
			res, err := Solve(context.Background(), b, vertex(t, b, tc.target), tc.mode, Options{Algorithm: algo, SafeLibs: 3, Superko: true, TimeLimit: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if res.Code != tc.code || !res.Proven {
				t.Errorf("%s, %s with superko: code %d (proven %v), want %d", algo, tc.name, res.Code, res.Proven, tc.code)
			}
			if b.Superko() {
				t.Errorf("%s: Solve turned superko on for the caller's board", tc.name)
			}
		}
	}
}

// TestSuperkoKeysCarryHistory: the core's key of a position depends,
// under superko, on the positions played before it (which decide which
// moves are legal from it): the same stones reached in two orders have
// two keys, so df-pn and PN* cannot give one history's result to
// another. Without superko the two are one position.
func TestSuperkoKeysCarryHistory(t *testing.T) {
	for _, superko := range []bool{false, true} {
		b := diagram(t, ladder...)
		o, _, err := Options{SafeLibs: 3, Algorithm: AlgoDFPN, Superko: superko}.normalize()
		if err != nil {
			t.Fatal(err)
		}
		key := func(moves ...string) core.Key {
			wb := b.Clone()
			wb.Commit()
			wb.SetSuperko(superko)
			s := newSearcher(wb, vertex(t, b, "C3"), o)
			g := &captureGame{s: s, steps: 1, toMove: s.attacker}
			for _, v := range moves {
				g.Do(core.Move(vertex(t, b, v) + 1))
			}
			return g.Key()
		}
		k1, k2 := key("A1", "G7", "B1"), key("B1", "G7", "A1")
		if superko && k1 == k2 {
			t.Error("superko: two histories of one position have one key")
		}
		if !superko && k1 != k2 {
			t.Error("without superko: one position has two keys")
		}
	}
}

// TestSolverQuestionAllocations: a Solver asked again and again keeps
// its core searcher (reset with each core search's limits), so a
// question costs at most two small allocations (the answer's line)
// whatever the algorithm, where a new core searcher per core search
// cost about ten (90 KB) each.
func TestSolverQuestionAllocations(t *testing.T) {
	b := diagram(t,
		".........",
		".........",
		".........",
		"...O.....",
		"..OX.....",
		"...OX....",
		".........",
		".........",
		".........")
	p := vertex(t, b, "D5")
	for _, algo := range []string{AlgoDFPN, AlgoPNStar} {
		v, err := NewSolver(Options{Algorithm: algo, Plays: 1000000})
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []Mode{Attack, Defend} {
			r, err := v.Solve(context.Background(), b, p, mode) // warm
			if err != nil || !r.Decided() {
				t.Fatalf("%s %v: %+v, %v", algo, mode, r, err)
			}
			allocs := testing.AllocsPerRun(20, func() {
				if _, err := v.Solve(context.Background(), b, p, mode); err != nil {
					t.Fatal(err)
				}
			})
			if allocs > 2 {
				t.Errorf("%s %v (%d plays): a question allocates %.1f times", algo, mode, r.Stats.Plays, allocs)
			}
		}
		v.Close()
	}
}
