// Package board is the Go board of the capture game: any size from 5×5 to
// 19×19, strings and liberties kept incrementally in bitsets, captures,
// suicide, the simple ko ban (positional superko as an option), Zobrist
// keys, allocation-free Play/Undo, SGF input and GTP vertices.
//
// It imports nothing else of tsume, so front ends and other programs can
// use it on its own.
package board

import (
	"fmt"
	"strings"
)

// MinSize and MaxSize bound the board sizes the package accepts.
const (
	MinSize = 5
	MaxSize = 19
)

// MaxPoints is the number of points of the largest board.
const MaxPoints = MaxSize * MaxSize

// Point is an intersection: row*size + column, row 0 being the bottom row
// (GTP row 1) and column 0 the left column (GTP column A). Pass and NoPoint
// are the two non-board values.
type Point int16

const (
	// Pass is the pass move.
	Pass Point = -1
	// NoPoint means "no point" (no ko, no move known).
	NoPoint Point = -2
)

// Color is the content of a point or the colour of a player.
type Color int8

const (
	// Empty is an empty point.
	Empty Color = 0
	// Black is the black player or stone.
	Black Color = 1
	// White is the white player or stone.
	White Color = 2
)

// Opponent returns the other player; Empty stays Empty.
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// String returns "black", "white" or "empty".
func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "empty"
}

// ParseColor reads a colour as GTP and SGF write it: "b", "black", "w",
// "white" (any case).
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return Black, nil
	case "w", "white":
		return White, nil
	}
	return Empty, fmt.Errorf("colour %q is not black or white", s)
}
