//go:build !linux

package hugemem

func advise(b []byte) {}
