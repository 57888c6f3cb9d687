package core

import (
	"math"
	"unsafe"

	"github.com/tsume-solver/tsume/internal/prefetch"
)

// Graph history interaction (GHI). A position that repeats one on the
// current path is valued by the search's cycle outcome (Game.CycleOutcome,
// one value for every repetition of a search); that value holds only for
// this path. Every value therefore carries dep, the smallest path depth it
// relies on (noDep when it relies on none). When dep >= d, the node's own
// depth, the repetition is inside the node's own subtree, which every path
// to the node shares, so the value is stored as path-independent.
//
// A final value with dep < d depends on an ancestor above the node. It is
// returned to the parent, which keeps it for the rest of its visit (the
// path above the parent does not change meanwhile), and it is stored as a
// path-dependent entry: under a key made of the node's key and a hash of
// the whole path from the root to its parent (pathKey). A later visit
// that reaches the node by the same path reads it back (refresh) instead of
// searching the node again; any other path misses it. This is the part of
// Kishimoto and Müller's GHI solution (2004) that TCA's progress argument
// rests on (Kishimoto 2010: "if a new cycle is detected, (Kishimoto and
// Müller 2004) correctly saves a (dis)proof"): without it a (dis)proof
// found through a repetition is searched again at every visit, and TCA
// does not finish on some small graphs (ghi_test.go, issue13Graph).
//
// Why that terminates. The search path is always a simple path of the
// finite graph (a repetition is a leaf), so there are finitely many (node,
// path) pairs. Every value the search decides is kept for its pair:
// a path-independent one under the node's key, a path-dependent one under
// (node, path). TCA raises thresholds at a node with an old unproven child
// until its descent either expands a node never expanded before or decides
// some (node, path) pair not decided before (a new cycle); both are
// finitely many, so only finitely many such descents happen, and between
// them df-pn's threshold logic on the now-fixed part behaves as on a
// finite tree. This is an argument, not a proof (Kishimoto 2010 leaves
// completeness open); what backs it is TestHeavyTerminationRandomGraphs:
// every algorithm decides every one of 10^5 random cyclic graphs per seed
// within a stated node budget, against the exhaustive solver.
//
// Soundness of the reuse. A path-dependent value always equals the cycle
// outcome c: a value other than c rests only on children valued other than
// c, and no repetition is. The positions of the path that the value relied
// on are all on the identical path of a later visit, and the path-
// independent values it used hold on every path, so the later visit has
// the same value.
//
// A transposition table entry may be replaced, so the pair's value may be
// lost and searched again; that costs time, never soundness. Path-dependent
// entries are read only where this search stored one for the same key
// (ghiMarks), so searches that meet no repetition pay one bit test per
// child read.
const noDep = math.MaxInt32

// pathHash extends h, the hash of the path down to a node, by the key of
// its child. It depends on the order of the keys, so two paths through the
// same positions in another order (where depths, and so deps, differ) do
// not share entries.
func pathHash(h uint64, k Key) uint64 {
	return mix64(h*0x9e3779b97f4a7c15 ^ k.Board ^ uint64(k.Hand)<<21 ^ 0x5851f42d4c957f2d)
}

// mix64 is SplitMix64's finaliser.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// pathKey is the key a path-dependent value of position k is stored under
// when the path from the root to k's parent hashes to ph. Its Board is a
// hash like any other, so it shares the table with ordinary entries as
// ordinary keys share it with each other.
func pathKey(k Key, ph uint64) Key {
	return Key{Board: mix64(k.Board^ph) ^ 0xa0761d6478bd642f, Hand: k.Hand}
}

// ghiMarks is a bit per hashed key: set when this search stored a
// path-dependent value of that key, so refresh looks for such values only
// there. A false positive costs a table probe outside the child's bucket,
// a cache miss; a false negative would lose a path-dependent value, which
// TCA's progress rests on, so a key once set is never lost.
//
// The filter starts at 2^16 bits (8 KiB) and grows fourfold, rebuilt from
// the keys set so far, whenever the keys outnumber a sixteenth of its
// bits, up to ghiMaxBits: a long search stores path-dependent values by
// the hundred thousand (Microcosmos tail 601: about 24 k in its first 7 M
// expansions), and a fixed 2^16 bits then sent one child read in ten to a
// useless probe, 7 % of the search's time.
type ghiMarks struct {
	bits []uint64
	log  uint  // log2 of the filter's size in bits
	keys []Key // every key set, while the filter may still grow
	used bool
}

const (
	ghiMinLog = 16
	ghiMaxLog = 23 // 1 MiB of bits; the key list then ends at 2^19 keys
	// ghiNearLog is the largest filter that prefetch leaves alone.
	ghiNearLog = 18
)

// ghiIndex is a multiplicative hash to log bits: Board is a hash
// already, and a child read asks has for every child.
func ghiIndex(k Key, log uint) uint64 {
	// The shift is 64-ghiMaxLog..64-ghiMinLog, so the mask changes
	// nothing; it spares the code Go emits for shifts of 64 or more.
	return (k.Board ^ uint64(k.Hand)*0xbf58476d1ce4e5b9) * 0x9e3779b97f4a7c15 >> ((64 - log) & 63)
}

