// Package reading answers the capture game of Go: can the string at a
// point be captured (the attacker moving first) or saved (its owner
// moving first), with which move, and is the answer clean or only by ko.
//
// The game is Cazenave's: the game-definition functions gi1..gi3
// (capture in 1..3 attacker moves) answer at OR nodes and ip1..ip3 (their
// forced defences) give the owner's moves at AND nodes, with a
// quiescence search that reads ladders. Three algorithms play it: the
// core's df-pn (DefaultAlgorithm, the strongest) and PN* through the
// adapter in game.go, and Cazenave's Abstract Proof Search with
// iterative widening, an iterative-deepening null-window search with a
// transposition table and the history heuristic.
//
// # What "saved" means
//
// Every algorithm here uses one definition, so their answers compare.
// The attacker wins when the target string is removed from the board,
// except that a single stone taken into a snapback (the capturing
// string of two or more stones left with the stone's point as its only
// liberty, the owner's recapture there having more) is not captured:
// the owner's recapture is its next move, as in GNU Go's reading.
// The owner wins ("saved") when
//
//   - the string has at least Options.SafeLibs liberties (default 5, as
//     GNU Go treats five liberties as safe), or
//   - the owner is to move and the attacker could not capture the string
//     in 1, 2 or 3 attacker moves even if the owner passed (none of ip1,
//     ip2, ip3 holds): there is no capture threat within the horizon of
//     the game-definition functions.
//
// A search that ends before deciding (depth, node or time limits)
// reports "unknown".
package reading

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Mode says who moves first.
type Mode int

const (
	// Attack asks whether the attacker, moving first, captures.
	Attack Mode = iota
	// Defend asks whether the owner, moving first, saves the string.
	Defend
)

// String returns "attack" or "defend".
func (m Mode) String() string {
	if m == Defend {
		return "defend"
	}
	return "attack"
}

// Algorithms accepted in Options.Algorithm.
const (
	AlgoAPS    = "aps"    // Abstract Proof Search with iterative widening
	AlgoDFPN   = "dfpn"   // the core's df-pn over the same game
	AlgoPNStar = "pnstar" // the core's PN* over the same game
	AlgoCStar  = "cstar"  // the core's C* (Seo 1995) over the same game
)

// DefaultAlgorithm is the algorithm of Options whose Algorithm is empty:
// df-pn (with TCA and the 1+ε trick), the strongest here. On GNU Go's
// reading suite (234 tests, 1 000 000 board plays per question) it
// answers more tests than PN* and APS with less than half their plays
// (see go_capture/README.md). Front ends that leave the algorithm unset
// follow it.
const DefaultAlgorithm = AlgoDFPN

