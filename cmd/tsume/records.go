package main

import (
	"errors"
	"os"
	"strconv"
	"strings"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/record"
)

// recordFlags are solve's --kif and --csa: files to write the problem and
// its verified line to, in the formats shogi GUIs open. With --file they
// are name patterns in which {n} is the problem's line number.
type recordFlags struct{ kif, csa string }

// checkRecords refuses a record file that every problem of a --file would
// overwrite, and records under --jobs.
func (f *solveFlags) checkRecords(jobs bool) error {
	for _, r := range []struct{ flag, path string }{{"--kif", f.rec.kif}, {"--csa", f.rec.csa}} {
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
func (f *solveFlags) writeRecords(line int, pos *shogi.Position, a answer) error {
	mate := a.kind == "mate"
	var moves []shogi.Move
	if mate {
		moves = a.moves
	}
	for _, r := range []struct {
		pattern string
		write   func(*shogi.Position, []shogi.Move, bool) (string, error)
	}{{f.rec.kif, record.KIF}, {f.rec.csa, record.CSA}} {
		if r.pattern == "" {
			continue
		}
		text, err := r.write(pos, moves, mate)
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
