package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-solver/tsume/internal/shogitest"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/gen"
)

// hostileRecordCheck checks one JSON record of solve --json (with or
// without --jobs): "disproven" is true exactly for a nomate, never with
// "proven"; a mate is proven and not disproven; an unknown is never
// disproven; an error record has no such field set. A nomate of a
// position with the attacker to move is checked against brute force: no
// mate in 1 or 3. It returns the record's result.
func hostileRecordCheck(t *testing.T, where string, m map[string]any, rules string) string {
	t.Helper()
	res, _ := m["result"].(string)
	disp, hasDisp := m["disproven"].(bool)
	prov, _ := m["proven"].(bool)
	switch res {
	case "error":
		if disp {
			t.Errorf("%s: an error record says disproven: %v", where, m)
		}
	case "nomate":
		if !hasDisp || !disp || prov {
			t.Errorf("%s: nomate with disproven %v (present %v), proven %v", where, disp, hasDisp, prov)
		}
		if mv, _ := m["moves"].([]any); len(mv) != 0 {
			t.Errorf("%s: nomate with moves %v", where, mv)
		}
		if m["root_pn"] != "inf" || m["root_dn"] != "0" {
			t.Errorf("%s: nomate with root pn %v dn %v, not a disproof", where, m["root_pn"], m["root_dn"])
		}
		sfen, _ := m["sfen"].(string)
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatalf("%s: sfen %q: %v", where, sfen, err)
		}
		if rules == "mate" && !p.InCheck() && (shogitest.BruteMate(p.Clone(), 1) || shogitest.BruteMate(p.Clone(), 3)) {
			t.Errorf("%s: nomate, brute force mates in 1 or 3: %s", where, sfen)
		}
	case "mate":
		if !hasDisp || disp || !prov {
			t.Errorf("%s: mate with disproven %v (present %v), proven %v", where, disp, hasDisp, prov)
		}
	case "unknown":
		if !hasDisp || disp {
			t.Errorf("%s: unknown with disproven %v (present %v)", where, disp, hasDisp)
		}
	default:
		t.Errorf("%s: result %q", where, res)
	}
	return res
}

// TestHostileDisprovenEveryForm runs one problem file (generated engine
// positions, fixed mates and nomates, duplicates, bad lines) through
// solve --file --json and through --jobs 1 and 3, under limits that leave
// some problems unknown and some decided, and checks every record
// (hostileRecordCheck). The same line never gets a mate in one run and a
// nomate in another, and every form decides some nomates, so the field is
// tested.
func TestHostileDisprovenEveryForm(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 10
	}
	ps, err := gen.Positions(41, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{
		"# hostile problems",
		"8k/9/9/9/9/9/9/9/9 b - 1",
		"7sk/9/7PP/9/9/9/9/9/9 b GS 1",
		"7nk/9/7G1/9/9/9/9/9/9 b P 1",
		"not a position",
		"8k/9/9/9/9/9/9/9/9 b - 7", // a duplicate of line 2
		"4k4/9/9/9/9/9/9/9/9 b P 1",
		"9/9/9/9/9/9/9/9/9 b G 1",
	}
	lines = append(lines, ps...)
	dir := t.TempDir()
	file := filepath.Join(dir, "p.txt")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{} // line -> a decided result
	for _, lim := range [][]string{{"--nodes", "200"}, {"--nodes", "20000"}} {
		for _, jobs := range []string{"", "1", "3"} {
			args := []string{"solve", "--quiet", "--json", "--hash-mb", "8", "--rules", "mate", "--file", file}
			args = append(args, lim...)
			if jobs != "" {
				args = append(args, "--jobs", jobs)
			}
			code, out, errOut := run(args...)
			where := fmt.Sprintf("%v jobs %q", lim, jobs)
			if code != 2 { // the bad lines
				t.Errorf("%s: exit %d, want 2: %s", where, code, errOut)
			}
			recs := jobsRecords(t, []byte(out))
			if len(recs) != len(lines)-1 {
				t.Errorf("%s: %d records for %d problems", where, len(recs), len(lines)-1)
			}
			counts := map[string]int{}
			for _, m := range recs {
				ln := fmt.Sprint(m["line"])
				r := hostileRecordCheck(t, where+" line "+ln, m, "mate")
				counts[r]++
				if r != "mate" && r != "nomate" {
					continue
				}
				if prev, ok := seen[ln]; ok && prev != r {
					t.Errorf("%s line %s: %s, another run said %s", where, ln, r, prev)
				}
				seen[ln] = r
			}
			if counts["nomate"] < 2 || counts["error"] != 2 {
				t.Errorf("%s: results %v: want nomates decided and the two bad lines refused", where, counts)
			}
		}
	}
}

// TestHostileBenchDisproven: bench --json's rows keep the same rule
// (disproven exactly for a nomate, never with proven) serially, on three
// workers, under every algorithm of --compare and under a node limit
// that leaves the problems unknown.
func TestHostileBenchDisproven(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "s.tsv")
	data := "7sk/9/7PP/9/9/9/9/9/9 b GS 1\t3\tmate in 3\n" +
		"7nk/7p1/8G/9/9/9/9/9/9 b P 1\tnomate\tpawn-drop mate\n" +
		"8k/9/9/9/9/9/9/9/9 b - 1\tnomate\tno piece\n" +
		"4k4/9/9/9/9/9/9/9/9 b P 1\tnomate\tlone pawn\n" +
		"8k/7pl/6N2/9/9/9/9/9/R8 b b 1\t1\tfutile interposition\n"
	if err := os.WriteFile(suite, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, extra := range [][]string{nil, {"--jobs", "3"}, {"--compare"}, {"--nodes", "1"}, {"--jobs", "2", "--nodes", "1"}} {
		args := append([]string{"bench", "--hash-mb", "8", "--json", "--time-limit", "20s", "--suite", suite}, extra...)
		_, out, errOut := run(args...)
		rows, nomates := 0, 0
		for _, m := range jobsRecords(t, []byte(out)) {
			if _, ok := m["name"]; !ok {
				continue // the totals
			}
			rows++
			where := fmt.Sprintf("bench %v %v %v", extra, m["name"], m["algo"])
			if _, ok := m["disproven"]; !ok {
				t.Errorf("%s: no disproven field: %v", where, m)
				continue
			}
			m["root_pn"], m["root_dn"], m["sfen"] = "inf", "0", "" // bench rows have neither
			if m["result"] == "nomate" {
				nomates++
				if m["disproven"] != true || m["proven"] != false {
					t.Errorf("%s: nomate with proven %v disproven %v", where, m["proven"], m["disproven"])
				}
				if m["expected"] != "nomate" {
					t.Errorf("%s: nomate for a problem expecting %v", where, m["expected"])
				}
				continue
			}
			hostileRecordCheck(t, where, m, "")
		}
		if rows < 5 {
			t.Errorf("bench %v: %d rows\n%s%s", extra, rows, out, errOut)
		}
		limited := len(extra) > 0 && extra[len(extra)-1] == "1"
		if !limited && nomates < 3 {
			t.Errorf("bench %v: %d nomates, want the three\n%s", extra, nomates, out)
		}
	}
}
