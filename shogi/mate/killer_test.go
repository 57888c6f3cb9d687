package mate

import (
	"fmt"
	"testing"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// playUSI parses sfen and plays the USI moves; it fails the test on any
// error.
func playUSI(t *testing.T, sfen string, moves ...string) *shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range moves {
		m, err := shogi.ParseUSIMove(p, s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p.Do(m)
	}
	return p
}

// TestKillers stores a proof for a sibling position (another interposition,
// or the promotion twin of the attacker's move) whose proving move is not
// what the static order tries first, and checks that the node's first
// move becomes that killer — and that without the table it is not first.
func TestKillers(t *testing.T) {
	tests := []struct {
		name    string
		sfen    string
		path    []string // moves to the OR node under test
		sibling []string // moves to the proven sibling, from sfen
		killer  string   // its proving move (USI, in the sibling)
		want    string   // the move expected first at the node; "" = static order kept
	}{
		{
			name:    "interposition, another piece on the same square",
			sfen:    "4k4/9/9/9/4R4/9/9/9/9 w 2Gsg 1",
			path:    []string{"S*5b"},
			sibling: []string{"G*5b"},
			killer:  "G*4b",
			want:    "G*4b",
		},
		{
			name:    "interposition, the same piece on another square",
			sfen:    "4k4/9/9/9/4R4/9/9/9/9 w 2Gsg 1",
			path:    []string{"S*5b"},
			sibling: []string{"S*5d"},
			killer:  "G*6b",
			want:    "G*6b",
		},
		{
			name:    "killer that is no move here leaves the order alone",
			sfen:    "4k4/9/9/9/4R4/9/9/9/9 w 2Gsg 1",
			path:    []string{"S*5b"},
			sibling: []string{"S*5d"},
			killer:  "G*5c",
			want:    "",
		},
		{
			name:    "non-promotion, killer from the promotion twin",
			sfen:    "4k4/9/4GS3/9/9/9/9/9/9 b G 1",
			path:    []string{"4c4b", "5a6a"},
			sibling: []string{"4c4b+", "5a6a"},
			killer:  "G*7b",
			want:    "G*7b",
		},
		{
			name:    "promotion, killer from the non-promotion twin",
			sfen:    "4k4/9/4GS3/9/9/9/9/9/9 b G 1",
			path:    []string{"4c4b+", "5a6a"},
			sibling: []string{"4c4b", "5a6a"},
			killer:  "G*7a",
			want:    "G*7a",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			table, err := core.NewTable(2, core.TableOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer table.Close()
			sib := NewGame(playUSI(t, tc.sfen, tc.sibling...), shogi.Black, MateSearch)
			km, err := shogi.ParseUSIMove(sib.pos, tc.killer)
			if err != nil {
				t.Fatal(err)
			}
			if !sib.OrNode() {
				t.Fatal("sibling is not an OR node")
			}
			table.Store(&core.Entry{Key: sib.Key(), OrNode: true, PN: 0, DN: core.Infinity, Move: core.Move(km), Length: 1})

			g := NewGame(playUSI(t, tc.sfen, tc.path...), shogi.Black, MateSearch)
			before := g.pos.SFEN()
			plain := g.generate(nil)
			if len(plain) < 2 || plain[0].USI() == tc.want {
				t.Fatalf("static order already starts with %s (%v): the test proves nothing", tc.want, plain)
			}
			plainOrder := fmt.Sprint(plain)
			g.killers = table
			got := g.generate(nil)
			if len(got) != len(plain) {
				t.Fatalf("%d moves with the killer, %d without: ordering must not drop moves", len(got), len(plain))
			}
			if tc.want == "" {
				if fmt.Sprint(got) != plainOrder {
					t.Fatalf("order %v, want the static %s", got, plainOrder)
				}
			} else if got[0].USI() != tc.want {
				t.Fatalf("first move %s, want %s (order %v)", got[0].USI(), tc.want, got)
			}
			if after := g.pos.SFEN(); after != before {
				t.Fatalf("position changed: %s -> %s", before, after)
			}
			if g.pos.LastMove().USI() != tc.path[len(tc.path)-1] {
				t.Fatalf("last move %s after the killer, want %s", g.pos.LastMove().USI(), tc.path[len(tc.path)-1])
			}
			allocs := testing.AllocsPerRun(50, func() { g.generate(g.buf[:0]) })
			if allocs != 0 {
				t.Fatalf("%.1f allocations per generate, want 0", allocs)
			}
		})
	}
}
