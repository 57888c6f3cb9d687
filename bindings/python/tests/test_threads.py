"""Cancellation, progress, Ctrl-C, busy and closing: the bindings' threading."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from typing import Any, Callable, List, Tuple

import pytest

import tsume

from conftest import MATE1, PKG, solved

# Positions whose search runs for many seconds (far longer than any test waits):
# a lone king in the open against a few pieces in hand.
LONG_SHOGI = "9/9/9/9/4k4/9/9/9/9 b RBG2Srb3g2s4n4l18p 1"
# Saving a stone in a loose net by brute force (widening strategy 9): millions of nodes.
LONG_CAPTURE = dict(board_size=19, black="K10", white="J11 L11 J9 L9", target="K10", mode="defend", algo="aps", widening="9")


def _long_solve(solver: tsume.Solver, game: str, **kw: Any) -> Any:
    if game == "shogi":
        return solver.solve_shogi(LONG_SHOGI, **kw)
    return solver.solve_capture(**LONG_CAPTURE, **kw)


def _check_long(game: str) -> None:
    """Skips while the solver is not built in; fails if the 'long' problem is quick."""
    with tsume.Solver(hash_mb=16) as s:
        r = solved(_long_solve, s, game, time_limit=0.3)
    assert r.result == "unknown", f"the long {game} problem was solved in {r.stats.time:.2f} s; pick a harder one"


def _later(delay: float, fn: Callable[[], object]) -> threading.Timer:
    t = threading.Timer(delay, fn)
    t.daemon = True
    t.start()
    return t


@pytest.mark.parametrize("game", ["shogi", "capture"])
@pytest.mark.parametrize("where", ["main thread", "worker thread"])
def test_cancel_from_another_thread(game: str, where: str) -> None:
    _check_long(game)
    outcome: List[Any] = []
    with tsume.Solver(hash_mb=16) as s:

        def run() -> None:
            start = time.monotonic()
            try:
                _long_solve(s, game)
                outcome.append("finished")
            except tsume.CancelledError as e:
                outcome.append((e, time.monotonic() - start))

        _later(0.3, s.cancel)
        if where == "main thread":
            run()
        else:
            t = threading.Thread(target=run)
            t.start()
            t.join(20)
            assert not t.is_alive(), "cancel did not stop the search"
    (e, elapsed), = outcome
    assert 0.25 < elapsed < 5
    assert e.result is not None and e.result.result == "unknown" and e.result.stats.nodes > 0
    assert isinstance(e, tsume.TsumeError) and str(e)


def test_cancel_right_after_the_call_began_is_not_lost() -> None:
    """A cancel() that reaches the library before the search has started
    (which the library ignores) is repeated by the bindings until it takes."""
    _check_long("shogi")
    with tsume.Solver(hash_mb=16) as s:
        for _ in range(5):
            errors: List[BaseException] = []

            def run() -> None:
                try:
                    s.solve_shogi(LONG_SHOGI, time_limit=10)
                except BaseException as e:
                    errors.append(e)

            t = threading.Thread(target=run)
            start = time.monotonic()
            t.start()
            while not s._active and t.is_alive():  # the solve_shogi call has begun
                pass
            s.cancel()
            t.join(15)
            assert len(errors) == 1 and isinstance(errors[0], tsume.CancelledError), errors
            assert time.monotonic() - start < 2


def test_cancel_when_idle_does_not_affect_the_next_search(solver: tsume.Solver) -> None:
    solver.cancel()
    r = solved(solver.solve_shogi, MATE1)
    assert r.result == "mate"


def _progress_run(game: str, where: str, time_limit: float) -> Tuple[Any, List[tsume.Progress], List[int], int]:
    """Runs a long search with progress every 50 ms; returns (result, reports, their threads, caller)."""
    seen: List[tsume.Progress] = []
    threads: List[int] = []

    def progress(p: tsume.Progress) -> None:
        seen.append(p)
        threads.append(threading.get_ident())

    box: List[Any] = []

    def run() -> None:
        with tsume.Solver(hash_mb=16) as s:
            r = _long_solve(s, game, time_limit=time_limit, progress=progress, progress_interval=0.05)
            box.append((threading.get_ident(), r))

    if where == "main thread":
        run()
    else:
        t = threading.Thread(target=run)
        t.start()
        t.join(30)
    (caller, r), = box
    return r, seen, threads, caller


@pytest.mark.parametrize("where", ["main thread", "worker thread"])
def test_progress_callback(where: str) -> None:
    _check_long("shogi")
    r, seen, threads, caller = _progress_run("shogi", where, time_limit=2.3)
    assert r.result == "unknown"
    assert len(seen) >= 2, f"only {len(seen)} progress reports in {r.stats.time:.2f} s"
    assert all(isinstance(p, tsume.Progress) for p in seen)
    assert set(threads) == {caller}, "progress must run on the thread that called solve"
    assert [p.nodes for p in seen] == sorted(p.nodes for p in seen) and seen[-1].nodes > 0
    assert [p.elapsed for p in seen] == sorted(p.elapsed for p in seen) and seen[-1].elapsed <= 2.8
    assert all(0 <= p.hashfull <= 1000 and p.root_pn > 0 and p.root_dn > 0 for p in seen)
    assert all(p.nodes_per_second > 0 for p in seen)


def test_progress_interval_is_honoured() -> None:
    _check_long("shogi")
    r, seen, _, _ = _progress_run("shogi", "main thread", time_limit=1.0)
    assert len(seen) >= 5, f"{len(seen)} progress reports in {r.stats.time:.2f} s at a 50 ms interval"


def test_capture_progress() -> None:
    _check_long("capture")
    r, seen, _, _ = _progress_run("capture", "main thread", time_limit=1.0)
    assert len(seen) >= 5, f"{len(seen)} progress reports in {r.stats.time:.2f} s at a 50 ms interval"


def test_progress_is_removed_after_the_search() -> None:
    _check_long("shogi")
    calls: List[tsume.Progress] = []
    with tsume.Solver(hash_mb=16) as s:
        s.solve_shogi(LONG_SHOGI, time_limit=1.2, progress=calls.append, progress_interval=0.02)
        n = len(calls)
        assert n > 0
        s.solve_shogi(LONG_SHOGI, time_limit=1.2)
        assert len(calls) == n


@pytest.mark.parametrize("where", ["main thread", "worker thread"])
def test_exception_in_progress_cancels_and_propagates(where: str) -> None:
    _check_long("shogi")
    calls = []

    def progress(p: tsume.Progress) -> None:
        calls.append(p)
        raise ZeroDivisionError("from the callback")

    box: List[Any] = []

    def run() -> None:
        with tsume.Solver(hash_mb=16) as s:
            start = time.monotonic()
            with pytest.raises(ZeroDivisionError, match="from the callback"):
                s.solve_shogi(LONG_SHOGI, time_limit=30, progress=progress, progress_interval=0.05)
            box.append(time.monotonic() - start)
            # The solver is usable again.
            box.append(s.solve_shogi(MATE1).result)

    if where == "main thread":
        run()
    else:
        t = threading.Thread(target=run)
        t.start()
        t.join(30)
    assert box[0] < 5 and box[1] == "mate"
    assert len(calls) == 1


def test_progress_callback_may_cancel() -> None:
    _check_long("shogi")
    with tsume.Solver(hash_mb=16) as s:
        with pytest.raises(tsume.CancelledError) as ei:
            s.solve_shogi(LONG_SHOGI, progress=lambda p: s.cancel(), progress_interval=0.05)
    assert ei.value.result.result == "unknown"


def test_second_search_on_a_busy_solver_raises_busy() -> None:
    _check_long("shogi")
    errors: List[BaseException] = []
    with tsume.Solver(hash_mb=16) as s:
        started = threading.Event()

        def run() -> None:
            try:
                s.solve_shogi(LONG_SHOGI, time_limit=20, progress=lambda p: started.set(), progress_interval=0.02)
            except BaseException as e:
                errors.append(e)

        t = threading.Thread(target=run)
        t.start()
        assert started.wait(10)
        with pytest.raises(tsume.BusyError):
            s.solve_shogi(MATE1)
        with pytest.raises(tsume.BusyError):
            s.solve_capture(board_size=9, black="D5", target="D5")
        s.cancel()
        t.join(10)
        assert not t.is_alive()
    assert len(errors) == 1 and isinstance(errors[0], tsume.CancelledError)


def test_close_cancels_a_search_running_in_another_thread() -> None:
    _check_long("shogi")
    errors: List[BaseException] = []
    s = tsume.Solver(hash_mb=16)
    started = threading.Event()

    def run() -> None:
        try:
            s.solve_shogi(LONG_SHOGI, progress=lambda p: started.set(), progress_interval=0.02)
        except BaseException as e:
            errors.append(e)

    t = threading.Thread(target=run)
    t.start()
    assert started.wait(10)
    start = time.monotonic()
    s.close()
    assert time.monotonic() - start < 5 and s.closed
    t.join(10)
    assert len(errors) == 1 and isinstance(errors[0], tsume.CancelledError)


def test_closed_solver() -> None:
    s = tsume.Solver(hash_mb=4)
    assert not s.closed and "hash_mb=4" in repr(s)
    s.close()
    s.close()  # twice is harmless
    s.cancel()  # a no-op once closed
    assert s.closed and "closed" in repr(s)
    for call in (lambda: s.solve_shogi(MATE1), s.clear, lambda: s.hashfull,
                 lambda: s.solve_capture(board_size=9, black="D5", target="D5")):  # fmt: skip
        with pytest.raises(ValueError, match="closed"):
            call()


def test_two_solvers_search_in_parallel() -> None:
    _check_long("shogi")
    results: List[Any] = []

    def run() -> None:
        with tsume.Solver(hash_mb=16) as s:
            results.append(s.solve_shogi(LONG_SHOGI, time_limit=1.0))
            results.append(s.solve_shogi(MATE1))

    threads = [threading.Thread(target=run) for _ in range(2)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    wall = time.monotonic() - start
    assert sorted(r.result for r in results) == ["mate", "mate", "unknown", "unknown"]
    # Two one-second searches that overlap (ctypes released the GIL) take well under two seconds.
    assert wall < 1.9, f"two 1 s searches took {wall:.2f} s: did they run one after the other?"


_CTRL_C_SCRIPT = textwrap.dedent(
    """
    import signal, sys, time, tsume
    # A shell may start us with SIGINT ignored (background jobs); Python then
    # installs no handler of its own. Ask for the usual KeyboardInterrupt.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    s = tsume.Solver(hash_mb=16)
    print("searching", flush=True)
    start = time.monotonic()
    try:
        r = s.solve_{game}
    except KeyboardInterrupt:
        print("interrupted after %.2f s" % (time.monotonic() - start), flush=True)
        r = s.solve_shogi({mate1!r})  # the solver still works
        print("then", r.result, flush=True)
        sys.exit(42)
    print("finished", r, flush=True)
    """
)


@pytest.mark.parametrize("game", ["shogi", "capture"])
def test_ctrl_c_cancels_a_long_solve(game: str) -> None:
    _check_long(game)
    call = f"shogi({LONG_SHOGI!r}, time_limit=60)" if game == "shogi" else f"capture(**{LONG_CAPTURE!r}, time_limit=60)"
    script = _CTRL_C_SCRIPT.format(game=call, mate1=MATE1)
    env = dict(os.environ, PYTHONPATH=str(PKG / "src"))
    p = subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout is not None
        assert p.stdout.readline().strip() == "searching"
        time.sleep(0.5)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=10)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 42, f"exit {p.returncode}\nstdout: {out}\nstderr: {err}"
    assert "then mate" in out
    secs = float(out.split("interrupted after ")[1].split()[0])
    assert secs < 3, f"Ctrl-C took effect only after {secs} s"
