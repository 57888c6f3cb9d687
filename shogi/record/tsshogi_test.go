package record

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/internal/sharedtest"
	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

// tsshogiVersion is the release of ShogiHome's record library the check
// installs (outside the repository, in the user's cache directory).
const tsshogiVersion = "2.2.0"

// TestHeavyTsshogiReadsOurRecords: tsshogi, the rules and record library
// of the ShogiHome GUI, imports the KIF and the CSA file of every solution
// of the visible short sets and of the 1525-ply Microcosmos line and reads
// exactly our start position and moves. It skips, saying why, without
// node and npm or when the npm registry cannot be reached.
func TestHeavyTsshogiReadsOurRecords(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: runs without -short")
	}
	entry := installTsshogi(t)
	type rec struct {
		name, sfen string
		usi        []string
	}
	var recs []rec
	// Our own problems, solved here, so the check runs without ../shared.
	for _, sfen := range []string{mate3, "9/9/9/9/9/9/pp7/9/KS7 w gs 1"} {
		recs = append(recs, rec{name: "own", sfen: sfen})
	}
	if dir := sharedtest.Dir(); dir != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "problems", "shogi", "*.tsv"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, ln := range strings.Split(string(data), "\n") {
				s := strings.TrimSpace(strings.SplitN(ln, "\t", 2)[0])
				if s == "" || strings.HasPrefix(s, "#") || strings.Contains(f, "famous_long") {
					continue
				}
				recs = append(recs, rec{name: filepath.Base(f) + ":" + itoa(i+1), sfen: s})
			}
		}
		sfen, moves := sharedtest.Microcosmos(t)
		recs = append(recs, rec{name: "Microcosmos", sfen: sfen, usi: moves})
	} else {
		t.Log("../shared absent: our own problems only")
	}
	var in bytes.Buffer
	var want [][]string
	var starts []*shogi.Position
	for i := range recs {
		r := &recs[i]
		p, err := shogi.ParseSFEN(r.sfen)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		var ms []shogi.Move
		isMate := false
		if r.usi == nil {
			res, err := mate.Solve(context.Background(), p.Clone(), mate.Options{HashMB: 16, TimeLimit: 20 * time.Second})
			if err != nil {
				t.Fatalf("%s: %v", r.name, err)
			}
			ms, isMate = res.Moves, res.Kind == mate.Mate
			// The record starts where the solver did (the defender's
			// hand filled under tsume rules).
			if p, err = mate.Prepared(p, mate.Options{}); err != nil {
				t.Fatalf("%s: %v", r.name, err)
			}
		} else {
			q := p.Clone()
			for _, u := range r.usi {
				m, err := shogi.ParseUSIMove(q, u)
				if err != nil {
					t.Fatalf("%s: %v", r.name, err)
				}
				ms = append(ms, m)
				q.Do(m)
			}
			isMate = true
		}
		kif, err := KIF(p, ms, isMate)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		csa, err := CSA(p, ms, isMate)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		line, _ := json.Marshal(map[string]string{"name": r.name, "kif": kif, "csa": csa})
		in.Write(append(line, '\n'))
		var usi []string
		for _, m := range ms {
			usi = append(usi, m.USI())
		}
		want = append(want, usi)
		starts = append(starts, p)
	}
	cmd := exec.Command("node", filepath.Join("testdata", "tsshogi_check.mjs"))
	cmd.Env = append(os.Environ(), "TSSHOGI="+entry)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	type read struct {
		SFEN  string   `json:"sfen"`
		Moves []string `json:"moves"`
		Error string   `json:"error"`
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	n := 0
	for ; sc.Scan(); n++ {
		var got struct {
			Name string `json:"name"`
			KIF  read   `json:"kif"`
			CSA  read   `json:"csa"`
		}
		if err := json.Unmarshal(sc.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		for _, g := range []struct {
			format string
			r      read
		}{{"KIF", got.KIF}, {"CSA", got.CSA}} {
			if g.r.Error != "" {
				t.Errorf("%s %s: tsshogi: %s", got.Name, g.format, g.r.Error)
				continue
			}
			if !slices.Equal(g.r.Moves, want[n]) && !(len(g.r.Moves) == 0 && len(want[n]) == 0) {
				t.Errorf("%s %s: tsshogi read %v, we wrote %v", got.Name, g.format, g.r.Moves, want[n])
			}
			if a, b := sfenHead(g.r.SFEN), sfenHead(starts[n].SFEN()); a != b {
				t.Errorf("%s %s: tsshogi read the start %q, ours is %q", got.Name, g.format, a, b)
			}
		}
	}
	if n != len(recs) {
		t.Errorf("tsshogi answered %d records of %d", n, len(recs))
	}
	t.Logf("tsshogi %s read %d records (KIF and CSA) as we wrote them", tsshogiVersion, n)
}

// sfenHead is an SFEN without its move number.
func sfenHead(s string) string {
	f := strings.Fields(s)
	if len(f) > 3 {
		f = f[:3]
	}
	return strings.Join(f, " ")
}

func itoa(i int) string { return strconv.Itoa(i) }

// installTsshogi returns tsshogi's ESM entry point, installing it with npm
// into the user's cache directory the first time; it skips the test when
// node, npm or the registry are missing.
func installTsshogi(t *testing.T) string {
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed: the tsshogi check needs node and npm", tool)
		}
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Skipf("no cache directory for tsshogi: %v", err)
	}
	dir := filepath.Join(cache, "tsume", "tsshogi-"+tsshogiVersion)
	entry := filepath.Join(dir, "node_modules", "tsshogi", "dist", "esm", "index.mjs")
	if _, err := os.Stat(entry); err == nil {
		return entry
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Skipf("cannot make %s: %v", dir, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", "install", "--prefix", dir, "--no-audit", "--no-fund", "tsshogi@"+tsshogiVersion)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("npm could not install tsshogi (no registry?): %v: %s", err, lastLine(out))
	}
	if _, err := os.Stat(entry); err != nil {
		t.Skipf("tsshogi installed without %s", entry)
	}
	return entry
}

func lastLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}
