package shogi

import (
	"testing"
)

const (
	mostMovesSFEN = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
	matsuriSFEN   = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"
)

// perftCases: published counts (start position, most moves, Matsuri) and
// positions stressing drops, promotion and pawn-drop mate, whose counts
// were obtained independently with shogiops 0.18.0 (lishogi's rules
// library, npm package "shogiops", function debug.perft).
var perftCases = []struct {
	name   string
	sfen   string
	counts []uint64 // depth 1, 2, ...
}{
	{"startpos", StartSFEN, []uint64{30, 900, 25470, 719731}},
	{"most moves", mostMovesSFEN, []uint64{593, 105677}},
	{"matsuri", matsuriSFEN, []uint64{207, 28684, 4809015}},
	// P*9b would be pawn-drop mate (the gold guards 9b and 8b).
	{"pawn-drop mate at root", "kn7/9/1G7/9/9/9/9/9/8K b P 1", []uint64{78, 158, 2948}},
	{"pawn-drop mate, full hands", "7nk/9/6PG1/9/9/9/9/9/K8 b P2r2b3g4s3n4l16p 1", []uint64{71, 34172, 580788}},
	{"drops with bishop", "8k/6G2/7B1/9/9/9/9/9/K8 b P2rb3g4s4n4l17p 1", []uint64{93, 45113}},
	{"pawn in front of king", "4k4/9/4P4/9/9/9/9/9/4K4 b 2r2b4g4s4n4l17p 1", []uint64{7, 2585, 20880}},
	{"promotions black", "4k4/1P1P1L3/2S3N2/P8/9/8p/2n3s2/1p1l1p1P1/4K4 b RBGrbg 1", []uint64{214, 41063}},
	{"promotions white", "4k4/1P1P1L3/2S3N2/P8/9/8p/2n3s2/1p1l1p1P1/4K4 w RBGrbg 1", []uint64{215, 41092}},
	{"promoted pieces", "+P+L+N+S4k/4+B4/9/9/9/9/9/9/K3+R4 b GSNLPrb2g2s2n2l16p 1", []uint64{381, 174704}},
	{"real game, white", "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42", []uint64{150, 13298}},
	{"real game, black", "lns+R4l/1p1p5/p1pkppB1p/6p2/1R7/6P1P/P1PPnPS2/2+b1G1g2/L3K1sNL b 2GS3Pnp 51", []uint64{176, 13037}},
	// Pins by rook, bishop and lance, and a check with pinned pieces next
	// to the checker; counts from YaneuraOu's perft (go perft N).
	{"pinned gold and silver", "8k/9/9/4r4/8b/9/4G4/5S3/4K4 b 2P 1", []uint64{74, 1937, 118131}},
	{"pins, white to move", "8k/9/9/4r4/8b/9/4G4/5S3/4K4 w 2Pr 1", []uint64{102, 6596, 383870}},
	{"lance pin", "l7k/9/9/9/G8/9/9/9/K8 b P 1", []uint64{75, 512, 5190, 63344}},
	{"check with pinned pieces", "4k4/9/9/9/4r4/9/2b1Sn3/3G5/4K4 b P2l 1", []uint64{4, 394, 29476}},
	{"pins, drops against them", "4k4/9/9/9/4r4/9/2b1S4/3G5/4K4 w NP 1", []uint64{31, 3598, 125112}},
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.sfen)
			key := p.Key()
			for d, want := range c.counts {
				if got := Perft(p, d+1); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			}
			if p.Key() != key || p.SFEN() != mustParse(t, c.sfen).SFEN() {
				t.Errorf("position changed by perft: %s", p.SFEN())
			}
		})
	}
}

// TestPerftHeavy checks the counts above a million leaves.
func TestPerftHeavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy perft skipped under -short")
	}
	cases := []struct {
		name  string
		sfen  string
		depth int
		want  uint64
	}{
		{"startpos 5", StartSFEN, 5, 19861490},
		{"most moves 3", mostMovesSFEN, 3, 53393368},
		// Independent counts from shogiops 0.18.0 debug.perft.
		{"promotions black 3", "4k4/1P1P1L3/2S3N2/P8/9/8p/2n3s2/1p1l1p1P1/4K4 b RBGrbg 1", 3, 5836917},
		{"promotions white 3", "4k4/1P1P1L3/2S3N2/P8/9/8p/2n3s2/1p1l1p1P1/4K4 w RBGrbg 1", 3, 5900917},
		{"promoted pieces 3", "+P+L+N+S4k/4+B4/9/9/9/9/9/9/K3+R4 b GSNLPrb2g2s2n2l16p 1", 3, 51406429},
		{"drops with bishop 3", "8k/6G2/7B1/9/9/9/9/9/K8 b P2rb3g4s4n4l17p 1", 3, 1737725},
		{"real game white 3", "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42", 3, 1555342},
		{"real game black 3", "lns+R4l/1p1p5/p1pkppB1p/6p2/1R7/6P1P/P1PPnPS2/2+b1G1g2/L3K1sNL b 2GS3Pnp 51", 3, 1847365},
		// YaneuraOu's perft.
		{"pinned gold and silver 4", "8k/9/9/4r4/8b/9/4G4/5S3/4K4 b 2P 1", 4, 3517465},
		{"pins, white to move 4", "8k/9/9/4r4/8b/9/4G4/5S3/4K4 w 2Pr 1", 4, 23363561},
		{"check with pinned pieces 4", "4k4/9/9/9/4r4/9/2b1Sn3/3G5/4K4 b P2l 1", 4, 3002312},
		{"pins, drops against them 4", "4k4/9/9/9/4r4/9/2b1S4/3G5/4K4 w NP 1", 4, 8756461},
		{"startpos 6", StartSFEN, 6, 547581517},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Perft(mustParse(t, c.sfen), c.depth); got != c.want {
				t.Errorf("perft(%d) = %d, want %d", c.depth, got, c.want)
			}
		})
	}
}

func TestDivideSumsToPerft(t *testing.T) {
	p := mustParse(t, matsuriSFEN)
	var sum uint64
	entries := Divide(p, 2)
	for _, e := range entries {
		sum += e.Count
	}
	if len(entries) != 207 || sum != 28684 {
		t.Errorf("divide: %d moves summing to %d, want 207 and 28684", len(entries), sum)
	}
}

func TestPerftAllocs(t *testing.T) {
	p := mustParse(t, matsuriSFEN)
	buf := make([]Move, 3*MaxMoves)
	allocs := testing.AllocsPerRun(3, func() { perft(p, 3, buf) })
	if allocs != 0 {
		t.Errorf("perft allocates %.1f times per run, want 0", allocs)
	}
}

func BenchmarkPerft5(b *testing.B) {
	p := NewStartPosition()
	buf := make([]Move, 5*MaxMoves)
	var n uint64
	for b.Loop() {
		n += perft(p, 5, buf)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftMatsuri3(b *testing.B) {
	p := mustParse(b, matsuriSFEN)
	buf := make([]Move, 3*MaxMoves)
	var n uint64
	for b.Loop() {
		n += perft(p, 3, buf)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}
