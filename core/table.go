package core

import (
	"errors"
	"fmt"
	"math/bits"
	"sort"
	"sync/atomic"
	"unsafe"

	"github.com/tsume-solver/tsume/internal/prefetch"
)

// Table is the transposition table shared by every algorithm. Its memory is
// an anonymous mapping outside the Go heap (see region), so a table of many
// GiB adds no garbage-collection work.
//
// A bucket is four entries in 256 bytes (four cache lines). Every position
// with the same Board lands in the same bucket, so entries for other hands
// of the same board (dominance) are found in one probe. The bucket's first
// cache line is its header: the four entries' sequence words and Boards.
// A probe reads only the header unless a Board matches, and a store
// chooses its victim from the header alone (the sequence word carries the
// entry's Amount), so a miss costs one cache line instead of four. The
// other six words of each entry follow in the remaining three lines.
//
// Each entry is guarded by a seqlock: a writer makes the sequence word odd,
// writes, and makes it even again; a reader accepts an entry only if it read
// the same even sequence word before and after its loads. So a concurrent
// reader never accepts a torn entry. Table methods are safe for concurrent
// use (except Clear); a store that cannot get its slot at once is dropped,
// which is harmless for a cache.
//
// The sequence word also carries the generation the entry was written in
// (see Clear): an entry of another generation reads as empty. Fresh memory
// is generation 0, which is never current, so a new table touches no page
// until a search writes there.
type Table struct {
	mem      *region
	w        []uint64
	nBuckets uint64
	active   atomic.Uint64 // buckets in use (during a growth: its target), see grow
	growing  atomic.Bool   // one growth step at a time
	gen      atomic.Uint64 // current generation, 1..maxGen
	// During a growth (see startGrow) from is the bucket count before it,
	// and buckets below cursor (numbered under from) are not moved yet;
	// from is 0 otherwise.
	from, cursor atomic.Uint64
	// layout changes (from 1 up) whenever entries may move or vanish
	// during a search other than by a store into their bucket: growth and
	// garbage collection. A searcher that located buckets under one layout
	// locates them again under another (searcher.refreshChanged). Clear
	// never runs during a search, and every visit first reads its
	// children in full.
	layout atomic.Uint64
}

// Bucket layout in words: 0..3 sequence words, 4..7 Boards, then 6 body
// words (entry words w2..w7, see entry.go) per entry.
const (
	bucketSlots = 4
	bucketWords = bucketSlots * slotWords
	bucketBytes = bucketWords * 8
	boardOff    = bucketSlots
	bodyOff     = 2 * bucketSlots
	bodyWords   = slotWords - 2
)

// The sequence word: generation(16)<<48 | Amount(24)<<24 | counter(24).
// The counter is odd while a writer holds the entry.
const (
	genShift    = 48
	amountShift = 24
	counterMask = 1<<24 - 1
	maxGen      = 1<<16 - 1
)

// TableOptions tunes NewTable.
type TableOptions struct {
	// HugeTLB asks for MAP_HUGETLB pages (the system must have reserved
	// them, vm.nr_hugepages); without them the table falls back to
	// ordinary pages with transparent huge pages requested. By default
	// the table is ordinary memory with transparent huge pages requested
	// from the start (see allocRegion).
	HugeTLB bool
	// NoHugePages asks for ordinary 4 KiB pages only (MADV_NOHUGEPAGE),
	// for measurements.
	NoHugePages bool
}

// NewTable allocates a table of mib MiB (rounded up to 2 MiB).
func NewTable(mib int, opts TableOptions) (*Table, error) {
	if mib <= 0 {
		return nil, fmt.Errorf("core: table size %d MiB: must be positive", mib)
	}
	if mib > 1<<20 {
		return nil, fmt.Errorf("core: table size %d MiB: larger than 1 TiB", mib)
	}
	mib = (mib + 1) &^ 1
	size := mib << 20
	r, err := allocRegion(size, opts)
	if err != nil {
		return nil, err
	}
	t := &Table{mem: r, w: r.words, nBuckets: uint64(len(r.words) / bucketWords)}
	t.active.Store(min(t.nBuckets, initialBuckets))
	t.gen.Store(1)
	t.layout.Store(1)
	return t, nil
}

// Close releases the table's memory. The table must not be used afterwards.
func (t *Table) Close() error {
	if t.mem == nil {
		return errors.New("core: table closed twice")
	}
	err := t.mem.free()
	t.mem, t.w, t.nBuckets = nil, nil, 0
	return err
}

