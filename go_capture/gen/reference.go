package gen

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/go_capture/reading"
	"github.com/tsume-solver/tsume/go_capture/suite"
)

// Unknown is the code of an undecided search.
const Unknown = -1

// Classes of a question, from GNU Go's code, our default configuration's
// code and the reference.
const (
	ClassAgree     = "all agree"
	ClassWeWrong   = "we are wrong (GNU Go right)"
	ClassGNUWrong  = "GNU Go is wrong (we are right)"
	ClassBothWrong = "both wrong"
	ClassDisputed  = "disputed (no reference)"
	ClassBug       = "bug: df-pn and brute force disagree"
)

// Verdict is what the reference searches say about one question.
type Verdict struct {
	// Deep and Brute are the codes of the deep df-pn search over our game
	// (its candidate move sets) and of the deep df-pn search over every
	// legal move (strategy brute-force), Unknown when undecided.
	Deep, Brute int
	// Horizon reports that BruteForce (reading/brute.go) captured the
	// target within its horizon, both sides bound by the simple ko ban:
	// a proof of capture (codes 1 or 2 for an attack, 0 or 3 for a
	// defence, in the deep game as well).
	Horizon bool
}

// Source names the searches a reference rests on: "both" deep
// searches, "dfpn" or "brute force" alone (the other undecided), or ""
// when there is none.
func (v Verdict) Source(command string) string {
	if ref, _ := v.Reference(command); ref == Unknown {
		return ""
	}
	switch {
	case v.Deep != Unknown && v.Brute != Unknown:
		return "both"
	case v.Deep != Unknown:
		return "dfpn"
	}
	return "brute force"
}

// Reference returns the reference code (Unknown when there is none) and
// whether the searches contradict each other (a bug).
func (v Verdict) Reference(command string) (ref int, bug bool) {
	if v.Deep != Unknown && v.Brute != Unknown && v.Deep != v.Brute {
		return Unknown, true
	}
	if v.Horizon {
		for _, c := range []int{v.Deep, v.Brute} {
			if c == Unknown {
				continue
			}
			if command == "attack" && c != reading.Win && c != reading.KoA {
				return Unknown, true
			}
			if command == "defend" && c != reading.Fail && c != reading.KoB {
				return Unknown, true
			}
		}
	}
	switch {
	case v.Brute != Unknown:
		return v.Brute, false
	case v.Deep != Unknown:
		return v.Deep, false
	}
	return Unknown, false
}

// Classify names the class of a question: ours and gnugo are the codes
// of our default configuration (Unknown when undecided) and of GNU Go.
func Classify(command string, ours, gnugo int, v Verdict) string {
	ref, bug := v.Reference(command)
	switch {
	case bug:
		return ClassBug
	case ref == Unknown:
		return ClassDisputed
	case ours == ref && gnugo == ref:
		return ClassAgree
	case gnugo == ref:
		return ClassWeWrong
	case ours == ref:
		return ClassGNUWrong
	}
	return ClassBothWrong
}

// ReplyCode is the code of a GTP attack/defend reply ("1 E5": 1).
func ReplyCode(reply string) (int, error) {
	code, _, _ := strings.Cut(strings.TrimSpace(reply), " ")
	c, err := strconv.Atoi(code)
	if err != nil || c < 0 || c > 3 {
		return 0, fmt.Errorf("gen: reply %q has no code 0..3", reply)
	}
	return c, nil
}

// RefConfig says how the reference is searched.
type RefConfig struct {
	// Default is our default configuration, the one measured.
	Default reading.Options
	// Deep is the deep search over our game; Brute is Deep with every
	// legal move (Widening "brute-force" is set by Reference).
	Deep reading.Options
	// BruteSafeLibs and Horizon configure reading.BruteForce (Horizon 0:
	// not run).
	Horizon, BruteSafeLibs int
	// GNUGo, if set, is run on every question to time it.
	GNUGo string
}

// Outcome is the verdict on one question.
type Outcome struct {
	Test        *suite.Test
	Ours        int
	OursReply   string
	OursStats   reading.Stats
	GNUGo       int
	GNUGoTime   time.Duration
	GNUGoReply  string // the reply of the timing run, "" when not run
	Verdict     Verdict
	Ref         int
	Class       string
	DeepStats   reading.Stats
	BruteStats  reading.Stats
	HorizonTime time.Duration
}

