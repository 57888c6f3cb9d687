package core

// Key identifies a position in the transposition table.
//
// Board is a hash of everything except the domain word; Hand is an optional
// domain word (shogi: the attacker's pieces in hand, packed; the Go capture
// game: 0). Two keys with the same Board and different Hand may be compared
// with Dominance so the table can answer from a superior or inferior entry.
type Key struct {
	Board uint64
	Hand  uint32
}

// Move is a move, opaque to the core. 0 is never a valid move, so the core
// uses it as "no move".
type Move uint32

// NoMove is the zero Move: "no move known".
const NoMove Move = 0

// Side says which player's move set a widening step narrows.
type Side uint8

const (
	// NarrowNone means the step offers every move to both players.
	NarrowNone Side = 0
	// NarrowOR means the attacker's (OR) moves are narrowed: proofs found at
	// this step are sound, disproofs are not (a wider set may still prove).
	NarrowOR Side = 1
	// NarrowAND means the defender's (AND) moves are narrowed: disproofs are
	// sound; proofs are sound only if the game guarantees the narrowed set
	// contains every refutation (see Widening).
	NarrowAND Side = 2
	// NarrowBoth narrows both move sets.
	NarrowBoth = NarrowOR | NarrowAND
	// ANDComplete may be or-ed into a Side that narrows AND moves: the game
	// guarantees the narrowed defender set holds every refutation (as
	// Cazenave's ip-sets do within their horizon), so proofs stay sound.
	ANDComplete Side = 4
)

// Game is what a game gives the core. The core drives one Game value through
// Do/Undo along the search path; the Game keeps its own current position.
//
// Methods are called on the hot path: implementations should not allocate.
type Game interface {
	// Key returns the key of the current position.
	Key() Key
	// OrNode reports whether the attacker (the OR player, who tries to
	// prove) is to move.
	OrNode() bool
	// Terminal is a cheap win/loss test made before generating moves.
	// It returns Unknown when the position is not decided by itself.
	Terminal() Outcome
	// Moves appends the moves of the current position for widening step
	// `step` to buf[:0] and returns the result. step 0 is the narrowest set;
	// a game without widening ignores step and returns every move. No moves
	// at an OR node means disproven, at an AND node proven.
	Moves(buf []Move, step int) []Move
	// Do plays m, which was returned by Moves for the current position.
	Do(m Move)
	// Undo takes back m, the last move played by Do.
	Undo(m Move)
	// Estimate returns a cheap initial proof and disproof number for the
	// current, not yet expanded position. Return 1, 1 when there is none.
	// Values must be at least 1 and below Infinity.
	Estimate() (pn, dn PN)
	// CycleOutcome says who wins when a position repeats one on the
	// search path: Proven or Disproven, the same for every repetition (a
	// mate search: Disproven, since the attacker's perpetual check loses
	// and any other repetition draws). The core asks once per search, at
	// the root, and values every repetition of that search with the
	// answer, so a game cannot make the outcome depend on the position:
	// the GHI handling (ghi.go) is sound only for one outcome, since it
	// reuses a value that rests on repetitions wherever the same path
	// leads to the same node. Any other answer makes Solve return an
	// error. The core detects repetition by Key on the path.
	CycleOutcome() Outcome
}

// Previewer is optionally implemented by a Game that can often value a
// child without playing the move to it: the core then skips Do, Terminal,
// Estimate and Undo for that child, which at most nodes of a long search
// are asked again of a child already valued at an earlier visit. It is
// discovered once per search by type assertion, so a Game that wraps
// another and changes its keys, Terminal or Estimate must implement it
// too (to return ok false) rather than inherit the wrapped game's.
//
// The core asks PreviewKey of every child first, then PreviewEstimate of
// each: the game may start loading (prefetch) in PreviewKey what
// PreviewEstimate will read, as the core does with the children's table
// buckets, so that the cache misses of a node's children overlap.
type Previewer interface {
	// PreviewKey returns, for a move m of the current position, the key
	// of the position after m and whether the OR player moves there,
	// which Key and OrNode would return after Do(m); ok false means
	// "unknown" (the other results are then ignored).
	PreviewKey(m Move) (k Key, or bool, ok bool)
	// PreviewEstimate returns, for a move m whose child's key PreviewKey
	// gave as k, the numbers Estimate would return at the child; ok true
	// also promises that Terminal would return Unknown there. ok false
	// means "unknown": the core plays m.
	PreviewEstimate(m Move, k Key) (pn, dn PN, ok bool)
}

