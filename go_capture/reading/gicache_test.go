package reading

import "testing"

// TestPassTagsDistinct: a ko-dependent gi cache entry is told apart from
// the other ko passes' by the 8-bit tag of its pass salt alone.
func TestPassTagsDistinct(t *testing.T) {
	seen := map[uint8]int{}
	for i, km := range koModes {
		tag := passTag(km.salt)
		if j, dup := seen[tag]; dup {
			t.Errorf("ko passes %d and %d share the cache tag %#x", j, i, tag)
		}
		seen[tag] = i
	}
}
