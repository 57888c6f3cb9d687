package mate

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/tsume-solver/tsume/shogi"
)

// BatchOptions configure SolveMany.
type BatchOptions struct {
	// Options apply to every problem. Options.HashMB is the table size of
	// each worker (0: DefaultHashMB), so the batch uses about
	// workers × HashMB MiB. Options.Progress, if set, is called from the
	// workers' goroutines, several at a time.
	Options
	// KeepTables keeps each worker's tables from one problem to the next.
	// By default a worker clears them first (a generation step, not a
	// rewrite of the table), so that an answer, its line and its node
	// counts do not depend on which problems the same worker solved
	// before: a batch on N workers gives what a serial run gives.
	KeepTables bool
	// KeepDuplicates solves every problem even when an earlier one is the
	// same question (benchmarks that repeat a set); by default a
	// duplicate is answered from its first occurrence.
	KeepDuplicates bool
}

// BatchItem is the outcome of one problem of SolveMany.
type BatchItem struct {
	// Index is the problem's index in the slice given to SolveMany.
	Index int
	// Position is the parsed problem (nil when Err is a parse error). It
	// belongs to the receiver.
	Position *shogi.Position
	// Result is the answer; meaningful only when Err is nil.
	Result Result
	// Err says why the problem could not be solved: a malformed SFEN, an
	// illegal position, a position the solver refuses (no defender king,
	// ...). It names the problem's index.
	Err error
	// DuplicateOf is the index of the earlier problem that asked the same
	// question, whose Result this is, or -1 when the problem was solved
	// itself.
	DuplicateOf int
}

// SolveMany solves problems on workers goroutines (0: GOMAXPROCS), each
// with its own Solver of o.HashMB MiB reused for all the problems it
// takes. Each problem is a bare SFEN, "sfen …", "startpos" or
// "position … moves …".
//
// emit receives one BatchItem per problem as it finishes, in any order;
// the calls come one at a time from the calling goroutine, so emit needs
// no lock, and a slow emit holds the workers back by at most one problem
// each. A bad problem is reported in its item's Err and the batch goes on.
// Problems that ask the same question (the same position once the
// solver's own normalisation is applied: move number dropped, the
// defender's hand filled in under tsume rules; the options are the
// batch's) are solved once: the first is solved, the others are emitted
// with its Result and DuplicateOf set, right after it (see
// BatchOptions.KeepDuplicates).
//
// When ctx ends, the running searches stop; their (interrupted) answers
// and the problems not yet started are not emitted, so what was emitted
// is exactly what a later run need not repeat, and SolveMany returns
// ctx's error. It returns an error without emitting anything when the
// options are bad or a worker's tables cannot be allocated.
func SolveMany(ctx context.Context, problems []string, workers int, o BatchOptions, emit func(BatchItem)) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := o.validate(); err != nil {
		return err
	}
	hashMB := o.HashMB
	if hashMB == 0 {
		hashMB = DefaultHashMB
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}

	// Parse every problem first: bad ones are reported at once, and the
	// questions' keys find the duplicates. Only the keys of first
	// occurrences are kept; positions are parsed again by the worker so
	// that a large batch does not hold every position at once.
	var bad []BatchItem
	var todo []int            // indices to solve, in input order
	dups := map[int][]int{}   // first occurrence -> later duplicates
	first := map[string]int{} // question key -> first occurrence
	for i, s := range problems {
		_, key, err := batchQuestion(s, &o.Options)
		if err != nil {
			bad = append(bad, BatchItem{Index: i, Err: fmt.Errorf("problem %d: %w", i, err), DuplicateOf: -1})
			continue
		}
		if !o.KeepDuplicates {
			if j, ok := first[key]; ok {
				dups[j] = append(dups[j], i)
				continue
			}
			first[key] = i
		}
		todo = append(todo, i)
	}
	first = nil

	workers = min(workers, len(todo))
	solvers := make([]*Solver, 0, workers)
	defer func() {
		for _, s := range solvers {
			s.Close()
		}
	}()
	for range workers {
		s, err := NewSolver(hashMB)
		if err != nil {
			return fmt.Errorf("mate: worker %d of %d: %w", len(solvers)+1, workers, err)
		}
		solvers = append(solvers, s)
	}

	emitted := 0
	for _, it := range bad {
		emit(it)
		emitted++
	}

	jobs := make(chan int)
	done := make(chan BatchItem, workers)
	go func() {
		defer close(jobs)
		for _, i := range todo {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for _, s := range solvers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				it, ok := solveBatchOne(ctx, s, problems[i], i, &o)
				if !ok {
					continue // interrupted by ctx: not an answer
				}
				done <- it
			}
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()

	for it := range done {
		emit(it)
		emitted++
		for _, j := range dups[it.Index] {
			d := BatchItem{Index: j, Result: it.Result, Err: it.Err, DuplicateOf: it.Index}
			// Parsed again for the duplicate's own text (its move number,
			// its last move); it parsed once already, so this cannot fail.
			d.Position, _, _ = batchQuestion(problems[j], &o.Options)
			if d.Err != nil {
				d.Err = fmt.Errorf("problem %d (same question as problem %d): %w", j, it.Index, errors.Unwrap(d.Err))
			}
			emit(d)
			emitted++
		}
	}
	if emitted < len(problems) {
		if err := ctx.Err(); err != nil {
			return err
		}
		return fmt.Errorf("mate: %d of %d problems were not answered", len(problems)-emitted, len(problems))
	}
	return nil
}

