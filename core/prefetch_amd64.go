package core

// prefetch asks the processor to bring the cache line at p into the
// cache without waiting for it: a table bucket located while the game
// still works on the position is there by the time it is read.
//
//go:noescape
func prefetch(p *uint64)
