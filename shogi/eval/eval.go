// Package eval offers a shogi position to the core's best-move searches
// (core.BestMove: C* for minimax trees and alpha-beta) with a material
// evaluation. It is a game adapter, like shogi/mate for the proof
// searches; the rules engine (package shogi) imports no solver.
package eval

import (
	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// PieceValues are the material values Evaluate uses, indexed by
// shogi.Kind (the king counts nothing: losing it ends the game, which the
// search sees as having no moves). A piece in hand counts as its base
// kind on the board. Round figures of ours, in the usual order of the
// pieces' strength: pawn 100, lance 300, knight 350, silver 500, gold 550,
// bishop 800, rook 1000; promoted pawn 600, promoted lance and knight and
// silver 550, horse 1000, dragon 1200.
var PieceValues = [16]int{
	shogi.Pawn: 100, shogi.Lance: 300, shogi.Knight: 350, shogi.Silver: 500,
	shogi.Gold: 550, shogi.Bishop: 800, shogi.Rook: 1000,
	shogi.ProPawn: 600, shogi.ProLance: 550, shogi.ProKnight: 550, shogi.ProSilver: 550,
	shogi.Horse: 1000, shogi.Dragon: 1200,
}

// Game is a shogi position searched for its best move. It implements
// core.MinimaxGame; it changes the position it was given while searching
// and restores it.
type Game struct {
	pos *shogi.Position
	buf []shogi.Move
}

// New returns the Game over pos.
func New(pos *shogi.Position) *Game {
	return &Game{pos: pos, buf: make([]shogi.Move, 0, shogi.MaxMoves)}
}

// Position returns the position the game plays on.
func (g *Game) Position() *shogi.Position { return g.pos }

// Key is the position's key: board, side to move and both hands.
func (g *Game) Key() core.Key { return core.Key{Board: g.pos.Key()} }

// Moves appends every legal move (step is ignored).
func (g *Game) Moves(buf []core.Move, step int) []core.Move {
	g.buf = g.pos.GenerateLegal(g.buf[:0])
	for _, m := range g.buf {
		buf = append(buf, core.Move(m))
	}
	return buf
}

// Do plays m.
func (g *Game) Do(m core.Move) { g.pos.Do(shogi.Move(m)) }

// Undo takes back m.
func (g *Game) Undo(m core.Move) { g.pos.Undo(shogi.Move(m)) }

// Evaluate is the material balance from the view of the side to move.
func (g *Game) Evaluate() int { return Material(g.pos, g.pos.SideToMove()) }

// Material is c's material minus its opponent's, on the board and in
// hand, with PieceValues.
func Material(pos *shogi.Position, c shogi.Color) int {
	v := 0
	for s := shogi.Square(0); s < 81; s++ {
		pc := pos.PieceAt(s)
		if pc == shogi.Empty {
			continue
		}
		if pc.Color() == c {
			v += PieceValues[pc.Kind()]
		} else {
			v -= PieceValues[pc.Kind()]
		}
	}
	for _, k := range shogi.HandKinds {
		v += PieceValues[k] * (pos.Hand(c).Count(k) - pos.Hand(c.Opponent()).Count(k))
	}
	return v
}
