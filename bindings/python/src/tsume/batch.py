"""Solve many tsume-shogi problems at once: on local processes or on a Dask cluster.

:func:`solve_many` solves a problem file (or a list of positions) and
streams one JSON record a line to ``out`` as each problem finishes, in any
order, each with the problem's line number. A rerun with the same ``out``
skips every line that already has a record, so a batch killed half-way (a
crash, a killed worker, Ctrl-C) is resumed by running the same call again.
Problems that ask the same question are solved once.

>>> from tsume.batch import solve_many, load_results
>>> report = solve_many("problems.sfen", workers=2, hash_mb=64,
...                     time_limit=10, out="results.jsonl")    # doctest: +SKIP
>>> load_results("results.jsonl")[12]["result"]                  # doctest: +SKIP
'mate'

On a Dask cluster (``python3-distributed``), each worker thread keeps one
solver for the whole batch and problems travel in chunks::

    from distributed import Client
    client = Client("scheduler:8786")      # or Client(LocalCluster(...))
    solve_many("problems.sfen", client=client, out="results.jsonl")

The workers must be able to ``import tsume`` and load libtsume (install the
package there, or set ``TSUME_LIBRARY``).

A record is the ``tsume solve --json`` object of the command line with the
problem's ``line`` (the fields the bindings can fill)::

    {"line": 12, "sfen": "...", "rules": "tsume", "algo": "dfpn",
     "result": "mate", "length": 3, "moves": ["S*1b", "2a1b", "G*2b"],
     "minimal": true, "verified": true, "proof_nodes": 3, "generated": 14,
     "time_ms": 0.4, "hashfull": 0}

``"duplicate_of": N`` marks a record copied from line N's answer (the same
question), ``{"line": n, "sfen": ..., "result": "error", "error": "why"}``
a line that could not be solved (a malformed or illegal position). A
search that a limit ended is recorded as ``"unknown"`` and is not redone
by a rerun; use another ``out`` (or delete those records) to retry them
with more time.
"""

from __future__ import annotations

import collections
import json
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from .errors import TsumeError
from .solver import SHOGI_ALGOS, SHOGI_RULES, Solver

PathLike = Union[str, "os.PathLike[str]"]

#: One problem: (line number, position text).
Item = Tuple[int, str]

_START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


@dataclass(frozen=True)
class BatchReport:
    """What one :func:`solve_many` call did."""

    out: str  #: the JSONL file
    problems: int  #: problem lines in the input
    resumed: int  #: lines that already had a record in ``out`` (not solved again)
    searched: int  #: problems searched by this call
    duplicates: int  #: lines answered from another line's search (the same question)
    errors: int  #: lines recorded as errors by this call
    seconds: float  #: wall-clock time of the call
    workers: int  #: processes (local) or worker threads (Dask) used

    @property
    def per_second(self) -> float:
        """Lines recorded per second by this call (searched and duplicates)."""
        return (self.searched + self.duplicates + self.errors) / max(self.seconds, 1e-9)


# ---- problems ---------------------------------------------------------------


def read_problems(path: PathLike) -> List[Item]:
    """Reads a problem file as ``tsume solve --file`` does: one position a
    line (bare SFEN, ``sfen …``, ``startpos`` or ``position … moves …``),
    text after a tab ignored, blank lines and ``#`` comments skipped. Line
    numbers count every line of the file."""
    items: List[Item] = []
    with open(path, encoding="utf-8") as fh:
        for n, raw in enumerate(fh, 1):
            text = raw.split("\t", 1)[0].strip()
            if text and not text.startswith("#"):
                items.append((n, text))
    return items


def _items(problems: Union[PathLike, Iterable[str]]) -> List[Item]:
    if isinstance(problems, (str, os.PathLike)):
        return read_problems(problems)
    items: List[Item] = []
    for n, p in enumerate(problems, 1):
        if not isinstance(p, str):
            raise TypeError(f"problem {n}: expected an SFEN string, got {type(p).__name__}")
        items.append((n, p.strip()))
    return items


def question_key(text: str) -> str:
    """The key under which two problems ask the same question: the
    position's fields without the move number (which changes no answer);
    a problem given with moves keeps its whole text (the position reached
    is not known here). Stricter than the Go library's key, never looser."""
    f = text.split()
    if f and f[0] == "position":
        f = f[1:]
    if f and f[0] == "sfen":
        f = f[1:]
    elif f and f[0] == "startpos":
        f = _START_SFEN.split() + f[1:]
    if "moves" in f:
        return " ".join(f)
    return " ".join(f[:3])


