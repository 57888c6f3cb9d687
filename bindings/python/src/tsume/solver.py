"""The Solver: one libtsume solver handle and its transposition table.

>>> import tsume
>>> with tsume.Solver(hash_mb=64) as solver:                        # doctest: +SKIP
...     r = solver.solve_shogi("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
...     print(r.result, r.length, r.best_move)
mate 1 G*5b

Threads and signals. The library releases the GIL during a search (ctypes
does), so other Python threads run meanwhile and one of them may call
:meth:`Solver.cancel`. When a search is started from the main thread, it runs
in a helper thread while the main thread waits, so that Ctrl-C (SIGINT)
cancels the search and raises KeyboardInterrupt promptly instead of waiting
for the end. The ``progress`` callable is always invoked on the thread that
called ``solve_*``; if it raises, the search is cancelled and the exception
propagates out of ``solve_*``.

Processes. The library contains a Go runtime, whose threads do not survive
fork(): in a child forked after the library was loaded (``os.fork``,
multiprocessing's "fork" start method, the default on Linux before Python
3.14) every call raises :class:`tsume.ForkError` instead of hanging. Use the
"spawn" or "forkserver" start method.
"""

from __future__ import annotations

import ctypes
import dataclasses
import json
import os
import queue
import signal
import threading
import time
import weakref
from ctypes import byref, c_double, c_int32, c_size_t, c_uint32, c_uint64, c_void_p
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, Optional, Tuple, TypeVar, Union

from . import _lib
from .errors import BusyError, CancelledError, ParseError, TsumeError, error_for
from .results import CaptureResult, Kind, Progress, ShogiResult, Stats, capture_word, shogi_word

ProgressCallback = Callable[[Progress], object]
if TYPE_CHECKING:  # pragma: no cover
    ErrBuffer = ctypes.Array[ctypes.c_char]
R = TypeVar("R")


@dataclasses.dataclass(frozen=True)
class BestMove:
    """The answer of :meth:`Solver.best_move`: the move (USI; None when the
    side to move has none), its value (material, from the side to move's
    view; ±2**28 for a mate), C*'s conspiracy numbers (``fall``: for the
    best move to fall below ``value``; ``rise``: the least for another move
    to rise above it; ``separation`` = min of both; ``inf`` when no change
    of evaluations suffices; 0 under alpha-beta), whether the stopping rule
    was met (``decided``), the node count at which the move was chosen,
    alpha-beta's completed ``depth``, why it stopped and the statistics."""

    move: Optional[str]
    value: int
    algo: str
    fall: float
    rise: float
    separation: float
    decided: bool
    decided_at: int
    depth: int
    stop: str
    expanded: int
    generated: int
    iterations: int
    time: float



@dataclasses.dataclass(frozen=True)
class LineCheck:
    """The independent verifier's verdict on a mating line (see
    :meth:`Solver.verify_line`): ``verdict`` is ``"verified"``,
    ``"rejected"`` (shown wrong: ``problem`` says where, e.g. a defence that
    escapes) or ``"unsettled"`` (the budget ran out first); ``length`` is the
    line's plies, then what the verifier counted."""

    verdict: str
    length: int
    problem: str
    plies: int
    alternatives: int
    refuted: int
    futile: int
    unsettled: int
    nodes: int

    def __bool__(self) -> bool:
        return self.verdict == "verified"


#: Accepted ``rules`` values of solve_shogi.
SHOGI_RULES = {"tsume": 0, "mate": 1}
#: Accepted ``algo`` values of solve_shogi.
SHOGI_ALGOS = {"default": 0, "dfpn": 1, "pnstar": 2, "cstar": 4}
#: Accepted ``algo`` values of solve_capture.
CAPTURE_ALGOS = {"default": 0, "dfpn": 1, "pnstar": 2, "aps": 3, "cstar": 4}
#: Accepted ``algo`` values of best_move.
BESTMOVE_ALGOS = {"cstar": 0, "alphabeta": 1}
#: Accepted ``mode`` values of solve_capture.
CAPTURE_MODES = {"attack": 0, "defend": 1}

_UINT32_MAX = 2**32 - 1
_UINT64_MAX = 2**64 - 1
_INT32_MAX = 2**31 - 1
_INT64_MAX = 2**63 - 1  # the library reads a larger plays_limit as "no limit": refuse it here
_CACHE_MB_MAX = 4096  # tsume.h: 0 .. 4096
_NO_PROGRESS = _lib.PHASE_PROGRESS_FN()  # a NULL tsume_phase_progress_fn


def _choice(name: str, value: object, table: dict) -> int:
    if not isinstance(value, str) or value.lower() not in table:
        allowed = ", ".join(repr(k) for k in table)
        raise ValueError(f"{name} must be one of {allowed}, not {value!r}")
    return table[value.lower()]


