package suite

import (
	"context"
	"testing"

	"github.com/tsume-solver/tsume/go_capture/reading"
)

// BenchmarkReadingSuite answers the whole of GNU Go's reading suite with
// the default options at bench-go's budget (1 000 000 plays per
// question) per iteration, and reports the board plays, expanded nodes
// and passes of one run beside the time: plays and nodes are the same on
// any machine, the time is not. Profile with
// `go test -run '^$' -bench ReadingSuite -cpuprofile cpu.out ./go_capture/suite`.
func BenchmarkReadingSuite(b *testing.B) {
	tests := sharedSuite(b)
	var tot Totals
	var err error
	for b.Loop() {
		_, tot, err = Run(context.Background(), tests, reading.Options{Plays: 1000000}, nil)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(tot.Plays), "plays/run")
	b.ReportMetric(float64(tot.Nodes), "nodes/run")
	b.ReportMetric(float64(tot.Passed), "passed")
}
