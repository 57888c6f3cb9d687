package reading

import (
	"math/bits"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// addUnique appends p to ms unless it is already there.
func addUnique(ms []board.Point, p board.Point) []board.Point {
	for _, q := range ms {
		if q == p {
			return ms
		}
	}
	return append(ms, p)
}

// addLibs appends the liberties of the string at p. It runs for
// every string a candidate list names, so its six words are written
// out (a loop over them cost more than the few liberties it finds; the
// assertion keeps the count in step with board.Bitset).
func (s *searcher) addLibs(ms []board.Point, p board.Point) []board.Point {
	l := s.b.Libs(p)
	ms = addWord(ms, 0, l[0])
	ms = addWord(ms, 1, l[1])
	ms = addWord(ms, 2, l[2])
	ms = addWord(ms, 3, l[3])
	ms = addWord(ms, 4, l[4])
	return addWord(ms, 5, l[5])
}

const _ = uint((len(board.Bitset{}) - 6) * (6 - len(board.Bitset{})))

// addWord appends the points of word i of a point set (w), each once.
func addWord(ms []board.Point, i int, w uint64) []board.Point {
	for ; w != 0; w &= w - 1 {
		ms = addUnique(ms, board.Point(i<<6+bits.TrailingZeros64(w)))
	}
	return ms
}

// addSecondLibs appends the liberties of the target's liberties: the
// empty neighbours of each liberty and the liberties of the owner's
// strings (up to maxJoinLibs liberties) that touch it, i.e. the points
// the target would gain by extending there.
func (s *searcher) addSecondLibs(ms []board.Point) []board.Point {
	l := s.b.Libs(s.target)
	tid := s.b.StringID(s.target)
	for q := l.Next(0); q >= 0; q = l.Next(q + 1) {
		for _, r := range s.b.Neighbors(q) {
			switch c := s.b.At(r); {
			case c == board.Empty:
				ms = addUnique(ms, r)
			case c == s.owner && s.b.StringID(r) != tid && s.b.NumLibs(r) <= maxJoinLibs:
				ms = s.addLibs(ms, r)
			}
		}
	}
	return ms
}

// maxJoinLibs bounds the owner strings whose liberties count as second
// liberties: a string with more is safe enough that its liberties do not
// decide a local fight.
const maxJoinLibs = 4

// addAdjacentLibs appends the liberties of the attacker strings touching
// the target that have at most maxLibs liberties.
func (s *searcher) addAdjacentLibs(ms []board.Point, maxLibs int) []board.Point {
	if maxLibs < 1 {
		return ms
	}
	var adj [64]board.Point
	for _, id := range s.b.AppendAdjacent(adj[:0], s.target, maxLibs) {
		ms = s.addLibs(ms, id)
	}
	return ms
}

// addAdjacentSaves appends the moves that may save the attacker strings
// touching the target with at most maxLibs liberties: their liberties
// and the captures of owner strings in atari next to them.
func (s *searcher) addAdjacentSaves(ms []board.Point, maxLibs int) []board.Point {
	if maxLibs < 1 {
		return ms
	}
	var adj [64]board.Point
	for _, id := range s.b.AppendAdjacent(adj[:0], s.target, maxLibs) {
		ms = s.addSaves(ms, id)
	}
	return ms
}

// addSaves appends the moves that may save the string at id: its
// liberties and the captures of the strings in atari next to it.
func (s *searcher) addSaves(ms []board.Point, id board.Point) []board.Point {
	var caps [64]board.Point
	ms = s.addLibs(ms, id)
	for _, c := range s.b.AppendAdjacent(caps[:0], id, 1) {
		ms = s.addLibs(ms, c)
	}
	return ms
}

// addJoinSaves appends the moves that may save the attacker strings
// with at most maxLibs liberties that touch an owner string next to a
// liberty of the target. The target joins that string by extending, and
// the joined string then touches them: the attacker must keep them
// alive before it closes in, just as with its strings touching the
// target (addAdjacentSaves).
func (s *searcher) addJoinSaves(ms []board.Point, maxLibs int) []board.Point {
	var adj [64]board.Point
	l := s.b.Libs(s.target)
	tid := s.b.StringID(s.target)
	for q := l.Next(0); q >= 0; q = l.Next(q + 1) {
		for _, r := range s.b.Neighbors(q) {
			if s.b.At(r) != s.owner || s.b.StringID(r) == tid {
				continue
			}
			for _, id := range s.b.AppendAdjacent(adj[:0], r, maxLibs) {
				ms = s.addSaves(ms, id)
			}
		}
	}
	return ms
}

// addNearLibs appends the liberties of attacker strings with at most
// maxLibs liberties that touch a liberty of the target: the strings an
// attacker's filling move would join.
func (s *searcher) addNearLibs(ms []board.Point, maxLibs int) []board.Point {
	l := s.b.Libs(s.target)
	for q := l.Next(0); q >= 0; q = l.Next(q + 1) {
		for _, r := range s.b.Neighbors(q) {
			if s.b.At(r) == s.attacker && s.b.NumLibs(r) <= maxLibs {
				ms = s.addLibs(ms, r)
			}
		}
	}
	return ms
}

// orMoves returns the attacker's moves for OR level lvl: 1 the target's
// liberties; 2 (OR2) also the liberties of its liberties and the
// moves saving attacker strings with no more liberties than the target
// that touch it or an owner string it would join (their liberties and
// captures next to them; the paper says the liberties of the adjacent
// strings with fewer liberties: equal counts and captures matter when
// the attacker must first save its own string); 3 every legal move.
func (s *searcher) orMoves(ms []board.Point, lvl int) []board.Point {
	ms = s.addLibs(ms, s.target)
	ms = s.addKoRetake(ms, s.attacker)
	if lvl >= 2 {
		ms = s.addSecondLibs(ms)
		ms = s.addAdjacentSaves(ms, s.libs())
		ms = s.addJoinSaves(ms, s.libs())
	}
	if lvl >= 3 {
		ms = s.allMoves(ms)
	}
	return ms
}

// allMoves appends every empty point (legality is checked on play).
func (s *searcher) allMoves(ms []board.Point) []board.Point {
	for p := board.Point(0); int(p) < s.b.NumPoints(); p++ {
		if s.b.At(p) == board.Empty {
			ms = addUnique(ms, p)
		}
	}
	return ms
}

// addNearOwnLibs appends the liberties of owner strings other than the
// target with at most maxLibs liberties that touch a liberty of the
// target.
func (s *searcher) addNearOwnLibs(ms []board.Point, maxLibs int) []board.Point {
	l := s.b.Libs(s.target)
	tid := s.b.StringID(s.target)
	for q := l.Next(0); q >= 0; q = l.Next(q + 1) {
		for _, r := range s.b.Neighbors(q) {
			if s.b.At(r) == s.owner && s.b.StringID(r) != tid && s.b.NumLibs(r) <= maxLibs {
				ms = s.addLibs(ms, r)
			}
		}
	}
	return ms
}

// candidates returns the owner moves that may prevent a capture in k
// attacker moves (the candidate set of ip_k): the target's liberties,
// the liberties of attacker strings in atari next to it or to a string
// it would join, and for a single stone in atari the moves that turn
// its capture into a snapback or a ko (k = 1), plus for k >= 2 the
// liberties of the liberties, the liberties of attacker strings with a
// few liberties that touch the target or one of its liberties
// (capturing or threatening them, or making the attacker's filling
// moves self-atari), the rescues of cutting stones and the approach
// moves of a capturing race (addRescues, addApproaches).
func (s *searcher) candidates(ms []board.Point, k int) []board.Point {
	ms = s.addLibs(ms, s.target)
	ms = s.addAdjacentLibs(ms, 1)
	ms = s.addKoRetake(ms, s.owner)
	// Capturing an attacker string in atari next to an owner string the
	// target would join gives the joined string that liberty back.
	ms = s.addJoinCaptures(ms, 1)
	if s.libs() == 1 && s.b.NumStones(s.target) == 1 {
		// Shortening the strings the capturing move would join can turn
		// the capture into a snapback (snapbackPending). Taking the
		// liberties the capturing stone would have (the liberty's empty
		// neighbours, or the liberties of the owner strings around it,
		// which keeps them from being captured with it) leaves that
		// stone in atari on the target's point: the capture becomes a
		// ko. Both are the second liberties of the stone.
		ms = s.addNearLibs(ms, 2)
		ms = s.addSecondLibs(ms)
	}
	if s.libs() >= 2 && k < 2 {
		k = 2 // a ladder threat: answered like a two-move capture
	}
	if k >= 2 {
		ms = s.addJoinCaptures(ms, k+1)
		ms = s.addSecondLibs(ms)
		// k+2: shortening an attacker string that the filling moves
		// would join or touch can turn those moves into self-atari, and
		// a filling move also takes a liberty of a string it joins.
		ms = s.addAdjacentLibs(ms, k+2)
		ms = s.addNearLibs(ms, k+2)
		ms = s.addRescues(ms, k+2)
		ms = s.addApproaches(ms, k+1)
	}
	return ms
}

// addApproaches appends, for each attacker string touching the target
// with at most maxLibs liberties (a capturing race), the liberties of
// the other attacker strings with at most two liberties next to one of
// its liberties: taking them lets the owner fill that liberty.
func (s *searcher) addApproaches(ms []board.Point, maxLibs int) []board.Point {
	var adj [64]board.Point
	for _, id := range s.b.AppendAdjacent(adj[:0], s.target, maxLibs) {
		l := s.b.Libs(id)
		for q := l.Next(0); q >= 0; q = l.Next(q + 1) {
			for _, r := range s.b.Neighbors(q) {
				if s.b.At(r) == s.attacker && s.b.StringID(r) != id && s.b.NumLibs(r) <= 2 {
					ms = s.addLibs(ms, r)
				}
			}
		}
	}
	return ms
}

// addRescues appends the liberties of owner strings in atari that touch
// an attacker string with at most maxLibs liberties next to the target:
// saving such a cutting stone keeps the attacker string short of
// liberties, which wins a capturing race the target would lose.
func (s *searcher) addRescues(ms []board.Point, maxLibs int) []board.Point {
	var adj, own [64]board.Point
	for _, id := range s.b.AppendAdjacent(adj[:0], s.target, maxLibs) {
		for _, o := range s.b.AppendAdjacent(own[:0], id, 1) {
			ms = s.addLibs(ms, o)
		}
	}
	return ms
}

// addJoinCaptures appends the liberties of attacker strings with at most
// maxLibs liberties that touch an owner string the target would join by
// extending: capturing or shortening them gives the joined string its
// liberties back.
func (s *searcher) addJoinCaptures(ms []board.Point, maxLibs int) []board.Point {
	var adj [64]board.Point
	l := s.b.Libs(s.target)
	tid := s.b.StringID(s.target)
	for q := l.Next(0); q >= 0; q = l.Next(q + 1) {
		for _, r := range s.b.Neighbors(q) {
			if s.b.At(r) != s.owner || s.b.StringID(r) == tid {
				continue
			}
			for _, id := range s.b.AppendAdjacent(adj[:0], r, maxLibs) {
				ms = s.addLibs(ms, id)
			}
		}
	}
	return ms
}

// addKoRetake appends the ko point banned to c when c has ko power: a
// side that may ignore the ban (it has the threats) considers retaking.
func (s *searcher) addKoRetake(ms []board.Point, c board.Color) []board.Point {
	if s.inQS {
		return ms
	}
	if p, kc := s.b.Ko(); p != board.NoPoint && kc == c {
		s.koMet++
		if s.koPower != c {
			s.koSeen = true // a mode in which c may retake answers otherwise
			return ms
		}
		ms = addUnique(ms, p)
	}
	return ms
}
