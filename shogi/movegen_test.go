package shogi

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// checkNode verifies, at one node, that the check and evasion generators
// equal the corresponding filters of the legal list, that GivesCheck
// agrees with playing the move, that no legal move leaves the mover's
// king attacked, and that Do/Undo restore the position and its keys.
func checkNode(t *testing.T, p *Position) []Move {
	t.Helper()
	// InCheck reads checkers cached per position: it must follow Do and
	// Undo (the playouts reach every node after both).
	if k := p.king[p.side]; k != NoSquare && p.InCheck() == referenceAttacked(p, k, p.side^1).IsEmpty() {
		t.Fatalf("%s: InCheck = %v", p.SFEN(), p.InCheck())
	}
	// After a move the checkers are read off the move (checkersAfter):
	// they must be every attacker of the king.
	if k := p.king[p.side]; k != NoSquare {
		if got, want := p.kingCheckers(), p.attackersTo(k, p.side^1); got != want {
			t.Fatalf("%s after %s: checkers %v, want %v", p.SFEN(), p.LastMove(), got, want)
		}
	}
	legal := p.GenerateLegal(nil)
	checkAttacks(t, p)
	sfen, key, bkey := p.SFEN(), p.Key(), p.BoardKey()
	us := p.side
	var wantChecks []Move
	for _, m := range legal {
		p.Do(m)
		if k := p.king[us]; k != NoSquare && p.attackedBy(k, us^1, noIgnore) {
			t.Fatalf("%s: legal move %s leaves the king in check", sfen, m)
		}
		q, err := ParseSFEN(p.SFEN())
		if err != nil {
			t.Fatalf("%s after %s: reparse of %s: %v", sfen, m, p.SFEN(), err)
		}
		if q.Key() != p.Key() || q.BoardKey() != p.BoardKey() {
			t.Fatalf("%s after %s: incremental key differs from a fresh parse", sfen, m)
		}
		check := p.InCheck()
		p.Undo(m)
		if check {
			wantChecks = append(wantChecks, m)
		}
		if got := p.GivesCheck(m); got != check {
			t.Fatalf("%s: GivesCheck(%s) = %v, playing it gives check = %v", sfen, m, got, check)
		}
	}
	if p.SFEN() != sfen || p.Key() != key || p.BoardKey() != bkey {
		t.Fatalf("%s: Do/Undo did not restore the position (now %s)", sfen, p.SFEN())
	}
	// IsLegal must equal membership in the legal list, also for moves of
	// other positions and for corrupted moves.
	for _, m := range append(slices.Clone(legal), extraCandidates...) {
		for _, c := range []Move{m, m ^ movePromote, m ^ 1<<20, m ^ 1<<16, m ^ 1, m ^ 1<<7, m ^ moveDrop} {
			if got, want := p.IsLegal(c), slices.Contains(legal, c); got != want {
				t.Fatalf("%s: IsLegal(%#x %s) = %v, want %v", sfen, uint32(c), c, got, want)
			}
		}
	}
	extraCandidates = append(extraCandidates[:0], legal...)
	// The same moves, and the board moves in the legal list's order: the
	// solver's move ordering (a stable sort) and so its node counts
	// depend on it. Drops come last, in an order of their own.
	checks := p.GenerateChecks(nil)
	if !sameMoves(checks, wantChecks) {
		t.Fatalf("%s: GenerateChecks = %v, want %v", sfen, checks, wantChecks)
	}
	// The legal list in its documented order in check (the evasions'); not
	// in check the board moves come in genBoardAll's order of its own, each
	// once, then the drops in their order.
	if want := legalOrder(p, legal); p.InCheck() && !slices.Equal(legal, want) {
		t.Fatalf("%s: GenerateLegal = %v, want the order %v", sfen, legal, want)
	} else if !p.InCheck() {
		isDrop := func(m Move) bool { return m.IsDrop() }
		if got := slices.Compact(slices.Sorted(slices.Values(legal))); len(got) != len(legal) {
			t.Fatalf("%s: GenerateLegal = %v has duplicates", sfen, legal)
		}
		if i := slices.IndexFunc(legal, isDrop); i >= 0 && !slices.Equal(legal[i:], filterMoves(want, isDrop)) {
			t.Fatalf("%s: GenerateLegal's drops = %v, want the order %v", sfen, legal[i:], filterMoves(want, isDrop))
		}
	}
	// In check they come in the evasions' order, else in directionOrder's.
	notDrop := func(m Move) bool { return !m.IsDrop() }
	order := directionOrder(p)
	if p.InCheck() {
		order = legal
	}
	if got, want := filterMoves(checks, notDrop), filterMoves(order, func(m Move) bool {
		return !m.IsDrop() && slices.Contains(wantChecks, m)
	}); !slices.Equal(got, want) {
		t.Fatalf("%s: GenerateChecks' board moves = %v, want the order %v", sfen, got, want)
	}
	if i := slices.IndexFunc(checks, func(m Move) bool { return m.IsDrop() }); i >= 0 && slices.ContainsFunc(checks[i:], notDrop) {
		t.Fatalf("%s: GenerateChecks = %v: a board move after a drop", sfen, checks)
	}
	ev := p.GenerateEvasions(nil)
	if p.InCheck() {
		if !sameMoves(ev, legal) {
			t.Fatalf("%s: GenerateEvasions = %v, legal = %v", sfen, ev, legal)
		}
		if ref := referenceEvasions(p); !sameMoves(ev, ref) {
			t.Fatalf("%s: GenerateEvasions = %v, brute force = %v", sfen, ev, ref)
		}
		if p.IsMated() != (len(legal) == 0) {
			t.Fatalf("%s: IsMated = %v with %d legal moves", sfen, p.IsMated(), len(legal))
		}
	} else if len(ev) != 0 {
		t.Fatalf("%s: GenerateEvasions not in check = %v, want none", sfen, ev)
	}
	return legal
}

