package board

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// Errors returned by Play. They are fixed values so that an illegal move
// costs no allocation on the search's hot path.
var (
	ErrOffBoard = errors.New("board: point is off the board")
	ErrOccupied = errors.New("board: point is occupied")
	ErrSuicide  = errors.New("board: suicide is illegal")
	ErrKo       = errors.New("board: retaking the ko is banned")
	ErrSuperko  = errors.New("board: move repeats an earlier position (positional superko)")
	ErrColor    = errors.New("board: colour must be black or white")
)

// str is one string (chain) of stones, stored under the id of one of its
// stones. Liberties are counted once when they change.
type str struct {
	stones Bitset
	libs   Bitset
	// hash is the Zobrist hash of the stones (their part of the
	// board's hash), so that a capture takes them out of a hash at once.
	hash    uint64
	nStones int16
	nLibs   int16
	color   Color
	// lo and hi are the first and the last word of stones holding a
	// stone (aroundSpan reads them for every neighbour search).
	lo, hi int8
}

// pointUndo restores one point's content; strUndo restores one string.
type pointUndo struct {
	p     Point
	color Color
	sid   Point
}

type strUndo struct {
	id Point
	s  str
}

// libUndo reverses one liberty change of a string that was not logged
// whole (strUndo) in that move: lib >= 0 gives lib back, ^lib takes it
// away. A neighbour's liberties are what most moves change, and four
// bytes record that.
type libUndo struct {
	id, lib Point
}

// mark is what Undo needs besides the logs: the state before one move.
type mark struct {
	hash, histKey               uint64
	nPoint, nStr, nLib, histLen int32
	captured                    [3]int16
	ko                          Point
	koColor                     Color
}

// Board is a Go position. The zero value is not usable: call New.
//
// Play and Undo allocate nothing once the undo logs have grown to the
// depth of the search (they are reused afterwards).
type Board struct {
	size, n int
	color   [MaxPoints]Color
	sid     [MaxPoints]Point // id of the string of each stone; NoPoint if empty
	strs    [MaxPoints]str
	nbr     [MaxPoints][4]Point
	nnbr    [MaxPoints]uint8
	// snbr holds the same neighbours in increasing order.
	snbr [MaxPoints][4]Point
	// points holds the points of each content (Empty, Black, White),
	// kept with color, so that the neighbours of a set of points are a
	// few word operations (Dilate).
	points [3]Bitset
	// notWest and notEast mask out the first and the last column: a
	// point's west (east) neighbour is one bit below (above) it unless
	// it stands in that column.
	notWest, notEast Bitset

	hash     uint64
	ko       Point // point the ko ban forbids, or NoPoint
	koColor  Color // colour the ban applies to
	captured [3]int16

	superko bool
	history []uint64 // stone hashes of earlier positions, for superko
	// histKey hashes the set of distinct positions in history (see
	// HistoryKey).
	histKey uint64

	pointLog []pointUndo
	strLog   []strUndo
	libLog   []libUndo
	marks    []mark
	stamp    [MaxPoints]uint32 // per-move "string logged whole" stamps
	// dead counts, for each point, the strings with that id that a move
	// on the undo stack captured or merged away: their records, left
	// in place, must outlive a lone stone played there.
	dead  [MaxPoints]int16
	epoch uint32

	// adj remembers what AppendAdjacent found (see adjEntry); it is
	// the board's own, never shared with a clone.
	adj *[adjMemoSize]adjEntry
}

// adjEntry is one remembered answer of AppendAdjacent: the enemy
// strings touching string id in the position whose stone hash is hash,
// each given by its lowest point next to the string, in increasing
// order. The same strings' neighbours are asked for again and again
// (every candidate list asks about the target up to four times), and a
// position recurs throughout a search. Points rather than string ids
// are kept because the ids of a position depend on the order of the
// moves that made it; the points do not, and b.sid maps them to the
// ids of the board as it is. The liberty bound is applied on reading.
type adjEntry struct {
	hash uint64
	id   Point // the string's id plus one; 0: an empty slot
	n    uint8
	pts  [adjMemoPoints]Point
}

const (
	adjMemoBits   = 9
	adjMemoSize   = 1 << adjMemoBits
	adjMemoPoints = 11 // strings with more neighbours are not remembered
)

