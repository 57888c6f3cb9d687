package main

import (
	"hash/maphash"

	"github.com/dgraph-io/ristretto/v2"
)

// resultCache remembers finished answers across calls on one solver, so an
// engine asking the same question again pays a hash and a string compare
// instead of a search.
//
// The key is a canonical description of the question (game, normalized
// position, rules, algorithm, options, and under mate-search rules the move
// history that repetition depends on), built by the game front ends. The
// ristretto key is its 64-bit hash, and since 64 bits alone may collide the
// entry keeps the full description and a hit is accepted only when it is
// equal. Search limits are not part of the key: a finished answer is true
// whatever limit it was found under.
type resultCache struct {
	c *ristretto.Cache[uint64, *cacheEntry]
}

// cacheEntry is one cached answer with the question it answers.
type cacheEntry struct {
	question string
	answer   *result
}

// entryOverhead approximates ristretto's own bookkeeping per item, charged
// with the entry so that the byte budget holds.
const entryOverhead = 128

var cacheSeed = maphash.MakeSeed()

// newResultCache returns a cache holding about budgetMB MiB, or nil (every
// lookup misses) when budgetMB is 0.
func newResultCache(budgetMB uint32) (*resultCache, error) {
	if budgetMB == 0 {
		return nil, nil
	}
	budget := int64(budgetMB) << 20
	// Ristretto wants ~10 counters per item it may hold; answers are a few
	// hundred bytes. Bound the counters so a big budget stays cheap.
	counters := budget / 256 * 10
	if counters > 1<<24 {
		counters = 1 << 24
	}
	c, err := ristretto.NewCache(&ristretto.Config[uint64, *cacheEntry]{
		NumCounters:        counters,
		MaxCost:            budget,
		BufferItems:        64,
		IgnoreInternalCost: true, // entryOverhead is charged explicitly
	})
	if err != nil {
		return nil, errorf(StatusNoMemory, "result cache: %v", err)
	}
	return &resultCache{c: c}, nil
}

// get returns the cached answer to question, or nil.
func (rc *resultCache) get(question string) *result {
	if rc == nil {
		return nil
	}
	e, ok := rc.c.Get(maphash.String(cacheSeed, question))
	if !ok || e.question != question { // a 64-bit collision is a miss
		return nil
	}
	return e.answer
}

// put stores a finished answer. Ristretto's Set is asynchronous and may
// drop the item; Wait makes an admitted item visible before the solve call
// returns, so that the very next ask hits (this costs microseconds, after a
// search that cost far more).
func (rc *resultCache) put(question string, answer *result) {
	if rc == nil || !answer.finished() {
		return
	}
	cost := int64(len(question)) + answer.approxBytes() + entryOverhead
	rc.c.Set(maphash.String(cacheSeed, question), &cacheEntry{question: question, answer: answer}, cost)
	rc.c.Wait()
}

// clear empties the cache.
func (rc *resultCache) clear() {
	if rc != nil {
		rc.c.Clear()
	}
}

// close stops ristretto's goroutines.
func (rc *resultCache) close() {
	if rc != nil {
		rc.c.Close()
	}
}
