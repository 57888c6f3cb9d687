// Package sharedtest locates the project's shared test data, the folder
// ../shared beside the module root (problem sets, GNU Go's suite, papers).
// Tests use it so that they skip cleanly where the folder is absent.
package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the path of ../shared relative to the module root found
// above the working directory, or "" when there is none.
func Dir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			s := filepath.Join(dir, "..", "shared")
			if _, err := os.Stat(s); err == nil {
				return s
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Require returns Dir(), skipping the test when the folder is absent.
func Require(t testing.TB) string {
	t.Helper()
	d := Dir()
	if d == "" {
		t.Skip("../shared is absent")
	}
	return d
}
