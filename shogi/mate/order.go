package mate

import "github.com/tsume-solver/tsume/shogi"

// orderChecks sorts checks in place, best first. After an interposition,
// capturing the interposed piece comes first: it is what most often solved
// the sibling interpositions. Then captures and promotions, then board
// moves, then drops. Game.generate then moves the PN* killers' move, read
// from the table (killer.go), in front of all of these. The order only
// steers the search; results are exact either way. It allocates nothing
// (insertion sort on a short list).
func orderChecks(pos *shogi.Position, ms []shogi.Move) []shogi.Move {
	return interpositionFirst(pos, sortChecks(ms))
}

// sortChecks is the part of orderChecks that depends on the moves alone.
func sortChecks(ms []shogi.Move) []shogi.Move { return insertionSort(ms, checkScore) }

// interpositionFirst is the part of orderChecks that depends on the last
// move: applied to sortChecks' order, it gives orderChecks'.
func interpositionFirst(pos *shogi.Position, ms []shogi.Move) []shogi.Move {
	lm := pos.LastMove()
	if lm == shogi.NoMove || lm.Kind() == shogi.King || lm.Captured() != shogi.NoKind {
		return ms
	}
	to := lm.To()
	// Stable: captures on the interposition square to the front.
	k := 0
	for i, m := range ms {
		if m.To() == to && !m.IsDrop() {
			copy(ms[k+1:i+1], ms[k:i])
			ms[k] = m
			k++
		}
	}
	return ms
}

func checkScore(m shogi.Move) int {
	s := 0
	if m.Captured() != shogi.NoKind {
		s += 4
	}
	if m.IsPromotion() {
		s += 2
	}
	if !m.IsDrop() {
		s++
	}
	return s
}

// orderEvasions sorts evasions in place for the AND node: captures of the
// checker and king moves first (the usual refutations), then interpositions
// by board moves, then drops (Chu-ai) — the cheapest ones to prove, as the
// attacker often just captures them.
func orderEvasions(ms []shogi.Move) []shogi.Move {
	return insertionSort(ms, evasionScore)
}

func evasionScore(m shogi.Move) int {
	switch {
	case m.Captured() != shogi.NoKind:
		return 3
	case m.Kind() == shogi.King:
		return 2
	case !m.IsDrop():
		return 1
	}
	return 0
}

// insertionSort orders ms by descending score (each below 8), keeping the
// generator's order among equals. Each move's score is computed once and
// kept in the move's top bits, which a move never uses, while it sorts:
// comparing scores by calls took 1 % of the instructions of a search.
func insertionSort(ms []shogi.Move, score func(shogi.Move) int) []shogi.Move {
	const shift = 28
	for i, m := range ms {
		ms[i] = m | shogi.Move(score(m)&7)<<shift
	}
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		j := i
		for j > 0 && ms[j-1]>>shift < m>>shift {
			ms[j] = ms[j-1]
			j--
		}
		ms[j] = m
	}
	for i := range ms {
		ms[i] &= 1<<shift - 1
	}
	return ms
}
