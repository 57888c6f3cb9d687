package main

import (
	"errors"
	"os"
	"strconv"
	"strings"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
	"github.com/tsume-solver/tsume/shogi/record"
)

// recordFlags are solve's --kif, --csa and --svg: files to write the
// problem and its verified line to, in the formats shogi GUIs open, and as
// a picture. With --file they are name patterns in which {n} is the
// problem's line number.
type recordFlags struct{ kif, csa, svg string }

// checkRecords refuses a record file that every problem of a --file would
// overwrite, and records under --jobs.
func (f *solveFlags) checkRecords(jobs bool) error {
	for _, r := range []struct{ flag, path string }{{"--kif", f.rec.kif}, {"--csa", f.rec.csa}, {"--svg", f.rec.svg}} {
		if r.path == "" {
			continue
		}
		if jobs {
			return errors.New(r.flag + " is not written by --jobs: solve the file without --jobs to get one record per problem")
		}
		if f.file != "" && !strings.Contains(r.path, "{n}") {
			return errors.New(r.flag + " with --file needs a name pattern with {n}, the problem's line number (e.g. out/{n}." + strings.TrimPrefix(r.flag, "--") + ")")
		}
	}
	return nil
}

// writeRecords writes the records asked for: the position, then the line
// of the answer only when it is a verified mate (a no-mate or an unknown
// gets the position alone, never a candidate line).
func (f *solveFlags) writeRecords(line int, pos *shogi.Position, opts mate.Options, a answer) error {
	if f.rec.kif == "" && f.rec.csa == "" && f.rec.svg == "" {
		return nil
	}
	// The record starts from the position searched: under tsume rules the
	// defender's drops come from the hand the solver gave it.
	pos, err := mate.Prepared(pos, opts)
	if err != nil {
		return err
	}
	isMate := a.kind == "mate"
	var moves []shogi.Move
	if isMate {
		moves = a.moves
	}
	for _, r := range []struct {
		pattern string
		write   func(*shogi.Position, []shogi.Move, bool) (string, error)
	}{{f.rec.kif, record.KIF}, {f.rec.csa, record.CSA}, {f.rec.svg, svgPicture}} {
		if r.pattern == "" {
			continue
		}
		text, err := r.write(pos, moves, isMate)
		if err != nil {
			return err
		}
		path := strings.ReplaceAll(r.pattern, "{n}", strconv.Itoa(line))
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// svgPicture is the diagram --svg writes (kanji pieces).
func svgPicture(p *shogi.Position, ms []shogi.Move, mate bool) (string, error) {
	return record.SVG(p, ms, mate, record.SVGOptions{})
}
