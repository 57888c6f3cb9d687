package mate

import (
	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// Clone returns a game at g's current position that another search thread
// can drive while g is driven. The copy has its own position and its own
// scratch (move buffers, futile-interposition scratch, evasion cache); it
// shares only the killers' table, which is safe for concurrent use, and the
// settings (attacker, rules, salt, delays), which no search changes.
//
// A field added to Game is copied by value here; one that a search
// mutates through a pointer must get its own copy below, or two threads
// would share it (TestCloneSharesNoMutableState drives two clones at once
// under the race detector to catch that).
//
// Clone returns *Game, so *Game is not a core.Cloner by itself: a type
// that embeds *Game to change the game (the line phase's boundedGame)
// would otherwise inherit a Clone that drops its changes, and its other
// threads would search another game. Threaded gives the core a Cloner.
func (g *Game) Clone() *Game {
	c := *g
	c.pos = g.pos.Clone()
	c.buf = make([]shogi.Move, 0, cap(g.buf))
	c.fut = newFutileScratch()
	// The children's keys of the last attacker node are scratch too: a
	// shared one is written by both threads' mate-in-one tests.
	c.ahead = childKeys{moves: make([]shogi.Move, 0, shogi.MaxMoves), keys: make([]core.Key, 0, shogi.MaxMoves)}
	if g.evasions != nil {
		c.evasions = newEvasionCache()
	}
	return &c
}

// Threaded returns g as a core.Game that implements core.Cloner, for a
// search with core.Options.Threads > 1 (the other optional interfaces,
// such as core.Dominance and core.Delaying, are g's own). The core drives
// g itself on the calling goroutine and clones on the others.
func Threaded(g *Game) core.Game { return threaded{g} }

// threaded is a *Game whose Clone is the core's.
type threaded struct{ *Game }

// Clone implements core.Cloner.
func (t threaded) Clone() core.Game { return threaded{t.Game.Clone()} }
