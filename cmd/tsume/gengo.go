package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-solver/tsume/go_capture/gen"
	"github.com/tsume-solver/tsume/go_capture/reading"
	"github.com/tsume-solver/tsume/go_capture/suite"
)

func init() {
	register("gen-go", "generate capture questions from GNU Go self-play (seeded, reproducible)", runGenGo)
	register("ref-go", "answer a generated Go suite by deep searches and classify the disagreements with GNU Go", runRefGo)
}

// runGenGo implements `tsume gen-go`.
func runGenGo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gen-go", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		cfg          gen.Config
		first, games uint64
		out          string
	)
	fs.StringVar(&cfg.GNUGo, "gnugo", "/usr/games/gnugo", "the gnugo binary")
	fs.IntVar(&cfg.Size, "size", 9, "board size: 9, 13 or 19")
	fs.IntVar(&cfg.Level, "level", 1, "level of the GNU Go that plays (the one that answers runs at its default)")
	fs.IntVar(&cfg.RandomMoves, "random-moves", 4, "opening moves drawn from the seed")
	fs.IntVar(&cfg.MaxMoves, "max-moves", 80, "moves per game at most")
	fs.IntVar(&cfg.Every, "every", 5, "sample the position after every N-th move past the opening")
	fs.IntVar(&cfg.MaxLibs, "max-libs", 4, "most liberties of a target string")
	fs.Uint64Var(&first, "seed", 1, "first seed")
	fs.Uint64Var(&games, "games", 10, "number of games (seeds first .. first+games-1)")
	fs.StringVar(&out, "out", "", "the suite file to write (JSON lines; an empty-board SGF is written next to it)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || out == "" {
		fmt.Fprintln(stderr, "gen-go: want --out FILE and no other argument")
		return 2
	}
	seeds := make([]uint64, 0, games)
	for s := first; s < first+games; s++ {
		seeds = append(seeds, s)
	}
	n, err := gen.GenerateFile(cfg, seeds, out)
	if err != nil {
		fmt.Fprintf(stderr, "gen-go: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d questions from %d games (seeds %d..%d, %dx%d, level %d)\n",
		out, n, games, first, first+games-1, cfg.Size, cfg.Size, cfg.Level)
	return 0
}

// runRefGo implements `tsume ref-go`.
func runRefGo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ref-go", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		file, out, gg string
		cf            captureFlags
		deepPlays     int64
		deepSafe      int
		deepTime      time.Duration
		horizon       int
		list          int
		playout       int
		quiet         bool
	)
	fs.StringVar(&file, "go-suite", "", "a suite written by gen-go")
	fs.StringVar(&out, "out", "", "write the questions that have a reference here, their patterns the reference's code (a bench-go suite)")
	fs.StringVar(&gg, "gnugo", "/usr/games/gnugo", "gnugo binary to time on the same questions (empty: none)")
	cf.register(fs, 0, benchGoPlays)
	fs.Int64Var(&deepPlays, "deep-plays", 100*benchGoPlays, "the deep searches' play budget per question")
	fs.IntVar(&deepSafe, "deep-safe-libs", 6, "the deep searches' SafeLibs")
	fs.DurationVar(&deepTime, "deep-time", 20*time.Second, "wall-clock guard of each deep search (it then counts as undecided)")
	fs.IntVar(&horizon, "horizon", 3, "plies of reading.BruteForce's capture check (0: none)")
	fs.IntVar(&list, "list", 5, "print the GTP session of this many questions of each disagreeing class")
	fs.BoolVar(&quiet, "quiet", false, "no row per question")
	fs.IntVar(&playout, "playout", 0, "play out, up to this many moves, each question where GNU Go and our default disagree on success (needs --gnugo)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || file == "" {
		fmt.Fprintln(stderr, "ref-go: want --go-suite FILE and no other argument")
		return 2
	}
	tests, err := suite.Load(file)
	if err != nil {
		fmt.Fprintf(stderr, "ref-go: %v\n", err)
		return 2
	}
	cfg := gen.RefConfig{
		Default: cf.options(),
		Deep: reading.Options{Algorithm: reading.AlgoDFPN, SafeLibs: deepSafe, Plays: deepPlays,
			TimeLimit: deepTime, Nodes: 1 << 62},
		Horizon: horizon, BruteSafeLibs: deepSafe, GNUGo: gg,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if !quiet {
		fmt.Fprintf(stdout, "%5s %-6s %-4s %-7s %-7s %5s %5s %5s %3s  %s\n", "id", "cmd", "arg", "ours", "gnugo", "deep", "brute", "hor", "ref", "class")
	}
	outs, err := gen.Reference(ctx, tests, cfg, func(o *gen.Outcome) {
		if quiet {
			return
		}
		fmt.Fprintf(stdout, "%5d %-6s %-4s %-7s %-7s %5d %5d %5v %3d  %s\n", o.Test.ID, o.Test.Command, o.Test.Args[0],
			o.OursReply, o.Test.GNUGo, o.Verdict.Deep, o.Verdict.Brute, o.Verdict.Horizon, o.Ref, o.Class)
	})
	if err != nil {
		fmt.Fprintf(stderr, "ref-go: %v\n", err)
		return 1
	}
	printRefSummary(stdout, outs, cfg, list)
	if playout > 0 && gg != "" {
		if err := playOuts(ctx, stdout, outs, cfg, gg, playout); err != nil {
			fmt.Fprintf(stderr, "ref-go: %v\n", err)
			return 1
		}
	}
	if out != "" {
		if err := writeRefSuite(file, out, outs); err != nil {
			fmt.Fprintf(stderr, "ref-go: %v\n", err)
			return 1
		}
	}
	return 0
}

