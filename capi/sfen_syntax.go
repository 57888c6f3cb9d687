package main

import (
	"fmt"
	"strings"
)

// The shogi package reports syntax errors and rule violations alike (a
// plain error each). tsume.h tells them apart (TSUME_E_PARSE versus
// TSUME_E_ILLEGAL_POSITION), so capi checks the *form* of an SFEN and of
// USI moves here: input that passes these checks and is still refused by
// package shogi breaks a rule of the game.

// checkSFENSyntax checks the form of a position as shogi.ParseSFEN accepts
// it: [position] (startpos | [sfen] board side hand [ply]) [moves m...].
func checkSFENSyntax(s string) error {
	f := strings.Fields(s)
	if len(f) > 0 && f[0] == "position" {
		f = f[1:]
	}
	if len(f) == 0 {
		return fmt.Errorf("sfen: empty position")
	}
	switch f[0] {
	case "startpos":
		f = f[1:]
	default:
		if f[0] == "sfen" {
			f = f[1:]
		}
		n := 0
		for n < len(f) && n < 4 && f[n] != "moves" {
			n++
		}
		if n < 3 {
			return fmt.Errorf("sfen: want \"board side hand [ply]\", got %d field(s)", n)
		}
		if err := checkBoardSyntax(f[0]); err != nil {
			return err
		}
		if f[1] != "b" && f[1] != "w" {
			return fmt.Errorf("sfen: side to move is %q, want \"b\" or \"w\"", f[1])
		}
		if err := checkHandSyntax(f[2]); err != nil {
			return err
		}
		if n == 4 && !isNumber(f[3]) {
			return fmt.Errorf("sfen: move number %q is not a number", f[3])
		}
		f = f[n:]
	}
	if len(f) == 0 {
		return nil
	}
	if f[0] != "moves" {
		return fmt.Errorf("sfen: unexpected %q after the position (want \"moves\")", f[0])
	}
	for i, m := range f[1:] {
		if !isUSIMove(m) {
			return fmt.Errorf("sfen: move %d %q is not a USI move (like 7g7f, 8h2b+ or P*5e)", i+1, m)
		}
	}
	return nil
}

// checkBoardSyntax checks nine ranks of nine files each.
func checkBoardSyntax(b string) error {
	ranks := strings.Split(b, "/")
	if len(ranks) != 9 {
		return fmt.Errorf("sfen: board has %d ranks, want 9", len(ranks))
	}
	for r, row := range ranks {
		files := 0
		for i := 0; i < len(row); i++ {
			switch ch := row[i]; {
			case ch >= '1' && ch <= '9':
				files += int(ch - '0')
			case ch == '+':
				if i+1 == len(row) || !strings.ContainsRune("PLNSGBRKplnsgbrk", rune(row[i+1])) {
					return fmt.Errorf("sfen: rank %d: '+' not followed by a piece letter", r+1)
				}
			case strings.ContainsRune("PLNSGBRKplnsgbrk", rune(ch)):
				files++
			default:
				return fmt.Errorf("sfen: rank %d: unknown piece letter %q", r+1, ch)
			}
		}
		if files != 9 {
			return fmt.Errorf("sfen: rank %d has %d files, want 9", r+1, files)
		}
	}
	return nil
}

// checkHandSyntax checks "-" or (count? piece)+ with counts 1..99.
func checkHandSyntax(h string) error {
	if h == "-" {
		return nil
	}
	digits := 0
	for i := 0; i < len(h); i++ {
		ch := h[i]
		switch {
		case ch >= '0' && ch <= '9':
			digits++
			if digits > 2 {
				return fmt.Errorf("sfen: hand %q: count too long at %d", h, i+1)
			}
		case strings.ContainsRune("PLNSGBRplnsgbr", rune(ch)):
			digits = 0
		default:
			return fmt.Errorf("sfen: hand %q: %q at %d is not a piece that can be held", h, ch, i+1)
		}
	}
	if digits > 0 {
		return fmt.Errorf("sfen: hand %q ends with a count and no piece", h)
	}
	return nil
}

// isUSIMove reports whether m has the form of a USI move: a board move
// "7g7f" / "8h2b+" or a drop "P*5e".
func isUSIMove(m string) bool {
	square := func(s string) bool { return s[0] >= '1' && s[0] <= '9' && s[1] >= 'a' && s[1] <= 'i' }
	switch {
	case len(m) == 4 && m[1] == '*':
		return strings.IndexByte("PLNSGBR", m[0]) >= 0 && square(m[2:])
	case len(m) == 4 || len(m) == 5 && m[4] == '+':
		return square(m[0:2]) && square(m[2:4])
	}
	return false
}

func isNumber(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
