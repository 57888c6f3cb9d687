//go:build !amd64

package core

// prefetch does nothing where the core has no prefetch instruction.
func prefetch(p *uint64) {}