func (m *ghiMarks) reset() {
	switch {
	case m.bits == nil || m.log != ghiMinLog:
		// A grown filter goes back to its first size, so that the many
		// short searches of the line phase each clear 8 KiB.
		m.bits, m.log = make([]uint64, 1<<ghiMinLog/64), ghiMinLog
	case m.used:
		clear(m.bits)
	}
	m.keys = m.keys[:0]
	m.used = false
}

func (m *ghiMarks) set(k Key) {
	m.mark(k)
	m.used = true
	if m.log >= ghiMaxLog {
		return
	}
	m.keys = append(m.keys, k)
	if uint64(len(m.keys)) > uint64(1)<<m.log/16 {
		m.grow()
	}
}

func (m *ghiMarks) mark(k Key) {
	i := ghiIndex(k, m.log)
	m.bits[i/64] |= 1 << (i % 64)
}

// grow quadruples the filter and sets every key again.
func (m *ghiMarks) grow() {
	m.log += 2
	m.bits = make([]uint64, uint64(1)<<m.log/64)
	for _, k := range m.keys {
		m.mark(k)
	}
	if m.log >= ghiMaxLog {
		m.keys = nil // the filter's last size: no rebuild needs them
	}
}

// prefetch starts loading the filter's word for k, which has reads soon.
// A filter of up to 2^ghiNearLog bits (32 KiB) stays near in the
// caches, where the prefetch would only cost its instructions.
func (m *ghiMarks) prefetch(k Key) {
	if m.log > ghiNearLog {
		prefetch.Line(unsafe.Pointer(&m.bits[ghiIndex(k, m.log)/64]))
	}
}

func (m *ghiMarks) has(k Key) bool {
	if !m.used {
		return false
	}
	i := ghiIndex(k, m.log)
	return m.bits[i/64]&(1<<(i%64)) != 0
}

// storePathDependent stores the final value v of the node at depth d,
// which relies on the path above it (v.dep < d), under its path key. The
// entry's MinDepth holds v.dep (the path, hence every depth on it, is the
// same wherever the entry is read).
func (s *searcher) storePathDependent(d int, v val, work uint64) {
	p := &s.plies[d]
	k := pathKey(p.key, s.plies[d-1].ph)
	e := Entry{Key: k, OrNode: p.or, PN: v.pn, DN: v.dn, Move: v.move, Length: v.length,
		Amount: uint32(min(work, math.MaxUint32)), Step: uint8(s.step), MinDepth: uint32(v.dep)}
	s.t.storeOver(&e, k)
	s.ghi.set(p.key)
	// A sibling with the same key (two moves to one position) reads this
	// entry back: count the write where that sibling looks for changes.
	s.noteWrite(s.t.bucketNo(p.key.Board))
}

// refreshPathDependent reads child c of the node at depth d from its
// path-dependent entry, if the table still holds one for this path and
// step (the caller asks only where ghiMarks.has says this search stored
// one for c's key): c is then fixed for the
// rest of the visit with the stored value and dep, as if the visit had
// just searched it. It reports whether it did.
func (s *searcher) refreshPathDependent(d int, c *child) bool {
	e, ok := s.t.Lookup(pathKey(c.key, s.plies[d].ph), c.or)
	if !ok || e.Step != uint8(s.step) || !(e.PN == 0 || e.DN == 0) || e.MinDepth > uint32(d) {
		return false
	}
	s.stats.TableHits++
	c.fixed, c.dep = true, int32(e.MinDepth)
	c.pn, c.dn, c.length, c.hand = e.PN, e.DN, e.Length, c.key.Hand
	c.inTT = false
	return true
}

// repetition returns the depth of the position on the search path that a
// child with key k repeats, or -1. Besides the same key, a game with a
// domain word (Dominance) whose repetitions fail for the OR player
// (CycleOutcome Disproven) also repeats an earlier position with the same
// board where the OR player's word was at least as good: the attacker who
// comes back to a board with no more pieces in hand has made no progress.
// Such a child is valued like a repetition (by the cycle outcome, relying
// on the path down to that depth).
//
// Why it is sound. Let A be the earlier position and C the child, same
// board, A's word dominating C's. A mate from C is a mate from A with the
// same moves (the attacker's options only grow and the defender's only
// shrink with the dominating word), so A's shortest mate is no longer
// than C's. A shortest mate from A therefore never passes through C
// (there C would need a strictly shorter mate than A), just as it never
// passes through A itself: pruning C loses no shortest mate, exactly the
// argument for plain repetitions, and the value so found depends on the
// path to A the same way (c.dep, ghi's path-dependent entries). When several
// positions of the path qualify, the deepest is returned: the value then
// relies on the least of the path.
//
// k is the child's key and d its depth; under a PathKeyer the path is
// searched by path keys (reps).
func (s *searcher) repetition(k Key, d int) int {
	p := &s.path
	if s.pk != nil {
		k, p = s.pk.PathKey(k, d), &s.reps
	}
	if s.dom == nil || s.cycle != Disproven {
		return p.find(k)
	}
	at := -1
	for i := p.slot(k.Board); p.depth[i] >= 0; i = (i + 1) & p.mask {
		if e := p.keys[i]; e.Board == k.Board && int(p.depth[i]) > at && (e.Hand == k.Hand || s.dom.Dominates(e.Hand, k.Hand)) {
			at = int(p.depth[i])
		}
	}
	return at
}
