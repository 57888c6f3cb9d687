package main

import (
	"hash/maphash"
	"testing"
)

func TestResultCache(t *testing.T) {
	c, err := newResultCache(1)
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	mate := &result{kind: KindProven, length: 1, moves: []string{"G*5b"}}
	c.put("q1", mate)
	if got := c.get("q1"); got != mate {
		t.Fatalf("get after put = %v", got)
	}
	if got := c.get("q2"); got != nil {
		t.Fatalf("an unknown question hit: %v", got)
	}
	// A 64-bit collision: an entry stored under q3's hash for another
	// question must not answer q3.
	c.c.Set(maphash.String(cacheSeed, "q3"), &cacheEntry{question: "not q3", answer: mate}, 1)
	c.c.Wait()
	if got := c.get("q3"); got != nil {
		t.Fatalf("a colliding entry answered: %v", got)
	}
	// Unknown answers are not worth caching.
	c.put("q4", &result{kind: KindUnknown})
	if got := c.get("q4"); got != nil {
		t.Fatal("an unknown answer was cached")
	}
	c.clear()
	if got := c.get("q1"); got != nil {
		t.Fatal("clear kept an entry")
	}
	var off *resultCache // cache_mb 0
	off.put("q1", mate)
	if off.get("q1") != nil {
		t.Fatal("a disabled cache answered")
	}
	if cached := mate.fromCache(); !cached.cached || mate.cached || &cached.moves[0] != &mate.moves[0] {
		t.Fatal("fromCache must flag a copy that shares the moves")
	}
}

func TestCacheBudget(t *testing.T) {
	c, err := newResultCache(1)
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	big := &result{kind: KindProven, moves: make([]string, 2000)}
	for i := range big.moves {
		big.moves[i] = "7g7f+"
	}
	for i := 0; i < 200; i++ { // ~50 KiB each: far more than 1 MiB in total
		c.put(string(rune('a'+i%26))+string(rune(i)), big)
	}
	if used := c.c.MaxCost() - c.c.RemainingCost(); used > 1<<20 {
		t.Fatalf("the cache holds %d bytes, over its 1 MiB budget", used)
	}
}

func TestKeyBuilderUnambiguous(t *testing.T) {
	k := func(fields ...string) string {
		var b keyBuilder
		for _, f := range fields {
			b.field(f)
		}
		return b.String()
	}
	pairs := [][2][]string{
		{{"a|b", "c"}, {"a", "b|c"}},
		{{"1:a", ""}, {"1", "a"}},
		{{"ab", ""}, {"a", "b"}},
	}
	for _, p := range pairs {
		if k(p[0]...) == k(p[1]...) {
			t.Errorf("%q and %q give the same key", p[0], p[1])
		}
	}
}