// referenceEvasions finds the evasions without genEvasions: every board
// move of an unpinned generator and every drop, kept when the king is safe
// after it is played.
func referenceEvasions(p *Position) []Move {
	var out []Move
	cands := p.genBoardAll(nil, Bitboard{})
	cands = p.genDrops(cands, fullBoard.AndNot(p.all))
	us := p.side
	for _, m := range cands {
		p.Do(m)
		if !p.attackedBy(p.king[us], us^1, noIgnore) {
			out = append(out, m)
		}
		p.Undo(m)
	}
	return out
}

// extraCandidates holds the legal moves of the previous node checked, as
// test input for IsLegal.
var extraCandidates []Move

// directionOrder lists the side to move's board moves, legal or not, in
// the order GenerateChecks keeps when not in check: by origin square, then
// steps in direction order, then slides by direction and distance, the
// promotion before the non-promotion.
func directionOrder(p *Position) []Move {
	var out []Move
	us := p.side
	for from := Square(0); from < NoSquare; from++ {
		pc := p.board[from]
		if !isColor(pc, us) {
			continue
		}
		for d := 0; d < numDirs; d++ {
			if stepMask[pc]>>d&1 == 0 {
				continue
			}
			if to := stepTo[from][d]; to != NoSquare && !isColor(p.board[to], us) {
				out = addMoves(out, us, from, to, pc.Kind(), p.board[to].Kind())
			}
		}
		for d := 0; d < numDirs; d++ {
			if farMask[pc]>>d&1 == 0 {
				continue
			}
			for to := stepTo[from][d]; to != NoSquare && !isColor(p.board[to], us); to = stepTo[to][d] {
				out = addMoves(out, us, from, to, pc.Kind(), p.board[to].Kind())
				if p.board[to] != Empty {
					break
				}
			}
		}
	}
	return out
}

