package shogi

import (
	"math/rand/v2"
	"testing"
)

// checkCountEvasions compares CountEvasions with the generated evasions of
// p, board moves and drops apart.
func checkCountEvasions(t *testing.T, p *Position) {
	t.Helper()
	var board, drops int
	for _, m := range p.GenerateEvasions(nil) {
		if m.IsDrop() {
			drops++
		} else {
			board++
		}
	}
	if b, d := p.CountEvasions(); b != board || d != drops {
		t.Fatalf("%s: CountEvasions = %d, %d; generated %d board moves, %d drops", p.SFEN(), b, d, board, drops)
	}
}

func TestCountEvasionsCases(t *testing.T) {
	for _, s := range []string{
		// Promotions: a silver in the zone and a knight entering it.
		"k3r4/9/5S3/9/3N5/9/9/9/4K4 b G 1",
		// A pawn and a knight take the checker where they must promote.
		"4g4/4PK3/3N5/9/9/9/9/9/k8 b - 1",
		// Pawn-drop mate: P*5h would mate (the bishop that could take it
		// is pinned), the other pawn drops are legal.
		"9/9/9/8k/9/9/4g4/9/r2BKN3 w p 1",
		// Dead squares: no pawn, lance or knight on the last rank, no
		// knight on the last two.
		"K7r/9/9/9/9/9/9/9/8k b PLN 1",
		"K8/9/9/9/9/9/9/9/r7k b N 1",
		// Nifu.
		"8k/9/9/9/9/9/4P4/9/K7r b P 1",
		"k8/9/9/9/9/9/9/9/r7K b PLNSGBR 1",
		// Double check: king moves only.
		"4k4/9/4R4/9/9/B8/9/9/4K4 w G 1",
	} {
		p := mustParse(t, s)
		if !p.InCheck() {
			t.Fatalf("%s: not in check", s)
		}
		checkCountEvasions(t, p)
	}
}

// TestCountEvasionsDifferential compares the count with the generator on
// the nodes of random check-heavy walks (mateWalk's starts).
func TestCountEvasionsDifferential(t *testing.T) {
	starts := []string{StartSFEN, mostMovesSFEN, matsuriSFEN, jupiterSFEN, tsumeSFEN,
		"kn7/9/1G7/9/9/9/9/9/8K b P 1",
		"4k4/1P1P1L3/2S3N2/P8/9/8p/2n3s2/1p1l1p1P1/4K4 b RBGrbg 1",
		"4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1"}
	games, plies := 200, 150
	if testing.Short() {
		games, plies = 60, 100
	}
	rng := rand.New(rand.NewPCG(11, 12))
	nodes := 0
	for _, s := range starts {
		p := mustParse(t, s)
		for g := 0; g < games; g++ {
			nodes += countWalk(t, p, rng, plies)
		}
	}
	t.Logf("%d evasion nodes compared", nodes)
}

// countWalk walks a random game that favours checks, compares every
// position reached by a check, and returns how many.
func countWalk(t *testing.T, p *Position, rng *rand.Rand, plies int) int {
	nodes := 0
	checkHeavyWalk(p, rng, plies, func(ms []Move, checks bool) {
		if !checks {
			return
		}
		// Every check of this node, not only the one played.
		for _, m := range ms {
			p.Do(m)
			checkCountEvasions(t, p)
			p.Undo(m)
			nodes++
		}
	})
	return nodes
}

func TestCountEvasionsAllocs(t *testing.T) {
	p := mustParse(t, "k8/9/9/9/9/9/9/9/r7K b PLNSGBR 1")
	if n := testing.AllocsPerRun(100, func() { p.CountEvasions() }); n != 0 {
		t.Errorf("CountEvasions allocates %v times", n)
	}
}
