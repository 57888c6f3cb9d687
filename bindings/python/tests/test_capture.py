"""The Go capture game through the bindings: answers, boards from SGF or stone lists, errors."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import tsume

from conftest import raises_or_unbuilt, solved

# A black stone at D5 in atari (its last liberty D4) on a 9x9 board; black D4
# would join it to D3 with five liberties (safe), white D4 captures it.
ATARI = dict(board_size=9, black="D5 D3", white="C5 D6 E5")
# The same position as SGF (SGF rows count from the top: D5 on 9x9 is "de").
ATARI_SGF = "(;GM[1]FF[4]SZ[9]AB[de][dg]AW[ce][dd][ee])"


@pytest.mark.parametrize("algo", ["aps", "dfpn", "pnstar", "default"])
def test_stone_in_atari_is_captured(solver: tsume.Solver, algo: str) -> None:
    r = solved(solver.solve_capture, **ATARI, target="D5", mode="attack", algo=algo)
    assert isinstance(r, tsume.CaptureResult)
    assert (r.kind, r.result, r.code, r.best_move, r.gtp) == (tsume.Kind.PROVEN, "captured", 1, "D4", "1 D4")
    assert r.moves[:1] == ("D4",) and r.mode == "attack"
    assert "captured with D4" in repr(r) and "code 1 D4" in repr(r)


def test_stone_in_atari_can_be_saved_by_connecting(solver: tsume.Solver) -> None:
    r = solved(solver.solve_capture, **ATARI, target="D5", mode="defend")
    assert (r.result, r.code, r.best_move, r.gtp) == ("saved", 1, "D4", "1 D4")


def test_surrounded_stone_cannot_be_saved(solver: tsume.Solver) -> None:
    # D5 in atari with its last liberty D4 covered: black D4 would be self-atari
    # into a capture at D3 (white C4 E4 D3 around it).
    r = solved(solver.solve_capture, board_size=9, black="D5", white="C5 D6 E5 C4 E4 D3", target="D5", mode="defend")
    assert (r.kind, r.result, r.code, r.gtp) == (tsume.Kind.DISPROVEN, "captured", 0, "0")


@pytest.mark.parametrize("as_path", [False, True])
def test_board_from_sgf(solver: tsume.Solver, tmp_path: Path, as_path: bool) -> None:
    sgf: object = ATARI_SGF
    if as_path:
        sgf = tmp_path / "atari.sgf"
        sgf.write_text(ATARI_SGF)
    r = solved(solver.solve_capture, sgf, target="D5")
    assert r.gtp == "1 D4"


def test_sgf_move_number_stops_before_that_move(solver: tsume.Solver) -> None:
    # Move 1 (black D4) rescues the stone; stopping before it leaves the atari.
    sgf = ATARI_SGF[:-1] + ";B[df])"
    assert solved(solver.solve_capture, sgf, target="D5", move_number=1).gtp == "1 D4"
    assert solver.solve_capture(sgf, target="D5").gtp == "0"


def test_lists_of_vertices_are_accepted(solver: tsume.Solver) -> None:
    r = solved(solver.solve_capture, board_size=9, black=["D5", "D3"], white=("C5", "D6", "E5"), target="D5")
    assert r.gtp == "1 D4"


@pytest.mark.parametrize(
    "kwargs, exc",
    [
        ({"sgf": "(;GM[1]FF[4]SZ[9]AB[de"}, tsume.ParseError),  # unterminated
        ({"sgf": "not sgf at all"}, tsume.ParseError),
        ({"sgf": "(;GM[1]FF[4]SZ[9]AB[zz])"}, tsume.ParseError),  # off the board
        ({"board_size": 9, "black": "D5 Z77"}, tsume.ParseError),
        ({"board_size": 9, "black": "D5", "target": "I5"}, tsume.ParseError),  # GTP has no I
        ({"board_size": 9, "black": "D5", "target": "E5"}, tsume.IllegalPositionError),  # empty point
        ({"board_size": 9, "black": "D5", "white": "D5"}, tsume.IllegalPositionError),  # two stones on one point
        ({"board_size": 9, "black": "D5", "target": "D5", "widening": "no-such-strategy"}, ValueError),
    ],
)
def test_bad_boards(solver: tsume.Solver, kwargs: dict, exc: type) -> None:
    args = {"target": "D5", **kwargs}
    e = raises_or_unbuilt(exc, solver.solve_capture, **args)
    assert isinstance(e, ValueError) and isinstance(e, tsume.TsumeError)
    assert str(e) and str(e) != e.status_name


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        ({"mode": "capture"}, ValueError, "mode must be one of"),
        ({"algo": "alphabeta"}, ValueError, "algo must be one of"),
        ({"board_size": 4}, ValueError, "board_size"),
        ({"board_size": 20}, ValueError, "board_size"),
        ({"sgf": ATARI_SGF}, ValueError, "either sgf or"),
        ({"sgf": 42, "board_size": None, "black": None, "white": None}, TypeError, "sgf"),
        ({"target": None}, TypeError, "target"),
        ({"move_number": -1}, ValueError, "move_number"),
        ({"black": "D5\x00E5"}, ValueError, "NUL"),
        ({"nodes": -5}, ValueError, "nodes"),
        ({"plays": 0}, ValueError, "plays"),
        ({"plays": -1}, ValueError, "plays"),
        ({"plays": 2**63}, ValueError, "plays"),  # the library would read it as "no budget"
        ({"plays": 1.5}, TypeError, "plays"),
        ({"plays": True}, TypeError, "plays"),
    ],
)
def test_bad_capture_options(solver: tsume.Solver, kwargs: dict, exc: type, match: str) -> None:
    args = {**ATARI, "target": "D5", **kwargs}
    with pytest.raises(exc, match=match):
        solver.solve_capture(**args)


def test_node_limit_gives_unknown(solver: tsume.Solver) -> None:
    from test_threads import LONG_CAPTURE

    r = solved(solver.solve_capture, **LONG_CAPTURE, nodes=100)
    assert (r.kind, r.result, r.code, r.gtp) == (tsume.Kind.UNKNOWN, "unknown", None, "?")


def test_module_level_one_off_capture() -> None:
    r = solved(tsume.solve_capture, **ATARI, target="D5", hash_mb=4)
    assert r.result == "captured"


# White L10 next to black K10 and L11, black N10 a point away, on an empty
# 19x19 board, White to save it. The budget tests read the plays it takes
# from an unbudgeted run and ask again with a third of them, so that rules
# that need fewer plays keep them meaningful.
BUDGET_QUESTION = dict(board_size=19, black="K10 L11 N10", white="L10", target="L10", mode="defend")


def plays_needed(algo: str) -> int:
    with tsume.Solver(hash_mb=8, cache_mb=0) as s:  # no cache: every ask searches
        r = solved(s.solve_capture, **BUDGET_QUESTION, algo=algo, plays=None)
    assert (r.result, r.code) == ("saved", 1) and r.best_move, r
    need = r.stats.generated
    assert need >= 30, f"{algo}: the question takes {need} plays; pick a harder one"
    return need


@pytest.mark.parametrize("algo", ["aps", "dfpn", "pnstar"])
@pytest.mark.parametrize("budget", ["tiny", "large"])
def test_play_budget(algo: str, budget: str) -> None:
    need = plays_needed(algo)
    plays = need // 3 if budget == "tiny" else 1_000_000
    with tsume.Solver(hash_mb=8, cache_mb=0) as s:
        r = solved(s.solve_capture, **BUDGET_QUESTION, algo=algo, plays=plays)
    spent = r.stats.generated
    if budget == "large":
        assert (r.result, r.code) == ("saved", 1) and r.best_move, r
        assert spent == need, (spent, need)  # the budget did not change the search
    else:
        assert (r.kind, r.result, r.gtp) == (tsume.Kind.UNKNOWN, "unknown", "?"), r
        assert plays // 2 <= spent <= plays + plays // 4 + 100, (spent, plays)  # stopped near the budget


def test_no_play_budget_is_the_default() -> None:
    need = plays_needed("dfpn")
    with tsume.Solver(hash_mb=8, cache_mb=0) as s:
        r = solved(s.solve_capture, **BUDGET_QUESTION)
        assert r.result == "saved" and r.stats.generated == need


def test_capture_svg(solver: tsume.Solver) -> None:
    """.svg() and the notebook hook draw the board: stones on their
    vertices, the target string ringed, the answer numbered 1."""
    import xml.etree.ElementTree as ET

    r = solved(solver.solve_capture, board_size=9, black="C4 E4 D3", white="D4", target="D4")
    for svg in (r.svg(), r._repr_svg_()):
        root = ET.fromstring(svg)
        stones = {e.get("data-vertex"): e.get("data-color") for e in root.iter() if e.get("class") == "stone"}
        assert stones == {"C4": "b", "E4": "b", "D3": "b", "D4": "w"}
        assert [e.get("data-vertex") for e in root.iter() if e.get("class") == "target"] == ["D4"]
        assert {e.get("data-vertex"): e.get("data-n") for e in root.iter() if e.get("class") == "move"}.get("D5") == "1"
    assert dataclasses.replace(r, query=None)._repr_svg_() is None