// HugePages reports whether the table is backed by huge pages (reserved
// MAP_HUGETLB pages, or transparent huge pages the kernel has granted for
// the part of the table touched so far).
func (t *Table) HugePages() bool { return t.mem != nil && t.mem.hugePages() }

// Slots returns the number of entries the table can hold.
func (t *Table) Slots() int { return int(t.nBuckets) * bucketSlots }

// Clear empties the table in constant time by starting a new generation:
// slots written before read as empty. A memset would fault in every page
// of the table (3 s for 1 GiB of 4 KiB pages here). Once in 65535 clears
// the generations wrap and the memory really is wiped (returned to the
// kernel where it can be). Clear must not run concurrently with any other
// use of the table.
func (t *Table) Clear() {
	t.from.Store(0)
	t.cursor.Store(0)
	t.active.Store(min(t.nBuckets, initialBuckets))
	if g := t.gen.Load(); g < maxGen {
		t.gen.Store(g + 1)
		return
	}
	t.mem.wipe()
	t.gen.Store(1)
}

// Prefault writes every page of the table now, so that the searches that
// follow take no page faults on it; it changes no entry and not the region
// in use (a search grows it as before, and expands the same nodes). By
// default a page is first written by a search, on the search's time, and
// those faults cost far more than touching the pages in order beforehand:
// on Microcosmos tail 601's first proof (1 GiB, so a proof table of 768
// MiB, 18.7 M expansions either way), 1.6-1.9 s of system time without,
// 0.18-0.24 s with, Prefault included. For a short search it costs more
// than it saves (a fresh table is otherwise touched only where entries
// are written): it is for a front end with time to spare before a search,
// as USI's isready, where engines clear their tables. Like Clear, it must
// not run concurrently with any other use of the table.
func (t *Table) Prefault() {
	// A locked add of zero writes each page without changing a word.
	const pageWords = 4096 / 8
	for i := 0; i < len(t.w); i += pageWords {
		atomic.AddUint64(&t.w[i], 0)
	}
}

// curGen returns the current generation in its place in a sequence word.
func (t *Table) curGen() uint64 { return t.gen.Load() << genShift }

// live reports whether the sequence word s belongs to an entry of the
// generation gen (as curGen returns it): a written, current entry.
func live(s, gen uint64) bool { return s>>genShift<<genShift == gen }

// seqAmount is the Amount a sequence word carries.
func seqAmount(s uint64) uint64 { return s >> amountShift & maxAmount }

// bucket returns the word index of the bucket for board.
func (t *Table) bucket(board uint64) int { return int(t.bucketNo(board)) * bucketWords }

// bucketNo is the number of board's bucket (its word index is
// bucketWords times it; a table has at most 2^32 buckets): multiply-high
// range reduction, so the bucket count need not be a power of two. During
// a growth a board whose bucket before it is not moved yet is still there.
func (t *Table) bucketNo(board uint64) uint32 {
	x := board * 0x9e3779b97f4a7c15
	if f := t.from.Load(); f != 0 {
		if ob, _ := bits.Mul64(x, f); ob < t.cursor.Load() {
			return uint32(ob)
		}
	}
	hi, _ := bits.Mul64(x, t.active.Load())
	return uint32(hi)
}

// bucketIn is the word index of board's bucket among the first n.
func bucketIn(board, n uint64) int {
	hi, _ := bits.Mul64(board*0x9e3779b97f4a7c15, n)
	return int(hi) * bucketWords
}

// A table starts by using only its first initialBuckets buckets (16 MiB)
// and grows (grow) as they fill: a search touches, and pays page faults
// and TLB misses for, a region proportional to what it stores, not to the
// size the user chose. With 4 KiB pages a 500k-node search spread over
// 1 GiB faulted a fresh page on almost every store.
const (
	initialBuckets = 16 << 20 / bucketBytes
	growAtFill     = 500 // per mille of the used region
)

// activeFill estimates the fill of the region in use, per mille, from its
// first 1000 slots.
func (t *Table) activeFill() int {
	n := min(1000, int(t.active.Load())*bucketSlots)
	used := 0
	gen := t.curGen()
	for i := 0; i < n; i++ {
		if live(atomic.LoadUint64(&t.w[i/bucketSlots*bucketWords+i%bucketSlots]), gen) {
			used++
		}
	}
	return used * 1000 / n
}

