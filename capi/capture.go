package main

import (
	"context"
	"errors"
	"math"
	"strings"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
)

// captureQuestion is a parsed capture-game question.
type captureQuestion struct {
	b      *board.Board
	target board.Point
	mode   reading.Mode
	algo   string
	widen  string
	key    string
}

// newCaptureQuestion builds the board (from SGF, or from the size and
// the stone lists) and checks the target and the options.
func newCaptureQuestion(q captureQuery) (question, error) {
	var b *board.Board
	var err error
	if q.hasSGF {
		if b, _, err = board.ParseSGF(q.sgf, int(q.moveNumber)); err != nil {
			return nil, sgfError(err)
		}
	} else if b, err = boardFromLists(int(q.boardSize), q.black, q.white); err != nil {
		return nil, err
	}
	cq := &captureQuestion{b: b, algo: captureAlgo(q.algo), widen: q.widening}
	if cq.target, err = board.ParseVertex(q.target, b.Size()); err != nil {
		return nil, errorf(StatusParse, "target: %v", err)
	}
	if cq.target == board.Pass {
		return nil, errorf(StatusParse, "target: %q is not a point", q.target)
	}
	if b.At(cq.target) == board.Empty {
		return nil, errorf(StatusIllegalPosition, "target %s is an empty point, not a stone", b.Vertex(cq.target))
	}
	if q.mode == modeDefend {
		cq.mode = reading.Defend
	}
	if _, err := reading.ParseStrategy(q.widening); err != nil {
		return nil, errorf(StatusInvalidArgument, "widening: %v", err)
	}
	cq.key = cq.cacheDescription()
	return cq, nil
}

// captureAlgo maps tsume_algo to go_capture/reading's algorithm.
// TSUME_ALGO_DEFAULT is df-pn, the strongest on GNU Go's reading suite
// (199 of 234 tests under a budget of 1 M plays per question, APS 190):
// named here rather than left to reading's zero value, so that the C and
// Python default stays the measured best whatever the package's own is.
func captureAlgo(algo int32) string {
	switch algo {
	case algoAPS:
		return reading.AlgoAPS
	case algoPNStar:
		return reading.AlgoPNStar
	case algoCStar:
		return reading.AlgoCStar
	}
	return reading.AlgoDFPN // algoDefault, algoDFPN
}

// boardFromLists places the stones of two space-separated GTP vertex lists.
func boardFromLists(size int, black, white string) (*board.Board, error) {
	b, err := board.New(size)
	if err != nil {
		return nil, errorf(StatusInvalidArgument, "board_size: %v", err)
	}
	owner := map[board.Point]string{}
	for _, side := range []struct {
		name, list string
		c          board.Color
	}{{"black", black, board.Black}, {"white", white, board.White}} {
		for _, v := range strings.Fields(side.list) {
			p, err := board.ParseVertex(v, size)
			if err != nil {
				return nil, errorf(StatusParse, "%s: %v", side.name, err)
			}
			if p == board.Pass {
				return nil, errorf(StatusParse, "%s: %q is not a point", side.name, v)
			}
			if prev, dup := owner[p]; dup {
				return nil, errorf(StatusIllegalPosition, "%s: %s is already listed for %s", side.name, b.Vertex(p), prev)
			}
			owner[p] = side.name
			if err := b.Place(p, side.c); err != nil {
				return nil, errorf(StatusIllegalPosition, "%s: %s: %v", side.name, v, err)
			}
		}
	}
	for p := board.Point(0); int(p) < b.NumPoints(); p++ {
		if b.At(p) != board.Empty && b.NumLibs(p) == 0 {
			return nil, errorf(StatusIllegalPosition, "the %s string at %s has no liberty", b.At(p), b.Vertex(p))
		}
	}
	b.Commit()
	return b, nil
}

// sgfError classifies a board.ParseSGF error: a move or set-up that breaks
// the rules is an illegal position, anything else malformed SGF.
func sgfError(err error) error {
	for _, e := range []error{board.ErrOccupied, board.ErrSuicide, board.ErrKo, board.ErrSuperko} {
		if errors.Is(err, e) {
			return errorf(StatusIllegalPosition, "%v", err)
		}
	}
	if strings.Contains(err.Error(), "has no liberty") {
		return errorf(StatusIllegalPosition, "%v", err)
	}
	return errorf(StatusParse, "%v", err)
}

