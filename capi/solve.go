package main

import "context"

// question is a parsed, validated query of one game, ready to search.
type question interface {
	// cacheKey is the canonical description of the question (see
	// resultCache): equal keys must have equal answers.
	cacheKey() string
	// tableKind names what the table entries of this search mean (game,
	// rules, algorithm); see solver.tableGame.
	tableKind() string
	// search runs the game's solver on s's table. A search ended by a limit
	// or by ctx returns a result of KindUnknown and a nil error.
	search(ctx context.Context, s *solver, lim limits) (*result, error)
}

// solve answers q on s: from the cache when it can, else by searching and
// caching a finished answer. It returns a result with a TSUME_E_CANCELLED
// error when tsume_cancel stopped the search.
func (s *solver) solve(q question, lim limits) (*result, error) {
	ctx, end, err := s.begin(lim.time)
	if err != nil {
		return nil, err
	}
	defer end()
	key := q.cacheKey()
	if r := s.cache.get(key); r != nil {
		return r.fromCache(), nil
	}
	s.useTableFor(q.tableKind())
	r, err := q.search(ctx, s, lim)
	if err != nil {
		return nil, err
	}
	if !r.finished() {
		return r, stopStatus(ctx)
	}
	s.cache.put(key, r)
	return r, nil
}