// maybeGrow starts doubling the region in use (up to the whole table)
// when it is half full; the search calls it from its periodic checks.
func (t *Table) maybeGrow() {
	if t.from.Load() == 0 && t.active.Load() < t.nBuckets && t.activeFill() >= growAtFill {
		t.startGrow(min(t.nBuckets, 2*t.active.Load()))
	}
}

// grow widens the region in use to n buckets and moves every entry to its
// bucket under the new width, at once (tests; a search grows the table a
// step at a time, see growStep).
func (t *Table) grow(n uint64) {
	t.startGrow(n)
	for t.from.Load() != 0 {
		t.growStep(1 << 20)
	}
}

// startGrow begins widening the region in use to n buckets: new entries
// go to their buckets under the new width at once, and growStep moves the
// old ones. With multiply-high bucketing an entry's new bucket is never
// below its old one, so the old buckets are moved from the top down, and
// a board whose old bucket is below the cursor is still found there, one
// whose old bucket is not in its new one (bucketNo). So a growth can be
// spread over many short steps, each with the search's stop checks in
// between: on a large table moving everything at once took long enough to
// delay a stop.
func (t *Table) startGrow(n uint64) {
	if !t.growing.CompareAndSwap(false, true) {
		return
	}
	defer t.growing.Store(false)
	old := t.active.Load()
	if n <= old || t.from.Load() != 0 {
		return
	}
	t.cursor.Store(old)
	t.from.Store(old)
	t.active.Store(n)
	t.layout.Add(1)
}

// growChunk is how many old buckets one growth step moves. Growing a
// half-full 1 GiB table from 512 MiB, 4096 buckets (1 MiB) took 2.9 ms on
// average and 7.5 ms at worst (fresh pages), 512 steps, 32 k nodes of
// search: a stop waits at most one step, and the table is back to one
// layout soon. Steps of 256 buckets (0.1 ms) stretched a growth over
// half a million nodes, with the old region over half full all along.
const growChunk = 4096

// growAhead is how many old buckets ahead of its moves a growth step
// prefetches (growStep).
const growAhead = 8

// growStep moves the entries of the next (at most) chunk old buckets of
// a growth in progress, if any, to their new buckets; where a new bucket
// is full the cheaper entry (by Amount) is dropped, which only costs
// search. It is meant for a searching goroutine: a concurrent reader may
// miss entries while it runs, never read a wrong one.
func (t *Table) growStep(chunk uint64) {
	if t.from.Load() == 0 || !t.growing.CompareAndSwap(false, true) {
		return
	}
	defer t.growing.Store(false)
	c, n := t.cursor.Load(), t.active.Load()
	lo := c - min(c, chunk)
	gen := t.curGen()
	var w [slotWords]uint64
	var zero [slotWords]uint64
	from := t.from.Load()
	for b := int(c) - 1; b >= int(lo); b-- {
		// Start loading the buckets growAhead steps down, old and new:
		// the entries of old bucket a move to new buckets a×n/from up to
		// (a+1)×n/from (multiply-high bucketing is monotone). Each move
		// writes under the seqlock, whose locked instructions wait for
		// every miss before them, so without this the misses did not
		// overlap at all.
		if a := uint64(b) - growAhead; b >= growAhead && a >= lo {
			t.prefetchNo(uint32(a))
			for nb := a * n / from; nb <= min((a+1)*n/from, n-1); nb++ {
				t.prefetchNo(uint32(nb))
			}
		}
		base := b * bucketWords
		for i := 0; i < bucketSlots; i++ {
			if !live(atomic.LoadUint64(&t.w[base+i]), gen) || !t.readSlot(base, i, &w) {
				continue
			}
			if nb := bucketIn(w[1], n); nb != base {
				t.place(nb, &w, gen)
				t.writeSlot(base, i, &zero, 0)
			}
		}
	}
	t.cursor.Store(lo)
	if lo == 0 {
		t.from.Store(0)
	}
	t.layout.Add(1)
}

// place writes the packed entry w into bucket b: an empty slot, else over
// the cheapest entry if w cost more.
func (t *Table) place(b int, w *[slotWords]uint64, gen uint64) {
	victim, victimAmount := -1, uint64(1<<63)
	for i := 0; i < bucketSlots; i++ {
		s := atomic.LoadUint64(&t.w[b+i])
		if !live(s, gen) {
			t.writeSlot(b, i, w, gen)
			return
		}
		if a := seqAmount(s); a < victimAmount {
			victim, victimAmount = i, a
		}
	}
	if victimAmount >= w[5]&maxAmount {
		return // the bucket's entries all cost more
	}
	t.writeSlot(b, victim, w, gen)
}