// Reference answers every test with the default configuration, the deep
// searches and the horizon brute force, and classifies it; each, if not
// nil, is called after each question.
func Reference(ctx context.Context, tests []suite.Test, cfg RefConfig, each func(*Outcome)) ([]Outcome, error) {
	ours, err := reading.NewSolver(cfg.Default)
	if err != nil {
		return nil, err
	}
	defer ours.Close()
	deep, err := reading.NewSolver(cfg.Deep)
	if err != nil {
		return nil, err
	}
	defer deep.Close()
	bo := cfg.Deep
	bo.Widening = "brute-force"
	brute, err := reading.NewSolver(bo)
	if err != nil {
		return nil, err
	}
	defer brute.Close()
	var gg *Engine
	if cfg.GNUGo != "" {
		if gg, err = StartEngine(cfg.GNUGo, "--mode", "gtp", "--seed", gnugoSeed); err != nil {
			return nil, err
		}
		defer gg.Close()
	}
	out := make([]Outcome, 0, len(tests))
	for i := range tests {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		t := &tests[i]
		b, target, err := t.Position()
		if err != nil {
			return out, err
		}
		mode := reading.Attack
		if t.Command == "defend" {
			mode = reading.Defend
		}
		o := Outcome{Test: t}
		if o.GNUGo, err = ReplyCode(t.GNUGo); err != nil {
			return out, fmt.Errorf("test %d: %v", t.ID, err)
		}
		code := func(v *reading.Solver, st *reading.Stats) (int, string, error) {
			r, err := v.Solve(ctx, b, target, mode)
			if err != nil {
				return 0, "", err
			}
			*st = r.Stats
			if !r.Decided() {
				return Unknown, "unknown", nil
			}
			reply, err := r.GTP(b.Size())
			return r.Code, reply, err
		}
		if o.Ours, o.OursReply, err = code(ours, &o.OursStats); err != nil {
			return out, err
		}
		if o.Verdict.Deep, _, err = code(deep, &o.DeepStats); err != nil {
			return out, err
		}
		if o.Verdict.Brute, _, err = code(brute, &o.BruteStats); err != nil {
			return out, err
		}
		if cfg.Horizon > 0 {
			start := time.Now()
			capt, _, err := reading.BruteForce(b, target, mode, cfg.Horizon, cfg.BruteSafeLibs)
			if err != nil {
				return out, err
			}
			o.HorizonTime = time.Since(start)
			// Attack: captured within the horizon. Defend: every owner
			// move loses within it.
			o.Verdict.Horizon = capt
		}
		o.Ref, _ = o.Verdict.Reference(t.Command)
		o.Class = Classify(t.Command, o.Ours, o.GNUGo, o.Verdict)
		if gg != nil {
			if o.GNUGoReply, o.GNUGoTime, err = timeGNUGo(gg, t, b.Size()); err != nil {
				return out, err
			}
		}
		out = append(out, o)
		if each != nil {
			each(&out[len(out)-1])
		}
	}
	return out, nil
}

// AskGNUGo sets up a test's position in a running GNU Go as
// suite.Test.Position does for us (the position file with loadsgf, then
// the setup moves, a play onto a stone of the same colour skipped) and
// times its answer to the test's question alone.
func AskGNUGo(e *Engine, t *suite.Test) (string, time.Duration, error) {
	b, _, err := t.Position()
	if err != nil {
		return "", 0, err
	}
	return timeGNUGo(e, t, b.Size())
}

// timeGNUGo is AskGNUGo on a board of the given size.
func timeGNUGo(e *Engine, t *suite.Test, size int) (string, time.Duration, error) {
	var b *board.Board
	if t.PositionSGF != "" {
		text, err := os.ReadFile(t.PositionSGF)
		if err != nil {
			return "", 0, err
		}
		if b, _, err = board.ParseSGF(string(text), 0); err != nil {
			return "", 0, fmt.Errorf("test %d: %v", t.ID, err)
		}
		abs, err := filepath.Abs(t.PositionSGF)
		if err != nil {
			return "", 0, err
		}
		if _, err := e.Cmd("loadsgf %s", abs); err != nil {
			return "", 0, err
		}
	} else {
		if _, err := e.Cmd("boardsize %d", size); err != nil {
			return "", 0, err
		}
		if _, err := e.Cmd("clear_board"); err != nil {
			return "", 0, err
		}
	}
	for _, m := range t.SetupMoves {
		if len(m) != 3 {
			return "", 0, fmt.Errorf("test %d: setup move %v: want [kind, colour, vertex]", t.ID, m)
		}
		if b != nil {
			c, err := board.ParseColor(m[1])
			if err != nil {
				return "", 0, fmt.Errorf("test %d: %v", t.ID, err)
			}
			p, err := board.ParseVertex(m[2], b.Size())
			if err != nil {
				return "", 0, fmt.Errorf("test %d: %v", t.ID, err)
			}
			if m[0] == "play" && p >= 0 && b.At(p) == c {
				continue
			}
			if err := b.Play(p, c); err != nil {
				return "", 0, fmt.Errorf("test %d: setup %s %s: %v", t.ID, m[1], m[2], err)
			}
		}
		if _, err := e.Cmd("play %s %s", m[1], m[2]); err != nil {
			return "", 0, fmt.Errorf("test %d: %v", t.ID, err)
		}
	}
	start := time.Now()
	reply, err := e.Cmd("%s %s", t.Command, t.Args[0])
	return reply, time.Since(start), err
}

// GTPScript is the GTP session that sets up a test's position and asks
// its question, for reports.
func GTPScript(t *suite.Test, size int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "boardsize %d\nclear_board\n", size)
	for _, m := range t.SetupMoves {
		if len(m) == 3 {
			fmt.Fprintf(&sb, "play %s %s\n", m[1], m[2])
		}
	}
	fmt.Fprintf(&sb, "%s %s\n", t.Command, t.Args[0])
	return sb.String()
}

// SGF is the test's position as an SGF game record (the moves in order,
// so the ko ban is kept).
func SGF(t *suite.Test, size int) (string, error) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "(;GM[1]FF[4]SZ[%d]", size)
	for _, m := range t.SetupMoves {
		if len(m) != 3 {
			continue
		}
		c, err := board.ParseColor(m[1])
		if err != nil {
			return "", err
		}
		p, err := board.ParseVertex(m[2], size)
		if err != nil {
			return "", err
		}
		x, y := int(p)%size, size-1-int(p)/size
		tag := "B"
		if c == board.White {
			tag = "W"
		}
		fmt.Fprintf(&sb, ";%s[%c%c]", tag, 'a'+x, 'a'+y)
	}
	sb.WriteString(")")
	return sb.String(), nil
}