// DeferredTerminal is optionally implemented by a Game whose terminal test
// has a costly part that it would rather run only at the nodes the search
// expands. The core values every child when it expands the parent
// (Terminal, then Estimate), also the many children it never visits
// again; a game implementing DeferredTerminal may leave the costly part
// out of Terminal (answering Unknown and a cheap Estimate there) and
// answer it in ExpandTerminal, which the core calls when it expands the
// node, before Moves. It is discovered once per search by type assertion.
//
// A decided answer is the node's final value, stored in the table like a
// value found by search, so it must hold on every path to the node and at
// every widening step (it may depend on the position and the key only, as
// Terminal's answers do): the core relies on no other node for it. Since
// no moves at an AND node means proven, this is the only way a game can
// say that an AND node is disproven without a move to a disproven child.
// Search functions that expand nodes without the hook (PrincipalVariation,
// the proof-leaf count) see only Terminal's answer, so a game must keep
// answering soundly there: Terminal's Unknown is always sound, but Moves
// at a node ExpandTerminal would have decided must not return a move list
// that decides it otherwise (no moves at an AND node the game calls
// disproven, say).
type DeferredTerminal interface {
	// ExpandTerminal returns Proven or Disproven when the current
	// position, which Terminal answered Unknown, is decided by the
	// deferred test, else Unknown (the core then generates its moves).
	// A node decided here has no move in the table (NoMove) and counts
	// as one ply from a terminal win.
	ExpandTerminal() Outcome
}

// PathKeyer is optionally implemented by a Game whose keys carry more than
// the position, such as a horizon (plies left) that changes at every ply:
// the core then detects repetitions on the search path by the keys
// PathKey gives instead of by Key, which would never repeat. The table
// still stores under Key. It is discovered once per search by type
// assertion.
//
// Valuing such a repetition by the cycle outcome must be sound for the
// game's question: for "mate within n plies" it is, since a mate from the
// later occurrence within fewer plies would be a shorter mate from the
// earlier one, so a shortest mate never passes through a repetition.
type PathKeyer interface {
	// PathKey returns the key of the position whose Key is k, depth
	// plies below the search's root (0 at the root), under which the
	// core compares positions of the path for repetition.
	PathKey(k Key, depth int) Key
}

// DecidedNoter is optionally implemented by a Game that keeps its own
// record of decided nodes besides the entries the core stores, such as a
// summary of results over keys the core sees as distinct (a position's
// horizons). After the core stores a final value that holds on every path
// and at every widening step (a path-dependent value, or one that only
// holds for a narrowed move set, is not passed), it calls Decided with
// the entry stored, the game being at that node. It is discovered once per
// search by type assertion. Decided must not change the game's position.
type DecidedNoter interface {
	Decided(e Entry)
}

// Dominance is optionally implemented by a Game whose keys carry a domain
// word. It is discovered once per search by type assertion.
type Dominance interface {
	// Dominates reports whether domain word a is at least as good for the
	// OR player as b on the same board (shogi: hand a contains hand b).
	// It must be reflexive and transitive.
	Dominates(a, b uint32) bool
}

// Widening is optionally implemented by a Game that offers nested move sets
// S0 ⊂ S1 ⊂ … (step 0 narrowest, step Steps()-1 every move). It is
// discovered once per search by type assertion.
type Widening interface {
	// Steps returns the number of widening steps, at least 1.
	Steps() int
	// Narrows says which side's moves step narrows. The last step must
	// return NarrowNone. Proofs at a step that narrows AND moves are
	// trusted only when the Side also carries ANDComplete; disproofs at a
	// step that narrows OR moves are never trusted. The core reuses a
	// narrower result only where it is sound (see ReusableProof,
	// ReusableDisproof).
	Narrows(step int) Side
}

// ReusableProof reports whether a proof computed at a step narrowing side s
// stays valid when the move sets widen. Narrowing OR moves never invalidates
// a proof (a wider attacker set only adds options); narrowing AND moves does
// unless the game guarantees the narrowed defender set holds every refutation,
// which it declares by setting andComplete.
func ReusableProof(s Side, andComplete bool) bool {
	return s&NarrowAND == 0 || andComplete
}

// ReusableDisproof reports whether a disproof computed at a step narrowing
// side s stays valid when the move sets widen: only if OR moves were not
// narrowed (the attacker may win with a move outside the narrow set).
func ReusableDisproof(s Side) bool {
	return s&NarrowOR == 0
}
