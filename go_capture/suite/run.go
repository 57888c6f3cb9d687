package suite

import (
	"context"
	"time"

	"github.com/tsume-solver/tsume/go_capture/reading"
)

// Row is the outcome of one test.
type Row struct {
	Test   *Test
	Reply  string // our reply in GNU Go's format, or "unknown" when the search did not decide
	Pass   bool
	Result reading.Result
}

// Totals sums a run.
type Totals struct {
	Tests, Passed, GNUGoPassed int
	Nodes, Plays               int64
	Time                       time.Duration
}

// Run answers every test with opts and scores it; row, if not nil, is
// called after each test (for streaming output).
func Run(ctx context.Context, tests []Test, opts reading.Options, row func(Row)) ([]Row, Totals, error) {
	rows := make([]Row, 0, len(tests))
	var tot Totals
	solver, err := reading.NewSolver(opts)
	if err != nil {
		return nil, tot, err
	}
	for i := range tests {
		if err := ctx.Err(); err != nil {
			return rows, tot, err
		}
		t := &tests[i]
		r := Row{Test: t}
		b, target, err := t.Position()
		if err != nil {
			return rows, tot, err
		}
		mode := reading.Attack
		if t.Command == "defend" {
			mode = reading.Defend
		}
		res, err := solver.Solve(ctx, b, target, mode)
		if err != nil {
			return rows, tot, err
		}
		r.Result = res
		// An undecided answer passes no test, not even one whose pattern
		// is "0" (as the GTP engine, it is no reply at all).
		if reply, err := res.GTP(b.Size()); err == nil {
			r.Reply, r.Pass = reply, t.Pass(reply)
		} else {
			r.Reply = "unknown"
		}
		tot.Tests++
		if r.Pass {
			tot.Passed++
		}
		if t.GNUGoPass {
			tot.GNUGoPassed++
		}
		tot.Nodes += res.Stats.Nodes
		tot.Plays += res.Stats.Plays
		tot.Time += res.Stats.Time
		rows = append(rows, r)
		if row != nil {
			row(r)
		}
	}
	return rows, tot, nil
}
