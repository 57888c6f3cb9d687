"""The answer contract (a mate only with a verified line), the table-size
rule, multibyte input, the capture default, SGF paths and fork()."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from pathlib import Path
from typing import Any, Callable, Dict

import pytest

import tsume
from tsume import _lib

from conftest import MATE1, NOMATE, solved

# A long problem (many seconds): a node limit stops it in the proof phase.
LONG = "9/9/9/9/4k4/9/9/9/9 b 2B2S 1"
# Can White save L10 (next to black K10 and L11, black N10 a point away) on an
# empty 19x19 board? df-pn and APS answer it with different work.
BUDGET_QUESTION = dict(board_size=19, black="K10 L11 N10", white="L10", target="L10", mode="defend", plays=200_000)


# ---- the answer contract ------------------------------------------------------


def test_mate_is_proven_and_verified(solver: tsume.Solver) -> None:
    r = solved(solver.solve_shogi, MATE1)
    assert (r.result, r.verified, r.proven, r.candidate, r.moves) == ("mate", True, True, (), ("G*5b",))
    assert r.to_dict()["candidate"] == "" and r.to_dict()["proven"] is True


def test_nomate_and_unknown_are_not_proven(solver: tsume.Solver) -> None:
    r = solved(solver.solve_shogi, NOMATE)
    assert (r.result, r.proven, r.candidate) == ("nomate", False, ())
    r = solver.solve_shogi(LONG, nodes=10)
    assert (r.result, r.proven, r.candidate, r.moves) == ("unknown", False, (), ())
    assert "stopped" in r.note


class _Dll:
    """A stand-in for the ctypes library that lets a test change what some
    of its functions report (fault injection); everything else is the real
    library's."""

    def __init__(self, real: Any, overrides: Dict[str, Callable[..., int]]) -> None:
        self._real, self._overrides = real, overrides

    def __getattr__(self, name: str) -> Any:
        fn = getattr(self._real, name)
        if name not in self._overrides:
            return fn
        over = self._overrides[name]
        return lambda *args: over(fn, *args)


class _Lib:
    def __init__(self, real: Any, overrides: Dict[str, Callable[..., int]]) -> None:
        self._real, self.dll = real, _Dll(real.dll, overrides)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


def _out(arg: Any) -> Any:
    """The ctypes object behind a byref() argument."""
    return arg._obj


def test_unverified_mate_is_never_a_mate(monkeypatch: pytest.MonkeyPatch, solver: tsume.Solver) -> None:
    """Fault injection: should the library ever report a shogi mate with
    verified 0, the bindings still do not present it as a mate."""

    def flags(real: Callable[..., int], r: Any, verified: Any, minimal: Any, cached: Any) -> int:
        st = real(r, verified, minimal, cached)
        _out(verified).value = 0
        return st

    monkeypatch.setattr(solver, "_lib", _Lib(solver._lib, {"tsume_result_flags": flags}))
    r = solved(solver.solve_shogi, MATE1)
    assert r.kind == tsume.Kind.UNKNOWN and r.result == "unknown"
    assert (r.proven, r.candidate, r.moves, r.best_move, r.length, r.minimal) == (True, ("G*5b",), (), None, 0, False)
    assert r.note and repr(r).startswith("ShogiResult(unknown (mate proven, no verified line);")


def test_proven_mate_without_verified_line(monkeypatch: pytest.MonkeyPatch, solver: tsume.Solver) -> None:
    """What the library returns when the proof was done but no line passed
    the verifier (kind UNKNOWN, proven 1, no moves, the line only as the
    candidate), made from a real mate's result: the bindings say unknown."""
    real = solver._lib.dll

    def set_to(value: Any, at: int) -> Callable[..., int]:
        def over(fn: Callable[..., int], *args: Any) -> int:
            st = fn(*args)
            _out(args[at]).value = value
            return st

        return over

    def no_string(fn: Callable[..., int], r: Any, out: Any) -> int:
        st = fn(r, out)
        real.tsume_string_free(_out(out))
        _out(out).value = None
        return st

    overrides = {
        "tsume_result_kind_of": set_to(_lib.RESULT_UNKNOWN, 1),
        "tsume_result_proven": set_to(1, 1),
        "tsume_result_length": set_to(0, 1),
        "tsume_result_move_count": set_to(0, 1),
        "tsume_result_moves": no_string,
        "tsume_result_best_move": no_string,
        "tsume_result_candidate": lambda fn, r, out: real.tsume_result_moves(r, out),
    }

    def flags(fn: Callable[..., int], r: Any, verified: Any, minimal: Any, cached: Any) -> int:
        st = fn(r, verified, minimal, cached)
        _out(verified).value = _out(minimal).value = 0
        return st

    overrides["tsume_result_flags"] = flags
    monkeypatch.setattr(solver, "_lib", _Lib(solver._lib, overrides))
    r = solved(solver.solve_shogi, MATE1)
    assert (r.result, r.proven, r.candidate, r.moves, r.verified) == ("unknown", True, ("G*5b",), (), False)
    assert "mate proven, no verified line" in repr(r)


