package shogi

import (
	"bufio"
	"os"
	"testing"
)

func loadPos(b *testing.B) []*Position {
	var ps []*Position
	for _, f := range []string{"/tmp/rate/pos201.txt", "/tmp/rate/pos101.txt"} {
		fh, err := os.Open(f)
		if err != nil {
			b.Skip()
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			p, err := ParseSFEN(sc.Text())
			if err != nil {
				b.Fatal(err)
			}
			ps = append(ps, p)
		}
		fh.Close()
	}
	return ps
}

func BenchmarkZZSafe(b *testing.B) {
	ps := loadPos(b)
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			p.version += 2
			l, s := p.safeNeighbours(p.side)
			n += l.Count() + s.Count()
		}
	}
	sinkN = n
}

func BenchmarkZZCount(b *testing.B) {
	ps := loadPos(b)
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			p.version += 2
			x, y := p.CountEvasions()
			n += x + y
		}
	}
	sinkN = n
}

func BenchmarkZZStats(b *testing.B) {
	ps := loadPos(b)
	var zone, sl, free, movers int
	for _, p := range ps {
		k := p.king[p.side]
		them := p.side ^ 1
		zone += p.occ[them].And(kingZone[them][k]).Count()
		near := &sliderZone[k]
		cl := &p.byClass
		sl += cl[classRook].And(near.rook).Or(cl[classBishop].And(near.bishop)).Or(cl[classLance].And(near.lance[them])).And(p.occ[them]).Count()
		free += stepFrom[p.side][k][classKing].AndNot(p.occ[p.side]).Count()
		movers += p.occ[p.side].Count()
	}
	n := len(ps)
	b.Logf("positions %d zone pieces %.2f sliders %.2f free %.2f defender pieces %.2f", n, float64(zone)/float64(n), float64(sl)/float64(n), float64(free)/float64(n), float64(movers)/float64(n))
}

var sinkN int