// solveBatchOne solves problem i on s; ok is false when ctx ended the
// search (the answer is then no answer).
func solveBatchOne(ctx context.Context, s *Solver, problem string, i int, o *BatchOptions) (BatchItem, bool) {
	it := BatchItem{Index: i, DuplicateOf: -1}
	pos, err := parseBatchProblem(problem)
	if err != nil {
		it.Err = fmt.Errorf("problem %d: %w", i, err)
		return it, true
	}
	it.Position = pos
	if !o.KeepTables {
		s.Clear()
	}
	r, err := s.Solve(ctx, pos, o.Options)
	if ctx.Err() != nil {
		return it, false
	}
	if err != nil {
		it.Err = fmt.Errorf("problem %d: %w", i, err)
		return it, true
	}
	it.Result = r
	return it, true
}

// parseBatchProblem parses one problem's text.
func parseBatchProblem(s string) (*shogi.Position, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, errors.New("empty problem")
	}
	return shogi.ParseSFEN(s)
}

// batchQuestion parses a problem and returns its question key: the
// position the search starts from (after the solver's own preparation,
// which fills the defender's hand under tsume rules) without its move
// number. Nothing before the root affects an answer (a repetition counts
// only along the solution), so problems given with different move
// histories that reach the same position ask the same question.
func batchQuestion(s string, o *Options) (*shogi.Position, string, error) {
	pos, err := parseBatchProblem(s)
	if err != nil {
		return nil, "", err
	}
	oc := *o // prepare may set DefenderToMove (AutoDefender)
	p, attacker, err := prepare(pos, &oc)
	if err != nil {
		return nil, "", err
	}
	f := strings.Fields(p.SFEN())
	if len(f) > 3 {
		f = f[:3]
	}
	return pos, strings.Join(f, " ") + " " + attacker.String(), nil
}

// QuestionKey returns the key SolveMany uses to find duplicate problems:
// two problems with the same key under the same options ask the same
// question and have the same answer. It is an error when the problem
// cannot be parsed or the solver would refuse it. Front ends that resume
// a batch use it to answer a new problem from a record already written.
func QuestionKey(problem string, o Options) (string, error) {
	_, key, err := batchQuestion(problem, &o)
	return key, err
}
