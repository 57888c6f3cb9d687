"""Hostile progress callables: they re-enter the solver, close it, cancel it,
raise in a late phase, solve on another solver, run on other threads, and
switch between the games. Every case must end with an exception or an honest
answer (a mate only with its verified line), and leave the solver usable."""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, List

import pytest

import tsume

from conftest import MATE1

# A mate in 17 under mate rules whose line search runs about half a second
# after a short proof (as in test_progress.py).
LINE_SFEN = "l6nS/3gs1g1l/nkpp2pp1/4p3p/9/P1PP2P2/1G3PGPP/2S6/sN1KP2NL b 2RBL2Pb2p 69"
# A long search (the C tests' LONG_SFEN): always stopped early here.
LONG_SFEN = "9/9/9/9/4k4/9/9/9/9 b 2B2S 1"
MATE3 = "9/3k5/9/3P5/9/9/9/9/9 b 2G 1"


def on_both_threads(fn: Callable[[], None]) -> None:
    """Runs fn on the main thread (the helper-thread path of solve_*) and on
    another thread (the direct path)."""
    fn()
    errors: List[BaseException] = []

    def run() -> None:
        try:
            fn()
        except BaseException as e:  # noqa: BLE001 - re-raised below
            errors.append(e)

    t = threading.Thread(target=run)
    t.start()
    t.join(120)
    assert not t.is_alive(), "the solve on another thread did not end"
    if errors:
        raise errors[0]


def still_works(s: tsume.Solver) -> None:
    r = s.solve_shogi(MATE1, time_limit=10)
    assert r.result == "mate" and r.moves == ("G*5b",)


class Boom(Exception):
    pass


def test_reentering_solve_is_busy() -> None:
    """A progress callable that calls solve_* on its own solver gets BusyError;
    it propagates out of the outer solve at once (the search is cancelled),
    and the solver works afterwards."""

    def case() -> None:
        with tsume.Solver(hash_mb=16) as s:
            def cb(p: tsume.Progress) -> None:
                s.solve_shogi(MATE1, time_limit=1)

            t0 = time.monotonic()
            with pytest.raises(tsume.BusyError):
                s.solve_shogi(LONG_SFEN, time_limit=30, progress=cb, progress_interval=0.01)
            # the exception stopped the search: it did not run to its limit
            assert time.monotonic() - t0 < 10
            still_works(s)

    on_both_threads(case)


def test_close_from_the_callable() -> None:
    """close() from inside the search raises RuntimeError out of the solve;
    the solver is still open and usable, then closes."""

    def case() -> None:
        s = tsume.Solver(hash_mb=16)
        with pytest.raises(RuntimeError):
            s.solve_shogi(LONG_SFEN, time_limit=30, progress=lambda p: s.close(), progress_interval=0.01)
        still_works(s)
        s.close()
        s.close()
        with pytest.raises(ValueError):
            s.solve_shogi(MATE1)

    on_both_threads(case)


def test_cancel_from_the_callable_in_every_phase() -> None:
    """cancel() from the callable at its n-th report, wherever that lands (the
    proof, the line search, the verifier): CancelledError, or the verified
    mate in 17 when the search ended first; never a mate without its line."""

    def case() -> None:
        with tsume.Solver(hash_mb=64) as s:
            for n in (1, 2, 3, 5, 8, 13):
                s.clear()
                calls = [0]

                def cb(p: tsume.Progress) -> None:
                    calls[0] += 1
                    if calls[0] == n:
                        s.cancel()
                        s.cancel()

                try:
                    r = s.solve_shogi(LINE_SFEN, rules="mate", time_limit=60, progress=cb, progress_interval=0.01)
                except tsume.CancelledError as e:
                    res: Any = e.result
                    assert res is None or res.result != "mate" or (res.length == 17 and res.verified)
                    continue
                assert r.result == "mate" and r.length == 17 and r.verified
            still_works(s)

    on_both_threads(case)