func printRefSummary(w io.Writer, outs []gen.Outcome, cfg gen.RefConfig, list int) {
	type key struct{ class, source string }
	classes := map[key]int{}
	var withRef, ours, theirs, both, single int
	var ourTime, ggTime, deepTime, bruteTime time.Duration
	var ourPlays int64
	var ourUnknown, deepUnknown, bruteUnknown, ggMismatch int
	for i := range outs {
		o := &outs[i]
		classes[key{o.Class, o.Verdict.Source(o.Test.Command)}]++
		ourTime += o.OursStats.Time
		ourPlays += o.OursStats.Plays
		ggTime += o.GNUGoTime
		deepTime += o.DeepStats.Time
		bruteTime += o.BruteStats.Time
		if o.Ours == gen.Unknown {
			ourUnknown++
		}
		if o.Verdict.Deep == gen.Unknown {
			deepUnknown++
		}
		if o.Verdict.Brute == gen.Unknown {
			bruteUnknown++
		}
		if o.GNUGoReply != "" && o.GNUGoReply != o.Test.GNUGo {
			ggMismatch++
		}
		if o.Ref == gen.Unknown {
			continue
		}
		withRef++
		if o.Verdict.Deep != gen.Unknown && o.Verdict.Brute != gen.Unknown {
			both++
		} else {
			single++
		}
		if o.Ours == o.Ref {
			ours++
		}
		if o.GNUGo == o.Ref {
			theirs++
		}
	}
	fmt.Fprintf(w, "\n%d questions; reference (deep df-pn %d plays, SafeLibs %d, guard %v; and the same over every legal move; BruteForce %d plies): %d (%d by both deep searches, %d by one)\n",
		len(outs), cfg.Deep.Plays, cfg.Deep.SafeLibs, cfg.Deep.TimeLimit, cfg.Horizon, withRef, both, single)
	fmt.Fprintf(w, "undecided: ours %d, deep %d, deep brute force %d\n", ourUnknown, deepUnknown, bruteUnknown)
	names := make([]key, 0, len(classes))
	for c := range classes {
		names = append(names, c)
	}
	sort.Slice(names, func(i, j int) bool {
		if names[i].class != names[j].class {
			return names[i].class < names[j].class
		}
		return names[i].source < names[j].source
	})
	fmt.Fprintf(w, "\n| class | reference from | questions |\n| --- | --- | --- |\n")
	for _, c := range names {
		src := c.source
		if src == "" {
			src = "-"
		}
		fmt.Fprintf(w, "| %s | %s | %d |\n", c.class, src, classes[c])
	}
	// GNU Go's defend answers 0 when it finds no defending move even
	// where its own attack fails too (a string that needs no defence):
	// count those among the GNU Go-wrong defences apart.
	attackOf := map[string]int{}
	for i := range outs {
		if o := &outs[i]; o.Test.Command == "attack" {
			attackOf[positionKey(o.Test)] = o.GNUGo
		}
	}
	quirk := 0
	for i := range outs {
		o := &outs[i]
		if o.Test.Command == "defend" && o.GNUGo == 0 && o.Ref != gen.Unknown && o.Ref != 0 {
			if a, ok := attackOf[positionKey(o.Test)]; ok && a == 0 {
				quirk++
			}
		}
	}
	fmt.Fprintf(w, "\nof GNU Go's disagreements, %d are a defend answered 0 where its own attack on the string is 0 too\n", quirk)
	fmt.Fprintf(w, "\nagree with the reference: ours (default, %s) %d of %d, GNU Go %d of %d\n", limits(captureFlagsOf(cfg.Default)), ours, withRef, theirs, withRef)
	fmt.Fprintf(w, "time: ours %v (%d plays), GNU Go %v (timed per question over GTP; %d replies differ from the generation run); deep %v, deep brute force %v\n",
		ourTime.Round(time.Millisecond), ourPlays, ggTime.Round(time.Millisecond), ggMismatch, deepTime.Round(time.Millisecond), bruteTime.Round(time.Millisecond))
	for _, c := range []string{gen.ClassWeWrong, gen.ClassBothWrong, gen.ClassBug, gen.ClassGNUWrong} {
		n := 0
		for i := range outs {
			o := &outs[i]
			if o.Class != c || n >= list {
				continue
			}
			n++
			size := boardSize(o.Test)
			sgf, _ := gen.SGF(o.Test, size)
			fmt.Fprintf(w, "\n%s: test %d %s %s: ours %s, GNU Go %s, deep %d, deep brute force %d, reference %d\n%s\n%s",
				c, o.Test.ID, o.Test.Command, o.Test.Args[0], o.OursReply, o.Test.GNUGo, o.Verdict.Deep, o.Verdict.Brute, o.Ref, sgf, gen.GTPScript(o.Test, size))
		}
	}
}

