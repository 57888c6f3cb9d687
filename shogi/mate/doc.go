// Package mate is tsume's tsume-shogi solver: it adapts the shogi rules
// (package shogi) to the game-independent proof search (package core), finds
// the solution line, and checks every answer with an independent verifier.
//
// # Questions
//
// The attacker is the side to move (or, with Options.DefenderToMove, its
// opponent: the root is then an AND node asking whether every reply loses).
// The attacker plays only checks; the defender plays every legal evasion,
// counter-checks included when both kings are on the board.
//
// # Rule sets
//
// Tsume (the default) follows the composers' rules:
//   - the defender owns every piece that is not on the board or in the
//     attacker's hand (filled in when the input leaves the defender's hand
//     empty; a defender hand given explicitly is kept);
//   - futile interpositions (無駄合) do not count: when the defender's only
//     answers to a distant check are drops between its king and the checker,
//     a drop on a square is futile if the checker can capture the dropped
//     piece there, still giving check, and the defender is again left with
//     nothing but drops. Futile drops are not considered, and a check
//     answered only by futile drops is mate (see futile.go for how this
//     relates to the reference set's rule);
//   - a repetition is a failure for the attacker (a perpetual check);
//   - the line is the composers' line: the attacker's shortest mate, the
//     defender's longest resistance, and among defences of equal length the
//     one that leaves the attacker the fewest spare pieces at the end.
//
// MateSearch is the engines' rule set: hands exactly as given, every
// interposition counts, the length is plain minimax length, and the shogi
// repetition rules apply (a perpetual check loses for the checker, so a
// repetition fails for the attacker here too).
//
// # How an answer is found
//
//  1. A proof-number search (df-pn with TCA, SNDA at OR nodes only and the
//     1+ε trick with ε = 1/4 by default, or PN*, df-pn(r), df-pn+TCA,
//     df-pn+TCA+WPNS) over Game proves or disproves the mate, with hand
//     superiority in the table (a position proven with hand H is proven
//     with any hand ⊇ H; disproven with H, disproven with any hand ⊆ H),
//     decided positions stored under their proof hand (the least attacker
//     hand the mate needs) or disproof hand (the largest the escape
//     survives; hands.go), a defender without a defence recognised as mated
//     before it is expanded, a
//     cheap initial proof number (the defences plus the defender king's free
//     squares, the defences' generation shared with the child's expansion),
//     delayed expansion (delay.go: drops on one square are chained, each
//     waiting until the previous one is proven, as KomoringHeights does;
//     a non-promotion waits for its promoting twin), Chu-ai move ordering
//     and the interposition and non-promotion killers of PN* (killer.go).
//     With Options.Threads > 1 the proof search runs on several threads
//     sharing the table (core's parallel df-pn, spread by virtual proof
//     numbers); so do the line phase's large bounded searches below.
//  2. After a proof, the line. Under tsume rules, for proofs up to 11 plies an exact-length
//     search (iterative deepening minimax: mate in 1, 3, 5, …, with the
//     spare-piece tie-break) finds the exact length and the line; when it
//     completes, Result.Minimal is true. Longer proofs, proofs under
//     mate-search rules (no tie-break there, and the minimax spends what the
//     bounded searches need: see exactFirst), and an exact search that runs
//     out go through iterative shortening: (a) the proof's main
//     line is repaired into a first upper bound: every defender alternative
//     along it is settled first by walking the first proof (the table's
//     proving moves at attacker nodes, every defence at defender nodes,
//     within the plies left; small re-proofs where the table lost an
//     entry), else by its own bounded "mate within the plies left?" search
//     (repair.go); each line of a new length from the first proof or the
//     root's search first gets one cheap pass along its own attacker nodes,
//     from the end backwards: "mate within the plies left - 2?" with a small
//     budget, a proof's tail spliced in and the line repaired again
//     (tighten.go); (b) horizon-bounded df-pn asks for a mate within hi-2,
//     hi-4, … (bounded.go), each horizon reusing the others' results (a mate
//     within n holds within n+2, no mate within n holds within n-2) and the
//     proof's disproofs; (c) each proven horizon's line is read from the
//     proven and disproven horizons in the table, the defender's choice made
//     exact by small searches (linewalk.go), and verified at once, while the
//     table still holds what the verifier's hints follow (a line proven
//     within its own length that this quick check leaves unsettled, while no
//     line is verified yet, is verified again at once with retries until
//     the line search's deadline). The length is
//     minimal when "mate within len-2" is disproven. The bounded game decides
//     its horizon in Terminal instead of expanding it. When time runs out
//     the answer is the last line the early verification accepted, and
//     Result.Note says what was proven and what was left open. (d) Under
//     tsume rules a finished shortening's line that ends with spare pieces
//     gets the exact search's tie-break on its last plies, at any length
//     (line.go, tieBreakTail): windows from 5 plies before the end, widened
//     two plies at a time while the exact budget lasts (the minimax costs
//     about four times more per two plies, which is why it runs from the
//     root only for short proofs: see exactMaxProof); the new line, of the same
//     length, replaces the old only with fewer spare pieces and once
//     verified. Choices before the widest window keep the shortening's.
//  3. Verify, which shares no search code, first replays the line (a line
//     that is not a mate is rejected before any search), then checks: every attacker
//     move legal and a check, every defender move legal, the final position
//     mate (or, under tsume rules, only futile drops left), and every other
//     defender reply along the line mated within the plies that remain, by a
//     depth-limited search of its own. Alternatives a first budget leaves
//     unsettled are retried with larger budgets: within a node total
//     without a time limit, else in rounds until the deadline. A rejected
//     line is returned with Verified false and the reason: a bug report,
//     never a silent answer.
//
// NoMate is reported only when the proof search proved it.
package mate