// cacheDescription spells the whole question: every point, the ko ban, the
// target, who moves first, the algorithm and the widening strategy.
// Positional superko is off, so the answer does not depend on history.
func (cq *captureQuestion) cacheDescription() string {
	pts := make([]byte, cq.b.NumPoints())
	for p := range pts {
		pts[p] = ".XO?"[cq.b.At(board.Point(p))&3]
	}
	ko, koColor := cq.b.Ko()
	var k keyBuilder
	return k.field("capture").int(int64(cq.b.Size())).field(string(pts)).int(int64(ko)).int(int64(koColor)).
		int(int64(cq.target)).int(int64(cq.mode)).field(cq.algo).field(strings.TrimSpace(cq.widen)).String()
}

func (cq *captureQuestion) cacheKey() string  { return cq.key }
func (cq *captureQuestion) tableKind() string { return "" }

// search runs go_capture/reading with the solver handle's capture solver.
func (cq *captureQuestion) search(ctx context.Context, s *solver, lim limits) (*result, error) {
	o := reading.Options{Algorithm: cq.algo, Widening: cq.widen, TimeLimit: lim.time, Nodes: math.MaxInt64, Plays: lim.plays}
	if lim.nodes > 0 && lim.nodes < math.MaxInt64 {
		o.Nodes = int64(lim.nodes)
	}
	if s.progress != nil {
		s.progress.start()
		o.Progress = s.captureProgress // the same pointer each time: o stays equal
	}
	v, err := s.captureSolver(o)
	if err != nil {
		return nil, errorf(StatusInvalidArgument, "%v", err)
	}
	rr, err := v.Solve(ctx, cq.b, cq.target, cq.mode)
	if err != nil {
		if errors.Is(err, reading.ErrNotStone) {
			return nil, errorf(StatusIllegalPosition, "%v", err)
		}
		return nil, errorf(StatusInvalidArgument, "%v", err)
	}
	r := &result{code: codeNotCapture, kind: KindUnknown}
	st := &r.stats
	st.expanded = uint64(max(rr.Stats.Nodes, 0))
	st.generated = uint64(max(rr.Stats.Plays, 0)) // every move played, game-definition functions included
	st.iterations = uint64(max(rr.Stats.Steps, 0))
	st.timeMS = rr.Stats.Time.Seconds() * 1000
	if sec := rr.Stats.Time.Seconds(); sec > 0 {
		st.nodesPerSecond = float64(rr.Stats.Nodes) / sec
	}
	if !rr.Proven {
		return r, nil
	}
	r.code = int32(rr.Code)
	switch rr.Code {
	case reading.Fail:
		r.kind = KindDisproven
	case reading.Win:
		r.kind = KindProven
	case reading.KoA, reading.KoB:
		r.kind = KindKo
	default:
		return nil, errorf(StatusInternal, "go_capture/reading returned code %d", rr.Code)
	}
	if rr.Code != reading.Fail {
		r.proven = true // success, possibly by ko, for the side moving first
		for _, p := range rr.Line {
			r.moves = append(r.moves, board.FormatVertex(p, cq.b.Size()))
		}
		if len(r.moves) == 0 {
			r.moves = []string{board.FormatVertex(rr.Move, cq.b.Size())}
		}
	}
	r.length = int32(len(r.moves))
	r.verified = false // the capture game has no independent verifier
	return r, nil
}

// captureSolver returns the handle's reading.Solver for options o. A
// reading.Solver has fixed options and keeps its tables between questions,
// so the handle keeps the last one and makes a new one only when the
// options (algorithm, strategy, limits) change: an engine asking many
// questions the same way allocates the tables once.
func (s *solver) captureSolver(o reading.Options) (*reading.Solver, error) {
	if s.capture != nil && s.captureOpts == o {
		return s.capture, nil
	}
	v, err := reading.NewSolver(o)
	if err != nil {
		return nil, err
	}
	s.dropCapture() // the replaced solver's table goes now, not at the next GC
	s.capture, s.captureOpts = v, o
	return v, nil
}
