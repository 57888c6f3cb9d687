"""Solver.verify_line: the independent verifier on lines from elsewhere."""

from __future__ import annotations

import pytest

import tsume

EXAMPLE = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"
#: A distant rook check: mate only if the defender has no piece to drop.
ROOK = "8k/6G2/9/9/9/9/9/9/9 b R 1"


def test_verified_and_rejected(solver: tsume.Solver) -> None:
    c = solver.verify_line(EXAMPLE, "S*1b 2a1b G*2b")
    assert isinstance(c, tsume.LineCheck) and c and (c.verdict, c.length, c.plies) == ("verified", 3, 3)
    c = solver.verify_line(EXAMPLE, ["S*1b", "2a1b", "G*3b"])
    assert not c and c.verdict == "rejected" and "does not give check" in c.problem


def test_rules_and_defender(solver: tsume.Solver) -> None:
    assert solver.verify_line(ROOK, "R*1e", rules="mate").verdict == "verified"
    assert solver.verify_line(ROOK, "R*1e").verdict == "rejected"  # tsume rules: the spare pieces interpose
    assert solver.verify_line(EXAMPLE, "2a1b G*2b", moves="S*1b", defender="auto").verdict == "verified"
    assert solver.verify_line(EXAMPLE, "2a1b G*2b", moves="S*1b", defender=True).verdict == "verified"


def test_bad_input(solver: tsume.Solver) -> None:
    with pytest.raises(tsume.IllegalPositionError, match="move 2"):
        solver.verify_line(EXAMPLE, "S*1b G*2b", rules="mate")
    with pytest.raises(tsume.ParseError):
        solver.verify_line("not a position", "S*1b")
    with pytest.raises(tsume.IllegalPositionError, match="no king"):
        solver.verify_line("9/6G2/9/9/9/9/9/9/9 b R 1", "R*1e", rules="mate")
    with pytest.raises(ValueError):
        solver.verify_line(EXAMPLE, "S*1b", defender="sometimes")
    with pytest.raises(ValueError):
        solver.verify_line(EXAMPLE, "S*1b", rules="chess")
    with pytest.raises(ValueError):
        solver.verify_line(EXAMPLE, "S*1b", nodes=0)