// legalOrder returns the moves of legal in the order the generators emit
// them in check, derived without them: the king's moves (in direction
// order) first, then the other board moves in directionOrder's order
// (not in check, genBoardAll has an order of its own), then the drops by square
// and, on a square, pawn, lance, knight, silver, gold, bishop, rook. The
// solver's move ordering is a stable sort, so its node counts depend on
// this order.
func legalOrder(p *Position, legal []Move) []Move {
	in := func(m Move) bool { return slices.Contains(legal, m) }
	board := filterMoves(directionOrder(p), in)
	var out []Move
	if p.InCheck() {
		isKing := func(m Move) bool { return m.Kind() == King }
		out = append(filterMoves(board, isKing), filterMoves(board, func(m Move) bool { return !isKing(m) })...)
	} else {
		out = board
	}
	for to := Square(0); to < NoSquare; to++ {
		for _, k := range [7]Kind{Pawn, Lance, Knight, Silver, Gold, Bishop, Rook} {
			if m := NewDrop(k, to); in(m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// forget drops what the position caches (checkers, the king's safe
// squares), as a fresh Do would, so that a benchmark repeating a call on
// one position times the work and not the cache.
func forget(p *Position) { p.version++ }

// filterMoves returns the moves of ms for which keep holds, in order.
func filterMoves(ms []Move, keep func(Move) bool) []Move {
	var out []Move
	for _, m := range ms {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out
}

func sameMoves(a, b []Move) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// playout walks a random game from p, checking every node.
func playout(t *testing.T, p *Position, rng *rand.Rand, plies int) int {
	nodes := 0
	var played []Move
	for i := 0; i < plies; i++ {
		legal := checkNode(t, p)
		nodes++
		if len(legal) == 0 {
			break
		}
		// Prefer checks and captures now and then, to reach tactical positions.
		m := legal[rng.IntN(len(legal))]
		if rng.IntN(3) == 0 {
			if checks := p.GenerateChecks(nil); len(checks) > 0 {
				m = checks[rng.IntN(len(checks))]
			}
		}
		p.Do(m)
		played = append(played, m)
	}
	for i := len(played) - 1; i >= 0; i-- {
		p.Undo(played[i])
	}
	return nodes
}

func TestGeneratorsDifferential(t *testing.T) {
	starts := []string{StartSFEN, mostMovesSFEN, matsuriSFEN,
		"kn7/9/1G7/9/9/9/9/9/8K b P 1",
		"4k4/1P1P1L3/2S3N2/P8/9/8p/2n3s2/1p1l1p1P1/4K4 b RBGrbg 1"}
	games, plies := 6, 80
	if testing.Short() {
		games, plies = 3, 50
	}
	rng := rand.New(rand.NewPCG(1, 2))
	nodes := 0
	for _, s := range starts {
		p := mustParse(t, s)
		for g := 0; g < games; g++ {
			nodes += playout(t, p, rng, plies)
		}
		if p.SFEN() != mustParse(t, s).SFEN() {
			t.Fatalf("playouts did not restore %s", s)
		}
	}
	t.Logf("%d nodes checked", nodes)
}

func TestGeneratorsDifferentialSharedProblems(t *testing.T) {
	sfens := sharedProblemSFENs(t)
	rng := rand.New(rand.NewPCG(3, 4))
	plies := 12
	if testing.Short() {
		plies = 4
	}
	nodes := 0
	for _, s := range sfens {
		nodes += playout(t, mustParse(t, s), rng, plies)
	}
	t.Logf("%d problems, %d nodes checked", len(sfens), nodes)
}

func TestPawnDropMateExcluded(t *testing.T) {
	cases := []struct {
		sfen string
		drop string
		ok   bool
	}{
		{"kn7/9/1G7/9/9/9/9/9/8K b P 1", "P*9b", false},    // mate: forbidden
		{"k8/9/1G7/9/9/9/9/9/8K b P 1", "P*9b", true},      // 8a free
		{"kn7/9/1G7/9/9/9/9/9/8K b Pr 1", "P*9b", false},   // a hand does not help
		{"kn7/9/9/9/9/9/9/9/8K b P 1", "P*9b", true},       // king takes the pawn
		{"kn7/9/2G6/9/9/4B4/9/9/8K b P 1", "P*9b", false},  // a distant bishop guards the pawn: mate
		{"kn7/9/2G6/2p6/9/4B4/9/9/8K b P 1", "P*9b", true}, // the bishop is blocked: king takes
		{"k8/1s7/1G7/9/9/9/9/9/8K b P 1", "P*9b", true},    // silver captures
		{"8k/9/9/9/9/9/1g7/9/K8 w p 1", "P*9h", true},      // white: king can take
		{"8k/9/9/9/9/9/7g1/9/7NK w p 1", "P*1h", false},    // white: mate
		{"kn7/9/1G7/9/9/9/9/9/8K b P 1", "P*9c", true},     // no check at all
		{"kn7/9/s8/9/9/9/9/9/8K b P 1", "P*9c", false},     // occupied
		{"kn7/9/1G7/9/9/9/9/9/8K b P 1", "P*9a", false},    // occupied and dead
		{"1n7/k8/9/9/9/9/9/9/8K b P 1", "P*9a", false},     // dead square
		{"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5d", false},   // nifu
		{"4k4/9/9/9/9/9/4+P4/9/4K4 b P 1", "P*5d", true},   // a tokin is no pawn
		{"k8/9/PG7/9/9/9/9/9/8K b L 1", "L*9b", true},      // lance-drop mate is fine
		{"k8/9/1G7/9/9/9/9/9/8K b N 1", "N*8c", false},     // occupied
		{"k8/9/9/9/9/9/9/9/8K b N 1", "N*8b", false},       // knight dead square
	}
	for _, c := range cases {
		p := mustParse(t, c.sfen)
		found := false
		for _, m := range p.GenerateLegal(nil) {
			if m.USI() == c.drop {
				found = true
			}
		}
		_, err := ParseUSIMove(p, c.drop)
		if found != c.ok || (err == nil) != c.ok {
			t.Errorf("%s %s: generated=%v, parse error=%v; want legal=%v", c.sfen, c.drop, found, err, c.ok)
		}
		if !c.ok {
			for _, m := range p.GenerateChecks(nil) {
				if m.USI() == c.drop {
					t.Errorf("%s: GenerateChecks includes illegal %s", c.sfen, c.drop)
				}
			}
		}
	}
}

func TestPromotionOptions(t *testing.T) {
	cases := []struct {
		sfen  string
		moves []string // all board moves of the piece under test
		from  string
	}{
		{"4k4/9/9/4P4/9/9/9/9/4K4 b - 1", []string{"5d5c", "5d5c+"}, "5d"},
		{"3k5/4P4/9/9/9/9/9/9/K8 b - 1", []string{"5b5a+"}, "5b"},          // forced
		{"4k4/9/2N6/9/9/9/9/9/K8 b - 1", []string{"7c8a+", "7c6a+"}, "7c"}, // forced
		{"4k4/9/9/2N6/9/9/9/9/K8 b - 1", []string{"7d8b+", "7d6b+"}, "7d"},
		{"4k4/9/9/9/9/9/9/9/L7K b - 1", []string{"9i9h", "9i9g", "9i9f", "9i9e", "9i9d", "9i9c", "9i9c+", "9i9b", "9i9b+", "9i9a+"}, "9i"},
		{"4k4/9/9/9/9/9/4p4/9/K8 w - 1", []string{"5g5h", "5g5h+"}, "5g"},
		{"8k/9/9/9/9/9/9/9/K3+B4 b - 1", []string{"5i4h", "5i3g", "5i2f", "5i1e", "5i6h", "5i7g", "5i8f", "5i9e", "5i4i", "5i6i", "5i5h"}, "5i"},
	}
	for _, c := range cases {
		p := mustParse(t, c.sfen)
		var got []string
		for _, m := range p.GenerateLegal(nil) {
			if !m.IsDrop() && m.From().String() == c.from {
				got = append(got, m.USI())
			}
		}
		slices.Sort(got)
		want := slices.Clone(c.moves)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s from %s: got %v, want %v", c.sfen, c.from, got, want)
		}
	}
}

func TestGeneratorsAllocs(t *testing.T) {
	p := mustParse(t, matsuriSFEN)
	buf := make([]Move, 0, MaxMoves)
	m := p.GenerateLegal(buf)[0]
	allocs := testing.AllocsPerRun(100, func() {
		p.GenerateLegal(buf)
		p.GenerateChecks(buf)
		p.GenerateEvasions(buf)
		p.Do(m)
		p.Undo(m)
		p.IsLegal(m)
		p.GivesCheck(m)
	})
	if allocs != 0 {
		t.Errorf("generators allocate %.1f times per run, want 0", allocs)
	}
}

// A typical tsume position (mate in 9 from the shared set style): the
// attacker has pieces in hand and the defender's king is hemmed in.
const tsumeSFEN = "7nl/5Psk1/6pp1/7Np/9/9/9/9/9 b RBGSLrb3g2s2n2l14p 1"

func BenchmarkGenerateChecks(b *testing.B) {
	p := mustParse(b, tsumeSFEN)
	buf := make([]Move, 0, MaxMoves)
	n := 0
	for b.Loop() {
		forget(p)
		n += len(p.GenerateChecks(buf))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkGenerateChecksJupiter times the attacker's checks in Journey
// to Jupiter's opening position: many board pieces, few of them checking.
func BenchmarkGenerateChecksJupiter(b *testing.B) {
	p := mustParse(b, jupiterSFEN)
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		forget(p)
		p.GenerateChecks(buf)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkGenerateEvasions(b *testing.B) {
	p := mustParse(b, tsumeSFEN)
	p.Do(p.GenerateChecks(nil)[0])
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		forget(p)
		p.GenerateEvasions(buf)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkGenerateEvasionsSolve times the evasions of the defender of
// Journey to Jupiter after each of the attacker's checks: a crowded
// board with long-range checks, as in the solver.
func BenchmarkGenerateEvasionsSolve(b *testing.B) {
	p := mustParse(b, jupiterSFEN)
	var nodes []*Position
	for _, m := range p.GenerateChecks(nil) {
		q := p.Clone()
		q.Do(m)
		nodes = append(nodes, q)
	}
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		for _, q := range nodes {
			forget(q)
			q.GenerateEvasions(buf)
		}
	}
	b.ReportMetric(float64(b.N*len(nodes))/b.Elapsed().Seconds(), "nodes/s")
}

// jupiterSFEN is Journey to Jupiter (高橋恭嗣), a 411-ply tsume; only the
// position is used, as a benchmark input.
const jupiterSFEN = "3pl3p/1+Pn3pk1/2+p6/4+pG3/1K3p2P/+B5l1+B/+p3pS1+ll/p+p2PN3/3S1+sSPN b 2R2P3gn2p 1"

func BenchmarkGenerateLegal(b *testing.B) {
	p := mustParse(b, matsuriSFEN)
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		forget(p)
		p.GenerateLegal(buf)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// TestKingCanMove: KingCanMove is true exactly when the legal moves
// include a king move, over random playouts (in check or not).
func TestKingCanMove(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var buf [MaxMoves]Move
	seen := [2]int{}
	for game := 0; game < 200; game++ {
		p := NewStartPosition()
		for ply := 0; ply < 200; ply++ {
			moves := p.GenerateLegal(buf[:0])
			want := false
			for _, m := range moves {
				if !m.IsDrop() && p.PieceAt(m.From()).Kind() == King {
					want = true
				}
			}
			if got := p.KingCanMove(); got != want {
				t.Fatalf("%s: KingCanMove %v, legal king moves %v", p.SFEN(), got, want)
			}
			if want {
				seen[1]++
			} else {
				seen[0]++
			}
			if len(moves) == 0 {
				break
			}
			p.Do(moves[r.IntN(len(moves))])
		}
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Fatalf("only one answer seen: %v", seen)
	}
}
