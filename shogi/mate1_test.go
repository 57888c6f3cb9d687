package shogi

import (
	"math/rand/v2"
	"testing"
)

// bruteMates reports whether the legal check m mates: played, the
// opponent has no evasion.
func bruteMates(p *Position, m Move, buf []Move) bool {
	p.Do(m)
	mated := len(p.GenerateEvasions(buf[:0])) == 0
	p.Undo(m)
	return mated
}

// checkMateIn1 compares MateIn1 and Mates with brute force at p and
// returns whether the side to move has a mate in one.
func checkMateIn1(t *testing.T, p *Position, buf []Move) bool {
	t.Helper()
	sfen, key := p.SFEN(), p.Key()
	checks := p.GenerateChecks(nil)
	want := NoMove
	for _, m := range checks {
		mated := bruteMates(p, m, buf)
		if got := p.Mates(m); got != mated {
			t.Fatalf("%s: Mates(%s) = %v, brute force %v", sfen, m, got, mated)
		}
		if mated && want == NoMove {
			want = m
		}
	}
	got, ok := p.MateIn1(buf)
	if ok != (want != NoMove) || got != want {
		t.Fatalf("%s: MateIn1 = %s, %v; brute force first mate %s", sfen, got, ok, want)
	}
	if p.Key() != key || p.SFEN() != sfen {
		t.Fatalf("%s: MateIn1 changed the position to %s", sfen, p.SFEN())
	}
	return ok
}

func TestMateIn1Cases(t *testing.T) {
	cases := []struct {
		sfen, want, why string
	}{
		{"k8/9/G8/9/9/9/9/9/8K b G 1", "G*9b", "gold drop defended by a gold"},
		{"k8/9/9/9/9/9/9/9/8K b G 1", "", "the king takes the undefended gold"},
		{"kn7/9/1G7/9/9/9/9/9/8K b P 1", "", "pawn-drop mate is illegal, so not a mate move"},
		{"kn7/9/1G7/9/9/9/9/9/8K b L 1", "L*9b", "a lance mates where the pawn may not"},
		{"8k/9/9/9/9/9/1g7/2s6/K8 w p 1", "", "white: pawn-drop mate is illegal"},
		{"8k/9/9/9/9/9/1g7/2s6/K8 w g 1", "G*9h", "white: gold drop defended by a gold"},
		{"k8/9/1G7/9/9/9/9/9/8K b R 1", "R*7a", "rook drop along the rank; on the file 8a stays free"},
		{"k8/9/1G7/9/9/9/9/9/8K b Rp 1", "", "the defender interposes a pawn"},
		{"k8/9/1G7/1p7/9/9/9/9/8K b Rp 1", "R*7a", "nifu: no pawn interposes on 8a; farther drops leave 7a to it"},
		{"9/9/9/9/9/9/G1S6/9/k7K b R 1", "R*7i", "rook drop along the last rank"},
		{"9/9/9/9/9/9/G1S6/9/k7K b Rn 1", "R*7i", "a knight may not be dropped on its last rank to interpose"},
		{"9/9/9/9/9/9/G1S6/9/k7K b Rl 1", "R*7i", "nor a lance"},
		{"9/9/9/9/9/9/G1S6/9/k7K b Rp 1", "R*7i", "nor a pawn"},
		{"9/9/9/9/9/9/G1S6/9/k7K b Rs 1", "", "a silver may: no mate"},
		{"k8/1g7/P8/9/4B4/9/9/9/8K b G 1", "G*9b", "the gold that would take the checker is pinned by the bishop"},
		{"k8/1g7/P8/9/9/9/9/9/8K b G 1", "", "unpinned, the gold takes the checker"},
		{"kn7/1p7/G8/9/R8/9/9/9/8K b - 1", "9c9b", "discovered check by the rook; the gold guards the escape"},
		{"k8/p8/2R6/9/9/9/9/9/8K b - 1", "7c7a+", "only the promoted rook covers 8b"},
		{"7gk/7np/9/9/9/9/9/9/K8 b N 1", "N*2c", "smothered by its own pieces"},
		{"7gk/7np/9/9/9/9/9/9/K8 b P 1", "", "no check at all"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "", "the start position"},
	}
	buf := make([]Move, 0, MaxMoves)
	for _, c := range cases {
		p := mustParse(t, c.sfen)
		ok := checkMateIn1(t, p, buf)
		got, _ := p.MateIn1(buf)
		if c.want == "" && ok || c.want != "" && (!ok || got.USI() != c.want) {
			t.Errorf("%s (%s): MateIn1 = %s %v, want %q", c.sfen, c.why, got, ok, c.want)
		}
	}
}

