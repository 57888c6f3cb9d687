"""Shogi through the bindings: answers, results, every error path."""

from __future__ import annotations

import dataclasses
import math

import pytest

import tsume

from conftest import MATE1, NOMATE, raises_or_unbuilt, solved

# MATE1 reached by playing moves first: the lance steps aside, the king comes back to 5a.
BEFORE_MATE1 = "3k5/9/4P4/9/9/9/9/9/L8 b G2r2b3g4s4n3l17p 1"
MOVES_TO_MATE1 = ["9i9h", "6a5a"]


@pytest.mark.parametrize("algo", ["dfpn", "pnstar", "default"])
def test_mate_in_one(solver: tsume.Solver, algo: str) -> None:
    r = solved(solver.solve_shogi, MATE1, algo=algo)
    assert isinstance(r, tsume.ShogiResult)
    assert (r.kind, r.result, r.length, r.moves, r.best_move) == (tsume.Kind.PROVEN, "mate", 1, ("G*5b",), "G*5b")
    assert r.solved
    assert r.stats.GE >= 1 and r.stats.EX >= 1 and r.stats.nodes == r.stats.expanded
    assert r.stats.time >= 0 and math.isclose(r.stats.time, r.stats.time_ms / 1000)
    assert "mate in 1: G*5b" in repr(r) and "GE=" in repr(r)


@pytest.mark.parametrize("rules", ["tsume", "mate"])
def test_no_mate(solver: tsume.Solver, rules: str) -> None:
    r = solved(solver.solve_shogi, NOMATE, rules=rules)
    assert (r.kind, r.result, r.length, r.moves, r.best_move) == (tsume.Kind.DISPROVEN, "nomate", 0, (), None)
    assert "no mate" in repr(r)


@pytest.mark.parametrize("moves", [" ".join(MOVES_TO_MATE1), MOVES_TO_MATE1, tuple(MOVES_TO_MATE1)])
def test_moves_are_played_first(solver: tsume.Solver, moves: object) -> None:
    r = solved(solver.solve_shogi, BEFORE_MATE1, moves)
    assert (r.result, r.length, r.best_move) == ("mate", 1, "G*5b")


def test_position_sfen_prefix_is_accepted(solver: tsume.Solver) -> None:
    r = solved(solver.solve_shogi, "position sfen " + MATE1)
    assert r.best_move == "G*5b"


def test_result_is_frozen_and_flat(solver: tsume.Solver) -> None:
    r = solved(solver.solve_shogi, MATE1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.length = 3  # type: ignore[misc]
    d = r.to_dict()
    assert d["result"] == "mate" and d["moves"] == "G*5b" and d["kind"] == "proven"
    assert d["generated"] == r.stats.generated and isinstance(d["verified"], bool)


def test_repeated_question_is_answered_from_the_cache() -> None:
    with tsume.Solver(hash_mb=16, cache_mb=4) as s:
        first = solved(s.solve_shogi, MATE1)
        # Ristretto's Set is asynchronous: ask a few times until the entry is in.
        again = [s.solve_shogi(MATE1) for _ in range(50)]
    assert not first.cached
    assert any(r.cached for r in again)
    assert all((r.result, r.moves) == (first.result, first.moves) for r in again)


@pytest.mark.parametrize(
    "sfen, moves, exc",
    [
        ("garbage", None, tsume.ParseError),
        ("4k4/9/4P4/9/9/9/9/9 b G 1", None, tsume.ParseError),  # eight ranks
        ("4k4/9/4P4/9/9/9/9/9/9 x G 1", None, tsume.ParseError),  # no such side
        ("4k4/9/4P4/9/9/9/9/9/9 b Q 1", None, tsume.ParseError),  # no such piece
        (MATE1, "5c5b+x", tsume.ParseError),  # malformed USI move
        (MATE1, "5e5d", tsume.IllegalPositionError),  # no piece to move
        ("4kP3/9/9/9/9/9/9/9/9 b G 1", None, tsume.IllegalPositionError),  # pawn that can never move
        ("4k4/9/4P4/4P4/9/9/9/9/9 b G 1", None, tsume.IllegalPositionError),  # two pawns on a file
    ],
)
def test_bad_positions_and_moves(solver: tsume.Solver, sfen: str, moves: object, exc: type) -> None:
    e = raises_or_unbuilt(exc, solver.solve_shogi, sfen, moves)
    assert isinstance(e, ValueError)  # every input error is also a ValueError
    assert str(e) and str(e) != e.status_name, "the library's own message is carried"


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        ({"rules": "chess"}, ValueError, "rules must be one of"),
        ({"algo": "aps"}, ValueError, "algo must be one of"),
        ({"algo": 1}, ValueError, "algo must be one of"),
        ({"time_limit": 0}, ValueError, "time_limit"),
        ({"time_limit": -1.5}, ValueError, "time_limit"),
        ({"time_limit": float("nan")}, ValueError, "time_limit"),
        ({"time_limit": "1"}, TypeError, "time_limit"),
        ({"nodes": 0}, ValueError, "nodes"),
        ({"nodes": 2**64}, ValueError, "nodes"),
        ({"nodes": 1.5}, TypeError, "nodes"),
        ({"sfen": None}, TypeError, "sfen"),
        ({"sfen": b"4k4"}, TypeError, "sfen"),
        ({"sfen": MATE1 + "\x00junk"}, ValueError, "NUL"),
        ({"moves": ["5c5b", 7]}, TypeError, "moves"),
        ({"moves": ["5c5b 5a4a"]}, ValueError, "moves"),
        ({"progress": 3}, TypeError, "progress"),
        ({"progress_interval": 0.001, "progress": print}, ValueError, "progress_interval"),
    ],
)
def test_bad_options(solver: tsume.Solver, kwargs: dict, exc: type, match: str) -> None:
    args = {"sfen": MATE1, **kwargs}
    with pytest.raises(exc, match=match):
        solver.solve_shogi(**args)
    # The solver is still usable afterwards.
    assert solver.hashfull >= 0


