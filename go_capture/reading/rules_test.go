package reading

import (
	"context"
	"testing"
)

// ruleCase is a position from the generated 9×9 set (`tsume gen-go
// --size 9 --seed 1 --games 40 --every 10`, the question's number in
// the name) where one rule of the candidate move sets decides the
// answer. want is the code of the full-width search (every legal move
// at both kinds of node, `--widening brute-force`), which GNU Go gives
// too; without the rule our move sets answer otherwise.
type ruleCase struct {
	name   string
	rule   string
	rows   []string
	target string
	mode   Mode
	want   int
}

var ruleCases = []ruleCase{
	{
		// White A9 would capture; black B9 leaves that capturing stone
		// a single liberty, so the capture becomes a ko.
		name: "204", rule: "single stone in atari: its second liberties (ko-making)",
		rows: []string{
			".........",
			"XO.......",
			"OXXX..X..",
			"OOOX.X...",
			"...XO....",
			".O..X.XX.",
			".....OO.X",
			"...O...O.",
			".O.......",
		},
		target: "A8", mode: Defend, want: KoB,
	},
	{
		// White C9 in atari after black C8 escapes by a ko among the
		// second liberties (the full-width search, given 100 M plays,
		// proves the ko; the reference of the first run, from our old
		// move sets alone, said clean).
		name: "1825", rule: "single stone in atari: its second liberties (ko-making)",
		rows: []string{
			"..O......",
			"........O",
			"...X.X...",
			"..X....O.",
			"...X..O..",
			".........",
			"....X.O..",
			"....XO...",
			".....XO..",
		},
		target: "C9", mode: Attack, want: KoA,
	},
	{
		// Black H8 looks like a defence, but white G7 saves its G8-G9
		// string, which H8 touches, and then J8 captures.
		name: "2020", rule: "OR2: saves of attacker strings next to a string the target would join",
		rows: []string{
			".....XO.X",
			".....XO..",
			"...X.X.O.",
			"....X....",
			"..X.XO.O.",
			"..O.O....",
			".X.O..O..",
			"..XXO....",
			"..XOO....",
		},
		target: "J9", mode: Defend, want: Fail,
	},
	{
		// Our move sets saw a ko defence (H2); after H2 J3 H3 black
		// G1, white G2, black J4 saves J3, which touches H3.
		name: "346", rule: "OR2: saves of attacker strings next to a string the target would join",
		rows: []string{
			".........",
			".O.X.X...",
			"......X..",
			".O.OO....",
			"..OX.OOX.",
			".OX....X.",
			".OXX..X..",
			".OOXX....",
			"........O",
		},
		target: "J1", mode: Defend, want: Fail,
	},
	{
		// 19×19 (`gen-go --size 19 --seed 2 --games 4 --random-moves 8
		// --max-moves 160 --every 20`, question 427): white A7-A9 is
		// taken only by a ko that black must win with a threat (the
		// full-width search's `3`). Without the liberties of the black
		// strings next to A7's liberties, our move sets see no defence
		// and answer a clean capture.
		name: "19b-427", rule: "owner: liberties of attacker strings with at most k+2 liberties next to a liberty of the target",
		rows: []string{
			"...XO.XOX........O.",
			"...XO...X.....XOO..",
			".X.XO..X.....X.XO..",
			"..XO....X.XX...XOO.",
			".XOOO.X.....OO.XO.O",
			".XXO.OOO.O..XO.XXO.",
			"..OOX...O.XXO.OOXX.",
			".OOX.X.OO.OO...X...",
			"..X.XOX.......O.X..",
			"...X.O.XO......OX..",
			"O....O.XO......OX..",
			"..X..OX.O..O.OOX...",
			"OOX...X.......X....",
			".X..X.......X..X...",
			"..X...X..X.X.......",
			"OX..X..X...........",
			".OO...OO.O.X....X..",
			"....O.....OX.X.....",
			"..........OOX......",
		},
		target: "A7", mode: Attack, want: KoB,
	},
}

// TestGeneratedRules checks the answer of each rule's position at the
// default budget (and SafeLibs 6, the reference's): a rule removed from
// the move sets fails its case.
func TestGeneratedRules(t *testing.T) {
	for _, tc := range ruleCases {
		t.Run(tc.name, func(t *testing.T) {
			b := diagram(t, tc.rows...)
			for _, safe := range []int{5, 6} {
				res, err := Solve(context.Background(), b, vertex(t, b, tc.target), tc.mode, Options{SafeLibs: safe, Plays: 1000000})
				if err != nil {
					t.Fatal(err)
				}
				if !res.Decided() || res.Code != tc.want {
					t.Errorf("%s %s (SafeLibs %d): code %d (decided %v, move %s), want %d (rule: %s)\n%s",
						tc.mode, tc.target, safe, res.Code, res.Decided(), b.Vertex(res.Move), tc.want, tc.rule, b)
				}
			}
		})
	}
}

// TestFreshStepTableSameAnswers checks that APS answers alike whether
// its widening steps share the table or each starts afresh
// (Options.FreshStepTable, for the paper's Table 6), and that the fresh
// tables do more work on a question that needs two steps.
func TestFreshStepTableSameAnswers(t *testing.T) {
	more := false
	type freshCase struct {
		captureCase
		safeLibs int
	}
	var cases []freshCase
	for _, tc := range captureCases {
		cases = append(cases, freshCase{tc, 3})
	}
	for _, rc := range ruleCases {
		if rc.mode != Defend {
			continue // 1825 takes APS more than the budget
		}
		cases = append(cases, freshCase{captureCase{name: rc.name, rows: rc.rows, target: rc.target, mode: rc.mode, code: rc.want}, 5})
	}
	for _, tc := range cases {
		b := diagram(t, tc.rows...)
		var nodes [2]int64
		for i, fresh := range []bool{false, true} {
			res, err := Solve(context.Background(), b, vertex(t, b, tc.target), tc.mode,
				Options{Algorithm: AlgoAPS, Widening: "OR1-2AND1-2", SafeLibs: tc.safeLibs, FreshStepTable: fresh, Plays: 1000000})
			if err != nil {
				t.Fatal(err)
			}
			if res.Code != tc.code || !res.Proven {
				t.Errorf("%s (fresh %v): code %d (proven %v), want %d", tc.name, fresh, res.Code, res.Proven, tc.code)
			}
			nodes[i] = res.Stats.Nodes
		}
		more = more || nodes[1] > nodes[0]
	}
	if !more {
		t.Error("fresh step tables never searched more nodes than the shared table")
	}
}