// mateWalk walks a random game from p that favours checks and evasions
// (the nodes a mate search meets), comparing MateIn1 with brute force at
// every node. It returns the nodes compared and how many had a mate in one.
func mateWalk(t *testing.T, p *Position, rng *rand.Rand, plies int, buf []Move) (nodes, mates int) {
	checkHeavyWalk(p, rng, plies, func([]Move, bool) {
		if checkMateIn1(t, p, buf) {
			mates++
		}
		nodes++
	})
	return nodes, mates
}

// checkHeavyWalk plays a random game of at most plies from p that favours
// checks and evasions, and takes it back. At every node it calls visit
// (which must leave the position as it found it) with the moves it will
// choose from: the evasions in check, else the checks three times in four
// (checks true), else nil, in which case it chooses among the legal moves.
func checkHeavyWalk(p *Position, rng *rand.Rand, plies int, visit func(ms []Move, checks bool)) {
	var played []Move
	for i := 0; i < plies; i++ {
		var ms []Move
		checks := false
		if p.InCheck() {
			ms = p.GenerateEvasions(nil)
		} else if rng.IntN(4) != 0 {
			ms, checks = p.GenerateChecks(nil), true
		}
		visit(ms, checks)
		if len(ms) == 0 {
			ms = p.GenerateLegal(nil)
		}
		if len(ms) == 0 {
			break
		}
		m := ms[rng.IntN(len(ms))]
		p.Do(m)
		played = append(played, m)
	}
	for i := len(played) - 1; i >= 0; i-- {
		p.Undo(played[i])
	}
}

// TestMateIn1Differential compares MateIn1 and Mates with brute force
// (every check played, its evasions counted) over random check-heavy
// walks from the start position and from crowded and sparse positions.
func TestMateIn1Differential(t *testing.T) {
	starts := []string{StartSFEN, mostMovesSFEN, matsuriSFEN, jupiterSFEN, tsumeSFEN,
		"kn7/9/1G7/9/9/9/9/9/8K b P 1",
		"4k4/1P1P1L3/2S3N2/P8/9/8p/2n3s2/1p1l1p1P1/4K4 b RBGrbg 1",
		"4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1"}
	games, plies := 250, 150
	if testing.Short() {
		games, plies = 60, 100
	}
	rng := rand.New(rand.NewPCG(7, 8))
	buf := make([]Move, 0, MaxMoves)
	nodes, mates := 0, 0
	for _, s := range starts {
		p := mustParse(t, s)
		for g := 0; g < games; g++ {
			n, m := mateWalk(t, p, rng, plies, buf)
			nodes, mates = nodes+n, mates+m
		}
	}
	t.Logf("%d nodes compared, %d with a mate in one", nodes, mates)
}

// TestMateIn1DifferentialSharedProblems runs the comparison on walks from
// every problem of ../shared/problems/shogi (tsume positions: the attacker
// checks, so mates in one are frequent).
func TestMateIn1DifferentialSharedProblems(t *testing.T) {
	sfens := sharedProblemSFENs(t)
	rng := rand.New(rand.NewPCG(9, 10))
	walks, plies := 12, 30
	if testing.Short() {
		walks, plies = 2, 16
	}
	buf := make([]Move, 0, MaxMoves)
	nodes, mates := 0, 0
	for _, s := range sfens {
		p := mustParse(t, s)
		for w := 0; w < walks; w++ {
			n, m := mateWalk(t, p, rng, plies, buf)
			nodes, mates = nodes+n, mates+m
		}
	}
	t.Logf("%d problems, %d nodes compared, %d with a mate in one", len(sfens), nodes, mates)
}

