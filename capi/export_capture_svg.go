package main

// #include "capi.h"
import "C"

import (
	"strings"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
)

// tsume_capture_svg draws a capture question (the same query as
// tsume_solve_capture) as an SVG picture: the board, the target string
// ringed, and line (GTP vertices separated by spaces, e.g. a result's
// moves; "" or NULL for none) numbered from the side that moves first;
// a line that cannot be played in turn is refused, naming the move.
//
//export tsume_capture_svg
func tsume_capture_svg(cq *C.tsume_capture_query, cline *C.char, out **C.char, errBuf *C.char, errLen C.size_t) (st C.tsume_status) {
	defer recoverPanic(&st, errBuf, errLen)
	if out == nil {
		return finish(errorf(StatusInvalidArgument, "out is NULL"), errBuf, errLen)
	}
	*out = nil
	q, err := readCaptureQuery(cq)
	if err != nil {
		return finish(err, errBuf, errLen)
	}
	qq, err := newCaptureQuestion(q)
	if err != nil {
		return finish(err, errBuf, errLen)
	}
	c := qq.(*captureQuestion)
	text, _, err := goString(cline, maxRecordInput, "line")
	if err != nil {
		return finish(err, errBuf, errLen)
	}
	var line []board.Point
	for i, v := range strings.Fields(text) {
		p, err := board.ParseVertex(v, c.b.Size())
		if err != nil {
			return finish(errorf(StatusParse, "line: move %d: %v", i+1, err), errBuf, errLen)
		}
		line = append(line, p)
	}
	first := c.b.At(c.target).Opponent() // the attacker moves first
	if c.mode == reading.Defend {
		first = c.b.At(c.target)
	}
	if err := checkCaptureLine(c.b, line, first); err != nil {
		return finish(err, errBuf, errLen)
	}
	*out = C.CString(c.b.SVG(c.target, line, first))
	return finish(nil, errBuf, errLen)
}

// checkCaptureLine replays line on a copy of b, the sides alternating
// from first, and names the first move that cannot be played: a picture
// would otherwise number a move onto a stone or into suicide as if it
// were part of the line. The ko ban is not applied (PlayForced), since a
// result's line retakes a ko after the threats it leaves out.
func checkCaptureLine(b *board.Board, line []board.Point, first board.Color) error {
	if len(line) == 0 {
		return nil
	}
	r := b.Clone()
	c := first
	for i, p := range line {
		if err := r.PlayForced(p, c); err != nil {
			return errorf(StatusIllegalPosition, "line: move %d (%s %s): %v", i+1, c, r.Vertex(p), err)
		}
		c = c.Opponent()
	}
	return nil
}
