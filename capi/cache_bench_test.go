package main

import "testing"

// BenchmarkCachedShogi measures the Go side of a cached answer: the query
// as given (text key hit) and the parse that a text miss costs.
func BenchmarkCachedShogi(b *testing.B) {
	o, _ := newSolverOptions(8, 0, 4)
	s, err := newSolver(o)
	if err != nil {
		b.Fatal(err)
	}
	defer s.close()
	q := shogiQuery{sfen: "9/3k5/9/3P5/9/9/9/9/9 b 2G 1"}
	parse := func() (question, error) { return newShogiQuestion(q) }
	if _, err := s.solve(q.textKey(), parse, q.lim); err != nil {
		b.Fatal(err)
	}
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			parse()
		}
	})
	b.Run("solve-cached", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			s.solve(q.textKey(), parse, q.lim)
		}
	})
}