def test_node_limit_gives_unknown(solver: tsume.Solver) -> None:
    from test_threads import LONG_SHOGI

    r = solved(solver.solve_shogi, LONG_SHOGI, nodes=200)
    assert (r.kind, r.result, r.solved) == (tsume.Kind.UNKNOWN, "unknown", False)
    assert r.stats.nodes >= 200 and r.moves == () and r.best_move is None
    assert "unknown" in repr(r)


def test_time_limit_gives_unknown(solver: tsume.Solver) -> None:
    from test_threads import LONG_SHOGI

    r = solved(solver.solve_shogi, LONG_SHOGI, time_limit=0.2)
    assert r.result == "unknown"
    assert 0.1 <= r.stats.time < 5


def test_module_level_one_off_solve() -> None:
    r = solved(tsume.solve_shogi, MATE1, hash_mb=8)
    assert r.best_move == "G*5b"


# Two threads must answer as one: the kind, the proven-minimal length and,
# for these problems with a single composers' line, the line. The no-mate
# takes about 4 300 expansions, past the one-thread start of a parallel
# search (2 000), so the second thread really runs there.
@pytest.mark.parametrize(
    "sfen, result, length",
    [
        (MATE1, "mate", 1),
        ("4k4/9/4P4/9/9/9/9/9/9 b RB 1", "mate", 5),
        ("8k/9/9/9/9/9/9/9/9 b B2S 1", "nomate", 0),
    ],
)
def test_two_threads_give_the_same_answer(sfen: str, result: str, length: int) -> None:
    answers = []
    for threads in (1, 2):
        with tsume.Solver(hash_mb=16, cache_mb=0) as s:  # no cache: both counts search
            answers.append(solved(s.solve_shogi, sfen, threads=threads, time_limit=60))
    one, two = answers
    assert (one.result, one.length) == (result, length)
    assert (two.result, two.length, two.moves, two.verified, two.minimal) == (
        one.result,
        one.length,
        one.moves,
        one.verified,
        one.minimal,
    )


@pytest.mark.parametrize(
    "threads, exc, match",
    [
        (0, ValueError, "threads must be between 1 and 256, not 0"),
        (257, ValueError, "threads must be between 1 and 256, not 257"),
        (-2, ValueError, "threads"),
        (2.0, TypeError, "threads must be an int"),
        (True, TypeError, "threads must be an int"),
        ("2", TypeError, "threads must be an int"),
    ],
)
def test_bad_threads(solver: tsume.Solver, threads: object, exc: type, match: str) -> None:
    with pytest.raises(exc, match=match):
        solver.solve_shogi(MATE1, threads=threads)
    assert solved(solver.solve_shogi, MATE1, threads=256).best_move == "G*5b"  # the largest count is accepted


def test_one_off_solve_takes_threads() -> None:
    assert solved(tsume.solve_shogi, MATE1, hash_mb=8, threads=2).best_move == "G*5b"


