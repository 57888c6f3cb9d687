package reading

// prefetch asks the processor to bring the cache line at p into the
// cache without waiting for it (see keysAfter).
//
//go:noescape
func prefetch(p *giEntry)
