package gtp

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
)

// koGameSGF plays a seeded random game of about fill*size² legal moves on
// a size×size board and, two times in three, ends it with a ko capture
// when one is there. It writes the result as SGF either as the moves (the
// ban the last move leaves is the board's, as GNU Go's loadsgf leaves it)
// or as a set-up of the final position with PL and GNU Go's IL naming the
// banned recapture; now and then a PL names the other colour. It returns
// the text and the board ParseSGF makes of it.
func koGameSGF(t *testing.T, rng *rand.Rand, size int, fill float64) (string, *board.Board) {
	t.Helper()
	b, err := board.New(size)
	if err != nil {
		t.Fatal(err)
	}
	letter := map[board.Color]string{board.Black: "B", board.White: "W"}
	sgfPt := func(p board.Point) string { return fmt.Sprintf("%c%c", 'a'+int(p)%size, 'a'+int(p)/size) }
	var moves strings.Builder
	c := board.Black
	n := int(fill * float64(size*size))
	for i := 0; i < n; i++ {
		for tries := 0; tries < 20; tries++ {
			p := board.Point(rng.Intn(size * size))
			if b.Play(p, c) == nil {
				fmt.Fprintf(&moves, ";%s[%s]", letter[c], sgfPt(p))
				break
			}
		}
		c = c.Opponent()
	}
	if rng.Intn(3) != 0 {
		for _, tc := range []board.Color{c, c.Opponent()} {
			found := false
			for p := board.Point(0); int(p) < b.NumPoints(); p++ {
				if b.Play(p, tc) != nil {
					continue
				}
				if k, _ := b.Ko(); k != board.NoPoint {
					fmt.Fprintf(&moves, ";%s[%s]", letter[tc], sgfPt(p))
					c, found = tc.Opponent(), true
					break
				}
				b.Undo()
			}
			if found {
				break
			}
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "(;SZ[%d]", size)
	if k, kc := b.Ko(); k != board.NoPoint && rng.Intn(2) == 0 {
		// The set-up form: the stones, PL and IL.
		for _, col := range []board.Color{board.Black, board.White} {
			pts := b.Points(col)
			if pts.Count() == 0 {
				continue
			}
			sb.WriteString("A" + letter[col])
			for p := pts.Next(0); p >= 0; p = pts.Next(p + 1) {
				sb.WriteString("[" + sgfPt(p) + "]")
			}
		}
		fmt.Fprintf(&sb, "PL[%s]IL[%s])", letter[kc], sgfPt(k))
	} else {
		sb.WriteString(moves.String())
		if rng.Intn(4) == 0 {
			fmt.Fprintf(&sb, "PL[%s]", letter[c.Opponent()])
		}
		sb.WriteString(")")
	}
	text := sb.String()
	pb, _, err := board.ParseSGF(text, 0)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return text, pb
}

// TestHostileGTPAgreesWithReadingUnderKo: GTP's attack and defend, after
// loadsgf of random games (sizes 5 to 19, most ending with a ko capture,
// given as moves or as a set-up with PL and IL), answer exactly as reading.Solve on the board the
// SGF gives, at SafeLibs 2 to 8 and with every algorithm; a decided reply
// is never "0" unless proven. On 5×5 and 6×6 a capture claimed with code 1
// is confirmed by brute force (the board's ko ban obeyed).
func TestHostileGTPAgreesWithReadingUnderKo(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	rng := rand.New(rand.NewSource(1405))
	dir := t.TempDir()
	algos := []string{reading.AlgoDFPN, reading.AlgoPNStar, reading.AlgoAPS, reading.AlgoCStar}
	asked, withKo, bruteChecked := 0, 0, 0
	for i := 0; i < n; i++ {
		size := 5 + i%15
		if i%3 == 0 {
			size = 5 + i%2
		}
		text, b := koGameSGF(t, rng, size, 0.4+0.5*rng.Float64())
		if k, _ := b.Ko(); k != board.NoPoint {
			withKo++
		}
		var weak []board.Point
		for p := board.Point(0); int(p) < b.NumPoints(); p++ {
			if b.At(p) != board.Empty && b.StringID(p) == p && b.NumLibs(p) <= 3 {
				weak = append(weak, p)
			}
		}
		if len(weak) == 0 {
			continue
		}
		file := filepath.Join(dir, fmt.Sprintf("g%d.sgf", i))
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		target := weak[rng.Intn(len(weak))]
		o := reading.Options{Algorithm: algos[i%len(algos)], SafeLibs: 2 + rng.Intn(7), Plays: 20000}
		e := New(o)
		if got, _, _ := e.Exec("loadsgf " + file); !strings.HasPrefix(got, "= ") {
			t.Fatalf("loadsgf %s: %q", text, got)
		}
		v := board.FormatVertex(target, size)
		for _, mode := range []reading.Mode{reading.Attack, reading.Defend} {
			cmd := mode.String() + " " + v
			got, _, _ := e.Exec(cmd)
			got = strings.TrimSpace(got)
			want, err := reading.Solve(context.Background(), b, target, mode, o)
			if err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("%s, %+v on %s", cmd, o, text)
			asked++
			if !want.Decided() {
				if !strings.HasPrefix(got, "? unknown:") {
					t.Errorf("%s: %q, reading.Solve did not decide", where, got)
				}
				continue
			}
			reply, _ := want.GTP(size)
			if got != "= "+reply {
				t.Errorf("%s: %q, reading.Solve answers %q", where, got, reply)
			}
			if reply == "0" && !want.Proven {
				t.Errorf("%s: 0 without a proof", where)
			}
			claimsCapture := (mode == reading.Attack) == (want.Code == reading.Win)
			if size <= 6 && claimsCapture && (want.Code == reading.Win || want.Code == reading.Fail) {
				captured := false
				for _, h := range []int{5, 9, 15} {
					c, _, err := reading.BruteForce(b, target, mode, h, o.SafeLibs)
					if err != nil {
						t.Fatal(err)
					}
					if c {
						captured = true
						break
					}
				}
				if !captured {
					t.Errorf("%s: %q claims a capture, brute force finds none in 15 plies\n%v", where, got, b)
				}
				bruteChecked++
			}
		}
	}
	if withKo < n/20 || asked < n || bruteChecked < n/8 {
		t.Fatalf("%d positions with a ko ban, %d questions, %d captures checked by brute force: too few", withKo, asked, bruteChecked)
	}
	t.Logf("%d questions, %d positions with a ko ban, %d captures checked by brute force", asked, withKo, bruteChecked)
}
