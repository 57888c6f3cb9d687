package main

// newShogiQuestion parses a shogi query into a question.
//
// The tsume solver (shogi/mate) is not committed yet; until it is, every
// shogi query fails with TSUME_E_INTERNAL rather than a made-up answer.
func newShogiQuestion(q shogiQuery) (question, error) {
	return nil, errorf(StatusInternal, "the shogi solver (shogi/mate) is not built into this library yet")
}
