package main

// #include "capi.h"
import "C"

import (
	"encoding/json"
	"strings"

	"github.com/tsume-solver/tsume/shogi/mate"
)

// tsume_shogi_verify checks a mating line from anywhere (another engine's
// answer) with the independent verifier, for the question
// tsume_solve_shogi would pose about sfen after moves under rules;
// defender 0: the side to move attacks, 1: it defends, 2: it defends when
// in check. It writes {"verdict", "length", "verification"} as JSON to
// *out. A malformed position or move is TSUME_E_PARSE, an illegal one or
// a position the solver refuses TSUME_E_ILLEGAL_POSITION.
//
//export tsume_shogi_verify
func tsume_shogi_verify(csfen, cmoves *C.char, rules, defender C.int32_t, cline *C.char, altNodes, nodes C.uint64_t, out **C.char, errBuf *C.char, errLen C.size_t) (st C.tsume_status) {
	defer recoverPanic(&st, errBuf, errLen)
	if out == nil {
		return finish(errorf(StatusInvalidArgument, "out is NULL"), errBuf, errLen)
	}
	*out = nil
	var o mate.Options
	switch rules {
	case rulesTsume:
		o.Rules = mate.Tsume
	case rulesMate:
		o.Rules = mate.MateSearch
	default:
		return finish(errorf(StatusInvalidArgument, "rules %d is neither TSUME_RULES_TSUME nor TSUME_RULES_MATE", int(rules)), errBuf, errLen)
	}
	switch defender {
	case 0:
	case 1:
		o.DefenderToMove = true
	case 2:
		o.AutoDefender = true
	default:
		return finish(errorf(StatusInvalidArgument, "defender %d is not 0 (attacker to move), 1 (defender) or 2 (defender when in check)", int(defender)), errBuf, errLen)
	}
	pos, err := positionAfter(csfen, cmoves)
	if err != nil {
		return finish(err, errBuf, errLen)
	}
	lineText, ok, err := goString(cline, maxRecordInput, "line")
	if err == nil && !ok {
		err = errorf(StatusInvalidArgument, "line is NULL")
	}
	if err != nil {
		return finish(err, errBuf, errLen)
	}
	// A position the solver refuses is refused here with its reason; after
	// this CheckLine can only fail on a move of the line.
	if _, err := mate.Prepared(pos, o); err != nil {
		return finish(errorf(StatusIllegalPosition, "%v", err), errBuf, errLen)
	}
	alt, total := uint64(altNodes), uint64(nodes)
	if alt == 0 {
		alt = mate.DefaultVerifyAltNodes
	}
	if total == 0 {
		total = mate.DefaultVerifyNodes
	}
	line := strings.Fields(lineText)
	v, err := mate.CheckLine(pos, o, line, alt, total)
	if err != nil {
		return finish(shogiError(err, ""), errBuf, errLen)
	}
	b, _ := json.Marshal(struct {
		Verdict      string            `json:"verdict"`
		Length       int               `json:"length"`
		Verification mate.Verification `json:"verification"`
	}{v.Verdict(), len(line), v})
	*out = C.CString(string(b))
	return finish(nil, errBuf, errLen)
}
