// Package gen generates shogi positions of the kind an engine asks a mate
// solver about: end-game-like positions from seeded random games. The same
// seed gives the same positions on every machine, so a set of thousands
// can be regenerated instead of stored, and a held-out set is just another
// seed.
//
// gen imports only the rules (shogi); it knows nothing of any solver.
package gen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/tsume-solver/tsume/shogi"
)

// Positions plays seeded random games and returns up to n distinct
// positions whose side to move has a check or is in check, as SFEN. A
// game starts from the start position (sampled after ply 50, at most 240
// plies) or from one of starts (real-game end-games, sampled from their
// first random ply, at most 30 plies); each game gives at most three
// positions. Captures are preferred (seven times in ten when there is
// one), then checks (three times in ten), so the games shed material and
// reach positions with full hands and exposed kings, as engines' games do.
//
// The positions depend on the seed, n and starts only: moves are sorted
// before the random choice, so a faster move generator that lists them in
// another order gives the same set. Every start must be a valid SFEN (see
// ReadStarts).
func Positions(seed uint64, n int, starts []string) ([]string, error) {
	ps := make([]*shogi.Position, len(starts))
	for i, s := range starts {
		p, err := shogi.ParseSFEN(s)
		if err != nil {
			return nil, fmt.Errorf("gen: start %d: %w", i+1, err)
		}
		ps[i] = p
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var out []string
	seen := map[string]bool{}
	var buf, checks [shogi.MaxMoves]shogi.Move
	var caps []shogi.Move
	for games := 0; len(out) < n && games < 50*n; games++ {
		p, minPly, maxPly := shogi.NewStartPosition(), 50, 240
		if k := rng.IntN(len(ps) + 1); k < len(ps) {
			p, minPly, maxPly = ps[k].Clone(), 1, 30
		}
		taken := 0
		for ply := 0; ply < maxPly && taken < 3; ply++ {
			// Sorted, so that the games depend on the seed and the rules
			// only, not on the order a move generator lists moves in.
			moves := p.GenerateLegal(buf[:0])
			if len(moves) == 0 {
				break
			}
			slices.Sort(moves)
			if ply >= minPly && rng.IntN(4) == 0 && (p.InCheck() || len(p.GenerateChecks(checks[:0])) > 0) {
				sfen := p.SFEN()
				if f := strings.Fields(sfen); len(f) >= 3 && !seen[strings.Join(f[:3], " ")] {
					seen[strings.Join(f[:3], " ")] = true
					out = append(out, sfen)
					taken++
					if len(out) == n {
						break
					}
				}
			}
			caps = caps[:0]
			for _, m := range moves {
				if !m.IsDrop() && p.PieceAt(m.To()) != shogi.Empty {
					caps = append(caps, m)
				}
			}
			m := moves[rng.IntN(len(moves))]
			if len(caps) > 0 && rng.IntN(10) < 7 {
				m = caps[rng.IntN(len(caps))]
			} else if cs := p.GenerateChecks(checks[:0]); len(cs) > 0 && rng.IntN(10) < 3 {
				slices.Sort(cs)
				m = cs[rng.IntN(len(cs))]
			}
			p.Do(m)
		}
	}
	return out, nil
}

// ReadStarts reads start positions: one SFEN a line, text after a tab
// ignored (the problem sets' TSV), blank lines and lines starting with #
// skipped. A line that is not a valid SFEN is an error naming its number.
func ReadStarts(r io.Reader) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for line := 1; sc.Scan(); line++ {
		l := sc.Text()
		if i := strings.IndexByte(l, '\t'); i >= 0 {
			l = l[:i]
		}
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if _, err := shogi.ParseSFEN(l); err != nil {
			return nil, fmt.Errorf("gen: line %d: %w", line, err)
		}
		out = append(out, l)
	}
	return out, sc.Err()
}
