package core

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchSizes are the table sizes BenchmarkTable measures: the 256
// MiB and 4 GiB, plus 2 MiB (cache-resident) to show the probe's own cost.
var benchSizes = []int{2, 256, 4096}

// BenchmarkTable measures probe and store throughput on tables of 256 MiB
// and 4 GiB, with transparent huge pages requested and refused. Keys are
// random, so nearly every access misses the caches and the TLB: this is
// where huge pages pay. Run with: go test -run X -bench Table ./core
func BenchmarkTable(b *testing.B) {
	for _, mib := range benchSizes {
		for _, huge := range []bool{true, false} {
			name := fmt.Sprintf("%dMiB/huge=%v", mib, huge)
			tab, err := NewTable(mib, TableOptions{NoHugePages: !huge})
			if err != nil {
				b.Fatal(err)
			}
			r := rand.New(rand.NewPCG(1, 1))
			// Fill half the slots so probes find entries.
			for i := 0; i < tab.Slots()/2; i++ {
				tab.Store(&Entry{Key: Key{Board: r.Uint64()}, PN: 1, DN: 1, Amount: 1})
			}
			b.Run(name+"/store", func(b *testing.B) {
				e := Entry{PN: 1, DN: 1}
				for i := 0; b.Loop(); i++ {
					e.Key.Board = uint64(i) * 0x9e3779b97f4a7c15
					tab.Store(&e)
				}
			})
			b.Run(name+"/probe", func(b *testing.B) {
				hits := 0
				for i := 0; b.Loop(); i++ {
					if _, ok := tab.Probe(Key{Board: uint64(i) * 0x9e3779b97f4a7c15}, false, nil); ok {
						hits++
					}
				}
				_ = hits
			})
			b.Logf("%s: huge pages obtained: %v", name, tab.HugePages())
			tab.Close()
		}
	}
}

// BenchmarkSearch reports df-pn and PN* speed on an explicit tree.
func BenchmarkSearch(b *testing.B) {
	g := bigTree(9, 3)
	tab, err := NewTable(64, TableOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer tab.Close()
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			x, _ := NewSearcher(tab, v.o)
			var nodes uint64
			for b.Loop() {
				b.StopTimer()
				tab.Clear()
				b.StartTimer()
				nodes += x.Solve(nil, g).Stats.Expanded
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkTableGrow measures a growth of a half-full 128 MiB region to
// 256 MiB: the cost of moving entries, which long searches pay once per
// doubling. Run with: go test -run X -bench TableGrow ./core
func BenchmarkTableGrow(b *testing.B) {
	const mib = 256
	tab, err := NewTable(mib, TableOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer tab.Close()
	r := rand.New(rand.NewPCG(1, 1))
	half := uint64(mib/2) << 20 / bucketBytes
	for b.Loop() {
		b.StopTimer()
		tab.Clear()
		tab.grow(half)
		for i := 0; i < int(half)*bucketSlots/2; i++ {
			tab.Store(&Entry{Key: Key{Board: r.Uint64()}, PN: 1, DN: 1, Amount: uint32(i)})
		}
		b.StartTimer()
		tab.grow(2 * half)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(half*bucketSlots/2), "ns/entry")
}
