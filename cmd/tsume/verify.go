package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/tsume-solver/tsume/shogi/mate"
)

func init() {
	register("verify", "check a mating line (e.g. another engine's) with the independent verifier", runVerify)
}

// Exit statuses of verify beyond exitOK (the line is a verified mate) and
// exitBadInput: a line shown wrong, and a line the budget did not settle,
// are different answers to a caller comparing engines.
const (
	exitRejected  = 3
	exitUnsettled = 4
)

// verifyJSON is verify's --json output.
type verifyJSON struct {
	SFEN   string `json:"sfen"`
	Rules  string `json:"rules"`
	Length int    `json:"length"`
	// Verdict is "verified", "rejected" (a move is illegal or not a check,
	// the end is not mate, or a defence escapes) or "unsettled" (the budget
	// ran out before every defence was shown mated in time).
	Verdict      string            `json:"verdict"`
	Verification mate.Verification `json:"verification"`
}

// runVerify implements `tsume verify --sfen SFEN [--moves M] --line "m1 m2 ..."`:
// the line's attacker moves must all be checks, its end mate, and every
// defender alternative along it mated within the plies that remain, which
// is how a mate in N is defined (the defender's best play). An engine's
// principal variation that lets the defender play a shorter defence than
// its best is rejected or unsettled, never verified.
func runVerify(args []string, rawStdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sfen := fs.String("sfen", "", "position: bare SFEN, \"startpos\" or \"position ... moves ...\" (the attacker to move unless --defender)")
	moves := fs.String("moves", "", "USI moves played from the position before the line")
	lineText := fs.String("line", "", "the mating line, USI moves separated by spaces")
	rulesText := fs.String("rules", "tsume", "rules: tsume (composers' rules) or mate (engine mate search)")
	altNodes := fs.Uint64("alt-nodes", mate.DefaultVerifyAltNodes, "verifier nodes for each defender alternative")
	nodes := fs.Uint64("nodes", mate.DefaultVerifyNodes, "verifier nodes in all")
	asJSON := fs.Bool("json", false, "print the verdict as JSON")
	var defender defenderFlag
	fs.Var(&defender, "defender", "the side to move defends (the line starts with its reply); auto: only when it is in check")
	if err := fs.Parse(joinDefenderValue(args)); err != nil {
		return exitBadInput
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "verify: unexpected argument %q\n", fs.Arg(0))
		return exitBadInput
	}
	if *sfen == "" || strings.TrimSpace(*lineText) == "" {
		fmt.Fprintln(stderr, "verify: --sfen and --line are required")
		return exitBadInput
	}
	if *altNodes == 0 || *nodes == 0 {
		fmt.Fprintln(stderr, "verify: --alt-nodes and --nodes must be positive")
		return exitBadInput
	}
	rules, err := mate.ParseRules(*rulesText)
	if err != nil {
		fmt.Fprintf(stderr, "verify: --rules: %v\n", err)
		return exitBadInput
	}
	pos, err := parseProblem(*sfen, *moves)
	if err != nil {
		fmt.Fprintf(stderr, "verify: %v\n", err)
		return exitBadInput
	}
	o := mate.Options{Rules: rules, DefenderToMove: defender.on, AutoDefender: defender.auto}
	line := strings.Fields(*lineText)
	v, err := mate.CheckLine(pos, o, line, *altNodes, *nodes)
	if err != nil {
		fmt.Fprintf(stderr, "verify: %v\n", err)
		return exitBadInput
	}
	verdict, code := v.Verdict(), exitOK
	switch verdict {
	case "rejected":
		code = exitRejected
	case "unsettled":
		code = exitUnsettled
	}
	stdout := &errWriter{w: rawStdout}
	if *asJSON {
		b, _ := json.Marshal(verifyJSON{SFEN: pos.SFEN(), Rules: rules.String(), Length: len(line), Verdict: verdict, Verification: v})
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		switch verdict {
		case "verified":
			fmt.Fprintf(stdout, "verified: mate in %d: %s\n", len(line), strings.TrimPrefix(verifiedText(v), "verified: "))
		case "unsettled":
			fmt.Fprintf(stdout, "unsettled: %s (%d refuted; raise --alt-nodes/--nodes)\n", v.Problem, v.Refuted)
		default:
			fmt.Fprintf(stdout, "rejected: %s\n", v.Problem)
		}
	}
	if stdout.err != nil {
		fmt.Fprintf(stderr, "verify: writing the output: %v\n", stdout.err)
		return exitFailure
	}
	return code
}
