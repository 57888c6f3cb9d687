package usi

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxLineBytes is the longest input line the engine reads as a command. A
// `position startpos moves ...` line of a 1000-move game is about 5 KB, so
// a mebibyte leaves room for any real game; a longer line is read to its
// end, refused with `info string` and skipped, so no length of input ends
// the engine or a search in progress.
const MaxLineBytes = 1 << 20

// echoBytes is how much of a refused input is shown back in `info string`.
const echoBytes = 64

// maxMessageBytes bounds an error message passed on from a parser, which
// may quote a token of the input.
const maxMessageBytes = 256

// input is one line read from the GUI, or the end of input.
type input struct {
	line string
	// tooLong is the length of a line longer than MaxLineBytes (line then
	// holds enough of its start for echo).
	tooLong int64
	// eof marks the end of input; err is the read error, if it was not a
	// plain end of file.
	eof bool
	err error
}

// command returns the line's first word ("" for a blank or over-long line).
func (in input) command() string {
	if in.tooLong > 0 || in.eof {
		return ""
	}
	f, _, _ := strings.Cut(in.line, " ")
	return f
}

// readInput sends the lines of r to out, then an eof input, and returns.
// It also returns after sending a quit command (nothing after it is read),
// and when gone is closed (the engine has returned; a Read in progress
// still ends only with its input).
// A line of any length is consumed: an over-long one is reported by its
// length and first bytes, never buffered whole.
func readInput(r io.Reader, out chan<- input, gone <-chan struct{}) {
	send := func(in input) bool {
		select {
		case out <- in:
			return true
		case <-gone:
			return false
		}
	}
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for {
		buf = buf[:0]
		var n int64
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			n += int64(len(chunk))
			if n <= MaxLineBytes+2 { // +2: "\r\n"
				buf = append(buf, chunk...)
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		if n > 0 {
			line := strings.TrimRight(string(buf), "\r\n")
			in := input{line: strings.TrimSpace(strings.ReplaceAll(line, "\t", " "))}
			if n > MaxLineBytes+2 || len(line) > MaxLineBytes {
				in = input{line: line[:min(len(line), 2*echoBytes)], tooLong: n}
			}
			if in.line != "" || in.tooLong > 0 {
				if !send(in) || in.command() == "quit" {
					return
				}
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = nil
			}
			send(input{eof: true, err: err})
			return
		}
	}
}

// echo shows a piece of input in `info string`: quoted, with what is not
// printable escaped, and cut after echoBytes bytes (on a character
// boundary) with an ellipsis, so a hostile line can neither flood the GUI
// nor put control bytes on its screen.
func echo(s string) string {
	if len(s) <= echoBytes {
		return strconv.Quote(s)
	}
	return strconv.Quote(cutUTF8(s, echoBytes)) + "…"
}

// clip escapes what is not printable in a message and cuts it after
// maxMessageBytes bytes with an ellipsis.
func clip(msg string) string {
	cut := len(msg) > maxMessageBytes
	if cut {
		msg = cutUTF8(msg, maxMessageBytes)
	}
	q := strconv.Quote(msg)
	q = q[1 : len(q)-1]
	// Quote escapes the double quotes that a message uses around tokens:
	// keep them readable.
	q = strings.ReplaceAll(q, `\"`, `"`)
	if cut {
		q += "…"
	}
	return q
}

// cutUTF8 returns at most n bytes of s without splitting a UTF-8 encoding
// (an invalid byte counts as one character).
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && n-i < utf8.UTFMax-1 && !utf8.RuneStart(s[i]) {
		i--
	}
	if r, size := utf8.DecodeRuneInString(s[i:]); (r != utf8.RuneError || size > 1) && i+size > n {
		return s[:i]
	}
	return s[:n]
}