# ---- hash_mb: one rule for every front end -------------------------------------


def _physical_mb() -> int:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") >> 20
    except (ValueError, OSError):  # pragma: no cover
        return 0


def test_hash_mb_rule() -> None:
    total = _physical_mb()
    if not 0 < total < 1 << 20:
        pytest.skip("physical memory unknown or above the range")
    with pytest.raises(tsume.TsumeMemoryError) as e:
        tsume.Solver(hash_mb=total + 1, cache_mb=0)
    assert f"{total + 1} MiB" in str(e.value) and f"{total} MiB of memory" in str(e.value)
    with pytest.raises(tsume.InvalidArgumentError, match="hash size 0 MiB"):
        tsume.Solver(hash_mb=0)
    with pytest.raises(ValueError, match="hash size 1048577 MiB"):
        tsume.Solver(hash_mb=(1 << 20) + 1)
    with pytest.raises(ValueError, match="hash_mb"):
        tsume.Solver(hash_mb=1 << 32)  # what a uint32_t cannot carry
    with tsume.Solver(hash_mb=1, cache_mb=0) as s:
        assert solved(s.solve_shogi, MATE1).result == "mate"


# ---- multibyte and non-UTF-8 input ---------------------------------------------


@pytest.mark.parametrize(
    "sfen", ["4k4/9/4é4/9/9/9/9/9/9 b G 1", "4k4/9/4P4/9/9/9/9/9/9 b Gé 1", "4k4/9/4\u3042" + "4/9/9/9/9/9/9 b G 1"]
)
def test_multibyte_sfen_is_reported_whole(solver: tsume.Solver, sfen: str) -> None:
    with pytest.raises(tsume.ParseError) as e:
        solver.solve_shogi(sfen)
    msg = str(e.value)
    assert "sfen" in msg and "\ufffd" not in msg  # nothing lost on the way


def test_unencodable_text_names_the_index(solver: tsume.Solver) -> None:
    bad = "4k4/9/4P4/9/9/9/9/9/9 b G 1".encode().decode("ascii") + "\udcff"
    with pytest.raises(ValueError, match=r"sfen: the character '\\udcff' at index 27"):
        solver.solve_shogi(bad)


# ---- the capture default --------------------------------------------------------


def test_capture_default_is_dfpn(solver: tsume.Solver) -> None:
    default = solved(solver.solve_capture, **BUDGET_QUESTION)
    solver.clear()
    dfpn = solved(solver.solve_capture, **BUDGET_QUESTION, algo="dfpn")
    solver.clear()
    aps = solved(solver.solve_capture, **BUDGET_QUESTION, algo="aps")
    assert default.result == dfpn.result == "saved" and default.proven
    assert (default.stats.generated, default.stats.expanded) == (dfpn.stats.generated, dfpn.stats.expanded)
    assert (default.stats.generated, default.stats.expanded) != (aps.stats.generated, aps.stats.expanded)
    assert solver.solve_capture(board_size=9, black="D5", white="C5 D6 E5", target="D5", widening="3").gtp
    assert solver.solve_capture(board_size=9, black="D5", white="C5 D6 E5", target="D5", algo="aps", widening="3").gtp


# ---- SGF from a path given as a str ------------------------------------------------

ATARI_SGF = "(;GM[1]FF[4]SZ[9]AB[de][dg]AW[ce][dd][ee])"