// New returns an empty board of the given size (MinSize..MaxSize).
func New(size int) (*Board, error) {
	if size < MinSize || size > MaxSize {
		return nil, fmt.Errorf("board: size %d is outside %d..%d", size, MinSize, MaxSize)
	}
	b := &Board{size: size, n: size * size, ko: NoPoint}
	for p := 0; p < b.n; p++ {
		x, y := p%size, p/size
		k := uint8(0)
		add := func(q int) { b.nbr[p][k] = Point(q); k++ }
		if x > 0 {
			add(p - 1)
		}
		if x < size-1 {
			add(p + 1)
		}
		if y > 0 {
			add(p - size)
		}
		if y < size-1 {
			add(p + size)
		}
		b.nnbr[p] = k
		b.snbr[p] = b.nbr[p]
		slices.Sort(b.snbr[p][:k])
		b.sid[p] = NoPoint
		b.points[Empty].Set(Point(p))
		if x > 0 {
			b.notWest.Set(Point(p))
		}
		if x < size-1 {
			b.notEast.Set(Point(p))
		}
	}
	b.adj = new([adjMemoSize]adjEntry)
	b.pointLog = make([]pointUndo, 0, 256)
	b.strLog = make([]strUndo, 0, 64)
	b.libLog = make([]libUndo, 0, 256)
	b.marks = make([]mark, 0, 64)
	return b, nil
}

// Clone returns an independent copy of b (with its undo history).
func (b *Board) Clone() *Board {
	c := *b
	c.adj = new([adjMemoSize]adjEntry)
	c.history = append([]uint64(nil), b.history...)
	c.pointLog = append(make([]pointUndo, 0, cap(b.pointLog)), b.pointLog...)
	c.strLog = append(make([]strUndo, 0, cap(b.strLog)), b.strLog...)
	c.libLog = append(make([]libUndo, 0, cap(b.libLog)), b.libLog...)
	c.marks = append(make([]mark, 0, cap(b.marks)), b.marks...)
	return &c
}

// CopyInto makes dst an independent copy of b (with its undo history),
// as Clone does, but in dst's memory: a caller that copies a board per
// question reuses one rather than allocating a board each time. dst
// must not be b.
func (b *Board) CopyInto(dst *Board) {
	adj := dst.adj
	history, pointLog, strLog := dst.history[:0], dst.pointLog[:0], dst.strLog[:0]
	libLog, marks := dst.libLog[:0], dst.marks[:0]
	*dst = *b
	if adj == nil {
		adj = new([adjMemoSize]adjEntry)
	} else {
		clear(adj[:]) // as a clone's: nothing remembered
	}
	dst.adj = adj
	dst.history = append(history, b.history...)
	dst.pointLog = append(pointLog, b.pointLog...)
	dst.strLog = append(strLog, b.strLog...)
	dst.libLog = append(libLog, b.libLog...)
	dst.marks = append(marks, b.marks...)
}

// Size returns the board size.
func (b *Board) Size() int { return b.size }

// NumPoints returns Size()*Size().
func (b *Board) NumPoints() int { return b.n }

// OnBoard reports whether p is a point of this board.
func (b *Board) OnBoard(p Point) bool { return p >= 0 && int(p) < b.n }

// At returns the content of p.
func (b *Board) At(p Point) Color { return b.color[p] }

// Neighbors returns the on-board neighbours of p. The slice aliases the
// board's tables: do not modify it.
func (b *Board) Neighbors(p Point) []Point { return b.nbr[p][:b.nnbr[p]] }

// SetSuperko turns positional superko on or off. With it on, a move that
// recreates an earlier whole-board position (since the last SetSuperko or
// Clear) is illegal; results then depend on the path that led here.
func (b *Board) SetSuperko(on bool) {
	b.superko = on
	b.history = b.history[:0]
	b.histKey = 0
	if on {
		b.remember()
	}
}

// remember adds the current position to the superko history.
func (b *Board) remember() {
	seen := false
	for _, h := range b.history {
		if h == b.hash {
			seen = true // a forced retake or a pass: the set is unchanged
			break
		}
	}
	if !seen {
		b.histKey ^= historyMix(b.hash)
	}
	b.history = append(b.history, b.hash)
}

