package main

// #include "capi.h"
import "C"

import (
	"strconv"
	"strings"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
	"github.com/tsume-solver/tsume/shogi/record"
)

// maxRecordInput bounds the SFEN and the moves string of tsume_shogi_record
// (the 1525-ply Microcosmos line is about 7.6 KB).
const maxRecordInput = 1 << 20

// tsume_shogi_record writes a problem and its line as a game record that
// shogi GUIs open: format TSUME_RECORD_KIF or TSUME_RECORD_CSA, the
// position sfen, the rules it was solved under (tsume rules give the
// defender the spare pieces, as the solver does, so its drops are legal in
// the record), the USI moves (space separated; "" for none) and whether
// the line ends in mate. A malformed position or move is TSUME_E_PARSE, a
// move the rules refuse TSUME_E_ILLEGAL_POSITION, with the reason in err;
// so is a mate mark on a line that does not end in mate.
//
//export tsume_shogi_record
func tsume_shogi_record(format C.int32_t, csfen *C.char, rules C.int32_t, cmoves *C.char, isMate C.int32_t, out **C.char, errBuf *C.char, errLen C.size_t) (st C.tsume_status) {
	defer recoverPanic(&st, errBuf, errLen)
	if out == nil {
		return finish(errorf(StatusInvalidArgument, "out is NULL"), errBuf, errLen)
	}
	*out = nil
	write := record.KIF
	switch format {
	case C.TSUME_RECORD_KIF:
	case C.TSUME_RECORD_CSA:
		write = record.CSA
	case C.TSUME_RECORD_SVG, C.TSUME_RECORD_SVG_WESTERN:
		o := record.SVGOptions{Western: format == C.TSUME_RECORD_SVG_WESTERN}
		write = func(p *shogi.Position, ms []shogi.Move, mate bool) (string, error) { return record.SVG(p, ms, mate, o) }
	default:
		return finish(errorf(StatusInvalidArgument, "format %d is not a TSUME_RECORD_ format", int(format)), errBuf, errLen)
	}
	sfen, moves, err := sfenAndMoves(csfen, cmoves)
	if err != nil {
		return finish(err, errBuf, errLen)
	}
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		return finish(shogiError(err, ""), errBuf, errLen)
	}
	switch rules {
	case rulesTsume:
		if pos, err = mate.Prepared(pos, mate.Options{Rules: mate.Tsume}); err != nil {
			return finish(errorf(StatusIllegalPosition, "%v", err), errBuf, errLen)
		}
	case rulesMate:
	default:
		return finish(errorf(StatusInvalidArgument, "rules %d is neither TSUME_RULES_TSUME nor TSUME_RULES_MATE", int(rules)), errBuf, errLen)
	}
	q := pos.Clone()
	var line []shogi.Move
	for i, u := range strings.Fields(moves) {
		m, err := shogi.ParseUSIMove(q, u)
		if err != nil {
			return finish(shogiError(err, "moves: move "+strconv.Itoa(i+1)+": "), errBuf, errLen)
		}
		line = append(line, m)
		q.Do(m)
	}
	if isMate != 0 {
		if err := endsInMate(q, rules == rulesTsume); err != nil {
			return finish(err, errBuf, errLen)
		}
	}
	text, err := write(pos, line, isMate != 0)
	if err != nil {
		return finish(errorf(StatusIllegalPosition, "%v", err), errBuf, errLen)
	}
	*out = C.CString(text)
	return finish(nil, errBuf, errLen)
}

// endsInMate checks the claim of the mate mark: the side to move at the
// end of the record is in check and has no legal reply. Under the
// composers' rules a drop between is no reply (a futile interposition is
// not counted; which drops are futile is the verifier's question), so
// the check never refuses a line the verifier accepted, and still refuses
// a record marked mate that ends with the attacker to move, without
// check, or with a king move or capture that escapes.
func endsInMate(q *shogi.Position, composers bool) error {
	if !q.InCheck() {
		return errorf(StatusIllegalPosition, "mate: the line does not end in mate (%s, to move, is not in check)", q.SideToMove())
	}
	var buf [shogi.MaxMoves]shogi.Move
	for _, e := range q.GenerateEvasions(buf[:0]) {
		if !composers || !e.IsDrop() {
			return errorf(StatusIllegalPosition, "mate: the line does not end in mate (%s escapes with %s)", q.SideToMove(), e.USI())
		}
	}
	return nil
}
