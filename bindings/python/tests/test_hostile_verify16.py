"""Solver.verify_line on lines wrong by a little whose alternatives are
deep (15 to 19 plies left): the verifier's best-first search must show the
escape or leave the line unsettled, never verify it; a true deep line is
verified with the budget it needs and never rejected.

The position is seed 121 #94 of the generated real-game positions
(mate-search rules); KomoringHeights' mate in 21 from it. After 2d5d the
defender's best is P*5b (mated in 19); G*5b is mated in 15.
"""

from __future__ import annotations

import tsume

DEEP = "lnsgk2+Pl/6+N2/p1pp2p1p/1B2p2R1/9/2P3P2/P2PP+sN1P/4+r1g1K/L7L b B2SN4P2gp 59"
KH21 = "2d5d P*5b 3b4b 5a6b 4b5b 6a5b N*7d 6b5a S*4b 5a4b B*3a 4b4a 5d5b+ 4a5b S*5c 5b4c G*4d 4c3b 2a2b 3b4a 3a4b+".split()
#: The defender's weaker G*5b with its 15-ply mate: 17 plies, but P*5b
#: at ply 2 escapes a mate in 15.
SHORT17 = "2d5d G*5b 3b4b 5a4b S*5c 4b4c 5c5b 6a5b B*3b 4c4b S*3a 4b3b 2a2b 3b4a N*5c 5b5c G*4b".split()
#: The P*5b disproof takes the best-first search more than 2 M nodes of
#: budget (it counts its path steps too).
BIG = dict(alt_nodes=5_000_000, nodes=50_000_000)


def test_deep_true_line(solver: tsume.Solver) -> None:
    c = solver.verify_line(DEEP, KH21, rules="mate")
    assert c.verdict == "unsettled" and c.unsettled > 0  # the default budget: no guess either way
    c = solver.verify_line(DEEP, KH21, rules="mate", **BIG)
    assert c.verdict == "verified" and c.length == 21, c


def test_deep_line_one_defence_short(solver: tsume.Solver) -> None:
    c = solver.verify_line(DEEP, SHORT17, rules="mate")
    assert c.verdict != "verified", c
    c = solver.verify_line(DEEP, SHORT17, rules="mate", **BIG)
    assert c.verdict == "rejected" and "P*5b" in c.problem and "mate in 15" in c.problem, c


def test_deep_line_cut_or_not_mate(solver: tsume.Solver) -> None:
    for line, why in [
        (KH21[:-1], "attacker to move"),  # one ply short
        (KH21[:-2], "not mate"),  # ends after the check 2a2b, which 3b4a answers
        (KH21[:-1] + ["3a4b"], "does not give check"),  # the last move unpromoted
    ]:
        c = solver.verify_line(DEEP, line, rules="mate", **BIG)
        assert c.verdict == "rejected" and why in c.problem, (line, c)