def test_library_reads_threads(solver: tsume.Solver, monkeypatch: pytest.MonkeyPatch) -> None:
    # With the bindings' own check out of the way, the library itself refuses
    # 257 naming the field: the ctypes layout puts threads where tsume.h has
    # it (a struct of the old size would be served with threads ignored).
    from tsume import _lib

    monkeypatch.setattr(_lib, "MAX_THREADS", 1000)
    e = raises_or_unbuilt(tsume.InvalidArgumentError, solver.solve_shogi, MATE1, threads=257)
    assert "threads = 257" in str(e)


MATE3 = "9/3k5/9/3P5/9/9/9/9/9 b 2G 1"


def test_line_nodes_bound_the_line_search() -> None:
    # The mate in 3 is proven at once; proving that no mate in 1 exists is
    # the line search's work. One line node leaves the line verified but
    # not minimal, and that answer is not cached: the next ask searches.
    with tsume.Solver(hash_mb=16) as s:
        cut = solved(s.solve_shogi, MATE3, line_nodes=1)
        assert (cut.result, cut.length, cut.verified, cut.minimal, cut.cached) == ("mate", 3, True, False, False)
        assert not s.solve_shogi(MATE3, line_nodes=1).cached
        full = s.solve_shogi(MATE3)
        assert (full.minimal, full.cached) == (True, False)
        assert full.exact_nodes > cut.exact_nodes > 0 and full.line_nodes > 0 and full.line_ms > 0
        again = s.solve_shogi(MATE3, line_nodes=1)  # the finished answer serves any limit
        assert again.cached and again.minimal and again.exact_nodes == full.exact_nodes
        nomate = s.solve_shogi(NOMATE)
        assert (nomate.line_nodes, nomate.line_ms, nomate.exact_nodes) == (0, 0.0, 0)


@pytest.mark.parametrize(
    "line_nodes, exc",
    [(0, ValueError), (-1, ValueError), (2**64, ValueError), (1.5, TypeError), ("7", TypeError)],
)
def test_bad_line_nodes(solver: tsume.Solver, line_nodes: object, exc: type) -> None:
    with pytest.raises(exc, match="line_nodes"):
        solver.solve_shogi(MATE1, line_nodes=line_nodes)


def test_records_kif_and_csa(solver: tsume.Solver) -> None:
    """.kif() and .csa(): the problem (the defender's hand filled under tsume
    rules, as the solver does) and, for a mate only, its verified line."""
    r = solved(solver.solve_shogi, "7sk/9/7PP/9/9/9/9/9/9 b GS 1")
    kif = r.kif()
    assert "   1 １二銀打" in kif and "   2 同　銀(21)" in kif and "   4 詰み" in kif
    assert "後手の持駒：飛二" in kif  # the rest, tsume rules
    csa = r.csa()
    assert csa.startswith("V2.2\n") and "+0012GI\n-2112GI\n+0022KI\n%TSUMI\n" in csa
    played = solved(solver.solve_shogi, BEFORE_MATE1, MOVES_TO_MATE1)
    assert played.kif().count("\n   ") == len(MOVES_TO_MATE1) + 2  # played moves, G*5b, 詰み
    nomate = solved(solver.solve_shogi, NOMATE)
    assert "詰み" not in nomate.kif() and "TSUMI" not in nomate.csa()
    with pytest.raises(ValueError):
        dataclasses.replace(r, problem=("", "", "tsume")).kif()


def test_svg_diagram(solver: tsume.Solver) -> None:
    """.svg() and the notebook hook draw the board: pieces on their squares
    (read back from the data attributes), the first move marked."""
    import xml.etree.ElementTree as ET

    r = solved(solver.solve_shogi, "7sk/9/7PP/9/9/9/9/9/9 b GS 1")
    for svg in (r.svg(), r._repr_svg_(), r.svg(western=True)):
        root = ET.fromstring(svg)
        pieces = {e.get("data-square"): (e.get("data-color"), e.get("data-piece")) for e in root.iter() if e.get("class") == "piece"}
        assert pieces == {"11": ("w", "k"), "21": ("w", "s"), "13": ("b", "P"), "23": ("b", "P")}
        assert [e for e in root.iter() if e.get("class") == "first-to"]
    assert ">S<" not in r.svg() and "銀" in r.svg() and "in hand" in r.svg(western=True)
    assert dataclasses.replace(r, problem=("", "", "tsume"))._repr_svg_() is None


def test_prefault_changes_no_answer(solver: tsume.Solver) -> None:
    before = solved(solver.solve_shogi, MATE1)
    solver.clear()
    solver.prefault()
    assert solver.hashfull == 0  # no entry written
    after = solved(solver.solve_shogi, MATE1)
    assert (after.result, after.moves, after.verified) == (before.result, before.moves, before.verified)
    solver.close()
    with pytest.raises(Exception):
        solver.prefault()