// captureFlagsOf is the flags' view of options, for limits().
func captureFlagsOf(o reading.Options) captureFlags {
	return captureFlags{algo: o.Algorithm, timeLimit: o.TimeLimit, nodes: o.Nodes, plays: o.Plays}
}

// boardSize loads the test's position for its size (19 when it fails,
// which Reference has already ruled out).
func boardSize(t *suite.Test) int {
	b, _, err := t.Position()
	if err != nil {
		return 19
	}
	return b.Size()
}

// writeRefSuite writes the records of in that have a reference to out,
// with the reference as their pattern and GNU Go's agreement as its pass.
func writeRefSuite(in, out string, outs []gen.Outcome) error {
	recs, err := gen.LoadRecords(in)
	if err != nil {
		return err
	}
	byID := map[int]*gen.Outcome{}
	for i := range outs {
		byID[outs[i].Test.ID] = &outs[i]
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	for i := range recs {
		r := &recs[i]
		o := byID[r.ID]
		if o == nil || o.Ref == gen.Unknown {
			continue
		}
		ref := o.Ref
		r.Ref, r.Class, r.OurReply = &ref, o.Class, o.OursReply
		r.Pattern = gen.CodePattern(strconv.Itoa(ref))
		r.GNUGoPass = o.GNUGo == ref
		if filepath.Dir(in) != filepath.Dir(out) {
			r.PositionSGF = filepath.Join(filepath.Dir(in), r.PositionSGF)
			if abs, err := filepath.Abs(r.PositionSGF); err == nil {
				r.PositionSGF = abs
			}
		}
		if err := enc.Encode(r); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// positionKey names a question's position and target, not its command.
func positionKey(t *suite.Test) string { return fmt.Sprint(t.SetupMoves, t.Args) }

// playOuts plays out every question where GNU Go's and our default's
// claims of success differ, our side played by the deep search's
// options, and counts the ends per class.
func playOuts(ctx context.Context, w io.Writer, outs []gen.Outcome, cfg gen.RefConfig, gnugo string, plies int) error {
	v, err := reading.NewSolver(cfg.Deep)
	if err != nil {
		return err
	}
	defer v.Close()
	gg, err := gen.StartEngine(gnugo, "--mode", "gtp", "--seed", "1")
	if err != nil {
		return err
	}
	defer gg.Close()
	type key struct{ class, end string }
	ends := map[key]int{}
	fmt.Fprintf(w, "\nplayed out (up to %d moves; ours: deep df-pn, SafeLibs %d):\n", plies, cfg.Deep.SafeLibs)
	for i := range outs {
		o := &outs[i]
		if o.Ours == gen.Unknown || (o.Ours > 0) == (o.GNUGo > 0) {
			continue
		}
		po, err := gen.PlayOutLine(ctx, o.Test, v, gg, o.Ours > 0, plies)
		if err != nil {
			return err
		}
		end, _, _ := strings.Cut(po.End, " (")
		ends[key{o.Class, end}]++
		fmt.Fprintf(w, "%5d %-6s %-4s ours %-7s GNU Go %-7s %s: %s\n", o.Test.ID, o.Test.Command, o.Test.Args[0], o.OursReply, o.Test.GNUGo, o.Class, po)
	}
	keys := make([]key, 0, len(ends))
	for k := range ends {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].class != keys[j].class {
			return keys[i].class < keys[j].class
		}
		return keys[i].end < keys[j].end
	})
	fmt.Fprintf(w, "\n| class | line ends | questions |\n| --- | --- | --- |\n")
	for _, k := range keys {
		fmt.Fprintf(w, "| %s | %s | %d |\n", k.class, k.end, ends[k])
	}
	return nil
}
