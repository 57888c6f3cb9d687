package main

import "github.com/tsume-solver/tsume/shogi/mate"

// shogiQuery is tsume_shogi_query with its strings copied into Go.
type shogiQuery struct {
	sfen  string
	moves string // "" when NULL
	rules int32
	algo  int32
	lim   limits
	// threads is the proof search's thread count (0 and 1: one). It is
	// not part of the question: the answer does not depend on it.
	threads uint32
}

// captureQuery is tsume_capture_query with its strings copied into Go.
type captureQuery struct {
	sgf        string
	hasSGF     bool
	moveNumber int32
	boardSize  int32
	black      string
	white      string
	target     string
	mode       int32
	algo       int32
	widening   string // "" when NULL: the default strategy
	lim        limits
}

// The enum values of tsume.h that the queries use.
const (
	rulesTsume = 0
	rulesMate  = 1

	algoDefault = 0
	algoDFPN    = 1
	algoPNStar  = 2
	algoAPS     = 3
	algoCStar   = 4

	modeAttack = 0
	modeDefend = 1

	minBoardSize = 5
	maxBoardSize = 19
)

// validate checks the enum fields of a shogi query.
func (q *shogiQuery) validate() error {
	if q.sfen == "" {
		return errorf(StatusInvalidArgument, "sfen is NULL or empty (required)")
	}
	if q.rules != rulesTsume && q.rules != rulesMate {
		return errorf(StatusInvalidArgument, "rules = %d: expected TSUME_RULES_TSUME (0) or TSUME_RULES_MATE (1)", q.rules)
	}
	switch q.algo {
	case algoDefault, algoDFPN, algoPNStar, algoCStar:
	case algoAPS:
		return errorf(StatusInvalidArgument, "algo = TSUME_ALGO_APS is for the capture game only; shogi takes DEFAULT, DFPN, PNSTAR or CSTAR")
	default:
		return errorf(StatusInvalidArgument, "algo = %d is not a tsume_algo", q.algo)
	}
	if q.threads > mate.MaxThreads {
		return errorf(StatusInvalidArgument, "threads = %d is out of range (0 .. %d; 0 and 1 mean one thread)", q.threads, mate.MaxThreads)
	}
	return nil
}

// validate checks the enum and range fields of a capture query.
func (q *captureQuery) validate() error {
	if q.target == "" {
		return errorf(StatusInvalidArgument, "target is NULL or empty (required)")
	}
	if q.mode != modeAttack && q.mode != modeDefend {
		return errorf(StatusInvalidArgument, "mode = %d: expected TSUME_CAPTURE_ATTACK (0) or TSUME_CAPTURE_DEFEND (1)", q.mode)
	}
	if q.algo < algoDefault || q.algo > algoCStar {
		return errorf(StatusInvalidArgument, "algo = %d is not a tsume_algo", q.algo)
	}
	if q.hasSGF {
		if q.moveNumber < 0 {
			return errorf(StatusInvalidArgument, "move_number = %d must be 0 (play all) or positive", q.moveNumber)
		}
		if q.black != "" || q.white != "" {
			return errorf(StatusInvalidArgument, "give the board either as sgf or as black/white stone lists, not both")
		}
		return nil
	}
	if q.boardSize < minBoardSize || q.boardSize > maxBoardSize {
		return errorf(StatusInvalidArgument, "board_size = %d is out of range (%d .. %d)", q.boardSize, minBoardSize, maxBoardSize)
	}
	if q.moveNumber != 0 {
		return errorf(StatusInvalidArgument, "move_number = %d applies to sgf only", q.moveNumber)
	}
	return nil
}
