package mate

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/core"
)

// TestCheckHashMB checks the one table-size rule: 1 MiB up to the
// machine's memory, with the figure in the message.
func TestCheckHashMB(t *testing.T) {
	total := core.PhysicalMemoryMB()
	if total == 0 {
		t.Skip("physical memory unknown here")
	}
	for _, mb := range []int{1, 2, 64} {
		if err := CheckHashMB(mb); err != nil {
			t.Errorf("CheckHashMB(%d): %v", mb, err)
		}
	}
	for _, mb := range []int{0, -1, int(total) + 1, MaxHashMB + 1} {
		err := CheckHashMB(mb)
		if err == nil {
			t.Errorf("CheckHashMB(%d) accepted", mb)
			continue
		}
		if !strings.Contains(err.Error(), strconv.Itoa(mb)) {
			t.Errorf("CheckHashMB(%d): %q does not name the size", mb, err)
		}
	}
	if err := CheckHashMB(int(total) + 1); err == nil || !strings.Contains(err.Error(), strconv.FormatUint(total, 10)) {
		t.Errorf("above memory: %v, want the machine's %d MiB named", err, total)
	}
	s, err := NewSolver(1)
	if err != nil {
		t.Fatalf("NewSolver(1): %v", err)
	}
	s.Close()
	if _, err := NewSolver(int(total) + 1); err == nil {
		t.Errorf("NewSolver above the machine's memory accepted")
	}
}