// prefetchNo starts loading bucket number b, so that a probe soon after
// finds it in the cache: all four lines, since after the header line (the
// sequence and board words) a probe reads the body of the slot it matched,
// in one of the other three. Loading the header alone, the first proof of
// Microcosmos tail 201 took 1.11× the time (median of five pairs), the
// first 3 M expansions on tail 601 1.07×. Loading the headers here and, once a
// node's children's headers are tested, the bodies of the entries they
// matched: 1.045× (median of six pairs of the first proof of tail 201,
// idle machine). Loading a node's own bucket when it is entered, for its
// store: 1.00× (tail 201) and 1.02× (4 M expansions of tail 601).
func (t *Table) prefetchNo(b uint32) { prefetch.Lines4(unsafe.Pointer(&t.w[int(b)*bucketWords])) }

// readSlot copies entry i of the bucket at b into w (entry.go's word
// layout) under the seqlock; it reports false when the entry is empty, of
// an old generation, or stays busy.
func (t *Table) readSlot(b, i int, w *[slotWords]uint64) bool {
	return readIn(t.bucketAt(b), i&(bucketSlots-1), t.curGen(), w)
}

// bucketAt is the bucket at word index b as an array, so that the reads
// of its words need no bounds check each.
func (t *Table) bucketAt(b int) *[bucketWords]uint64 {
	return (*[bucketWords]uint64)(t.w[b : b+bucketWords])
}

// readIn is readSlot on a located bucket, for the generation gen (as
// curGen returns it).
func readIn(bk *[bucketWords]uint64, i int, gen uint64, w *[slotWords]uint64) bool {
	i &= bucketSlots - 1
	o := bodyOff + i*bodyWords
	body := (*[bodyWords]uint64)(bk[o : o+bodyWords]) // the six body words, unrolled below
	for try := 0; try < 16; try++ {
		s1 := atomic.LoadUint64(&bk[i])
		if s1&1 != 0 {
			continue
		}
		if !live(s1, gen) {
			return false
		}
		w[1] = loadWord(&bk[boardOff+i])
		w[2] = loadWord(&body[0])
		w[3] = loadWord(&body[1])
		w[4] = loadWord(&body[2])
		w[5] = loadWord(&body[3])
		w[6] = loadWord(&body[4])
		w[7] = loadWord(&body[5])
		if atomic.LoadUint64(&bk[i]) == s1 {
			w[0] = s1
			return w[5]>>48&flagValid != 0
		}
	}
	return false
}

// writeSlot stores w into entry i of the bucket at b under the seqlock,
// marked with generation gen (0 removes the entry); it gives up (returns
// false) when another writer holds the entry.
func (t *Table) writeSlot(b, i int, w *[slotWords]uint64, gen uint64) bool {
	bk := t.bucketAt(b)
	i &= bucketSlots - 1
	seq := &bk[i]
	o := bodyOff + i*bodyWords
	body := (*[bodyWords]uint64)(bk[o : o+bodyWords])
	for try := 0; try < 16; try++ {
		s := atomic.LoadUint64(seq)
		if s&1 != 0 || !atomic.CompareAndSwapUint64(seq, s, s+1) {
			continue
		}
		storeWord(&bk[boardOff+i], w[1])
		storeWord(&body[0], w[2])
		storeWord(&body[1], w[3])
		storeWord(&body[2], w[4])
		storeWord(&body[3], w[5])
		storeWord(&body[4], w[6])
		storeWord(&body[5], w[7])
		amount := w[5] & maxAmount
		atomic.StoreUint64(seq, gen|amount<<amountShift|(s+2)&counterMask)
		return true
	}
	return false
}

func sameNode(w *[slotWords]uint64, k Key, orNode bool) bool {
	return w[1] == k.Board && uint32(w[2]>>32) == k.Hand && (w[5]>>48&flagOr != 0) == orNode
}

// Lookup returns the entry stored for exactly k and the node type.
func (t *Table) Lookup(k Key, orNode bool) (Entry, bool) {
	var e Entry
	ok := t.lookupInto(k, orNode, &e)
	return e, ok
}