def test_sgf_str_naming_a_file_is_read(solver: tsume.Solver, tmp_path: Path) -> None:
    f = tmp_path / "atari.sgf"
    f.write_text(ATARI_SGF)
    assert solved(solver.solve_capture, str(f), target="D5").gtp == "1 D4"
    assert solver.solve_capture(sgf_path=str(f), target="D5").gtp == "1 D4"
    assert solver.solve_capture(sgf_path=f, target="D5").gtp == "1 D4"
    with pytest.raises(ValueError, match="not both"):
        solver.solve_capture(ATARI_SGF, sgf_path=f, target="D5")


def test_sgf_errors_say_what_was_tried(solver: tsume.Solver, tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such.sgf")
    with pytest.raises(tsume.ParseError) as e:
        solver.solve_capture(missing, target="D5")
    assert "read as SGF text" in str(e.value) and "no file named" in str(e.value) and "no-such.sgf" in str(e.value)
    bad = tmp_path / "bad.sgf"
    bad.write_text("not sgf")
    with pytest.raises(tsume.ParseError) as e:
        solver.solve_capture(str(bad), target="D5")
    assert f"read from the file {str(bad)!r}" in str(e.value)
    with pytest.raises(FileNotFoundError):
        solver.solve_capture(sgf_path=missing, target="D5")


# ---- fork() after the library was loaded ------------------------------------------


def _wait_or_kill(pid: int, seconds: float) -> int:
    """waitpid with a hang guard: the child is killed after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"the forked child hung for {seconds} s")
        time.sleep(0.05)


def test_fork_child_gets_an_error_not_a_hang(solver: tsume.Solver) -> None:
    solved(solver.solve_shogi, MATE1)  # the parent uses the library: its runtime is running
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 0
        try:
            os.close(r)
            out = []
            for call in (
                lambda: solver.solve_shogi(MATE1),
                lambda: tsume.Solver(hash_mb=1),
                lambda: tsume.solve_capture(board_size=9, black="D5", white="C5 D6 E5", target="D5"),
                solver.cancel,
            ):
                try:
                    call()
                    out.append("no error")
                except tsume.ForkError as e:
                    out.append("ForkError: " + str(e))
                except BaseException as e:
                    out.append(f"{type(e).__name__}: {e}")
            solver.close()  # the parent's handle: dropped, not freed, no hang
            os.write(w, "\n".join(out).encode())
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(w)
    status = _wait_or_kill(pid, 60)
    with os.fdopen(r) as f:
        lines = f.read().splitlines()
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    assert len(lines) == 4 and all(line.startswith("ForkError: ") for line in lines), lines
    assert "spawn" in lines[0] and f"from process {os.getpid()}" in lines[0]
    assert solved(solver.solve_shogi, MATE1).result == "mate"  # the parent is unaffected


def _solve_mate1(_: object = None) -> str:
    return tsume.solve_shogi(MATE1, hash_mb=1).result


def _solve_into(q: Any) -> None:
    try:
        q.put(_solve_mate1())
    except tsume.ForkError as e:
        q.put("ForkError: " + str(e))


def test_multiprocessing_fork_raises_in_the_child() -> None:
    ctx = multiprocessing.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=_solve_into, args=(q,))
    p.start()
    p.join(60)
    if p.is_alive():
        p.kill()
        p.join()
        pytest.fail("the child of multiprocessing's fork start method hung")
    assert q.get(timeout=5).startswith("ForkError: ")
    # A Pool (the case): the error reaches the parent through the pool.
    pool = ctx.Pool(1)
    res = pool.apply_async(_solve_mate1)
    try:
        res.get(timeout=60)
    except tsume.ForkError as e:
        assert "spawn" in str(e)
    except multiprocessing.TimeoutError:
        # Killed workers may hold the pool's locks, so terminate() could
        # wait forever: leave the pool and fail.
        for child in multiprocessing.active_children():
            child.kill()
        pytest.fail("a Pool worker of the fork start method hung")
    else:
        pytest.fail("the forked Pool worker solved without an error")
    pool.terminate()
    pool.join()
    # spawn works: a fresh interpreter loads its own library
    spawn = multiprocessing.get_context("spawn")
    with spawn.Pool(1) as pool:
        assert pool.apply_async(_solve_mate1).get(timeout=120) == "mate"
