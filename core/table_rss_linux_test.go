package core

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// rssKiB returns the resident size of the mapping that holds the table.
func rssKiB(t *testing.T, tab *Table) int {
	t.Helper()
	start := uint64(uintptr(unsafe.Pointer(&tab.w[0])))
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no smaps: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	inside := false
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) > 0 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":") {
			lo, hi, ok := strings.Cut(fields[0], "-")
			a, err1 := strconv.ParseUint(lo, 16, 64)
			b, err2 := strconv.ParseUint(hi, 16, 64)
			inside = ok && err1 == nil && err2 == nil && a <= start && start < b
			continue
		}
		if inside && fields[0] == "Rss:" {
			kb, _ := strconv.Atoi(fields[1])
			return kb
		}
	}
	t.Skip("table mapping not found in smaps")
	return 0
}

// TestTableTouchesOnlyWhatItUses checks that a large table costs memory
// (and page faults) only where entries are written: creating it, a short
// search's worth of stores, Hashfull and Clear must not fault in the whole
// mapping (a 9-ply problem once took seconds with a 1 GiB table).
func TestTableTouchesOnlyWhatItUses(t *testing.T) {
	const mib = 256
	tab, err := NewTable(mib, TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	for i := uint64(0); i < 2000; i++ {
		tab.Store(&Entry{Key: Key{Board: i * 0x9e3779b97f4a7c15}, PN: 1, DN: 1})
	}
	_ = tab.Hashfull()
	tab.Clear()
	if h := tab.Hashfull(); h != 0 {
		t.Fatalf("hashfull %d after Clear", h)
	}
	// 2000 stores land in the 16 MiB region in use (initialBuckets): at
	// most its eight huge pages, or 2000 pages of 4 KiB; the whole table
	// would be 256 MiB.
	if kb := rssKiB(t, tab); kb > 20<<10 {
		t.Fatalf("table resident %d KiB after 2000 stores and a Clear, want well under %d MiB", kb, mib)
	}
}

// TestSmapsHuge: the huge-page report reads the AnonHugePages line of the
// mapping that holds the table, and only that mapping's.
func TestSmapsHuge(t *testing.T) {
	const smaps = `7f0000000000-7f0000400000 rw-p 00000000 00:00 0
Size:               4096 kB
AnonHugePages:      2048 kB
7f0000400000-7f0000800000 rw-p 00000000 00:00 0
Size:               4096 kB
AnonHugePages:         0 kB
7f0000800000-7f0000a00000 r-xp 00000000 08:01 123   /usr/lib/x.so
Size:               2048 kB
AnonHugePages:      2048 kB
`
	for _, tc := range []struct {
		addr uint64
		want bool
	}{
		{0x7f0000000000, true},
		{0x7f00003fffff, true},
		{0x7f0000400000, false},
		{0x7f0000900000, true},
		{0x7f0000a00000, false}, // in no mapping
		{0x100, false},
	} {
		if got := smapsHuge(strings.NewReader(smaps), tc.addr); got != tc.want {
			t.Errorf("address %#x: huge %v, want %v", tc.addr, got, tc.want)
		}
	}
}

// vmFlags returns the VmFlags line of the mapping that holds the table.
func vmFlags(t *testing.T, tab *Table) []string {
	t.Helper()
	start := uint64(uintptr(unsafe.Pointer(&tab.w[0])))
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no smaps: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	inside := false
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) > 0 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":") {
			lo, hi, ok := strings.Cut(fields[0], "-")
			a, err1 := strconv.ParseUint(lo, 16, 64)
			b, err2 := strconv.ParseUint(hi, 16, 64)
			inside = ok && err1 == nil && err2 == nil && a <= start && start < b
			continue
		}
		if inside && fields[0] == "VmFlags:" {
			return fields[1:]
		}
	}
	t.Skip("table mapping or its VmFlags not found in smaps")
	return nil
}

// TestTableAsksForHugePages: a table asks for transparent huge pages from
// the start (VmFlags hg), unless NoHugePages (nh). Whether the kernel
// grants them depends on the system; the request is what the table does.
func TestTableAsksForHugePages(t *testing.T) {
	for _, tc := range []struct {
		opts TableOptions
		flag string
	}{{TableOptions{}, "hg"}, {TableOptions{NoHugePages: true}, "nh"}} {
		tab, err := NewTable(64, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if fl := vmFlags(t, tab); !slices.Contains(fl, tc.flag) {
			t.Errorf("options %+v: VmFlags %v, want %s", tc.opts, fl, tc.flag)
		}
		tab.Close()
	}
}

// TestTablePrefaultTouchesEverything: Prefault makes the whole table
// resident and changes no entry (nor the region in use).
func TestTablePrefaultTouchesEverything(t *testing.T) {
	const mib = 64
	tab, err := NewTable(mib, TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	keys := make([]Key, 2000)
	for i := range keys {
		keys[i] = Key{Board: uint64(i+1) * 0x9e3779b97f4a7c15, Hand: uint32(i)}
		tab.Store(&Entry{Key: keys[i], PN: PN(i + 1), DN: 1, Amount: 1})
	}
	active := tab.active.Load()
	tab.Prefault()
	if kb := rssKiB(t, tab); kb < mib<<10*9/10 {
		t.Errorf("resident %d KiB of a %d MiB table after Prefault", kb, mib)
	}
	if tab.active.Load() != active {
		t.Errorf("Prefault changed the region in use: %d -> %d buckets", active, tab.active.Load())
	}
	for i, k := range keys {
		if e, ok := tab.Lookup(k, false); !ok || e.PN != PN(i+1) {
			t.Fatalf("entry %d changed by Prefault (found %v, pn %d)", i, ok, e.PN)
		}
	}
}
