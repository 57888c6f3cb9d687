package shogi

import (
	"strings"
	"testing"
)

func TestParseSFENForms(t *testing.T) {
	cases := []struct {
		in, want string
	}{
		{"startpos", StartSFEN},
		{"position startpos", StartSFEN},
		{"sfen " + StartSFEN, StartSFEN},
		{"position sfen " + StartSFEN, StartSFEN},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -", StartSFEN},
		{"position startpos moves 7g7f 3c3d 8h2b+",
			"lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"},
		{"position sfen " + StartSFEN + " moves 7g7f", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"},
		{"8k/9/9/9/9/9/9/9/9 b 2P2p 1", "8k/9/9/9/9/9/9/9/9 b 2P2p 1"},
		{"8k/9/9/9/9/9/9/9/9 b p1P 1", "8k/9/9/9/9/9/9/9/9 b Pp 1"}, // any order, explicit 1 accepted
		{matsuriSFEN, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"},
	}
	for _, c := range cases {
		p, err := ParseSFEN(c.in)
		if err != nil {
			t.Errorf("ParseSFEN(%q): %v", c.in, err)
			continue
		}
		if got := p.SFEN(); got != c.want {
			t.Errorf("ParseSFEN(%q).SFEN() = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestParseSFENErrors checks that each bad input is rejected with a
// message naming the problem.
func TestParseSFENErrors(t *testing.T) {
	cases := []struct {
		in, want string
	}{
		{"", "empty"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "8 ranks"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", "rank 9 has 8 files"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", "rank 9 has more than 9"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/91/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "rank 5 has more than 9"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/4X4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "unknown piece letter 'X'"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/4+G4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "cannot be promoted"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/8+/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "ends with '+'"},
		{StartSFEN[:len(StartSFEN)-6] + " x - 1", "side to move"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "count too large"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 5L 1", "more than 4"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 3B 1", "more than 2"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 2Bb 1", "3 pieces of kind B"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 2Q 1", "not a piece that can be held"},
		{"4k4/9/9/9/9/9/9/9/4K4 b K 1", "not a piece that can be held"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 2 1", "ends with a count"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 02P 1", "leading zero"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - x", "move number"},
		{"4k4/9/9/9/9/9/9/9/4K4 b", "got 2 field(s)"},
		{"4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", "two unpromoted pawns on file 5"},
		{"4k4/9/9/9/4p4/9/4p4/9/4K4 b - 1", "two unpromoted pawns on file 5"},
		{"P3k4/9/9/9/9/9/9/9/4K4 b - 1", "black P on 9a can never move"},
		{"L3k4/9/9/9/9/9/9/9/4K4 b - 1", "black L on 9a can never move"},
		{"4k4/N8/9/9/9/9/9/9/4K4 b - 1", "black N on 9b can never move"},
		{"4k4/9/9/9/9/9/9/n8/4K4 b - 1", "white N on 9h can never move"},
		{"4k4/9/9/9/9/9/9/9/p3K4 b - 1", "white P on 9i can never move"},
		{"4k4/9/9/9/9/9/9/9/3KK4 b - 1", "second king"},
		{"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "side not to move (white) is in check"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 19p 1", "count too large"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1", "19 pieces of kind P"},
		{"position startpos moves 7g7f 7g7f", "move 2"},
		{"position startpos moves 7g7f 3c3d 8h2b 2b2a", "move 4"},
		{"position startpos moves 7g7e", "illegal"},
		{"position startpos 7g7f", "want \"moves\""},
	}
	for _, c := range cases {
		_, err := ParseSFEN(c.in)
		if err == nil {
			t.Errorf("ParseSFEN(%q) succeeded, want an error containing %q", c.in, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseSFEN(%q) = %q, want it to contain %q", c.in, err, c.want)
		}
	}
}

func TestAttackerKingMayBeAbsent(t *testing.T) {
	p := mustParse(t, "7nl/5Psk1/6pp1/7Np/9/9/9/9/9 b RBGSLrb3g2s2n2l14p 1")
	if _, ok := p.KingSquare(Black); ok {
		t.Error("KingSquare(Black) reports a king")
	}
	if s, ok := p.KingSquare(White); !ok || s.String() != "2b" {
		t.Errorf("KingSquare(White) = %v, %v; want 2b", s, ok)
	}
	if len(p.GenerateChecks(nil)) == 0 {
		t.Error("no checks generated without the attacker's king")
	}
}

func TestParseUSIMoveErrors(t *testing.T) {
	p := NewStartPosition()
	cases := []struct{ in, want string }{
		{"", "malformed"},
		{"7g7", "malformed"},
		{"7g7f++", "malformed"},
		{"0g7f", "bad square"},
		{"7j7f", "bad square"},
		{"5e5d", "no piece on 5e"},
		{"3c3d", "belongs to white"},
		{"7g7f+", "cannot promote"},
		{"8h7g", "captures its own piece"},
		{"7g7e", "illegal"},
		{"P*5e", "no P in hand"},
		{"K*5e", "king cannot be dropped"},
		{"p*5e", "not a piece that can be dropped"},
		{"X*5e", "not a piece that can be dropped"},
	}
	for _, c := range cases {
		_, err := ParseUSIMove(p, c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseUSIMove(%q) = %v, want an error containing %q", c.in, err, c.want)
		}
	}
}

func FuzzParseSFEN(f *testing.F) {
	for _, s := range []string{StartSFEN, mostMovesSFEN, matsuriSFEN, tsumeSFEN,
		"position startpos moves 7g7f 3c3d 8h2b+", "kn7/9/1G7/9/9/9/9/9/8K b P 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSFEN(s)
		if err != nil {
			return
		}
		out := p.SFEN()
		q, err := ParseSFEN(out)
		if err != nil {
			t.Fatalf("ParseSFEN(%q) -> %q, which does not parse: %v", s, out, err)
		}
		if q.SFEN() != out || q.Key() != p.Key() || q.BoardKey() != p.BoardKey() {
			t.Fatalf("round trip of %q: %q != %q", s, q.SFEN(), out)
		}
	})
}

func FuzzParseUSIMove(f *testing.F) {
	for _, s := range []string{"7g7f", "8h2b+", "P*5e", "2b8h", "5i5h"} {
		f.Add(matsuriSFEN, s)
		f.Add(StartSFEN, s)
	}
	f.Add("kn7/9/1G7/9/9/9/9/9/8K b P 1", "P*9b")
	f.Fuzz(func(t *testing.T, sfen, s string) {
		p, err := ParseSFEN(sfen)
		if err != nil {
			return
		}
		m, err := ParseUSIMove(p, s)
		if err != nil {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: ParseUSIMove(%q) returned illegal %v", sfen, s, m)
		}
		m2, err := ParseUSIMove(p, m.USI())
		if err != nil || m2 != m {
			t.Fatalf("%s: round trip of %q: %q -> %v, %v", sfen, s, m.USI(), m2, err)
		}
		before := p.SFEN()
		p.Do(m)
		p.Undo(m)
		if p.SFEN() != before {
			t.Fatalf("%s: Do/Undo of %s changed the position", sfen, m)
		}
	})
}

// TestUSIMoveRoundTrip checks every legal move of several positions.
func TestUSIMoveRoundTrip(t *testing.T) {
	for _, s := range []string{StartSFEN, mostMovesSFEN, matsuriSFEN} {
		p := mustParse(t, s)
		for _, m := range p.GenerateLegal(nil) {
			got, err := ParseUSIMove(p, m.USI())
			if err != nil || got != m {
				t.Errorf("%s: ParseUSIMove(%q) = %v, %v; want %v", s, m.USI(), got, err, m)
			}
		}
	}
}

// TestParseNonASCII checks that a character that is not ASCII is reported
// as itself (not as its first byte: é was shown as 'Ã') with its byte
// offset in the input, and a byte that is not UTF-8 as that byte, wherever
// it stands: board, side, hand, move number, moves.
func TestParseNonASCII(t *testing.T) {
	const ex = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"
	cases := []struct{ in, want string }{
		{"7sé/9/7PP/9/9/9/9/9/9 b GS 1", "'é' (U+00E9) at byte 2 is not ASCII"},
		{"7sk/9/7PP/9/9/9/9/9/9 é GS 1", "'é' (U+00E9) at byte 22 is not ASCII"},
		{"7sk/9/7PP/9/9/9/9/9/9 b GSé 1", "'é' (U+00E9) at byte 26 is not ASCII"},
		{"7sk/9/7PP/9/9/9/9/9/9 b GS １", "'１' (U+FF11) at byte 27 is not ASCII"},
		{ex + " moves Ｓ*1b", "'Ｓ' (U+FF33) at byte 35 is not ASCII"},
		{"position sfen " + ex + " moves S*1é", "'é' (U+00E9) at byte 52 is not ASCII"},
		{"7sk/9/7PP/9/9/9/9/9/9\u3000b GS 1", `'\u3000' (U+3000) at byte 21 is not ASCII`},
		{"7sk/9/7PP/9/9/9/9/9/9 b G\xc3 1", "invalid UTF-8: byte 0xc3 at byte 25"},
		{"\xff", "invalid UTF-8: byte 0xff at byte 0"},
		{"7sk/9/7PP/9/9/9/9/9/9 b GS 1 moves S*1\xe9", "invalid UTF-8: byte 0xe9 at byte 38"},
	}
	for _, c := range cases {
		_, err := ParseSFEN(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseSFEN(%q) = %v, want an error containing %q", c.in, err, c.want)
		}
	}
	p := mustParse(t, ex)
	moves := []struct{ in, want string }{
		{"S*1é", "'é' (U+00E9) at byte 3 is not ASCII"},
		{"Ｓ*1b", "'Ｓ' (U+FF33) at byte 0 is not ASCII"},
		{"2a1b\xc3", "invalid UTF-8: byte 0xc3 at byte 4"},
		{"é", "'é' (U+00E9) at byte 0 is not ASCII"},
	}
	for _, c := range moves {
		_, err := ParseUSIMove(p, c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseUSIMove(%q) = %v, want an error containing %q", c.in, err, c.want)
		}
	}
}
