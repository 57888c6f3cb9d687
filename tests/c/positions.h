/*
 * positions.h — the shogi positions the C tests solve. All are small
 * constructions of our own (textbook gold-and-pawn mates), not taken from
 * any problem collection.
 */
#ifndef TSUME_TEST_POSITIONS_H
#define TSUME_TEST_POSITIONS_H

/* Mate in 1: the gold drop in front of the king, protected by the pawn. */
#define MATE1_SFEN "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
#define MATE1_MOVE "G*5b"

/* Mate in 3: G*6c, the king steps back, the second gold mates. */
#define MATE3_SFEN "9/3k5/9/3P5/9/9/9/9/9 b 2G 1"

/* Mate in 5: a rook and a bishop in hand against the bare king (the
 * tests' own construction, as the others). */
#define MATE5_SFEN "4k4/9/4P4/9/9/9/9/9/9 b RB 1"

/* No mate: a lone pawn in hand cannot even give a check that holds. */
#define NOMATE_SFEN "4k4/9/9/9/9/9/9/9/9 b P 1"

/* A position whose search takes many seconds (for limits, cancellation,
 * progress and concurrency tests, which always stop it early). */
#define LONG_SFEN "9/9/9/9/4k4/9/9/9/9 b 2B2S 1"

/* A mate in 17 under TSUME_RULES_MATE whose line search (shortening,
 * verifying) runs for about half a second after a short proof: position 59
 * of `tsume gen-shogi --seed 21`, a seeded random game's end. */
#define LINE_SFEN "l6nS/3gs1g1l/nkpp2pp1/4p3p/9/P1PP2P2/1G3PGPP/2S6/sN1KP2NL b 2RBL2Pb2p 69"
#define LINE_LENGTH 17

#endif
