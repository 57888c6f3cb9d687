// Package record writes a shogi problem and its solution as game-record
// files that shogi GUIs open: KIF (Kakinoki's format, read by ShogiGUI,
// Shogidokoro and ShogiHome) with the start position as a BOD diagram,
// and CSA (the Computer Shogi Association's standard format).
//
// It imports only the rules (package shogi): the moves must be legal in
// turn from the position, which the writers check.
package record

import (
	"fmt"
	"strings"

	"github.com/tsume-solver/tsume/shogi"
)

// Piece names: the KIF move names, the one-character BOD names, and the
// two-letter CSA codes, by Kind.
var (
	kifNames = [15]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"}
	bodNames = [15]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"}
	csaNames = [15]string{"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"}

	fileDigits = [10]string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	rankKanji  = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
)

// handOrder is the order KIF and CSA list pieces in hand: rook first.
var handOrder = [7]shogi.Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn}

// play checks that moves are legal in turn from pos and returns the
// position after each prefix's last move's predecessor, calling f for
// each move with the position before it.
func play(pos *shogi.Position, moves []shogi.Move, f func(i int, p *shogi.Position, m shogi.Move)) error {
	p := pos.Clone()
	for i, m := range moves {
		if !p.IsLegal(m) {
			return fmt.Errorf("record: move %d (%s) is not legal in its position", i+1, m.USI())
		}
		f(i, p, m)
		p.Do(m)
	}
	return nil
}

// KIF returns the KIF file of the problem pos and its solution moves: the
// position as a BOD diagram with both hands and the side to move, then
// the numbered moves with their from-squares (２八角(17)), 打 for drops
// and 同 for a move to the previous move's square, ending with 詰み when
// mate is true. It fails when a move is not legal in turn.
func KIF(pos *shogi.Position, moves []shogi.Move, mate bool) (string, error) {
	var b strings.Builder
	b.WriteString("#KIF version=2.0 encoding=UTF-8\n")
	writeBOD(&b, pos)
	b.WriteString("手数----指手---------消費時間--\n")
	var prev shogi.Move = shogi.NoMove
	err := play(pos, moves, func(i int, p *shogi.Position, m shogi.Move) {
		fmt.Fprintf(&b, "%4d %s   ( 0:00/00:00:00)\n", i+1, kifMove(m, prev))
		prev = m
	})
	if err != nil {
		return "", err
	}
	if mate {
		fmt.Fprintf(&b, "%4d 詰み   ( 0:00/00:00:00)\n", len(moves)+1)
	}
	return b.String(), nil
}

// kifMove is one move in the KIF file format (not the association's
// human notation, which disambiguates by motion): destination or 同,
// the piece's name before the move, 成 when it promotes, then 打 for a
// drop or the from-square in brackets.
func kifMove(m, prev shogi.Move) string {
	var b strings.Builder
	to := m.To()
	if prev != shogi.NoMove && prev.To() == to {
		b.WriteString("同　")
	} else {
		b.WriteString(fileDigits[to.File()])
		b.WriteString(rankKanji[to.Rank()])
	}
	b.WriteString(kifNames[m.Kind()])
	if m.IsDrop() {
		b.WriteString("打")
		return b.String()
	}
	if m.IsPromotion() {
		b.WriteString("成")
	}
	fmt.Fprintf(&b, "(%d%d)", m.From().File(), m.From().Rank())
	return b.String()
}

// writeBOD writes the position as a BOD diagram: White's hand, the board
// seen from Black (files 9 to 1 left to right, White's pieces marked v),
// Black's hand, and 後手番 when White is to move.
func writeBOD(b *strings.Builder, pos *shogi.Position) {
	fmt.Fprintf(b, "後手の持駒：%s\n", kifHand(pos.Hand(shogi.White)))
	b.WriteString("  ９ ８ ７ ６ ５ ４ ３ ２ １\n")
	b.WriteString("+---------------------------+\n")
	for rank := 1; rank <= 9; rank++ {
		b.WriteString("|")
		for file := 9; file >= 1; file-- {
			pc := pos.PieceAt(shogi.NewSquare(file, rank))
			switch {
			case pc == shogi.Empty:
				b.WriteString(" ・")
			case pc.Color() == shogi.White:
				b.WriteString("v" + bodNames[pc.Kind()])
			default:
				b.WriteString(" " + bodNames[pc.Kind()])
			}
		}
		b.WriteString("|" + rankKanji[rank] + "\n")
	}
	b.WriteString("+---------------------------+\n")
	fmt.Fprintf(b, "先手の持駒：%s\n", kifHand(pos.Hand(shogi.Black)))
	if pos.SideToMove() == shogi.White {
		b.WriteString("後手番\n")
	}
}

// kifHand is a hand in KIF: 飛　金二　歩十八, or なし.
func kifHand(h shogi.Hand) string {
	var parts []string
	for _, k := range handOrder {
		n := h.Count(k)
		if n == 0 {
			continue
		}
		s := kifNames[k]
		if n > 1 {
			s += kanjiNumber(n)
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "なし"
	}
	return strings.Join(parts, "　")
}

// kanjiNumber writes 1..18 in kanji (二, 十, 十八).
func kanjiNumber(n int) string {
	s := ""
	if n >= 10 {
		s, n = "十", n-10
	}
	if n > 0 {
		s += rankKanji[n]
	}
	return s
}

// CSA returns the CSA file (version 2.2) of the problem pos and its
// solution moves: the board as P1..P9, the hands as P+/P- lines, the side
// to move, the moves (+0012GI for a drop, the piece after the move for a
// promotion), and %TSUMI when mate is true. It fails when a move is not
// legal in turn.
func CSA(pos *shogi.Position, moves []shogi.Move, mate bool) (string, error) {
	var b strings.Builder
	b.WriteString("V2.2\n")
	for rank := 1; rank <= 9; rank++ {
		fmt.Fprintf(&b, "P%d", rank)
		for file := 9; file >= 1; file-- {
			pc := pos.PieceAt(shogi.NewSquare(file, rank))
			if pc == shogi.Empty {
				b.WriteString(" * ")
			} else {
				b.WriteString(csaSign(pc.Color()) + csaNames[pc.Kind()])
			}
		}
		b.WriteString("\n")
	}
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		h := pos.Hand(c)
		if h == 0 {
			continue
		}
		b.WriteString("P" + csaSign(c))
		for _, k := range handOrder {
			for i := 0; i < h.Count(k); i++ {
				b.WriteString("00" + csaNames[k])
			}
		}
		b.WriteString("\n")
	}
	b.WriteString(csaSign(pos.SideToMove()) + "\n")
	err := play(pos, moves, func(_ int, p *shogi.Position, m shogi.Move) {
		from := "00"
		if !m.IsDrop() {
			from = fmt.Sprintf("%d%d", m.From().File(), m.From().Rank())
		}
		k := m.Kind()
		if m.IsPromotion() {
			k = k.Promote()
		}
		fmt.Fprintf(&b, "%s%s%d%d%s\n", csaSign(p.SideToMove()), from, m.To().File(), m.To().Rank(), csaNames[k])
	})
	if err != nil {
		return "", err
	}
	if mate {
		b.WriteString("%TSUMI\n")
	}
	return b.String(), nil
}

func csaSign(c shogi.Color) string {
	if c == shogi.Black {
		return "+"
	}
	return "-"
}
