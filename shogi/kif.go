package shogi

import "strings"

// kifNames are the KIF piece names, indexed by Kind.
var kifNames = [15]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"}

var (
	kifFiles = [10]string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	kifRanks = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
)

// KIF returns the Japanese notation of the legal move m, played in this
// position; prev is the move before it (NoMove if none), used for 同.
// It follows the Japan Shogi Association rules: the piece's motion
// (上 up, 引 back, 寄 sideways) is written when another piece of the same
// kind could reach the square, then, if motion does not tell them apart,
// its side (右/左, or 直 for a gold-like piece or silver moving straight
// up; dragons and horses never use 直), and both when needed; 成 or 不成
// when promotion was possible; 打 for a drop only when a piece on the
// board could also have moved there. A move that is not legal here is
// returned in USI notation, in brackets.
func (p *Position) KIF(m Move, prev Move) string {
	if !p.IsLegal(m) {
		return "[" + m.USI() + "]"
	}
	var b strings.Builder
	if p.side == Black {
		b.WriteString("▲")
	} else {
		b.WriteString("△")
	}
	to := m.To()
	if prev != NoMove && prev.To() == to {
		b.WriteString("同　")
	} else {
		b.WriteString(kifFiles[to.File()])
		b.WriteString(kifRanks[to.Rank()])
	}
	k := m.Kind()
	b.WriteString(kifNames[k])
	legal := p.GenerateLegal(make([]Move, 0, MaxMoves))
	if m.IsDrop() {
		for _, l := range legal {
			if !l.IsDrop() && l.To() == to && l.Kind() == k {
				b.WriteString("打")
				break
			}
		}
		return b.String()
	}
	var others []Square
	for _, l := range legal {
		if !l.IsDrop() && l.To() == to && l.Kind() == k && l.From() != m.From() && !containsSquare(others, l.From()) {
			others = append(others, l.From())
		}
	}
	b.WriteString(p.kifRelative(m.From(), to, k, others))
	switch {
	case m.IsPromotion():
		b.WriteString("成")
	case k.CanPromote() && (inZone(p.side, m.From()) || inZone(p.side, to)):
		b.WriteString("不成")
	}
	return b.String()
}

func containsSquare(list []Square, s Square) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// kifRelative returns the disambiguation of a move from -> to among the
// other pieces (others) of the same kind that could also reach to.
func (p *Position) kifRelative(from, to Square, k Kind, others []Square) string {
	if len(others) == 0 {
		return ""
	}
	c := p.side
	// motion: +1 forward (上), -1 back (引), 0 sideways (寄), seen from c.
	motion := func(s Square) int {
		d := s.Rank() - to.Rank()
		if c == White {
			d = -d
		}
		switch {
		case d > 0:
			return 1
		case d < 0:
			return -1
		}
		return 0
	}
	// right: smaller is further to c's right.
	right := func(s Square) int {
		if c == White {
			return 10 - s.File()
		}
		return s.File()
	}
	motionWord := [3]string{"引", "寄", "上"}
	mv := motion(from)
	var group []Square // others with the same motion
	for _, o := range others {
		if motion(o) == mv {
			group = append(group, o)
		}
	}
	if len(group) == 0 {
		return motionWord[mv+1]
	}
	if from.File() == to.File() && mv == 1 && k != Horse && k != Dragon && k != Rook && k != Bishop && k != Lance {
		return "直"
	}
	side := func(set []Square) string {
		isRight, isLeft := true, true
		for _, o := range set {
			if right(o) <= right(from) {
				isRight = false
			}
			if right(o) >= right(from) {
				isLeft = false
			}
		}
		switch {
		case isRight:
			return "右"
		case isLeft:
			return "左"
		}
		return ""
	}
	if s := side(others); s != "" {
		return s
	}
	if s := side(group); s != "" {
		return s + motionWord[mv+1]
	}
	return motionWord[mv+1]
}