# ---- the workers ------------------------------------------------------------

# The solvers of this process by thread, one per thread that solves (a
# process-pool worker has one; a Dask worker has one per worker thread),
# kept for the life of the process so that every chunk reuses the same table.
_solvers: Dict[int, Solver] = {}
_solvers_lock = threading.Lock()


def _init_worker(hash_mb: int) -> None:
    """Process-pool initializer: the worker's one solver, made before any task."""
    _solver(hash_mb)


def _solver(hash_mb: int) -> Solver:
    me = threading.get_ident()
    with _solvers_lock:
        s = _solvers.get(me)
    if s is None or s.closed or s.hash_mb != hash_mb:
        if s is not None:
            s.close()
        # No result cache: the batch finds duplicates itself, and a cache
        # would make a line's node counts depend on what came before.
        s = Solver(hash_mb=hash_mb, cache_mb=0)
        with _solvers_lock:
            _solvers[me] = s
    return s


def _solve_chunk(chunk: Sequence[Item], opts: Dict[str, Any]) -> List[Dict[str, Any]]:
    """Solves a chunk on this thread's solver; one record per item."""
    s = _solver(opts["hash_mb"])
    return [_solve_one(s, line, text, opts) for line, text in chunk]


def _solve_one(s: Solver, line: int, text: str, opts: Dict[str, Any]) -> Dict[str, Any]:
    try:
        if not opts["keep_tables"]:
            s.clear()  # the answer and its counts do not depend on the order
        r = s.solve_shogi(text, rules=opts["rules"], algo=opts["algo"], time_limit=opts["time_limit"], nodes=opts["nodes"])
    except (TsumeError, ValueError, TypeError) as e:
        return {"line": line, "sfen": text, "result": "error", "error": str(e)}
    st = r.stats
    return {
        "line": line,
        "sfen": text,
        "rules": opts["rules"],
        "algo": opts["algo"],
        "result": r.result,
        "length": r.length,
        "moves": list(r.moves),
        "minimal": r.minimal,
        "verified": r.verified,
        "proof_nodes": st.expanded,
        "generated": st.generated,
        "time_ms": st.time_ms,
        "hashfull": st.hashfull,
    }


# ---- the output -------------------------------------------------------------


def load_results(out: PathLike) -> Dict[int, Dict[str, Any]]:
    """The records of a ``solve_many`` output by line number (a cut-off
    last record is left out)."""
    return {r["line"]: r for r in _read_out(Path(out), truncate=False)}


def _read_out(path: Path, truncate: bool) -> List[Dict[str, Any]]:
    if not path.exists():
        return []
    data = path.read_bytes()
    keep = len(data)
    if data and not data.endswith(b"\n"):
        # The record a killed run was writing: cut so that the next one
        # starts a line of its own.
        keep = data.rfind(b"\n") + 1
        if truncate:
            print(f"tsume.batch: {path}: dropping a cut-off last record ({len(data) - keep} bytes)", file=sys.stderr)
            with open(path, "r+b") as fh:
                fh.truncate(keep)
    recs = []
    for i, ln in enumerate(data[:keep].splitlines(), 1):
        if not ln.strip():
            continue
        try:
            r = json.loads(ln)
            if not isinstance(r, dict) or not isinstance(r.get("line"), int) or r["line"] <= 0:
                raise ValueError("no line number")
        except ValueError:
            raise ValueError(f"{path}:{i}: not a record of tsume.batch ({ln[:60]!r}): use another out file") from None
        recs.append(r)
    return recs


def _same_position(a: str, b: str) -> bool:
    return a == b or " ".join(a.split()) == " ".join(b.split()) or question_key(a) == question_key(b) and "moves" not in a


class _Writer:
    """Appends one record a line, each in one write (a killed run leaves at
    most its last record cut short)."""

    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def write(self, rec: Dict[str, Any]) -> None:
        os.write(self.fd, (json.dumps(rec, ensure_ascii=False) + "\n").encode())

    def close(self) -> None:
        os.close(self.fd)


