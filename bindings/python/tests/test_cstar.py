"""C* through the bindings: algo="cstar" for both games, Solver.best_move."""

from __future__ import annotations

import math

import pytest

import tsume

from conftest import MATE1, solved

#: Black's silver can take an undefended rook.
FREE_ROOK = "k8/9/9/9/4r4/4S4/9/9/K8 b - 1"


def test_shogi_cstar(solver: tsume.Solver) -> None:
    r = solved(solver.solve_shogi, "7sk/9/7PP/9/9/9/9/9/9 b GS 1", algo="cstar")
    assert (r.result, r.length, r.best_move) == ("mate", 3, "S*1b")
    r = solved(solver.solve_shogi, MATE1, algo="cstar")
    assert (r.result, r.length) == ("mate", 1)


def test_capture_cstar(solver: tsume.Solver) -> None:
    r = solved(solver.solve_capture, board_size=9, black="C4 E4 D3", white="D4", target="D4", algo="cstar", time_limit=20)
    assert r.code == 1 and r.best_move == "D5"


@pytest.mark.parametrize("algo", ["cstar", "alphabeta"])
def test_best_move_takes_the_rook(solver: tsume.Solver, algo: str) -> None:
    b = solver.best_move(FREE_ROOK, algo=algo)
    assert isinstance(b, tsume.BestMove)
    assert (b.move, b.value, b.decided) == ("5f5e", 1500, True)
    assert b.expanded > 0 and b.generated >= b.expanded and b.time >= 0
    if algo == "cstar":
        assert b.separation == min(b.fall, b.rise) and b.separation >= 3


def test_best_move_from_startpos(solver: tsume.Solver) -> None:
    b = solver.best_move("startpos", ["7g7f"], depth=2, separation=None, nodes=3000)
    assert b.move is not None and b.expanded <= 3000 + 64
    assert isinstance(b.separation, (int, float)) and (b.separation == math.inf or b.separation >= 0)


def test_best_move_errors(solver: tsume.Solver) -> None:
    with pytest.raises(ValueError):
        solver.best_move(FREE_ROOK, algo="minimax")
    with pytest.raises(ValueError):
        solver.best_move(FREE_ROOK, depth=0)
    with pytest.raises(tsume.ParseError):
        solver.best_move("not a position")
