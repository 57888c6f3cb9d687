package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// shogiQuestion is a parsed tsume-shogi question.
type shogiQuestion struct {
	pos   *shogi.Position
	rules mate.Rules
	algo  mate.Algorithm
	key   string
	// threads of the proof search; not in key (the answer is the same).
	threads int
}

// newShogiQuestion parses the position and the moves played from it. A
// malformed SFEN or move is TSUME_E_PARSE; a well-formed one that the
// rules refuse (two kings, nifu, an illegal move, ...; package shogi marks
// these with shogi.ErrIllegal) is TSUME_E_ILLEGAL_POSITION.
func newShogiQuestion(q shogiQuery) (question, error) {
	pos, err := shogi.ParseSFEN(q.sfen)
	if err != nil {
		return nil, shogiError(err, "")
	}
	moves := strings.Fields(q.moves)
	for i, ms := range moves {
		m, err := shogi.ParseUSIMove(pos, ms)
		if err != nil {
			return nil, shogiError(err, fmt.Sprintf("moves: move %d: ", i+1))
		}
		pos.Do(m)
	}
	sq := &shogiQuestion{pos: pos, rules: mate.Tsume, algo: mate.DFPN, threads: int(q.threads)}
	if q.rules == rulesMate {
		sq.rules = mate.MateSearch
	}
	switch q.algo {
	case algoPNStar:
		sq.algo = mate.PNStar
	case algoCStar:
		sq.algo = mate.CStar
	}
	sq.key = shogiCacheKey(sq, q, moves)
	return sq, nil
}

// shogiError classifies an error of package shogi.
func shogiError(err error, prefix string) error {
	if errors.Is(err, shogi.ErrIllegal) {
		return errorf(StatusIllegalPosition, "%s%v", prefix, err)
	}
	return errorf(StatusParse, "%s%v", prefix, err)
}

// shogiCacheKey describes the parsed question for the result cache. Under
// tsume rules the answer depends only on the position reached (a
// repetition counts only along the solution, which starts there), so the
// key is that position without its move number. Under mate-search rules
// repetitions of earlier positions matter, so the key is the whole game:
// the given start position and every move.
func shogiCacheKey(sq *shogiQuestion, q shogiQuery, moves []string) string {
	var k keyBuilder
	k.field("shogi").int(int64(sq.rules)).int(int64(sq.algo))
	if sq.rules == mate.Tsume {
		return k.field(withoutPly(sq.pos.SFEN())).String()
	}
	return k.field(normalizeSpace(q.sfen)).field(strings.Join(moves, " ")).String()
}

// withoutPly drops the move number, which does not change the answer.
func withoutPly(sfen string) string {
	f := strings.Fields(sfen)
	if len(f) > 3 {
		f = f[:3]
	}
	return strings.Join(f, " ")
}

func (sq *shogiQuestion) cacheKey() string  { return sq.key }
func (sq *shogiQuestion) tableKind() string { return "shogi/" + sq.rules.String() }

// options are the mate.Options of the question under lim (progress aside).
func (sq *shogiQuestion) options(lim limits) mate.Options {
	return mate.Options{Rules: sq.rules, Algorithm: sq.algo, NodeLimit: lim.nodes, LineNodeLimit: lim.lineNodes, TimeLimit: lim.time, Threads: sq.threads}
}

// search runs shogi/mate on the solver's table.
func (sq *shogiQuestion) search(ctx context.Context, s *solver, lim limits) (*result, error) {
	o := sq.options(lim)
	if h := s.progress; h != nil {
		h.start()
		o.ProgressEvery = h.interval
		o.Progress = func(p mate.Progress) { h.report(shogiProgress(p)) }
	}
	mr, err := s.solveShogi(ctx, sq.pos, o)
	if err != nil {
		// Options were validated by capi, so what shogi/mate refuses is the
		// position: no defender king, an attacker in check that cannot
		// answer with a check, more pieces than a set holds.
		return nil, errorf(StatusIllegalPosition, "%v", err)
	}
	return shogiResult(mr), nil
}

// shogiResult converts shogi/mate's answer under tsume.h's contract: the
// kind is PROVEN only with a line the independent verifier accepted. A
// proven mate without one is UNKNOWN with proven set and the line as the
// candidate, whether a limit, a cancel or a fault in the line search left
// it so. shogi/mate keeps the same contract; it is checked again here
// because this is the last place before the answer leaves Go.
func shogiResult(mr mate.Result) *result {
	r := &result{
		code:  codeNotCapture,
		stats: statsFrom(mr.Stats, mr.Hashfull, mr.Elapsed),
		note:  mr.Note,
	}
	switch mr.Kind {
	case mate.Mate:
		r.proven = true
		if v := mr.Verification; !mr.Verified || !v.OK || !v.FinalMate || v.Plies < len(mr.USI) || len(mr.USI) == 0 {
			r.kind = KindUnknown
			r.candidate = mr.USI
			r.note = fmt.Sprintf("the mate is proven, but its %d-ply line did not pass the verifier (%s)", len(mr.USI), v.Problem)
			return r
		}
		r.kind = KindProven
		r.verified, r.minimal = true, mr.Minimal
		r.length = int32(mr.Length)
		r.moves = mr.USI
		r.lineWork = lineStats{nodes: mr.LineNodes, ms: float64(mr.LineElapsed) / float64(time.Millisecond), exact: mr.ExactNodes}
	case mate.NoMate:
		r.kind = KindDisproven
	default:
		r.kind = KindUnknown
		if mr.Proven {
			r.proven = true
			r.candidate = mr.CandidateUSI
		}
	}
	return r
}