// historyMix spreads a position's hash before it joins the history key,
// so that the key is not a linear function of the positions' Zobrist
// hashes (whose XOR is the current position's).
func historyMix(z uint64) uint64 {
	z ^= 0x5375706572b06f21 // "Superko"
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// HistoryKey is 0 without superko; with it, a hash of the set of
// whole-board positions in the superko history, the current one
// included. Under positional superko the legal moves from here on depend
// on the position and on that set, not on the order of the moves that
// made it, so (position, HistoryKey) identifies what a search from here
// can find: a transposition table keyed by Key alone would carry results
// from one history to another where other moves are legal.
func (b *Board) HistoryKey() uint64 { return b.histKey }

// Superko reports whether positional superko is on.
func (b *Board) Superko() bool { return b.superko }

// Hash returns the Zobrist hash of the stones alone.
func (b *Board) Hash() uint64 { return b.hash }

// Key returns a hash of the position for a transposition table: stones,
// the ko ban and the player to move.
func (b *Board) Key(toMove Color) uint64 {
	h := b.hash ^ zobristToMove[toMove&3]
	if b.ko != NoPoint {
		h ^= zobristKo[b.ko]
		if b.koColor == White {
			h ^= zobristKoWhite
		}
	}
	return h
}

// KeyAfter returns the Key(toMove) that the position would have after c
// plays p (not a pass), without playing it: captures and the ko ban they
// make included. For an illegal move the value means nothing. Searches
// use it to look a position up in their tables before (or instead of)
// playing the move that leads there.
func (b *Board) KeyAfter(p Point, c Color, toMove Color) uint64 {
	h := b.hash ^ zobrist[c&3][p] ^ zobristToMove[toMove&3]
	enemy := c.Opponent()
	nbrs := b.nbr[p][:b.nnbr[p]]
	nCapt, captPoint, alone := 0, NoPoint, true
	for i, r := range nbrs {
		switch b.color[r] {
		case Empty:
			alone = false
		case c:
			alone = false
		default:
			id := b.sid[r]
			if b.strs[id].nLibs != 1 || seenBefore(b, nbrs[:i], id) {
				continue
			}
			st := &b.strs[id]
			nCapt += int(st.nStones)
			captPoint = id
			h ^= st.hash
		}
	}
	// As in play: one stone taken by a lone stone left with that point
	// as its only liberty bans the retake.
	if nCapt == 1 && alone {
		h ^= zobristKo[captPoint]
		if enemy == White {
			h ^= zobristKoWhite
		}
	}
	return h
}

// KeyAfterPair returns the Key(toMove) after c plays p and then d plays
// q, when neither move captures (otherwise the value means nothing): a
// search can fetch a table slot two plies ahead with it.
func (b *Board) KeyAfterPair(p Point, c Color, q Point, d Color, toMove Color) uint64 {
	return b.hash ^ zobrist[c&3][p] ^ zobrist[d&3][q] ^ zobristToMove[toMove&3]
}

// Ko returns the point the simple ko ban forbids and the colour it
// forbids, or NoPoint.
func (b *Board) Ko() (Point, Color) { return b.ko, b.koColor }

// SetKo bans colour c from playing p for the next move (as an SGF IL
// property does); NoPoint lifts the ban.
func (b *Board) SetKo(p Point, c Color) {
	b.ko, b.koColor = p, c
	if p == NoPoint {
		b.koColor = Empty
	}
}

// Captured returns how many stones of colour c have been captured.
func (b *Board) Captured(c Color) int { return int(b.captured[c&3]) }

// StringID returns the id of the string at p (the same for every stone of
// one string), or NoPoint when p is empty.
func (b *Board) StringID(p Point) Point { return b.sid[p] }

// Libs returns the liberty set of the string at p; p must be a stone.
func (b *Board) Libs(p Point) *Bitset { return &b.strs[b.sid[p]].libs }

// NumLibs returns the number of liberties of the string at p, 0 if empty.
func (b *Board) NumLibs(p Point) int {
	if b.sid[p] == NoPoint {
		return 0
	}
	return int(b.strs[b.sid[p]].nLibs)
}

// Stones returns the stone set of the string at p; p must be a stone.
func (b *Board) Stones(p Point) *Bitset { return &b.strs[b.sid[p]].stones }

// NumStones returns the number of stones of the string at p, 0 if empty.
func (b *Board) NumStones(p Point) int {
	if b.sid[p] == NoPoint {
		return 0
	}
	return int(b.strs[b.sid[p]].nStones)
}

// AppendLibs appends the liberties of the string at p to buf.
func (b *Board) AppendLibs(buf []Point, p Point) []Point {
	l := b.Libs(p)
	for q := l.Next(0); q >= 0; q = l.Next(q + 1) {
		buf = append(buf, q)
	}
	return buf
}

// AppendAdjacent appends the ids of the enemy strings touching the string
// at p (each once, in the order of their lowest point next to it) to
// buf; p must be a stone. With maxLibs > 0 only strings with at most
// maxLibs liberties are appended. It writes a memo kept in the board
// (adjEntry), so, like Play, it must not run concurrently with any other
// use of b.
func (b *Board) AppendAdjacent(buf []Point, p Point, maxLibs int) []Point {
	id := b.sid[p]
	if maxLibs > 0 && maxLibs <= shortLibs {
		return b.appendShort(buf, id, maxLibs)
	}
	e := &b.adj[(b.hash^uint64(id)*0x9e3779b97f4a7c15)>>(64-adjMemoBits)]
	if e.hash != b.hash || e.id != id+1 {
		if !b.findAdjacent(e, id) {
			return b.appendAdjacent(buf, id, maxLibs)
		}
	}
	n := len(buf)
	enemy := b.strs[id].color.Opponent()
	for _, q := range e.pts[:e.n] {
		if b.color[q] != enemy { // two positions with one hash
			*e = adjEntry{}
			return b.appendAdjacent(buf[:n], id, maxLibs)
		}
		a := b.sid[q]
		if maxLibs <= 0 || int(b.strs[a].nLibs) <= maxLibs {
			buf = append(buf, a)
		}
	}
	return buf
}

// shortLibs is the liberty bound up to which AppendAdjacent filters the
// neighbours stone by stone rather than through the memo: the strings
// in atari next to a target are asked for at every step of a ladder,
// a position that never recurs (on GNU Go's reading suite 84% of those
// questions missed the memo, and 74% with two liberties, against 8%
// from three), and the few strings that pass need no walk over their
// stones to be counted once.
const shortLibs = 2

// appendShort is AppendAdjacent for 1 <= maxLibs <= shortLibs: each
// enemy stone next to the string is looked at in increasing order, and
// its string appended the first time it is met if it is short of
// liberties (the strings it appends are few, so the check for one
// already appended is a scan of them).
//
// A string of aroundStones or more finds its neighbours word by word
// (aroundWord), each word's stones looked at as soon as it is made.
func (b *Board) appendShort(buf []Point, id Point, maxLibs int) []Point {
	s := &b.strs[id]
	n := len(buf)
	enemy := s.color.Opponent()
	if s.nStones == 1 { // id is the stone
		for _, q := range b.snbr[id][:b.nnbr[id]] {
			if b.color[q] == enemy {
				buf = b.appendShortAt(buf, n, q, maxLibs)
			}
		}
		return buf
	}
	if s.nStones == 2 {
		// id and its partner: their neighbours in increasing order, a
		// merge of the two sorted lists (no point touches both).
		x := b.snbr[id][:b.nnbr[id]]
		var y []Point
		for _, r := range x {
			if b.sid[r] == id {
				y = b.snbr[r][:b.nnbr[r]]
				break
			}
		}
		for len(x) > 0 || len(y) > 0 {
			var q Point
			if len(y) == 0 || (len(x) > 0 && x[0] < y[0]) {
				q, x = x[0], x[1:]
			} else {
				q, y = y[0], y[1:]
			}
			if b.color[q] == enemy {
				buf = b.appendShortAt(buf, n, q, maxLibs)
			}
		}
		return buf
	}
	lo, hi := b.aroundSpan(s)
	for i := lo; i <= hi; i++ {
		buf = b.appendShortWord(buf, n, i, b.aroundWord(&s.stones, i)&b.points[enemy][i], maxLibs)
	}
	return buf
}

// AnyAdjacentInAtari reports whether an enemy string in atari touches
// the string at p (a stone): len(AppendAdjacent(buf, p, 1)) > 0,
// stopping at the first one found.
func (b *Board) AnyAdjacentInAtari(p Point) bool {
	id := b.sid[p]
	s := &b.strs[id]
	enemy := s.color.Opponent()
	if s.nStones < aroundStones {
		for q := s.stones.Next(0); q >= 0; q = s.stones.Next(q + 1) {
			for _, r := range b.nbr[q][:b.nnbr[q]] {
				if b.color[r] == enemy && b.strs[b.sid[r]].nLibs == 1 {
					return true
				}
			}
		}
		return false
	}
	lo, hi := b.aroundSpan(s)
	for i := lo; i <= hi; i++ {
		for w := b.aroundWord(&s.stones, i) & b.points[enemy][i]; w != 0; {
			e := &b.strs[b.sid[i<<6+bits.TrailingZeros64(w)]]
			if e.nLibs == 1 {
				return true
			}
			w &^= e.stones[i] // its other stones in this word
		}
	}
	return false
}

// appendShortAt appends the string of the enemy stone q to buf if it
// has at most maxLibs liberties and is not already there (from buf[n]
// on).
func (b *Board) appendShortAt(buf []Point, n int, q Point, maxLibs int) []Point {
	a := b.sid[q]
	if int(b.strs[a].nLibs) <= maxLibs && !slices.Contains(buf[n:], a) {
		buf = append(buf, a)
	}
	return buf
}

// appendShortWord appends to buf the strings of the enemy stones in
// word i of the neighbour set (w) with at most maxLibs liberties, each
// string once (those appended from buf[n] on are checked).
func (b *Board) appendShortWord(buf []Point, n, i int, w uint64, maxLibs int) []Point {
	for w != 0 {
		a := b.sid[i<<6+bits.TrailingZeros64(w)]
		e := &b.strs[a]
		w &^= e.stones[i] // its other stones in this word: the same string
		if int(e.nLibs) <= maxLibs && !slices.Contains(buf[n:], a) {
			buf = append(buf, a)
		}
	}
	return buf
}

// findAdjacent fills e with the neighbours of string id: the lowest
// point next to it of each enemy string touching it. It reports false,
// leaving e empty, when they are too many to remember.
func (b *Board) findAdjacent(e *adjEntry, id Point) bool {
	*e = adjEntry{}
	s := &b.strs[id]
	adj, lo, hi := b.adjacentPoints(s)
	n := 0
	for i := lo; i <= hi; i++ {
		for adj[i] != 0 {
			q := Point(i<<6 + bits.TrailingZeros64(adj[i]))
			o := &b.strs[b.sid[q]]
			for j := i; j <= hi; j++ { // each string once
				adj[j] &^= o.stones[j]
			}
			if n == adjMemoPoints {
				return false
			}
			e.pts[n] = q
			n++
		}
	}
	e.hash, e.id, e.n = b.hash, id+1, uint8(n)
	return true
}

// adjacentPoints returns the enemy stones next to string s and the
// range lo..hi of the words that can hold them.
func (b *Board) adjacentPoints(s *str) (adj Bitset, lo, hi int) {
	enemy := s.color.Opponent()
	// Only the words next to the string's own words can hold a
	// neighbour (a row is shorter than a word): lo..hi.
	lo, hi = 0, bitsetWords-1
	if s.nStones >= aroundStones {
		lo, hi = b.aroundSpan(s)
		for i := lo; i <= hi; i++ {
			adj[i] = b.aroundWord(&s.stones, i) & b.points[enemy][i]
		}
	} else {
		for q := s.stones.Next(0); q >= 0; q = s.stones.Next(q + 1) {
			for _, r := range b.nbr[q][:b.nnbr[q]] {
				if b.color[r] == enemy {
					adj.Set(r)
				}
			}
		}
	}
	return adj, lo, hi
}

// appendAdjacent is AppendAdjacent without the memo.
func (b *Board) appendAdjacent(buf []Point, id Point, maxLibs int) []Point {
	adj, lo, hi := b.adjacentPoints(&b.strs[id])
	for i := lo; i <= hi; i++ {
		for adj[i] != 0 {
			q := Point(i<<6 + bits.TrailingZeros64(adj[i]))
			id := b.sid[q]
			e := &b.strs[id]
			for j := i; j <= hi; j++ { // each string once
				adj[j] &^= e.stones[j]
			}
			if maxLibs <= 0 || int(e.nLibs) <= maxLibs {
				buf = append(buf, id)
			}
		}
	}
	return buf
}

// aroundStones is the string size from which AppendAdjacent finds the
// neighbours by Around rather than by a walk over the stones.
const aroundStones = 3

// Legal reports whether colour c may play p now (without playing it).
func (b *Board) Legal(p Point, c Color) error {
	if err := b.Play(p, c); err != nil {
		return err
	}
	b.Undo()
	return nil
}

// IsCapture reports whether c playing p would capture at least one stone.
func (b *Board) IsCapture(p Point, c Color) bool {
	enemy := c.Opponent()
	for _, r := range b.nbr[p][:b.nnbr[p]] {
		if b.color[r] == enemy && b.strs[b.sid[r]].nLibs == 1 {
			return true
		}
	}
	return false
}

// LibsAfter returns the number of liberties the string of c through p
// would have if c played p (an empty point), or capture true (and no
// count) when the move would capture. A search uses it to see the
// result of a move without playing it.
func (b *Board) LibsAfter(p Point, c Color) (libs int, capture bool) {
	var l Bitset
	for _, r := range b.nbr[p][:b.nnbr[p]] {
		switch b.color[r] {
		case Empty:
			l.Set(r)
		case c:
			l.Or(&b.strs[b.sid[r]].libs)
		default:
			if b.strs[b.sid[r]].nLibs == 1 {
				return 0, true
			}
		}
	}
	l.Clear(p)
	return l.Count(), false
}

// Breathes answers what LibsAfter's callers mostly ask, without
// counting: whether c playing p (an empty point) would capture, and if
// not, whether its string would keep a liberty (LibsAfter > 0), which
// an empty neighbour or a friend with another liberty than p gives.
func (b *Board) Breathes(p Point, c Color) (breathes, capture bool) {
	for _, r := range b.nbr[p][:b.nnbr[p]] {
		switch b.color[r] {
		case Empty:
			breathes = true
		case c:
			if b.strs[b.sid[r]].nLibs > 1 {
				breathes = true
			}
		default:
			if b.strs[b.sid[r]].nLibs == 1 {
				return false, true
			}
		}
	}
	return breathes, false
}

// Play puts a stone of colour c on p, removing captured strings, or
// passes when p is Pass. An illegal move returns an error and leaves the
// board unchanged. Every successful Play must be matched by one Undo.
func (b *Board) Play(p Point, c Color) error { return b.play(p, c, false) }

// PlayForced is Play ignoring the simple ko ban and positional superko
// (still refusing occupied points and suicide). Searches use it for a
// side assumed to win every ko: it would retake after an exchange of
// threats, when the retake no longer repeats a position. Undo restores
// the ban.
func (b *Board) PlayForced(p Point, c Color) error { return b.play(p, c, true) }

func (b *Board) play(p Point, c Color, forced bool) error {
	if c != Black && c != White {
		return ErrColor
	}
	if p == Pass {
		b.pushMark()
		b.ko, b.koColor = NoPoint, Empty
		if b.superko {
			b.remember()
		}
		return nil
	}
	if !b.OnBoard(p) {
		return ErrOffBoard
	}
	if b.color[p] != Empty {
		return ErrOccupied
	}
	if p == b.ko && c == b.koColor && !forced {
		return ErrKo
	}
	enemy := c.Opponent()
	nbrs := b.nbr[p][:b.nnbr[p]]
	// One pass over the neighbours sorts them into empty points, friend
	// strings and enemy strings (each string once, in the order of the
	// neighbours). Legality first, without touching the board: a move is
	// legal if it has an empty neighbour, captures, or joins a string
	// with a spare liberty.
	var empties, friends, enemies [4]Point
	ne, nf, nx := 0, 0, 0
	spare := false
	newHash := b.hash ^ zobrist[c][p]
	nCapt, captPoint := 0, NoPoint
	for _, r := range nbrs {
		col := b.color[r]
		if col == Empty {
			empties[ne&3] = r
			ne++
			continue
		}
		id := b.sid[r]
		if col == c {
			if !inFirst(&friends, nf, id) {
				friends[nf&3] = id
				nf++
				spare = spare || b.strs[id].nLibs > 1
			}
			continue
		}
		if inFirst(&enemies, nx, id) {
			continue
		}
		enemies[nx&3] = id
		nx++
		if s := &b.strs[id]; s.nLibs == 1 {
			nCapt += int(s.nStones)
			captPoint = id
			newHash ^= s.hash
		}
	}
	legal := ne > 0 || spare || nCapt > 0
	if !legal {
		return ErrSuicide
	}
	if b.superko && !forced {
		for _, h := range b.history {
			if h == newHash {
				return ErrSuperko
			}
		}
	}

	// pushMark written out: too large to be inlined, and a call on
	// every move.
	nm := len(b.marks)
	if nm == cap(b.marks) {
		b.marks = append(b.marks, mark{})
	}
	b.marks = b.marks[:nm+1]
	m := &b.marks[nm]
	m.nPoint, m.nStr, m.nLib, m.histLen = int32(len(b.pointLog)), int32(len(b.strLog)), int32(len(b.libLog)), int32(len(b.history))
	m.hash, m.histKey = b.hash, b.histKey
	m.ko, m.koColor, m.captured = b.ko, b.koColor, b.captured
	b.epoch++
	if b.epoch == 0 { // wrapped: old stamps could collide
		b.stamp = [MaxPoints]uint32{}
		b.epoch = 1
	}
	// The new stone joins its friends into one string. Its id is the
	// largest friend's (the earlier one on a tie), p's only when it has
	// none: that record grows in place, so an extension (most moves)
	// logs and rewrites one record and relabels no stone.
	id, n, most := p, int16(1), int16(0)
	for _, f := range friends[:nf] {
		if k := b.strs[f].nStones; k > most {
			id, most = f, k
		}
		n += b.strs[f].nStones
	}
	// strs[p] is logged although p is empty when it still holds the
	// record of a string captured or merged away under id p earlier on
	// the undo stack, which the undo of that move needs back (dead);
	// otherwise the record is nobody's, and is only stamped, so that
	// the captures below do not log the liberties they give it.
	if id != p || b.dead[p] != 0 {
		b.logStr(id)
	} else {
		b.stamp[p] = b.epoch
	}
	s := &b.strs[id]
	w := int8(p >> 6)
	if id == p {
		*s = str{color: c, lo: w, hi: w}
	}
	s.stones.Set(p)
	s.lo, s.hi = min(s.lo, w), max(s.hi, w)
	s.hash ^= zobrist[c][p]
	b.setPoint(p, c, id)
	for _, f := range friends[:nf] {
		if f == id {
			continue
		}
		// The absorbed record stays as it is, for the undo of earlier
		// merges; only its points are relabelled.
		b.dead[f]++
		o := &b.strs[f]
		s.stones.Or(&o.stones)
		s.lo, s.hi = min(s.lo, o.lo), max(s.hi, o.hi)
		s.hash ^= o.hash
		s.libs.Or(&o.libs)
		if o.nStones == 1 { // f is the stone
			b.relabel(f, id)
			continue
		}
		for i, w := range o.stones {
			for ; w != 0; w &= w - 1 {
				b.relabel(Point(i<<6+bits.TrailingZeros64(w)), id)
			}
		}
	}
	s.nStones = n
	// The liberty count is kept as the set changes (no count of the
	// words, on every move): a lone stone has its empty neighbours; an
	// extension of one string has that string's but p, and the empty
	// neighbours it did not have; a merge is counted. The captures below
	// add what they free one by one (freeLib).
	switch nf {
	case 0:
		for _, r := range empties[:ne] {
			s.libs.Set(r)
		}
		s.nLibs = int16(ne)
	case 1:
		k := s.nLibs - 1 // p was one of them
		for _, r := range empties[:ne] {
			if !s.libs.Has(r) {
				s.libs.Set(r)
				k++
			}
		}
		s.libs.Clear(p)
		s.nLibs = k
	default:
		for _, r := range empties[:ne] {
			s.libs.Set(r)
		}
		s.libs.Clear(p)
		s.nLibs = int16(s.libs.Count())
	}
	// Enemy neighbours lose the liberty; those left with none are taken.
	// (They are never logged whole in this move: only strings of colour
	// c are, so each change is logged as a liberty.)
	for _, eid := range enemies[:nx] {
		e := &b.strs[eid]
		e.libs.Clear(p)
		e.nLibs--
		b.libLog = append(b.libLog, libUndo{id: eid, lib: p})
		if e.nLibs == 0 {
			b.remove(eid)
		}
	}
	b.hash = newHash
	b.captured[enemy] += int16(nCapt)
	b.ko, b.koColor = NoPoint, Empty
	if nCapt == 1 && s.nStones == 1 && s.nLibs == 1 {
		b.ko, b.koColor = captPoint, enemy
	}
	if b.superko {
		b.remember()
	}
	return nil
}

// inFirst reports whether v is among the first n points of a (n <= 3
// when asked: a point has four neighbours).
func inFirst(a *[4]Point, n int, v Point) bool {
	return n > 0 && (a[0] == v || n > 1 && (a[1] == v || n > 2 && a[2] == v))
}

// seenBefore reports whether a neighbour in prev belongs to string id.
func seenBefore(b *Board, prev []Point, id Point) bool {
	for _, r := range prev {
		if b.color[r] != Empty && b.sid[r] == id {
			return true
		}
	}
	return false
}

// remove takes the string id off the board, giving liberties back to its
// neighbours.
func (b *Board) remove(id Point) {
	// The record stays as it is (setPoint relabels the points only; the
	// strings gaining liberties are of the other colour).
	b.dead[id]++
	s := &b.strs[id]
	if s.nStones == 1 { // id is the stone: no walk over the words
		b.setPoint(id, Empty, NoPoint)
		b.freeLib(id)
		return
	}
	for i, w := range s.stones {
		for ; w != 0; w &= w - 1 {
			b.setPoint(Point(i<<6+bits.TrailingZeros64(w)), Empty, NoPoint)
		}
	}
	for i, w := range s.stones {
		for ; w != 0; w &= w - 1 {
			b.freeLib(Point(i<<6 + bits.TrailingZeros64(w)))
		}
	}
}

// freeLib gives the emptied point q to the strings next to it as a
// liberty, once each.
func (b *Board) freeLib(q Point) {
	for _, r := range b.nbr[q][:b.nnbr[q]] {
		if b.color[r] == Empty {
			continue
		}
		nid := b.sid[r]
		n := &b.strs[nid]
		if !n.libs.Has(q) {
			if b.stamp[nid] != b.epoch { // else restored whole
				b.libLog = append(b.libLog, libUndo{id: nid, lib: ^q})
			}
			n.libs.Set(q)
			n.nLibs++
		}
	}
}

// setPoint changes one point to another content, logging its old
// content. The point's bit moves between the two sets by toggling it in
// both (it is in the old one, not in the new one).
func (b *Board) setPoint(p Point, c Color, id Point) {
	old := b.color[p]
	b.pointLog = append(b.pointLog, pointUndo{p: p, color: old, sid: b.sid[p]})
	bit, i := uint64(1)<<(uint(p)&63), p>>6
	b.points[old&3][i] ^= bit
	b.points[c&3][i] ^= bit
	b.color[p], b.sid[p] = c, id
}

// relabel gives the stone at p the string id, logging its old one: its
// colour, and so the point sets, stay as they are.
func (b *Board) relabel(p Point, id Point) {
	b.pointLog = append(b.pointLog, pointUndo{p: p, color: b.color[p], sid: b.sid[p]})
	b.sid[p] = id
}

// logStr saves string id once per move before it is changed.
func (b *Board) logStr(id Point) {
	if b.stamp[id] == b.epoch {
		return
	}
	b.stamp[id] = b.epoch
	// Written in place: an append of a composite literal builds it on
	// the stack first and copies it (twice the stores, and the zeroing).
	n := len(b.strLog)
	if n == cap(b.strLog) {
		b.strLog = append(b.strLog, strUndo{})
	}
	b.strLog = b.strLog[:n+1]
	u := &b.strLog[n]
	u.id, u.s = id, b.strs[id]
}

func (b *Board) pushMark() {
	n := len(b.marks) // written in place, as in logStr
	if n == cap(b.marks) {
		b.marks = append(b.marks, mark{})
	}
	b.marks = b.marks[:n+1]
	m := &b.marks[n]
	m.nPoint, m.nStr, m.nLib, m.histLen = int32(len(b.pointLog)), int32(len(b.strLog)), int32(len(b.libLog)), int32(len(b.history))
	m.hash, m.histKey = b.hash, b.histKey
	m.ko, m.koColor, m.captured = b.ko, b.koColor, b.captured
}

// Depth returns the number of moves that Undo can take back.
func (b *Board) Depth() int { return len(b.marks) }

// Undo takes back the last successful Play. It returns false when there
// is nothing to undo.
func (b *Board) Undo() bool {
	if len(b.marks) == 0 {
		return false
	}
	m := &b.marks[len(b.marks)-1] // read in place: nothing below writes marks
	b.marks = b.marks[:len(b.marks)-1]
	// A string is logged either whole or by its liberty changes within
	// one move, so the two logs undo in either order.
	for i := len(b.libLog) - 1; i >= int(m.nLib); i-- {
		u := b.libLog[i]
		s := &b.strs[u.id]
		if u.lib >= 0 {
			s.libs.Set(u.lib)
			s.nLibs++
		} else {
			s.libs.Clear(^u.lib)
			s.nLibs--
		}
	}
	b.libLog = b.libLog[:m.nLib]
	for i := len(b.strLog) - 1; i >= int(m.nStr); i-- {
		b.strs[b.strLog[i].id] = b.strLog[i].s
	}
	b.strLog = b.strLog[:m.nStr]
	for i := len(b.pointLog) - 1; i >= int(m.nPoint); i-- {
		u := b.pointLog[i]
		// Toggled in both sets as in setPoint; a relabelled stone's
		// bit is toggled twice in one set, which leaves it.
		if c := b.color[u.p]; c != u.color { // else relabelled: in the same set
			bit, w := uint64(1)<<(uint(u.p)&63), u.p>>6
			b.points[c&3][w] ^= bit
			b.points[u.color&3][w] ^= bit
			b.color[u.p] = u.color
		}
		if u.p == u.sid { // a captured or absorbed string's id stone: alive again
			b.dead[u.p]--
		}
		b.sid[u.p] = u.sid
	}
	b.pointLog = b.pointLog[:m.nPoint]
	b.hash, b.ko, b.koColor, b.captured = m.hash, m.ko, m.koColor, m.captured
	b.history, b.histKey = b.history[:m.histLen], m.histKey
	return true
}

// Commit forgets the undo history, making the current position the base
// (used after setting up a position, so searches start with empty logs).
func (b *Board) Commit() {
	b.dead = [MaxPoints]int16{}
	b.marks = b.marks[:0]
	b.pointLog = b.pointLog[:0]
	b.strLog = b.strLog[:0]
	b.libLog = b.libLog[:0]
}

// Points returns the set of points whose content is c (Empty, Black or
// White). It aliases the board: do not modify it.
func (b *Board) Points(c Color) *Bitset { return &b.points[c&3] }

// Around returns the points next to some point of s (points of s
// included when they touch each other), as a few word operations rather
// than a walk over s.
func (b *Board) Around(s *Bitset) Bitset {
	var r Bitset
	for i := range r {
		r[i] = b.aroundWord(s, i)
	}
	last := (b.n - 1) >> 6
	for i := last + 1; i < bitsetWords; i++ {
		r[i] = 0
	}
	r[last] &= b.points[Empty][last] | b.points[Black][last] | b.points[White][last]
	return r
}

// aroundSpan returns the range lo..hi of the words that can hold a
// point next to string s: the words of its stones, and the word below
// (above) them only when a stone lies within a row of it, in the lowest
// (highest) size bits of the first (last) word. A string is mostly a
// few rows in the middle of its words, and each word of the range is
// read point by point by the callers.
func (b *Board) aroundSpan(s *str) (lo, hi int) {
	lo, hi = int(s.lo), int(s.hi)
	k := uint(b.size)
	if lo > 0 && s.stones[lo]<<(64-k) != 0 {
		lo--
	}
	if hi < bitsetWords-1 && s.stones[hi]>>(64-k) != 0 {
		hi++
	}
	return lo, hi
}

// aroundWord is word i of the points next to some point of s, before
// the points beyond the board are masked out.
func (b *Board) aroundWord(s *Bitset, i int) uint64 {
	k := uint(b.size)
	w := s[i]
	// A point has an east neighbour one bit below it (p-1 is west of
	// p): east holds p for which p-1 is in s, valid unless p is in the
	// first column; north holds p for which p-size is in s.
	east, west, north, south := w<<1, w>>1, w<<k, w>>k
	if i > 0 {
		east |= s[i-1] >> 63
		north |= s[i-1] >> (64 - k)
	}
	if i < bitsetWords-1 {
		west |= s[i+1] << 63
		south |= s[i+1] << (64 - k)
	}
	return east&b.notWest[i] | west&b.notEast[i] | north | south
}