def _int_option(name: str, value: object, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not lo <= value <= hi:
        raise ValueError(f"{name} must be between {lo} and {hi}, not {value}")
    return value


def _limits(time_limit: Optional[float], nodes: Optional[int]) -> Tuple[int, int]:
    """(node_limit, time_limit_ms) for a query; 0 means none."""
    node_limit = 0 if nodes is None else _int_option("nodes", nodes, 1, _UINT64_MAX)
    ms = 0
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise TypeError(f"time_limit must be a number of seconds, not {type(time_limit).__name__}")
        if not time_limit > 0 or time_limit * 1000 > _UINT32_MAX:
            raise ValueError(
                f"time_limit must be a positive number of seconds (at most {_UINT32_MAX // 1000}), "
                f"not {time_limit!r}"
            )
        ms = max(1, int(round(time_limit * 1000)))
    return node_limit, ms


def _text(name: str, value: object, required: bool = True) -> Optional[bytes]:
    """UTF-8 bytes for a char* field; NUL would silently cut the string in C, so it is refused."""
    if value is None:
        if required:
            raise TypeError(f"{name} is required")
        return None
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    if "\x00" in value:
        raise ValueError(f"{name} contains a NUL character")
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError(
            f"{name}: the character {value[e.start]!r} at index {e.start} cannot be encoded as UTF-8 "
            "(a lone surrogate, e.g. from bytes decoded with surrogateescape)"
        ) from None


def _word_list(name: str, value: Union[str, Iterable[str], None]) -> Optional[str]:
    """A space-separated list from a string or an iterable of strings."""
    if value is None or isinstance(value, str):
        return value
    items = list(value)
    for it in items:
        if not isinstance(it, str):
            raise TypeError(f"{name} must be a str or a sequence of str, not one holding {type(it).__name__}")
        if not it.strip() or any(c.isspace() for c in it):
            raise ValueError(f"{name}: {it!r} is not a single move or vertex")
    return " ".join(items)


def _sgf_text(
    sgf: Union[str, "os.PathLike[str]", None], sgf_path: Union[str, "os.PathLike[str]", None]
) -> Tuple[Optional[str], Optional[str]]:
    """(SGF text, what was tried, for a parse error's message) from solve_capture's sgf or sgf_path."""
    if sgf_path is not None:
        if sgf is not None:
            raise ValueError("give either sgf or sgf_path, not both")
        if not isinstance(sgf_path, (str, os.PathLike)):
            raise TypeError(f"sgf_path must be a str or an os.PathLike, not {type(sgf_path).__name__}")
        return _read_sgf(sgf_path)
    if sgf is None:
        return None, None
    if isinstance(sgf, os.PathLike):
        return _read_sgf(sgf)
    if not isinstance(sgf, str):
        raise TypeError(f"sgf must be SGF text or a path (str or os.PathLike), not {type(sgf).__name__}")
    # SGF text begins with '(' (after white space or a byte-order mark); a
    # one-line str that names a file is the file.
    if not sgf.lstrip("\ufeff \t\r\n").startswith("(") and "\n" not in sgf and len(sgf) < 4096:
        if os.path.isfile(sgf):
            return _read_sgf(sgf)
        shown = sgf if len(sgf) <= 200 else "..." + sgf[-100:]  # a path's end names the file
        return sgf, f"sgf was read as SGF text (no file named {shown!r} exists)"
    return sgf, None


def _read_sgf(path: Union[str, "os.PathLike[str]"]) -> Tuple[str, str]:
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read(), f"sgf was read from the file {os.fspath(path)!r}"


def _interval_ms(progress_interval: float) -> int:
    if isinstance(progress_interval, bool) or not isinstance(progress_interval, (int, float)):
        raise TypeError("progress_interval must be a number of seconds")
    if not 0.01 <= progress_interval <= 3600:
        raise ValueError(f"progress_interval must be between 0.01 and 3600 seconds, not {progress_interval!r}")
    return int(round(progress_interval * 1000))


class Solver:
    """A solver owning one transposition table (``hash_mb`` MiB of mmap'd memory).

    Use it as a context manager (or call :meth:`close`) so the table is freed
    at once rather than when the object is collected. One solver runs one
    search at a time; a second concurrent ``solve_*`` call raises
    :class:`tsume.BusyError`. Different solvers search in parallel.

    :param hash_mb: table size in MiB: at least 1, at most the machine's
        physical memory (else :class:`tsume.TsumeMemoryError`) and 1048576
        (else :class:`tsume.InvalidArgumentError`); the rule of every tsume
        front end, and the message names the figures.
    :param huge_pages: ask for MAP_HUGETLB pages (falls back cleanly when
        the system has none reserved; see :attr:`huge_pages_obtained`).
    :param cache_mb: budget of the cross-call result cache in MiB, 0 .. 4096 (0: off).

    >>> with Solver(hash_mb=16) as s:                                 # doctest: +SKIP
    ...     s.solve_capture(board_size=9, black="D5", white="C5 D6 E5",
    ...                     target="D5", mode="attack").result
    'captured'
    """

    def __init__(self, hash_mb: int = 256, huge_pages: bool = False, cache_mb: int = 16) -> None:
        self._handle: Optional[int] = None
        self._lib = _lib.get()
        opts = _lib.SolverOptions(
            struct_size=ctypes.sizeof(_lib.SolverOptions),
            # The library applies the rule (1 MiB up to the machine's
            # memory, the figures in the message); here only what a
            # uint32_t cannot carry is refused.
            hash_mb=_int_option("hash_mb", hash_mb, 0, _UINT32_MAX),
            huge_pages=1 if bool(huge_pages) else 0,
            cache_mb=_int_option("cache_mb", cache_mb, 0, _CACHE_MB_MAX),
        )
        handle = c_void_p()
        err = ctypes.create_string_buffer(_lib.ERR_LEN)
        status = self._lib.dll.tsume_solver_new(byref(opts), byref(handle), err, _lib.ERR_LEN)
        if status != _lib.OK:
            raise self._error(status, err)
        self._handle = handle.value
        # Reentrant: cancel() may be called from a signal handler or a
        # progress callable on a thread that already holds it.
        self._cond = threading.Condition(threading.RLock())
        self._active = False  # a solve_* call owns the handle
        self._owner: Optional[threading.Thread] = None
        self._closing = False
        # Per-search progress state, set only while _active.
        self._sink: Optional[Callable[[Progress], None]] = None
        self._callback_error: Optional[BaseException] = None
        self._search_id = 0  # counts solve_* calls
        self._cancel_for = -1  # the search a repeating cancel is running for
        self._helper: Optional[_Helper] = None  # started by the first solve from the main thread
        # ctypes must keep the C callback alive as long as the library may
        # call it; it holds the solver weakly so the solver can be collected.
        self._c_progress = _make_trampoline(weakref.ref(self))
        self.hash_mb = hash_mb

    # ---- lifetime ----------------------------------------------------------

    def close(self) -> None:
        """Frees the solver and its table; a search running in another thread is cancelled first.

        Closing twice is harmless. Any later ``solve_*`` raises ValueError.
        """
        if self._handle is None:
            return
        if _lib.forked():
            # The parent's handle: the child must not touch the library (it
            # would hang) nor the parent's locks. The parent frees it.
            self._handle = None
            return
        with self._cond:
            if self._handle is None:
                return
            if self._active and self._owner is threading.current_thread():
                raise RuntimeError("Solver.close() called from inside its own search (a progress callback?)")
            self._closing = True
            while self._active:
                self._lib.dll.tsume_cancel(self._handle)
                self._cond.wait(0.1)
            status = self._lib.dll.tsume_solver_free(self._handle)
            self._handle = None
            if self._helper is not None:
                self._helper.stop()
                self._helper = None
        if status != _lib.OK:  # pragma: no cover - a library bug
            raise error_for(status, "tsume_solver_free failed", self._lib.status_string(status))

    def __enter__(self) -> "Solver":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if getattr(self, "_handle", None) is not None:
                self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    @property
    def closed(self) -> bool:
        """True after :meth:`close`."""
        return self._handle is None

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"hash_mb={self.hash_mb}"
        return f"<tsume.Solver {state}>"

    # ---- control -------------------------------------------------------------

    def cancel(self) -> None:
        """Stops the running search, if any; safe from any thread (and from a signal handler).

        The interrupted ``solve_*`` call raises :class:`tsume.CancelledError`
        whose ``result`` holds the statistics so far. Cancelling a solver that
        is not searching does nothing.
        """
        _lib.check_fork()
        with self._cond:
            h = self._handle
            if h is None:
                return
            self._lib.dll.tsume_cancel(h)
            if not self._active or self._cancel_for == self._search_id:
                return
            # The library ignores a cancel that arrives before the search has
            # begun, and this one may have: repeat it until the search returns.
            self._cancel_for = sid = self._search_id
        threading.Thread(target=self._repeat_cancel, args=(sid,), name="tsume-cancel", daemon=True).start()

    def _repeat_cancel(self, sid: int) -> None:
        while True:
            time.sleep(0.02)
            with self._cond:
                if self._handle is None or not self._active or self._search_id != sid:
                    return
                self._lib.dll.tsume_cancel(self._handle)

    def clear(self) -> None:
        """Empties the transposition table and the result cache."""
        self._check(self._lib.dll.tsume_solver_clear(self._live_handle()))

    def prefault(self) -> None:
        """Writes every page of the shogi table now, so that the next
        searches take no page faults on it (for an engine's idle time, as
        USI's isready; no entry or answer changes)."""
        self._check(self._lib.dll.tsume_solver_prefault(self._live_handle()))

    def _table_info(self) -> Tuple[int, bool]:
        hashfull, huge = c_uint32(), c_int32()
        self._check(self._lib.dll.tsume_solver_table_info(self._live_handle(), byref(hashfull), byref(huge)))
        return hashfull.value, bool(huge.value)

    @property
    def hashfull(self) -> int:
        """Table fill, per mille."""
        return self._table_info()[0]

    @property
    def huge_pages_obtained(self) -> bool:
        """Whether the table got huge pages (MAP_HUGETLB or transparent huge pages)."""
        return self._table_info()[1]

    # ---- solving -------------------------------------------------------------

    def solve_shogi(
        self,
        sfen: str,
        moves: Union[str, Iterable[str], None] = None,
        rules: str = "tsume",
        algo: str = "dfpn",
        time_limit: Optional[float] = None,
        nodes: Optional[int] = None,
        *,
        threads: int = 1,
        line_nodes: Optional[int] = None,
        progress: Optional[ProgressCallback] = None,
        progress_interval: float = 0.5,
    ) -> ShogiResult:
        """Solves a tsume-shogi question: is there a mate for the side to move?

        :param sfen: the position: ``"board side hand ply"``, ``"position sfen …"``
            or ``"startpos"``.
        :param moves: USI moves played from ``sfen`` first (a string of
            space-separated moves or a sequence of them).
        :param rules: ``"tsume"`` (composers' rules: the defender owns every
            spare piece, futile interpositions do not count) or ``"mate"``
            (engines' mate search: hands as given).
        :param algo: ``"dfpn"`` (df-pn with TCA and SNDA), ``"pnstar"``,
            ``"cstar"`` (C*, Seo 1995) or ``"default"``.
        :param time_limit: seconds; None for no limit.
        :param nodes: node limit; None for no limit.
        :param threads: threads of the proof search (df-pn) and of the line
            search's large bounded searches, 1 to 256, all over the solver's
            one table; PN*, C*, the exact-length search and the verifier run
            on one. Mate or no mate and a proven-minimal
            length do not depend on it; node counts may. The search starts
            the other threads only if the problem is still open after a
            short solo phase.
        :param line_nodes: node limit of the line search after the first
            proof (shortening, proving the line minimal); None for none.
            Unlike ``time_limit`` it ends the search at the same point on
            every run of one thread, whatever the machine's load: the
            answer is then the best verified line found within it, perhaps
            not ``minimal`` (and such an answer is not cached).
        :param progress: called with a :class:`Progress` about every
            ``progress_interval`` seconds, on the calling thread.
        :raises tsume.ParseError: malformed SFEN or move.
        :raises tsume.IllegalPositionError: well-formed but illegal position or move.
        :raises ValueError, TypeError: bad options.
        :raises tsume.CancelledError: :meth:`cancel` stopped the search.

        A limit that ends the search returns a result with ``result == "unknown"``.

        >>> solver.solve_shogi("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").moves  # doctest: +SKIP
        ('G*5b',)
        """
        q = _lib.ShogiQuery(struct_size=ctypes.sizeof(_lib.ShogiQuery))
        q.sfen = _text("sfen", sfen)
        q.moves = _text("moves", _word_list("moves", moves), required=False)
        q.rules = _choice("rules", rules, SHOGI_RULES)
        q.algo = _choice("algo", algo, SHOGI_ALGOS)
        q.node_limit, q.time_limit_ms = _limits(time_limit, nodes)
        q.threads = _int_option("threads", threads, 1, _lib.MAX_THREADS)
        q.line_node_limit = 0 if line_nodes is None else _int_option("line_nodes", line_nodes, 1, _UINT64_MAX)
        interval = _interval_ms(progress_interval)
        out, status, err = self._solve(self._lib.dll.tsume_solve_shogi, q, progress, interval)
        res = self._finish(out, status, err, self._shogi_result)
        played = _word_list("moves", moves) or ""
        return dataclasses.replace(res, problem=(str(sfen), played, rules))

    def best_move(
        self,
        sfen: str = "startpos",
        moves: Union[str, Iterable[str], None] = None,
        algo: str = "cstar",
        depth: int = 3,
        separation: Optional[int] = 3,
        nodes: Optional[int] = 100000,
        time_limit: Optional[float] = None,
    ) -> "BestMove":
        """Searches a shogi position for the side to move's best move under a
        material evaluation (not a proof; the solver's table is not used).

        :param algo: ``"cstar"`` (C* for minimax trees, Seo 1995 chapter 6)
            or ``"alphabeta"`` (the baseline).
        :param depth: horizon in plies (1 to 64): positions there are
            evaluated, never expanded.
        :param separation: C* stops once the best move's separation (the
            least number of evaluations that must change for another move
            to become better) reaches it; None: until it cannot change.
        :param nodes: expanded-node budget; None for none (then give a
            time limit: the search cannot be cancelled).
        :param time_limit: seconds; None for no limit.
        :raises tsume.ParseError: malformed SFEN or move.
        :raises tsume.IllegalPositionError: well-formed but illegal position or move.
        :raises ValueError, TypeError: bad options.

        >>> solver.best_move("k8/9/9/9/4r4/4S4/9/9/K8 b - 1").move  # doctest: +SKIP
        '5f5e'
        """
        a = _choice("algo", algo, BESTMOVE_ALGOS)
        d = _int_option("depth", depth, 1, 64)
        sep = 0 if separation is None else _int_option("separation", separation, 1, _INT64_MAX)
        node_limit, ms = _limits(time_limit, nodes)
        sfen_b = _text("sfen", sfen)
        moves_b = _text("moves", _word_list("moves", moves), required=False)
        out = c_void_p()
        err = ctypes.create_string_buffer(_lib.ERR_LEN)
        status = self._lib.dll.tsume_shogi_bestmove(sfen_b, moves_b, a, d, sep, node_limit, ms, byref(out), err, _lib.ERR_LEN)
        if status != _lib.OK:
            raise self._error(status, err)
        j = json.loads(self._lib.take_string(out))

        def cn(x: str) -> float:
            return float("inf") if x == "inf" else int(x)

        return BestMove(
            move=None if j["move"] == "none" else j["move"],
            value=j["value"],
            algo=algo,
            fall=cn(j["fall"]),
            rise=cn(j["rise"]),
            separation=cn(j["separation"]),
            decided=j["decided"],
            decided_at=j["decided_at"],
            depth=j["depth"],
            stop=j["stop"],
            expanded=j["ex"],
            generated=j["ge"],
            iterations=j["it"],
            time=j["time_ms"] / 1000,
        )

    def verify_line(
        self,
        sfen: str,
        line: Union[str, Iterable[str]],
        moves: Union[str, Iterable[str], None] = None,
        rules: str = "tsume",
        defender: Union[bool, str] = False,
        alt_nodes: int = 10000,
        nodes: int = 1000000,
    ) -> "LineCheck":
        """Checks a mating line from anywhere (another engine's answer, a
        book's) with the independent verifier, for the question
        :meth:`solve_shogi` would pose about ``sfen`` after ``moves``: every
        attacker move a legal check, the end mate, and every defender
        alternative along the line mated within the plies left (a mate in N
        is the defender's best play, so a line whose defender takes a
        shorter defence than its best is rejected or unsettled).

        :param defender: True: the side to move defends (the line starts with
            its reply); ``"auto"``: only when it is in check.
        :param alt_nodes: verifier nodes for each defender alternative.
        :param nodes: verifier nodes in all.
        :raises tsume.ParseError: malformed SFEN or move.
        :raises tsume.IllegalPositionError: an illegal position or move, or a
            position the solver refuses.

        >>> solver.verify_line("7sk/9/7PP/9/9/9/9/9/9 b GS 1", "S*1b 2a1b G*2b").verdict  # doctest: +SKIP
        'verified'
        """
        r = _choice("rules", rules, SHOGI_RULES)
        if defender == "auto":
            d = 2
        elif isinstance(defender, bool):
            d = int(defender)
        else:
            raise ValueError(f"defender must be True, False or 'auto', not {defender!r}")
        an = _int_option("alt_nodes", alt_nodes, 1, _INT64_MAX)
        n = _int_option("nodes", nodes, 1, _INT64_MAX)
        sfen_b = _text("sfen", sfen)
        moves_b = _text("moves", _word_list("moves", moves), required=False)
        line_b = _text("line", _word_list("line", line))
        out = c_void_p()
        err = ctypes.create_string_buffer(_lib.ERR_LEN)
        status = self._lib.dll.tsume_shogi_verify(sfen_b, moves_b, r, d, line_b, an, n, byref(out), err, _lib.ERR_LEN)
        if status != _lib.OK:
            raise self._error(status, err)
        j = json.loads(self._lib.take_string(out))
        v = j["verification"]
        return LineCheck(
            verdict=j["verdict"],
            length=j["length"],
            problem=v.get("problem", ""),
            plies=v["plies"],
            alternatives=v["alternatives"],
            refuted=v["refuted"],
            futile=v["futile"],
            unsettled=v["unsettled"],
            nodes=v["nodes"],
        )

    def solve_capture(
        self,
        sgf: Union[str, "os.PathLike[str]", None] = None,
        *,
        target: str,
        mode: str = "attack",
        algo: str = "default",
        widening: Optional[str] = None,
        move_number: int = 0,
        board_size: Optional[int] = None,
        black: Union[str, Iterable[str], None] = None,
        white: Union[str, Iterable[str], None] = None,
        time_limit: Optional[float] = None,
        nodes: Optional[int] = None,
        plays: Optional[int] = None,
        progress: Optional[ProgressCallback] = None,
        progress_interval: float = 0.5,
        sgf_path: Union[str, "os.PathLike[str]", None] = None,
    ) -> CaptureResult:
        """Answers a Go capture question about the string at ``target``.

        The board comes from ``sgf``, from ``sgf_path`` (a file), or from
        ``board_size`` (5..19) and the ``black`` / ``white`` stone lists
        (``"D4 E5"`` or ``["D4", "E5"]``). GNU Go's IL property is honoured;
        ``move_number`` N stops before move N, 0 plays all.

        ``sgf`` is SGF text, or a path: an ``os.PathLike``, or a ``str`` that
        does not begin with ``(`` and names an existing file. A parse error
        says which was tried (the file read, or the text, and then that no
        such file exists).

        :param target: GTP vertex of a stone of the string, e.g. ``"D5"``.
        :param mode: ``"attack"`` (can it be captured, the attacker moving
            first) or ``"defend"`` (can it be saved, its owner moving first).
        :param algo: ``"default"`` (df-pn, the strongest: 199 of the 234 tests of
            GNU Go's reading suite under 1 M plays a question, APS 190),
            ``"dfpn"``, ``"pnstar"`` or ``"aps"`` (Abstract Proof Search).
        :param widening: iterative-widening strategy name or number (None:
            the default strategy); APS widens both sides' moves by it, df-pn
            and PN* narrow the attacker's moves first when its first step is OR1.
        :param time_limit: seconds; None for no limit.
        :param nodes: node limit; None for no limit.
        :param plays: effort budget in board plays for the whole question
            (every move tried on the board, game-definition functions and
            ladder reading included; ``stats.generated`` reports the plays
            spent); None for no budget. Unlike ``time_limit`` it gives the
            same answer on any machine and under any load. The search stops
            at its first check after the budget is reached, so the count may
            pass it by a few plays.
        :raises tsume.ParseError: malformed SGF or vertex.
        :raises tsume.IllegalPositionError: e.g. no stone at ``target``.
        :raises ValueError, TypeError: bad options (``plays`` must be an int from 1 to 2**63-1).

        A limit or budget that ends the search returns a result with ``result == "unknown"``.

        >>> solver.solve_capture(board_size=9, black="D5", white="C5 D6 E5",
        ...                      target="D5").gtp                        # doctest: +SKIP
        '1 D4'
        """
        q = _lib.CaptureQuery(struct_size=ctypes.sizeof(_lib.CaptureQuery))
        sgf, tried = _sgf_text(sgf, sgf_path)
        if sgf is not None and (board_size is not None or black is not None or white is not None):
            raise ValueError("give either sgf or board_size/black/white, not both")
        q.sgf = _text("sgf", sgf, required=False)
        q.move_number = _int_option("move_number", move_number, 0, _INT32_MAX)
        q.board_size = _int_option("board_size", 19 if board_size is None else board_size, 5, 19)
        q.black = _text("black", _word_list("black", black), required=False)
        q.white = _text("white", _word_list("white", white), required=False)
        q.target = _text("target", target)
        q.mode = _choice("mode", mode, CAPTURE_MODES)
        q.algo = _choice("algo", algo, CAPTURE_ALGOS)
        q.widening = _text("widening", widening, required=False)
        q.node_limit, q.time_limit_ms = _limits(time_limit, nodes)
        q.plays_limit = 0 if plays is None else _int_option("plays", plays, 1, _INT64_MAX)
        interval = _interval_ms(progress_interval)
        mode_name = mode.lower()
        out, status, err = self._solve(self._lib.dll.tsume_solve_capture, q, progress, interval)
        try:
            res = self._finish(out, status, err, lambda r: self._capture_result(r, mode_name))
            return dataclasses.replace(res, query=q)
        except ParseError as e:
            if tried is None:
                raise
            raise ParseError(f"{tried}: {e}", status=e.status, status_name=e.status_name) from None

    # ---- the blocking call -------------------------------------------------------

    def _live_handle(self) -> int:
        _lib.check_fork()
        h = self._handle
        if h is None:
            raise ValueError("the solver is closed")
        return h

    def _solve(
        self, fn: Callable[..., int], query: ctypes.Structure, progress: Optional[ProgressCallback], interval_ms: int
    ) -> Tuple[c_void_p, int, ErrBuffer]:
        """Runs one solve call; returns (result handle, status, error buffer)."""
        if progress is not None and not callable(progress):
            raise TypeError("progress must be callable")
        _lib.check_fork()  # before the locks, which a fork may have left held
        with self._cond:
            handle = self._live_handle()
            if self._closing:
                raise ValueError("the solver is closed")
            if self._active:
                raise BusyError(
                    "the solver is already searching (one search per solver at a time)",
                    status=_lib.E_BUSY,
                    status_name=self._lib.status_string(_lib.E_BUSY),
                )
            self._active = True
            self._search_id += 1
            self._owner = threading.current_thread()
        out = c_void_p()
        err = ctypes.create_string_buffer(_lib.ERR_LEN)
        try:
            self._callback_error = None
            if progress is not None:
                self._check(
                    self._lib.dll.tsume_solver_set_phase_progress(
                        handle, self._c_progress, None, interval_ms, ctypes.sizeof(_lib.CPhaseProgress)
                    )
                )

            def call() -> int:
                return fn(handle, byref(query), byref(out), err, _lib.ERR_LEN)

            try:
                status = self._run(call, progress)
            except BaseException:
                if out.value:
                    self._lib.dll.tsume_result_free(out)
                raise
            if self._callback_error is not None:
                if out.value:
                    self._lib.dll.tsume_result_free(out)
                raise self._callback_error
            return out, status, err
        finally:
            if progress is not None:
                self._lib.dll.tsume_solver_set_phase_progress(handle, _NO_PROGRESS, None, 0, 0)
            self._sink = None
            self._callback_error = None
            with self._cond:
                self._active = False
                self._owner = None
                self._cond.notify_all()

    def _run(self, call: Callable[[], int], progress: Optional[ProgressCallback]) -> int:
        """Makes the blocking C call so that Ctrl-C and progress work (see the module docstring)."""
        if not _interruptible_here():
            # Not the main thread (or SIGINT is not Python's): call directly;
            # progress then arrives on this very thread.
            self._sink = progress
            return call()
        if self._helper is None:
            self._helper = _Helper()
        events: "queue.SimpleQueue[object]" = queue.SimpleQueue()
        done = object()
        if progress is not None:
            self._sink = events.put
        self._helper.submit(call, events, done)
        try:
            while True:
                item = _next_event(events)
                if isinstance(item, tuple) and item[0] is done:
                    res = item[1]
                    break
                if progress is not None:
                    progress(item)  # type: ignore[arg-type]
        except BaseException:
            # Ctrl-C or an exception from the progress callable: stop the
            # search, wait for the library to return (a further Ctrl-C does
            # not abandon the handle while it is busy), then re-raise.
            self.cancel()
            while True:
                try:
                    item = _next_event(events)
                except KeyboardInterrupt:
                    continue
                if isinstance(item, tuple) and item[0] is done:
                    break
            raise
        if isinstance(res, BaseException):  # pragma: no cover - ctypes raises nothing here
            raise res
        return int(res)  # type: ignore[call-overload]

    def _on_progress(self, p: "ctypes._Pointer[_lib.CPhaseProgress]") -> None:
        """The C progress callback: runs on the thread inside the solve call."""
        sink = self._sink
        if sink is None or self._callback_error is not None:
            return
        try:
            sink(Progress._from_c(p.contents))
        except BaseException as e:  # exceptions cannot cross into C: keep it, stop the search
            self._callback_error = e
            self.cancel()

    # ---- results -------------------------------------------------------------------

    def _error(self, status: int, err: Optional[ErrBuffer]) -> TsumeError:
        # backslashreplace: a byte that is not UTF-8 shows as \xNN, as given
        msg = err.value.decode("utf-8", "backslashreplace") if err is not None else ""
        return error_for(status, msg, self._lib.status_string(status))

    def _check(self, status: int) -> None:
        if status != _lib.OK:
            raise self._error(status, None)

    def _finish(self, out: c_void_p, status: int, err: ErrBuffer, build: Callable[[c_void_p], R]) -> R:
        if status not in (_lib.OK, _lib.E_CANCELLED):
            if out.value:  # the header promises none, but never leak one
                self._lib.dll.tsume_result_free(out)
            raise self._error(status, err)
        if not out.value:
            raise error_for(
                _lib.E_INTERNAL,
                f"libtsume returned {self._lib.status_string(status)} without a result",
                self._lib.status_string(_lib.E_INTERNAL),
            )
        try:
            result = build(out)
        finally:
            self._lib.dll.tsume_result_free(out)
        if status == _lib.E_CANCELLED:
            e = self._error(status, err)
            assert isinstance(e, CancelledError)
            if not str(e) or str(e) == e.status_name:
                e = CancelledError("the search was cancelled", status=status, status_name=e.status_name)
            e.result = result
            raise e
        return result

    def _common(self, r: c_void_p) -> Tuple[Dict[str, Any], bool]:
        d = self._lib.dll
        kind, length = c_int32(), c_int32()
        self._check(d.tsume_result_kind_of(r, byref(kind)))
        self._check(d.tsume_result_length(r, byref(length)))
        line = c_void_p()
        self._check(d.tsume_result_moves(r, byref(line)))
        moves = tuple(self._lib.take_string(line).split())
        count = c_size_t()
        self._check(d.tsume_result_move_count(r, byref(count)))
        if count.value != len(moves):
            raise error_for(
                _lib.E_INTERNAL,
                f"libtsume reported {count.value} moves but a line of {len(moves)}",
                self._lib.status_string(_lib.E_INTERNAL),
            )
        best = c_void_p()
        self._check(d.tsume_result_best_move(r, byref(best)))
        best_move = self._lib.take_string(best) or None
        cs = _lib.CStats()
        self._check(d.tsume_result_stats(r, byref(cs)))
        verified, minimal, cached, proven = c_int32(), c_int32(), c_int32(), c_int32()
        self._check(d.tsume_result_flags(r, byref(verified), byref(minimal), byref(cached)))
        self._check(d.tsume_result_proven(r, byref(proven)))
        note = c_void_p()
        self._check(d.tsume_result_note(r, byref(note)))
        try:
            k = Kind(kind.value)
        except ValueError:
            raise error_for(
                _lib.E_INTERNAL,
                f"libtsume returned an unknown result kind {kind.value}",
                self._lib.status_string(_lib.E_INTERNAL),
            ) from None
        return dict(
            kind=k,
            length=length.value,
            moves=moves,
            best_move=best_move,
            stats=Stats._from_c(cs),
            verified=bool(verified.value),
            cached=bool(cached.value),
            proven=bool(proven.value),
            note=self._lib.take_string(note),
        ), bool(minimal.value)

    def _shogi_result(self, r: c_void_p) -> ShogiResult:
        common, minimal = self._common(r)
        cand = c_void_p()
        self._check(self._lib.dll.tsume_result_candidate(r, byref(cand)))
        candidate = tuple(self._lib.take_string(cand).split())
        if common["kind"] == Kind.PROVEN and not common["verified"]:
            # The library promises never to do this (tsume.h, "Answers");
            # should it, the line is still not presented as a mate.
            candidate = common["moves"]
            common.update(kind=Kind.UNKNOWN, moves=(), best_move=None, length=0, proven=True,
                          note=common["note"] or "the library returned a mate whose line was not verified")
            minimal = False
        line_nodes, line_ms, exact_nodes = c_uint64(), c_double(), c_uint64()
        self._check(self._lib.dll.tsume_result_line_stats(r, byref(line_nodes), byref(line_ms), byref(exact_nodes)))
        return ShogiResult(
            result=shogi_word(common["kind"]),
            minimal=minimal,
            candidate=candidate,
            line_nodes=line_nodes.value,
            line_ms=line_ms.value,
            exact_nodes=exact_nodes.value,
            **common,
        )

    def _capture_result(self, r: c_void_p, mode: str) -> CaptureResult:
        common, _ = self._common(r)
        code = c_int32()
        self._check(self._lib.dll.tsume_result_code(r, byref(code)))
        return CaptureResult(
            result=capture_word(common["kind"], mode),
            code=None if code.value < 0 else code.value,
            mode=mode,
            **common,
        )


class _Helper:
    """A daemon thread that makes a solver's blocking C calls while the main
    thread waits (interruptibly) for them. It lives as long as its solver:
    starting a thread per call would cost about 0.2 ms a call."""

    def __init__(self) -> None:
        self._tasks: "queue.SimpleQueue[object]" = queue.SimpleQueue()
        threading.Thread(target=self._loop, args=(self._tasks,), name="tsume-solve", daemon=True).start()

    @staticmethod
    def _loop(tasks: "queue.SimpleQueue[object]") -> None:
        while True:
            task = tasks.get()
            if task is None:
                return
            call, events, done = task  # type: ignore[misc]
            try:
                res: object = call()
            except BaseException as e:  # pragma: no cover - ctypes raises nothing here
                res = e
            events.put((done, res))

    def submit(self, call: Callable[[], int], events: "queue.SimpleQueue[object]", done: object) -> None:
        """Runs call() on the helper thread; (done, its return value) is put on events."""
        self._tasks.put((call, events, done))

    def stop(self) -> None:
        """Ends the thread once it is idle."""
        self._tasks.put(None)


def _next_event(events: "queue.SimpleQueue[object]") -> object:
    """The next item; waits in short slices so pending signals are handled."""
    while True:
        try:
            return events.get(timeout=0.25)
        except queue.Empty:
            continue


def _make_trampoline(ref: "weakref.ReferenceType[Solver]") -> Any:
    """The C progress function of one solver."""

    def trampoline(p: "ctypes._Pointer[_lib.CPhaseProgress]", _user_data: Optional[int]) -> None:
        solver = ref()
        if solver is not None:
            solver._on_progress(p)

    return _lib.PHASE_PROGRESS_FN(trampoline)


def _interruptible_here() -> bool:
    """True when a Ctrl-C would raise KeyboardInterrupt in this thread (the main
    thread with a Python-level SIGINT handler), so the call must not block it."""
    if threading.current_thread() is not threading.main_thread():
        return False
    try:
        handler = signal.getsignal(signal.SIGINT)
    except (ValueError, OSError):  # pragma: no cover
        return False
    return callable(handler)
