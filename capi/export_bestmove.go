package main

// #include "capi.h"
import "C"

import (
	"context"
	"encoding/json"
	"time"

	"github.com/tsume-solver/tsume/shogi/eval"
)

// tsume_shogi_bestmove searches a shogi position for the side to move's
// best move with the material evaluation of shogi/eval (C* for minimax
// trees or alpha-beta) and writes the answer as a JSON object to *out.
// It holds no solver and cannot be cancelled: the node and time limits
// bound it.
//
//export tsume_shogi_bestmove
func tsume_shogi_bestmove(csfen, cmoves *C.char, algo, depth C.int32_t, separation, nodeLimit C.uint64_t, timeLimitMS C.uint32_t, out **C.char, errBuf *C.char, errLen C.size_t) (st C.tsume_status) {
	defer recoverPanic(&st, errBuf, errLen)
	if out == nil {
		return finish(errorf(StatusInvalidArgument, "out is NULL"), errBuf, errLen)
	}
	*out = nil
	o := eval.Options{Depth: int(depth), Separation: uint64(separation), NodeLimit: uint64(nodeLimit),
		TimeLimit: time.Duration(timeLimitMS) * time.Millisecond}
	switch algo {
	case C.TSUME_BESTMOVE_CSTAR:
		o.Algorithm = "cstar"
	case C.TSUME_BESTMOVE_ALPHABETA:
		o.Algorithm = "alphabeta"
	default:
		return finish(errorf(StatusInvalidArgument, "algo %d is neither TSUME_BESTMOVE_CSTAR nor TSUME_BESTMOVE_ALPHABETA", int(algo)), errBuf, errLen)
	}
	if depth < 0 || depth > 64 {
		return finish(errorf(StatusInvalidArgument, "depth %d is out of range (0 for the default, 1 .. 64)", int(depth)), errBuf, errLen)
	}
	pos, err := positionAfter(csfen, cmoves)
	if err != nil {
		return finish(err, errBuf, errLen)
	}
	r, err := eval.Search(context.Background(), pos, o)
	if err != nil {
		return finish(errorf(StatusInvalidArgument, "%v", err), errBuf, errLen)
	}
	b, _ := json.Marshal(r)
	*out = C.CString(string(b))
	return finish(nil, errBuf, errLen)
}
