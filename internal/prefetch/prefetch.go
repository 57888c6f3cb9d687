// Package prefetch asks the processor to load a cache line ahead of its
// use: the proof table's buckets and a game's caches are read at random
// addresses, and a line requested while other work goes on is there by
// the time it is read.
package prefetch