class _Meter:
    """The progress bar: tqdm's (the notebook widget under Jupyter) when
    tqdm is installed, else one line on stderr rewritten twice a second."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.done, self.start, self.last = total, 0, time.monotonic(), 0.0
        self.enabled = enabled and total > 0
        self.bar = None
        if self.enabled:
            try:
                from tqdm.auto import tqdm  # type: ignore[import-not-found]

                self.bar = tqdm(total=total, unit="problem", smoothing=0.1)
            except ImportError:
                pass

    def add(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(n)
            return
        now = time.monotonic()
        if now - self.last >= 0.5:
            self.last = now
            sys.stderr.write("\r" + self.line())
            sys.stderr.flush()

    def line(self) -> str:
        el = time.monotonic() - self.start
        rate = self.done / max(el, 1e-9)
        eta = f"{(self.total - self.done) / rate:.0f} s" if self.done else "?"
        return f"{self.done}/{self.total} problems ({100 * self.done / self.total:.0f}%), {rate:.1f} problems/s, ETA {eta}   "

    def close(self) -> None:
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.close()
        else:
            sys.stderr.write("\r" + self.line() + "\n")
            sys.stderr.flush()


# ---- the batch --------------------------------------------------------------


def solve_many(
    problems: Union[PathLike, Iterable[str]],
    *,
    client: Any = None,
    workers: Optional[int] = None,
    hash_mb: int = 64,
    time_limit: Optional[float] = None,
    nodes: Optional[int] = None,
    rules: str = "tsume",
    algo: str = "dfpn",
    out: PathLike = "results.jsonl",
    progress: bool = True,
    chunk_size: Optional[int] = None,
    dedupe: bool = True,
    keep_tables: bool = False,
    on_record: Optional[Callable[[Dict[str, Any]], None]] = None,
) -> BatchReport:
    """Solves many problems and streams their records to ``out`` (JSONL).

    :param problems: a problem file (path; see :func:`read_problems`) or an
        iterable of positions (line ``n`` is the n-th, from 1).
    :param client: a ``distributed.Client``: the problems are solved on its
        cluster. None: a local process pool.
    :param workers: local processes (default: the CPU count); ignored with
        a client, whose workers' threads all take part.
    :param hash_mb: table size of each worker's solver in MiB (a machine
        needs about processes × threads × ``hash_mb``).
    :param time_limit: seconds per problem (None: none); ``nodes``: node
        limit per problem (None: none). A problem a limit stopped is
        recorded as ``"unknown"``.
    :param rules: ``"tsume"`` or ``"mate"``; ``algo``: ``"dfpn"`` or ``"pnstar"``.
    :param out: the JSONL file. Lines that already have a record there are
        not solved again (resume); a cut-off last record is dropped; an out
        file written for other problems is refused (ValueError).
    :param progress: show a progress bar with problems/s and the ETA.
    :param chunk_size: problems per task (default: enough chunks to keep
        every worker busy, at most 64 problems each).
    :param dedupe: solve a question once even when several lines ask it
        (the others get a copy with ``duplicate_of``); False for benchmarks
        that repeat a set.
    :param keep_tables: keep a worker's table from one problem to the next
        (by default it is cleared, so that every answer and its counts are
        those of a serial run).
    :param on_record: called in this process with each record after it is
        written.
    :returns: a :class:`BatchReport`.
    :raises RuntimeError: when problems could not be solved because their
        workers kept dying; what was solved is in ``out`` and a rerun
        resumes.

    Bad lines never stop the batch: each gets an ``"error"`` record.
    """
    if rules not in SHOGI_RULES:
        raise ValueError(f"rules must be one of {sorted(SHOGI_RULES)}, not {rules!r}")
    if algo not in SHOGI_ALGOS:
        raise ValueError(f"algo must be one of {sorted(SHOGI_ALGOS)}, not {algo!r}")
    if not isinstance(hash_mb, int) or not 1 <= hash_mb <= 1048576:
        raise ValueError(f"hash_mb must be an integer MiB in 1 .. 1048576, not {hash_mb!r}")
    if time_limit is not None and (not isinstance(time_limit, (int, float)) or time_limit <= 0):
        raise ValueError(f"time_limit must be a positive number of seconds or None, not {time_limit!r}")
    if chunk_size is not None and (not isinstance(chunk_size, int) or chunk_size < 1):
        raise ValueError(f"chunk_size must be a positive integer, not {chunk_size!r}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a positive integer, not {workers!r}")
    start = time.monotonic()
    items = _items(problems)
    opts = dict(hash_mb=hash_mb, time_limit=time_limit, nodes=nodes, rules=rules, algo=algo, keep_tables=keep_tables)
    path = Path(out)

    # Resume: the lines already recorded, checked against the problems.
    by_line = dict(items)
    done: Dict[int, Dict[str, Any]] = {}
    for r in _read_out(path, truncate=True):
        text = by_line.get(r["line"])
        if text is None:
            raise ValueError(f"{path}: a record for line {r['line']}, which holds no problem: the file belongs to other problems")
        if not _same_position(str(r.get("sfen", "")), text):
            raise ValueError(
                f"{path}: the record of line {r['line']} is for {r.get('sfen')!r}, but the line holds {text!r}: "
                "the file belongs to other problems"
            )
        done.setdefault(r["line"], r)

    writer = _Writer(path)
    counts = dict(searched=0, duplicates=0, errors=0)

    def record(rec: Dict[str, Any]) -> None:
        writer.write(rec)
        if on_record is not None:
            on_record(rec)

    try:
        # Lines that ask a question already answered in ``out`` get a copy.
        answered = {question_key(by_line[n]): r for n, r in done.items() if r.get("result") != "error"}
        groups: Dict[str, List[Item]] = {}
        todo: List[Item] = []  # one line per question, to search
        for line, text in items:
            if line in done:
                continue
            if not dedupe:
                todo.append((line, text))
                continue
            key = question_key(text)
            if key in answered:
                record(_copy(answered[key], line, text))
                counts["duplicates"] += 1
                continue
            if key in groups:
                groups[key].append((line, text))
            else:
                groups[key] = [(line, text)]
                todo.append((line, text))
        dups = {g[0][0]: g[1:] for g in groups.values() if len(g) > 1}

        meter = _Meter(len(todo) + sum(len(g) for g in dups.values()), progress)

        def finished(recs: List[Dict[str, Any]]) -> None:
            for rec in recs:
                record(rec)
                counts["errors" if rec["result"] == "error" else "searched"] += 1
                for line, text in dups.get(rec["line"], ()):
                    record(_copy(rec, line, text))
                    counts["duplicates"] += 1
                meter.add(1 + len(dups.get(rec["line"], ())))

        try:
            if client is None:
                n_workers = workers or os.cpu_count() or 1
                lost = _run_local(todo, opts, n_workers, chunk_size, finished)
            else:
                n_workers = sum(client.nthreads().values()) or 1
                lost = _run_dask(client, todo, opts, n_workers, chunk_size, finished)
        finally:
            meter.close()
    finally:
        writer.close()
    if lost:
        raise RuntimeError(
            f"{lost} problems were not solved: their workers died too often (see the log); "
            f"the {len(items) - lost - len(done)} others are in {path}: rerun to resume"
        )
    return BatchReport(
        out=str(path),
        problems=len(items),
        resumed=len(done),
        searched=counts["searched"],
        duplicates=counts["duplicates"],
        errors=counts["errors"],
        seconds=time.monotonic() - start,
        workers=min(n_workers, max(len(todo), 1)),
    )


def _copy(rec: Dict[str, Any], line: int, text: str) -> Dict[str, Any]:
    c = dict(rec)
    c["duplicate_of"] = rec.get("duplicate_of", rec["line"])
    c["line"], c["sfen"] = line, text
    return c


def _chunks(todo: List[Item], workers: int, chunk_size: Optional[int]) -> List[List[Item]]:
    if chunk_size is None:
        # Eight chunks per worker keep the workers busy to the end while
        # the per-task overhead stays small beside a search.
        chunk_size = max(1, min(64, len(todo) // (workers * 8)))
    return [todo[i : i + chunk_size] for i in range(0, len(todo), chunk_size)]


def _worker_main(conn: Any, hash_mb: int) -> None:
    """A local worker process: one solver, chunks in, records out, until
    the parent sends None or goes away."""
    _solver(hash_mb)
    try:
        while True:
            msg = conn.recv()
            if msg is None:
                return
            chunk, opts = msg
            conn.send(_solve_chunk(chunk, opts))
    except (EOFError, OSError, KeyboardInterrupt):
        return


#: How many times a chunk is sent again after its worker died before its
#: problems are given up (and left to a rerun).
_CHUNK_TRIES = 3


def _run_local(
    todo: List[Item], opts: Dict[str, Any], workers: int, chunk_size: Optional[int], finished: Callable[[List[Dict[str, Any]]], None]
) -> int:
    """Runs the chunks on spawned worker processes, each with one pipe.

    The pool is our own rather than concurrent.futures': its shutdown after
    a killed worker could hang (Python 3.11), while here the parent sees a
    death directly (the process's sentinel), sends the dead worker's chunk
    to a new worker, and at the end kills whatever has not exited. Returns
    the problems left unsolved."""
    pending = collections.deque((c, 0) for c in _chunks(todo, workers, chunk_size))
    if not pending:
        return 0
    ctx = multiprocessing.get_context("spawn")
    pool: List[_Local] = []
    lost = 0

    def start() -> "_Local":
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_worker_main, args=(child, opts["hash_mb"]), name="tsume-batch-worker", daemon=True)
        proc.start()
        child.close()
        return _Local(proc, parent)

    try:
        pool = [start() for _ in range(min(workers, len(pending)))]
        while True:
            for w in pool:
                if w.job is None and pending:
                    w.job = pending.popleft()
                    try:
                        w.conn.send((w.job[0], opts))
                    except OSError:
                        pass  # the worker is dead: its sentinel says so below
            busy = [w for w in pool if w.job is not None]
            if not busy:
                break
            ready = set(multiprocessing.connection.wait([w.conn for w in busy] + [w.proc.sentinel for w in busy]))
            for i, w in enumerate(pool):
                if w.job is None or (w.conn not in ready and w.proc.sentinel not in ready):
                    continue
                recs, eof = None, False
                try:
                    if w.conn.poll():
                        recs = w.conn.recv()
                except (EOFError, OSError):
                    eof = True
                if recs is not None:
                    w.job = None
                    finished(recs)
                    continue
                if not eof and w.proc.sentinel not in ready and w.proc.is_alive():
                    continue
                # The worker died with its chunk: another worker takes it,
                # unless it has killed workers too often.
                chunk, tries = w.job
                w.job = None
                w.kill()
                if tries + 1 >= _CHUNK_TRIES:
                    lost += len(chunk)
                    print(f"tsume.batch: {len(chunk)} problems given up: their workers died {_CHUNK_TRIES} times", file=sys.stderr)
                else:
                    pending.appendleft((chunk, tries + 1))
                    print(f"tsume.batch: a worker process died; its {len(chunk)} problems go to a new one", file=sys.stderr)
                pool[i] = start()
        for w in pool:
            try:
                w.conn.send(None)
            except OSError:
                pass
        for w in pool:
            w.proc.join(timeout=5)
    finally:
        # Ctrl-C, a failing on_record, or workers slow to exit: none of them
        # may outlive the call (the interpreter's exit would wait for them).
        for w in pool:
            w.kill()
    return lost


class _Local:
    """One local worker process, its pipe, and the chunk it is solving
    (with how many workers that chunk has already killed)."""

    def __init__(self, proc: Any, conn: Any) -> None:
        self.proc, self.conn = proc, conn
        self.job: Optional[Tuple[List[Item], int]] = None

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(timeout=5)
        self.conn.close()


def _run_dask(
    client: Any, todo: List[Item], opts: Dict[str, Any], workers: int, chunk_size: Optional[int], finished: Callable[[List[Dict[str, Any]]], None]
) -> int:
    """Maps the chunks over the cluster. The scheduler moves the tasks of a
    dead worker to the others; a chunk that still fails (its workers died
    too often) is counted as unsolved and left to a rerun."""
    from distributed import as_completed

    chunks = _chunks(todo, workers, chunk_size)
    if not chunks:
        return 0
    # pure=False: identical chunks of two batches are separate tasks.
    futs = client.map(_solve_chunk, chunks, opts=opts, pure=False)
    index = {f.key: c for f, c in zip(futs, chunks)}
    lost = 0
    for f in as_completed(futs):
        try:
            recs = f.result()
        except Exception as e:  # KilledWorker and the like: not an answer
            print(f"tsume.batch: a chunk of {len(index[f.key])} problems failed: {e!r}", file=sys.stderr)
            lost += len(index[f.key])
            continue
        finished(recs)
    return lost