// Options tune a search. The zero value is valid: DefaultAlgorithm
// (df-pn), strategy OR2-2AND1-2, SafeLibs 5, the default limits.
type Options struct {
	// Algorithm is "dfpn" (DefaultAlgorithm, also when empty), "pnstar"
	// or "aps" (Abstract Proof Search, the only one that widens the
	// owner's moves too).
	Algorithm string
	// Widening is a strategy name ("OR2-2AND1-2") or number ("3");
	// empty means DefaultStrategy.
	Widening string
	// SafeLibs is the liberty count at which a string is saved (default
	// 5; at least 2).
	SafeLibs int
	// MaxDepth bounds iterative deepening, in plies (default 40).
	MaxDepth int
	// Nodes bounds the nodes of the whole question, every ko pass and the
	// attacker-first search of a defence included (APS: nodes of the
	// search tree; df-pn and PN*: expanded nodes). 0 means DefaultNodes,
	// so that a question without a time limit still ends; pass
	// math.MaxInt64 for no limit.
	Nodes int64
	// TimeLimit bounds the wall time of the whole question (0: no limit
	// besides Nodes). With Plays set it only guards the question: the
	// work is that without it unless it fires (the answer is then
	// unknown). Without Plays, df-pn and PN* also give a defence's
	// attacker-first search a quarter of it, so the work depends on the
	// machine's speed.
	TimeLimit time.Duration
	// Plays bounds the board plays of the whole question, every ko pass,
	// the attacker-first search and the game-definition and quiescence
	// searches included (0: no limit). Unlike TimeLimit it is an effort
	// budget that gives the same answer on any machine and under any
	// load; unlike Nodes it measures the work, since one df-pn expansion
	// costs from a few plays to tens of thousands. A question stopped by
	// it is unknown. A Solver reused across questions does the same work
	// as a fresh one.
	Plays int64
	// Progress, if set, reports the search's progress (see Progress).
	// A pointer, so that Options stay comparable with ==.
	Progress *Progress
	// Superko makes positional superko part of the rules. Legality then
	// depends on the positions played before: APS's table keeps only
	// move hints, and df-pn and PN* key each position with the set of
	// positions played since the question began (board.HistoryKey), so
	// no result passes from one history to another.
	Superko bool
	// TableBits sets the transposition table to 2^TableBits entries
	// (default 18).
	TableBits int
	// FreshStepTable makes APS start every widening step with a table
	// that holds nothing of the earlier steps (the steps of one question
	// otherwise share it: a won entry holds at every step, a lost one at
	// no wider step). Only for measuring what the shared table is worth
	// (Cazenave's Table 6); answers do not change, only the work.
	FreshStepTable bool
	// eagerTerminal makes df-pn, PN* and C* value every child in full
	// when its parent is expanded, as without the core's DeferredTerminal
	// hook (tests compare the answers).
	eagerTerminal bool
	// passesInOrder makes df-pn, PN* and C* search the ko passes in the
	// order 1, 2, 3, each after a failure of the one before, rather than
	// skipping pass 2 when pass 3 fails (tests compare the answers).
	passesInOrder bool
	// noFirstDefence makes df-pn, PN* and C* ask the attacker-first
	// question of an unthreatened string before trying the first move
	// of the defence order (firstDefence; tests compare).
	noFirstDefence bool
	// noOpenSpace turns off the open-space rules (open.go: an
	// extension to SafeLibs liberties saves; tests compare).
	noOpenSpace bool
	// testedForced makes df-pn and PN* list an AND node's forced moves
	// with a gi search after every candidate (ip) rather than offer the
	// candidates the gi cache cannot answer for untested (offered;
	// tests compare).
	testedForced bool
	// noPassOneHint makes df-pn, PN* and C* start pass 3 from an empty
	// table instead of estimating its positions by what pass 1 found
	// (passOneHint; tests compare).
	noPassOneHint bool
	// noPassTwoHint makes df-pn start pass 2 from an empty table instead
	// of estimating its positions by what pass 3 found (tests compare).
	noPassTwoHint bool
	// onlyPass (1, 2 or 3) makes df-pn, PN* and C* search that ko pass
	// alone, whatever the passes before it found (tests compare the
	// passes).
	onlyPass int8
}

// Progress is a progress hook: Func is called on the searching
// goroutine at least every Every (0: 1 s) while a question is searched,
// with the nodes searched so far (never decreasing; for df-pn and PN*
// the expansions counted by the adapter) and the time since the
// question began. Func must not call back into the Solver; to stop the
// search, cancel the context given to Solve.
type Progress struct {
	Every time.Duration
	Func  func(nodes uint64, elapsed time.Duration)
}

// DefaultNodes is the node limit when Options.Nodes is 0.
const DefaultNodes = 200000