// lookupInto is Lookup decoding into e, which it leaves alone on a miss.
func (t *Table) lookupInto(k Key, orNode bool, e *Entry) bool {
	bk := t.bucketAt(t.bucket(k.Board))
	m := boardMatches(bk, k.Board)
	if m == 0 {
		return false
	}
	var w [slotWords]uint64
	gen := t.curGen()
	for ; m != 0; m &= m - 1 {
		if readIn(bk, bits.TrailingZeros(m), gen, &w) && sameNode(&w, k, orNode) {
			e.unpack(&w)
			return true
		}
	}
	return false
}

// Probe is Lookup that also answers from a superior or inferior entry
// when dom is not nil: a proof stored for a hand that k.Hand dominates
// proves k; a disproof stored for a hand that dominates k.Hand disproves k.
// An exact final entry wins; an exact unproven entry is returned when no
// dominating final entry exists. The returned Key is the stored one.
func (t *Table) Probe(k Key, orNode bool, dom Dominance) (Entry, bool) {
	var e Entry
	var w slot
	if !t.probeIn(t.bucketNo(k.Board), k, orNode, dom, &w) {
		return e, false
	}
	e.unpack((*[slotWords]uint64)(&w))
	return e, true
}

// probeIn is Probe in bucket number b, where k's entries are; it copies
// the entry it answers from into out, packed, without decoding it.
func (t *Table) probeIn(b uint32, k Key, orNode bool, dom Dominance, out *slot) bool {
	bk := t.bucketAt(int(b) * bucketWords)
	// Most probes match no Board at all: the header's four Boards, tested
	// at once, settle those.
	m := boardMatches(bk, k.Board)
	if m == 0 {
		return false
	}
	return t.probeMatches(bk, m, k, orNode, dom, out)
}

// probeMatches is probeIn on the located bucket bk, among the entries m
// whose Board is k.Board (boardMatches, not empty).
func (t *Table) probeMatches(bk *[bucketWords]uint64, m uint, k Key, orNode bool, dom Dominance, out *slot) bool {
	dst := (*[slotWords]uint64)(out)
	gen := t.curGen()
	if m&(m-1) == 0 {
		// One candidate, as a rule: the loop below for it, without its
		// bookkeeping.
		if !readIn(bk, bits.TrailingZeros(m), gen, dst) || dst[1] != k.Board || (dst[5]>>48&flagOr != 0) != orNode {
			return false
		}
		hand := uint32(dst[2] >> 32)
		if hand == k.Hand {
			return true
		}
		pn, dn := PN(dst[3]), PN(dst[4])
		return dom != nil && ((pn == 0 && dom.Dominates(k.Hand, hand)) || (dn == 0 && dom.Dominates(hand, k.Hand)))
	}
	return t.probeSeveral(bk, m, k, orNode, dom, gen, out)
}

// probeSeveral is probeMatches for more than one candidate.
func (t *Table) probeSeveral(bk *[bucketWords]uint64, m uint, k Key, orNode bool, dom Dominance, gen uint64, out *slot) bool {
	// Entries are read into out directly until an exact unproven one is
	// kept there; later candidates go through w and are copied only when
	// they answer.
	var w slot
	dst := (*[slotWords]uint64)(out)
	found := false
	for ; m != 0; m &= m - 1 {
		i := bits.TrailingZeros(m)
		if !readIn(bk, i, gen, dst) || dst[1] != k.Board || (dst[5]>>48&flagOr != 0) != orNode {
			continue
		}
		hand := uint32(dst[2] >> 32)
		pn, dn := PN(dst[3]), PN(dst[4])
		if hand == k.Hand {
			if found {
				*out = *(*slot)(dst)
			}
			if pn == 0 || dn == 0 {
				return true
			}
			found = true
			dst = (*[slotWords]uint64)(&w)
			continue
		}
		if dom != nil && ((pn == 0 && dom.Dominates(k.Hand, hand)) || (dn == 0 && dom.Dominates(hand, k.Hand))) {
			if found {
				*out = *(*slot)(dst)
			}
			return true
		}
	}
	return found
}

// boardMatches returns the set of the bucket's entries (bit i: entry i)
// whose header Board is board.
func boardMatches(bk *[bucketWords]uint64, board uint64) uint {
	var m uint
	if atomic.LoadUint64(&bk[boardOff]) == board {
		m |= 1
	}
	if atomic.LoadUint64(&bk[boardOff+1]) == board {
		m |= 2
	}
	if atomic.LoadUint64(&bk[boardOff+2]) == board {
		m |= 4
	}
	if atomic.LoadUint64(&bk[boardOff+3]) == board {
		m |= 8
	}
	return m
}

