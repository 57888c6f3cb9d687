// Package shogi is the shogi rules engine of tsume: positions, SFEN and
// USI move notation, complete legal move generation, the check and
// evasion generators a mate solver needs, Zobrist keys with the hands kept
// apart, repetition helpers, KIF notation and perft.
//
// # Representation
//
// A Position keeps a mailbox board (81 squares plus a wall sentinel, so
// ray walks need no bounds tests) together with per-colour occupancy and
// slider bitboards (Bitboard: a struct of two words, which the compiler
// keeps in registers where an array would live on the stack), and
// colourless bitboards of the pieces by attack class (pawn, lance, knight,
// silver, gold-like, king-like, bishop-like, rook-like; classes.go): "which
// pieces attack s" is a handful of intersections with precomputed step
// tables plus one bit scan toward each slider on a line through s. Sliding
// attacks are computed from the occupancy in registers (rays.go: a 128-bit
// borrow for the rays toward higher squares, a leading-zero mask toward
// lower ones). The legal move generator (not in check) takes the pieces
// kind by kind, each piece's destinations as one bitboard, the pawns in one
// shift; the check and evasion generators keep a fixed order (by origin,
// then direction) that the solver's move ordering relies on. Squares are
// numbered (file-1)*9 + (rank-1). Moves are packed in a
// uint32 (Move) that carries the moving and captured kinds, so Do and Undo
// need no lookups and allocate nothing; the history stack only grows.
//
// # Rules covered
//
// All fourteen piece kinds; drops (no nifu, no drop on a square the piece
// could never leave, no pawn-drop mate); optional and forced promotion;
// pins, checks, double checks and king safety. Every generator returns
// non-promotions too (including those of pawns, bishops and rooks that
// are usually useless), because tsume problems sometimes need them.
// Positions without the attacker's king (tsume) are fully supported.
//
// # Keys
//
// BoardKey covers the board and side to move; HandKey is additive over
// the pieces in hand; Key is their sum. Hands also pack into one 32-bit
// Hand whose Superior method tests "hand A ⊇ hand B" with one subtraction,
// for the hand-superiority (優越関係) checks of a solver.
package shogi
