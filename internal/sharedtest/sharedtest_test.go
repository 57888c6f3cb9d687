package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDirOutsideModule checks that Dir reports "" where no go.mod is above.
func TestDirOutsideModule(t *testing.T) {
	t.Chdir(t.TempDir())
	if d := Dir(); d != "" {
		t.Errorf("Dir() outside a module = %q, want \"\"", d)
	}
}

// TestDirFindsShared builds a module with a sibling shared folder.
func TestDirFindsShared(t *testing.T) {
	root := t.TempDir()
	mod := filepath.Join(root, "repo")
	pkg := filepath.Join(mod, "a", "b")
	for _, d := range []string{pkg, filepath.Join(root, "shared")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(pkg)
	want := filepath.Join(mod, "..", "shared")
	if d := Dir(); d != want {
		t.Errorf("Dir() = %q, want %q", d, want)
	}
}