// normalize fills defaults and checks every field.
func (o Options) normalize() (Options, Strategy, error) {
	if o.Algorithm == "" {
		o.Algorithm = DefaultAlgorithm
	}
	switch o.Algorithm {
	case AlgoAPS, AlgoDFPN, AlgoPNStar, AlgoCStar:
	default:
		return o, Strategy{}, fmt.Errorf("reading: unknown algorithm %q (want aps, dfpn, pnstar or cstar)", o.Algorithm)
	}
	st, err := ParseStrategy(o.Widening)
	if err != nil {
		return o, Strategy{}, err
	}
	if o.SafeLibs == 0 {
		o.SafeLibs = 5
	}
	if o.SafeLibs < 2 {
		return o, st, fmt.Errorf("reading: SafeLibs %d: a string must need at least 2 liberties to be safe", o.SafeLibs)
	}
	if o.MaxDepth == 0 {
		o.MaxDepth = 40
	}
	if o.MaxDepth < 1 || o.MaxDepth > maxPly/2 {
		return o, st, fmt.Errorf("reading: MaxDepth %d is outside 1..%d", o.MaxDepth, maxPly/2)
	}
	if o.Nodes == 0 {
		o.Nodes = DefaultNodes
	}
	if o.Nodes < 0 {
		return o, st, fmt.Errorf("reading: node limit %d is negative", o.Nodes)
	}
	if o.Plays < 0 {
		return o, st, fmt.Errorf("reading: play limit %d is negative", o.Plays)
	}
	if o.TimeLimit < 0 {
		return o, st, fmt.Errorf("reading: time limit %v is negative", o.TimeLimit)
	}
	if o.Progress != nil && o.Progress.Every < 0 {
		return o, st, fmt.Errorf("reading: progress interval %v is negative", o.Progress.Every)
	}
	if o.TableBits == 0 {
		o.TableBits = 18
	}
	if o.TableBits < 8 || o.TableBits > 28 {
		return o, st, fmt.Errorf("reading: TableBits %d is outside 8..28", o.TableBits)
	}
	return o, st, nil
}

// Step is one widening step: the OR move set (1: liberties of the
// target; 2: OR2; 3: every legal move) and the AND game functions used
// (1: ip1 and ip2; 2: ip1, ip2 and ip3; 3: every legal move).
type Step struct {
	OR, AND int
}

// Strategy is an ordered list of widening steps, the last being the
// widest.
type Strategy struct {
	Number int
	Name   string
	Steps  []Step
}

// Strategies are the nine widening strategies of Cazenave's "Iterative
// Widening" (IJCAI 2001), in the paper's order.
var Strategies = []Strategy{
	{1, "OR2-2AND2-2", []Step{{2, 2}}},
	{2, "OR1-2AND2-2", []Step{{1, 2}, {2, 2}}},
	{3, "OR2-2AND1-2", []Step{{2, 1}, {2, 2}}},
	{4, "AND1-2OR1-2", []Step{{1, 1}, {1, 2}, {2, 2}}},
	{5, "OR1-2AND1-2", []Step{{1, 1}, {2, 1}, {2, 2}}},
	{6, "ORAND1-2", []Step{{1, 1}, {2, 2}}},
	{7, "OR1-2ANDOR1-2", []Step{{1, 1}, {2, 1}, {1, 2}, {2, 2}}},
	{8, "ORAND1-2AND1-2", []Step{{1, 1}, {1, 2}, {2, 1}, {2, 2}}},
	{9, "brute-force", []Step{{3, 3}}},
}

// DefaultStrategy is the paper's recommended OR2-2AND1-2 (number 3).
const DefaultStrategy = "OR2-2AND1-2"

// ParseStrategy finds a strategy by name (case-insensitive) or number.
func ParseStrategy(s string) (Strategy, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		s = DefaultStrategy
	}
	if n, err := strconv.Atoi(s); err == nil {
		if n < 1 || n > len(Strategies) {
			return Strategy{}, fmt.Errorf("reading: widening strategy %d is outside 1..%d", n, len(Strategies))
		}
		return Strategies[n-1], nil
	}
	for _, st := range Strategies {
		if strings.EqualFold(st.Name, s) || (strings.EqualFold(s, "brute") && st.Number == 9) {
			return st, nil
		}
	}
	names := make([]string, len(Strategies))
	for i, st := range Strategies {
		names[i] = st.Name
	}
	return Strategy{}, fmt.Errorf("reading: unknown widening strategy %q (want 1..9 or one of %s)", s, strings.Join(names, ", "))
}