// mateBenchPositions returns the attacker's nodes of short check/evasion
// walks from tsume-like positions: what a mate search asks MateIn1 about.
func mateBenchPositions(tb testing.TB) []*Position {
	starts := []string{tsumeSFEN, jupiterSFEN, "kn7/9/1G7/9/9/9/9/9/8K b P 1",
		"4k4/1P1P1L3/2S3N2/P8/9/8p/2n3s2/1p1l1p1P1/4K4 b RBGrbg 1",
		"7nl/5Psk1/6pp1/7Np/9/9/9/9/9 b RBG2Srb3gs2n2l14p 1",
		"l2g1k2l/2s1g4/p1npp1n1p/5pp2/9/2P1P4/PP1P1PP1P/1S2G2R1/LN2KG1NL b RBSPb2p 1"}
	rng := rand.New(rand.NewPCG(11, 12))
	var out []*Position
	for _, s := range starts {
		for w := 0; w < 40; w++ {
			p := mustParse(tb, s)
			for ply := 0; ply < 12; ply++ {
				var ms []Move
				if ply%2 == 0 {
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
		}
	}
	return out
}

// BenchmarkMateIn1 times MateIn1 per attacker node; BenchmarkMateIn1Brute
// the same answer by playing every check and generating the evasions.
func BenchmarkMateIn1(b *testing.B) {
	ps := mateBenchPositions(b)
	buf := make([]Move, 0, MaxMoves)
	mates := 0
	for b.Loop() {
		for _, p := range ps {
			forget(p)
			if _, ok := p.MateIn1(buf); ok {
				mates++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/node")
	b.ReportMetric(float64(mates)/float64(b.N*len(ps)), "mates/node")
}

func BenchmarkMateIn1Brute(b *testing.B) {
	ps := mateBenchPositions(b)
	buf := make([]Move, 0, MaxMoves)
	ev := make([]Move, 0, MaxMoves)
	mates := 0
	for b.Loop() {
		for _, p := range ps {
			forget(p)
			for _, m := range p.GenerateChecks(buf[:0]) {
				if bruteMates(p, m, ev) {
					mates++
					break
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/node")
	b.ReportMetric(float64(mates)/float64(b.N*len(ps)), "mates/node")
}

// BenchmarkGenerateChecksMateNodes is the check generation alone on the
// same nodes: the part of MateIn1 that is not the mate test.
func BenchmarkGenerateChecksMateNodes(b *testing.B) {
	ps := mateBenchPositions(b)
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		for _, p := range ps {
			forget(p)
			p.GenerateChecks(buf[:0])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/node")
}

// BenchmarkFirstMate is MateIn1's part after the check generation.
func BenchmarkFirstMate(b *testing.B) {
	ps := mateBenchPositions(b)
	checks := make([][]Move, len(ps))
	for i, p := range ps {
		checks[i] = p.GenerateChecks(nil)
	}
	b.ResetTimer()
	for b.Loop() {
		for i, p := range ps {
			forget(p)
			p.FirstMate(checks[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/node")
}

// TestMateIn1Allocs: the hot path allocates nothing.
func TestMateIn1Allocs(t *testing.T) {
	ps := mateBenchPositions(t)
	buf := make([]Move, 0, MaxMoves)
	allocs := testing.AllocsPerRun(5, func() {
		for _, p := range ps {
			p.MateIn1(buf)
		}
	})
	if allocs != 0 {
		t.Errorf("MateIn1 allocates %v times per round", allocs)
	}
}