def test_raise_in_a_late_phase() -> None:
    """An exception from the callable in the line search or the verifier
    propagates (the search stops); the solver works afterwards."""
    for late in ("verify", "line-phase"):

        def case() -> None:
            with tsume.Solver(hash_mb=64) as s:
                def cb(p: tsume.Progress) -> None:
                    if (late == "verify" and p.phase == "verify") or (late != "verify" and p.phase != "proof"):
                        raise Boom(p.phase)

                try:
                    r = s.solve_shogi(LINE_SFEN, rules="mate", time_limit=60, progress=cb, progress_interval=0.01)
                except Boom:
                    pass
                else:  # the phase never reported: the answer must still be honest
                    assert r.result == "mate" and r.verified
                still_works(s)

        on_both_threads(case)


def test_solve_on_another_solver_inside_the_callable() -> None:
    """The callable may use another solver (both games): it answers, and the
    outer search still ends with its own honest answer."""

    def case() -> None:
        with tsume.Solver(hash_mb=64) as s, tsume.Solver(hash_mb=16) as other:
            inner: List[str] = []

            def cb(p: tsume.Progress) -> None:
                if len(inner) < 3:
                    inner.append(other.solve_shogi(MATE3, time_limit=10).result)
                    c = other.solve_capture(board_size=9, black="D5 F5 E4", white="E5", target="E5", time_limit=10)
                    inner.append(c.result)

            r = s.solve_shogi(LINE_SFEN, rules="mate", time_limit=60, progress=cb, progress_interval=0.01)
            assert r.result == "mate" and r.length == 17 and r.verified
            assert inner and inner[0] == "mate" and inner[1] in ("captured", "ko", "saved")

    on_both_threads(case)


def test_capture_progress_is_proof_only() -> None:
    """Capture questions report phase "proof" with no line figures, on every
    algorithm; a cancel from the callable ends the question CancelledError
    (never a code that claims an answer)."""

    def case() -> None:
        with tsume.Solver(hash_mb=16) as s:
            for algo in ("dfpn", "pnstar", "aps", "cstar"):
                seen: List[tsume.Progress] = []

                def cb(p: tsume.Progress) -> None:
                    seen.append(p)
                    if len(seen) == 3:
                        s.cancel()

                try:
                    s.solve_capture(board_size=19, black="J10 K11 M9", white="K10", target="K10", algo=algo,
                                    time_limit=20, nodes=10**12, progress=cb, progress_interval=0.01)
                except tsume.CancelledError:
                    pass
                assert seen, algo
                for p in seen:
                    assert p.phase == "proof", (algo, p)
                    assert p.length == p.ply == p.best == p.alternatives == p.settled == p.open == 0, (algo, p)
                    assert not p.best_verified
            still_works(s)

    on_both_threads(case)


def test_switching_games_and_callables() -> None:
    """One solver alternates shogi and capture questions, with and without a
    callable, the callable changing each time: each search reports only to
    its own callable, and none after its solve returned."""
    with tsume.Solver(hash_mb=16) as s:
        logs: List[List[str]] = []
        for i in range(6):
            log: List[str] = []
            logs.append(log)
            cb = (lambda p, log=log: log.append(p.phase)) if i % 3 != 2 else None
            if i % 2 == 0:
                try:
                    s.solve_shogi(LONG_SFEN, time_limit=0.15, progress=cb, progress_interval=0.01)
                except tsume.CancelledError:
                    pass
            else:
                s.solve_capture(board_size=19, black="J10 K11 M9", white="K10", target="K10", algo="aps",
                                time_limit=0.15, progress=cb, progress_interval=0.01)
        counts = [len(x) for x in logs]
        still_works(s)
        assert [len(x) for x in logs] == counts, "a report after its solve returned"
        assert all(counts[i] == 0 for i in range(6) if i % 3 == 2)
        assert all(counts[i] > 0 for i in range(6) if i % 3 != 2), counts
