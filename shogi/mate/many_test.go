package mate

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// collectBatch runs SolveMany and returns its items by index, failing the test
// when an index is emitted twice or out of range.
func collectBatch(t *testing.T, ctx context.Context, problems []string, workers int, o BatchOptions) (map[int]BatchItem, error) {
	t.Helper()
	got := map[int]BatchItem{}
	err := SolveMany(ctx, problems, workers, o, func(it BatchItem) {
		// emit runs on one goroutine: this unsynchronised map is the
		// race detector's check of that.
		if _, dup := got[it.Index]; dup {
			t.Errorf("problem %d emitted twice", it.Index)
		}
		if it.Index < 0 || it.Index >= len(problems) {
			t.Errorf("index %d out of range", it.Index)
		}
		got[it.Index] = it
	})
	return got, err
}

func TestSolveManyItems(t *testing.T) {
	const mate3 = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"
	// The same question: another move number, and the defender's hand
	// written out (tsume rules fill it in when it is left empty).
	const mate3Ply = "7sk/9/7PP/9/9/9/9/9/9 b GS 57"
	const mate3Hands = "7sk/9/7PP/9/9/9/9/9/9 b GS2r2b3g2s4n4l16p 1"
	// The same position reached by moves from another one.
	const mate3Moves = "position sfen 7s1/7k1/7PP/9/9/9/9/9/9 w GS 1 moves 2b1a"
	problems := []string{
		mate3,                          // 0
		"8k/9/9/9/9/9/9/9/9 b - 1",     // 1 nomate: nothing to check with
		"this is not an sfen",          // 2 parse error
		"9/9/9/9/9/9/9/9/9 b G 1",      // 3 no defender king
		mate3Ply,                       // 4 duplicate of 0
		"",                             // 5 empty
		mate3Hands,                     // 6 duplicate of 0
		"7nk/7p1/8G/9/9/9/9/9/9 b P 1", // 7 nomate (pawn-drop mate)
		mate3Moves,                     // 8 duplicate of 0
		"position startpos moves 7g7f", // 9 nomate, and not a duplicate of a position
	}
	type want struct {
		kind   Kind
		length int
		err    string // a word the error must contain ("" : no error)
		dupOf  int
	}
	wants := []want{
		{Mate, 3, "", -1},
		{NoMate, 0, "", -1},
		{err: "problem 2", dupOf: -1},
		{err: "king", dupOf: -1},
		{Mate, 3, "", 0},
		{err: "empty", dupOf: -1},
		{Mate, 3, "", 0},
		{NoMate, 0, "", -1},
		{Mate, 3, "", 0},
		{NoMate, 0, "", -1},
	}
	for _, workers := range []int{1, 3} {
		got, err := collectBatch(t, context.Background(), problems, workers, BatchOptions{Options: Options{HashMB: 8, TimeLimit: 20 * time.Second}})
		if err != nil {
			t.Fatalf("workers %d: %v", workers, err)
		}
		if len(got) != len(problems) {
			t.Fatalf("workers %d: %d items for %d problems", workers, len(got), len(problems))
		}
		for i, w := range wants {
			it := got[i]
			if w.err != "" {
				if it.Err == nil || !strings.Contains(it.Err.Error(), w.err) {
					t.Errorf("workers %d, problem %d: err %v, want one mentioning %q", workers, i, it.Err, w.err)
				}
				continue
			}
			if it.Err != nil {
				t.Errorf("workers %d, problem %d: %v", workers, i, it.Err)
				continue
			}
			if it.Result.Kind != w.kind || it.Result.Length != w.length || it.DuplicateOf != w.dupOf {
				t.Errorf("workers %d, problem %d: %v in %d (duplicate of %d), want %v in %d (duplicate of %d)",
					workers, i, it.Result.Kind, it.Result.Length, it.DuplicateOf, w.kind, w.length, w.dupOf)
			}
			if it.Position == nil {
				t.Errorf("workers %d, problem %d: no position", workers, i)
			}
		}
		if p := got[4].Position; p != nil && p.Ply() != 57 {
			t.Errorf("the duplicate's position is not its own: ply %d", p.Ply())
		}
	}
}

