package shogi

import (
	"math/rand/v2"
	"testing"
)

// tsumeWalk returns the attacker-to-move positions of a random tsume
// line from sfen: the attacker plays a random check, the defender a
// random evasion, for up to plies moves or until either side has none.
func tsumeWalk(tb testing.TB, sfen string, seed uint64, plies int) []*Position {
	tb.Helper()
	p := mustParse(tb, sfen)
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []*Position
	for i := 0; i < plies; i++ {
		var ms []Move
		if i%2 == 0 {
			out = append(out, p.Clone())
			ms = p.GenerateChecks(nil)
		} else {
			ms = p.GenerateEvasions(nil)
		}
		if len(ms) == 0 {
			break
		}
		p.Do(ms[rng.IntN(len(ms))])
	}
	return out
}

// BenchmarkExpandTsume times what a tsume solver does per OR node: the
// checks, and for each check the defender's evasions and king freedom
// after it (the initial proof numbers of the children), on positions of
// random check/evasion lines from Journey to Jupiter.
func BenchmarkExpandTsume(b *testing.B) {
	var nodes []*Position
	for seed := uint64(1); len(nodes) < 200; seed++ {
		nodes = append(nodes, tsumeWalk(b, jupiterSFEN, seed, 80)...)
	}
	checks := make([]Move, 0, MaxMoves)
	ev := make([]Move, 0, MaxMoves)
	children := 0
	for b.Loop() {
		for _, p := range nodes {
			forget(p)
			for _, m := range p.GenerateChecks(checks) {
				p.Do(m)
				if p.InCheck() {
					p.GenerateEvasions(ev)
					p.KingFreedom(p.side)
				}
				p.Undo(m)
				children++
			}
		}
	}
	b.ReportMetric(float64(b.N*len(nodes))/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(children)/float64(b.N*len(nodes)), "checks/node")
}
