//go:build !amd64

package reading

// prefetch does nothing where there is no prefetch instruction.
func prefetch(p *giEntry) {}
