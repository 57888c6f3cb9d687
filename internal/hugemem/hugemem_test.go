package hugemem

import (
	"bufio"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

type slot struct {
	a, b uint64
	c, d uint32
	e    uint64
}

// TestSliceAlignsLargeSlices: a slice of at least a huge page starts on a
// 2 MiB boundary, has the asked length and capacity, and reads as zero; a
// small one is an ordinary slice.
func TestSliceAlignsLargeSlices(t *testing.T) {
	big := Slice[slot](1 << 17) // 4 MiB
	if len(big) != 1<<17 || cap(big) != 1<<17 {
		t.Fatalf("len %d cap %d", len(big), cap(big))
	}
	if a := uintptr(unsafe.Pointer(&big[0])); a%hugePage != 0 {
		t.Errorf("large slice at %#x: not 2 MiB aligned", a)
	}
	for i := range big {
		if big[i] != (slot{}) {
			t.Fatalf("element %d not zero", i)
		}
		big[i].e = uint64(i)
	}
	if big[len(big)-1].e != uint64(len(big)-1) {
		t.Fatal("write lost")
	}
	small := Slice[uint32](100)
	if len(small) != 100 {
		t.Fatalf("small len %d", len(small))
	}
}

// TestSliceAsksForHugePages: on Linux the large slice's memory carries the
// huge-page advice (VmFlags hg in /proc/self/smaps).
func TestSliceAsksForHugePages(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("advice only on Linux")
	}
	s := Slice[uint32](1 << 20) // 4 MiB
	addr := uint64(uintptr(unsafe.Pointer(&s[0])))
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
			inside = ok && err1 == nil && err2 == nil && a <= addr && addr < b
			continue
		}
		if inside && fields[0] == "VmFlags:" {
			if !slices.Contains(fields[1:], "hg") {
				t.Errorf("VmFlags %v: no huge-page advice", fields[1:])
			}
			runtime.KeepAlive(s)
			return
		}
	}
	t.Skip("mapping not found in smaps")
}
