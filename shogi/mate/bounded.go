package mate

import (
	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// boundedGame is Game with a horizon: "does the attacker mate within
// limit plies?". An OR node with no plies left has no moves (disproven);
// an AND node with no legal defence is mate whatever the plies left. Keys
// are salted with the plies left, so results for different horizons never
// mix in the shared table (a position may be mated within 9 plies from one
// path and not within the 7 left on another).
type boundedGame struct {
	*Game
	rootPly int
	limit   int
}

func newBoundedGame(g *Game, limit int) *boundedGame {
	return &boundedGame{Game: g, rootPly: g.pos.GamePly(), limit: limit}
}

// left returns the plies left before the horizon.
func (b *boundedGame) left() int { return b.limit - (b.pos.GamePly() - b.rootPly) }

// Key salts the game's key with the plies left.
func (b *boundedGame) Key() core.Key { return boundedKey(b.Game.Key(), b.left()) }

// boundedKey salts a key with the plies left before the horizon. The salt
// is never zero (left is -1 just past the horizon), so no bounded key equals
// the unbounded search's key of the same position.
func boundedKey(k core.Key, left int) core.Key {
	x := uint64(left+2) * 0xd6e8feb86659fd93
	x ^= x >> 32
	k.Board ^= x | 1<<63
	return k
}

// Moves returns no attacker move at the horizon.
func (b *boundedGame) Moves(buf []core.Move, step int) []core.Move {
	if b.OrNode() && b.left() < 1 {
		return buf[:0]
	}
	return b.Game.Moves(buf, step)
}

// Dominates is the game's hand test (same board and horizon).
func (b *boundedGame) Dominates(a, c uint32) bool { return shogi.Hand(a).Superior(shogi.Hand(c)) }