// TestSolveManyKeepDuplicates: with KeepDuplicates every problem is solved.
func TestSolveManyKeepDuplicates(t *testing.T) {
	problems := slices.Repeat([]string{"7sk/9/7PP/9/9/9/9/9/9 b GS 1"}, 5)
	got, err := collectBatch(t, context.Background(), problems, 2, BatchOptions{Options: Options{HashMB: 8}, KeepDuplicates: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range problems {
		if it := got[i]; it.DuplicateOf != -1 || it.Result.Kind != Mate || it.Result.Nodes() == 0 {
			t.Errorf("problem %d: %v, duplicate of %d, %d nodes: want a search of its own", i, it.Result.Kind, it.DuplicateOf, it.Result.Nodes())
		}
	}
}

// TestSolveManyBadOptions: options that apply to every problem are an
// error of the call, before anything is emitted.
func TestSolveManyBadOptions(t *testing.T) {
	for _, o := range []BatchOptions{
		{Options: Options{Rules: 7}},
		{Options: Options{HashMB: -1}},
		{Options: Options{TimeLimit: -time.Second}},
	} {
		err := SolveMany(context.Background(), []string{"7sk/9/7PP/9/9/9/9/9/9 b GS 1"}, 1, o, func(it BatchItem) {
			t.Errorf("emitted %+v with bad options", it)
		})
		if err == nil {
			t.Errorf("options %+v: no error", o.Options)
		}
	}
}

// TestSolveManyCancel: a cancelled batch returns ctx's error, emits no
// interrupted answer and nothing after it returned.
func TestSolveManyCancel(t *testing.T) {
	problems := slices.Repeat([]string{"7sk/9/7PP/9/9/9/9/9/9 b GS 1"}, 2000)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	returned := false
	err := SolveMany(ctx, problems, 2, BatchOptions{Options: Options{HashMB: 8}, KeepDuplicates: true}, func(it BatchItem) {
		if returned {
			t.Error("emitted after SolveMany returned")
		}
		if it.Err != nil || it.Result.Kind != Mate {
			t.Errorf("problem %d: %v %v: an interrupted search was emitted", it.Index, it.Result.Kind, it.Err)
		}
		if n++; n == 3 {
			cancel()
		}
	})
	returned = true
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if n >= len(problems) {
		t.Fatalf("all %d problems were emitted after the cancel", n)
	}
}

// TestSolveManyCancelLong cancels a search that cannot finish in time:
// its Unknown answer must not be emitted.
func TestSolveManyCancelLong(t *testing.T) {
	long := ""
	if fh, err := os.Open(filepath.Join(sharedDir(t), "famous_long.tsv")); err == nil {
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			if line := sc.Text(); !strings.HasPrefix(line, "#") {
				long = strings.Split(line, "\t")[0] // Microcosmos, 1525 plies
				break
			}
		}
		fh.Close()
	}
	if long == "" {
		t.Skip("no long problem in ../shared")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	got, err := collectBatch(t, ctx, []string{long, "7sk/9/7PP/9/9/9/9/9/9 b GS 1"}, 2, BatchOptions{Options: Options{HashMB: 16}})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want the context's deadline", err)
	}
	if it, ok := got[0]; ok {
		t.Fatalf("the interrupted search was emitted: %v %v", it.Result.Kind, it.Err)
	}
}

// TestSolveManySerialEqualsParallel: the short shared sets give the same
// answers, lines and node counts on one worker and on three (each problem
// starts from a cleared table).
func TestSolveManySerialEqualsParallel(t *testing.T) {
	dir := sharedDir(t)
	for _, f := range []string{"antma_tsume_1to9.tsv", "yaneuraou5m_heads_mate3_5_7.tsv"} {
		problems, rules := readBatchSet(t, filepath.Join(dir, f))
		o := BatchOptions{Options: Options{Rules: rules, HashMB: 16, TimeLimit: 30 * time.Second}}
		serial, err := collectBatch(t, context.Background(), problems, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		parallel, err := collectBatch(t, context.Background(), problems, 3, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(serial) != len(problems) || len(parallel) != len(problems) {
			t.Fatalf("%s: %d serial, %d parallel items for %d problems", f, len(serial), len(parallel), len(problems))
		}
		for i := range problems {
			a, b := serial[i], parallel[i]
			if a.Err != nil || b.Err != nil {
				t.Errorf("%s problem %d: %v / %v", f, i, a.Err, b.Err)
				continue
			}
			if a.Result.Kind != b.Result.Kind || !slices.Equal(a.Result.USI, b.Result.USI) || a.Result.Nodes() != b.Result.Nodes() ||
				a.Result.Minimal != b.Result.Minimal || a.Result.Verified != b.Result.Verified {
				t.Errorf("%s problem %d: serial %v %v (%d nodes), parallel %v %v (%d nodes)", f, i,
					a.Result.Kind, a.Result.USI, a.Result.Nodes(), b.Result.Kind, b.Result.USI, b.Result.Nodes())
			}
		}
	}
}

// readBatchSet reads a shared problem file's SFENs and its rules.
func readBatchSet(t *testing.T, path string) ([]string, Rules) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Skipf("%v", err)
	}
	defer fh.Close()
	rules := Tsume
	var problems []string
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			if strings.Contains(line, "real-game") {
				rules = MateSearch
			}
			continue
		}
		if s := strings.TrimSpace(strings.Split(line, "\t")[0]); s != "" {
			problems = append(problems, s)
		}
	}
	return problems, rules
}