// parentOf returns the SNDA parent pointer (the parent's Board and the
// move index there) of some entry with this board, used to follow parent
// pointers, which record only the parent's Board; ok is false when the
// first such entry has none, or there is none.
func (t *Table) parentOf(board uint64) (parent uint64, idx int, ok bool) {
	var w slot
	bk := t.bucketAt(t.bucket(board))
	gen := t.curGen()
	for m := boardMatches(bk, board); m != 0; m &= m - 1 {
		if readIn(bk, bits.TrailingZeros(m), gen, (*[slotWords]uint64)(&w)) && w[1] == board {
			return w.parent(), int(w.parentIdx()), w.hasParent()
		}
	}
	return 0, 0, false
}

// Store writes e. It overwrites the entry of the same node if there is one,
// else an empty slot, else the slot whose entry cost the least work
// (Amount): the table never refuses a new entry. It reports false only when
// a concurrent writer held the chosen slot.
func (t *Table) Store(e *Entry) bool { return t.storeOver(e, e.Key) }

// storeOver is Store for a node whose own key is own: a decided node may
// be stored under another domain word (its proof or disproof hand, see
// HandProofs), and then replaces the node's own entry, which it makes
// redundant, rather than taking another slot.
func (t *Table) storeOver(e *Entry, own Key) bool {
	ok, _ := t.storeIn(t.bucketNo(e.Key.Board), e, own, false)
	return ok
}

// storeIn is storeOver into bucket number bn, where e's entries are. With
// spare set, a new open entry (neither proven nor disproven) that cost
// less than every entry of its full bucket is not stored, rather than
// evicting more work than it holds, and refused reports it (see
// searcher.refused).
func (t *Table) storeIn(bn uint32, e *Entry, own Key, spare bool) (ok, refused bool) {
	var w, cur [slotWords]uint64
	b := int(bn) * bucketWords
	bk := t.bucketAt(b)
	victim, victimAmount, empty := -1, uint64(1<<63), -1
	gen := t.curGen()
	for i := 0; i < bucketSlots; i++ {
		// The header alone chooses the victim; a racing writer can only
		// make that choice slightly worse, never unsafe.
		s := atomic.LoadUint64(&bk[i])
		if !live(s, gen) {
			if empty < 0 {
				empty = i
			}
			continue
		}
		if atomic.LoadUint64(&bk[boardOff+i]) == e.Key.Board && readIn(bk, i, gen, &cur) &&
			(sameNode(&cur, e.Key, e.OrNode) || own != e.Key && sameNode(&cur, own, e.OrNode)) {
			empty, victim = i, i
			break
		}
		if a := seqAmount(s); a < victimAmount {
			victim, victimAmount = i, a
		}
	}
	if empty >= 0 {
		victim = empty
	} else if spare && uint64(e.Amount) < victimAmount && e.PN != 0 && e.DN != 0 {
		return true, true
	}
	e.pack(&w)
	return t.writeSlot(b, victim, &w, gen), false
}

// Hashfull returns the fill ratio in per mille, estimated from the first
// 1000 slots (as chess engines report it), scaled by the part of the table
// in use (see grow).
func (t *Table) Hashfull() int {
	return int(uint64(t.activeFill()) * t.active.Load() / t.nBuckets)
}

// GC frees room when the table fills: it removes every entry whose Amount
// is at most the amount below which about half of the sampled entries lie,
// keeping the entries that cost the most search. It returns the number of
// entries removed. It may run while readers probe the table.
func (t *Table) GC() int {
	const sample = 4096
	amounts := make([]uint64, 0, sample)
	stride := max(1, t.Slots()/sample)
	gen := t.curGen()
	for i := 0; i < t.Slots() && len(amounts) < sample; i += stride {
		if s := atomic.LoadUint64(&t.w[i/bucketSlots*bucketWords+i%bucketSlots]); live(s, gen) {
			amounts = append(amounts, seqAmount(s))
		}
	}
	if len(amounts) == 0 {
		return 0
	}
	sort.Slice(amounts, func(i, j int) bool { return amounts[i] < amounts[j] })
	cut := amounts[len(amounts)/2]
	var zero [slotWords]uint64
	removed := 0
	defer t.layout.Add(1)
	for b := 0; b+bucketWords <= len(t.w); b += bucketWords {
		for i := 0; i < bucketSlots; i++ {
			s := atomic.LoadUint64(&t.w[b+i])
			if live(s, gen) && seqAmount(s) <= cut && t.writeSlot(b, i, &zero, 0) {
				removed++
			}
		}
	}
	return removed
}
