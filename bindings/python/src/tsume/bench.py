"""Run a problem file and get rows for a table or a plot.

Two formats are read (chosen by the file's suffix):

``.tsv`` — tsume-shogi problems, one a line: ``sfen<TAB>expected<TAB>name``.
    ``expected`` is an odd mate length N, ``nomate``, ``>=N`` (a mate of at
    least N, or none), ``>N`` (no mate of length <= N), or ``mate``/empty
    (only "a mate exists"). Lines starting with ``#`` are comments.

``.jsonl`` — Go capture tests in the layout of GNU Go's reading suite: one
    JSON object a line with ``command`` (``attack``/``defend``), ``args``
    (the target vertex), ``position_sgf`` (relative to the file),
    ``setup_moves`` (``[kind, colour, vertex]`` played first), ``pattern``
    (a regular expression over GNU Go's reply, e.g. ``1 G1``) and ``negate``.

>>> rows = tsume.bench.run("../shared/problems/shogi/antma_tsume_1to9.tsv",
...                        time_limit=10)                              # doctest: +SKIP
>>> sum(r.ok for r in rows), len(rows)                                  # doctest: +SKIP
>>> import pandas; pandas.DataFrame([r.to_dict() for r in rows])       # doctest: +SKIP

From the shell: ``python -m tsume bench FILE [--csv|--json]``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

from .errors import TsumeError
from .results import Kind, Result
from .solver import Solver

PathLike = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class Problem:
    """One problem of a file."""

    game: str  #: "shogi" or "capture"
    name: str  #: the file's name or id for it
    line: int  #: 1-based line number in the file
    expected: str  #: the expected answer as the file states it
    sfen: str = ""  #: shogi: the position
    sgf: str = ""  #: capture: SGF text with the setup moves appended
    target: str = ""  #: capture: the target vertex
    mode: str = "attack"  #: capture: attack or defend
    negate: bool = False  #: capture: the reply must NOT match ``expected``


@dataclass(frozen=True)
class BenchRow:
    """The outcome of one problem: flat fields, ready for csv, pandas or a plot."""

    game: str
    name: str
    line: int
    expected: str
    got: str  #: our answer in the file's terms: a mate length / nomate / unknown, or GNU Go's reply
    ok: bool  #: the answer satisfies ``expected`` (False for errors and unsolved problems)
    result: str  #: the result word ("mate", "captured", "unknown", ... or "error")
    length: int
    best_move: str
    moves: str
    generated: int
    expanded: int
    iterations: int
    reexpansion_ratio: float
    branching_factor: float
    time_ms: float  #: search time reported by the library
    wall_ms: float  #: time of the whole call, bindings included
    nodes_per_second: float
    verified: bool
    error: str  #: the error message when the problem could not be solved, else ""

    def to_dict(self) -> Dict[str, Any]:
        """The row as a dict."""
        return dataclasses.asdict(self)


# ---- reading files -----------------------------------------------------------


def read_problems(path: PathLike) -> List[Problem]:
    """Reads a .tsv (shogi) or .jsonl (Go capture) problem file; raises ValueError on a bad line."""
    p = Path(path)
    if p.suffix == ".tsv":
        return list(_read_tsv(p))
    if p.suffix == ".jsonl":
        return list(_read_jsonl(p))
    raise ValueError(f"{p}: unknown problem file type {p.suffix!r} (want .tsv for shogi or .jsonl for Go)")


_EXPECTED = re.compile(r"^(?:\d+|nomate|>=\d+|>\d+|mate|)$")


def _read_tsv(p: Path) -> Iterator[Problem]:
    with open(p, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\r\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cols = line.split("\t")
            sfen = cols[0].strip()
            expected = cols[1].strip() if len(cols) > 1 else ""
            if not _EXPECTED.match(expected):
                raise ValueError(f"{p}:{n}: bad expected answer {expected!r}")
            name = cols[2].strip() if len(cols) > 2 and cols[2].strip() else f"line {n}"
            yield Problem(game="shogi", name=name, line=n, expected=expected, sfen=sfen)


def _read_jsonl(p: Path) -> Iterator[Problem]:
    with open(p, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            if not raw.strip():
                continue
            try:
                rec = json.loads(raw)
                command = rec["command"]
                target = rec["args"][0]
                sgf_path = p.parent / rec["position_sgf"]
                pattern = rec["pattern"]
            except (ValueError, KeyError, IndexError, TypeError) as e:
                raise ValueError(f"{p}:{n}: not a capture test record ({e})") from None
            if command not in ("attack", "defend"):
                raise ValueError(f"{p}:{n}: command {command!r} is neither attack nor defend")
            sgf = sgf_path.read_text(encoding="utf-8", errors="replace")
            try:
                sgf = append_moves(sgf, _setup_moves(sgf, rec.get("setup_moves", [])))
            except (ValueError, IndexError, TypeError) as e:
                raise ValueError(f"{p}:{n}: setup moves: {e}") from None
            yield Problem(
                game="capture",
                name=str(rec.get("id", f"line {n}")),
                line=n,
                expected=pattern,
                sgf=sgf,
                target=target,
                mode=command,
                negate=bool(rec.get("negate", False)),
            )


def _setup_moves(sgf: str, setup: List[List[str]]) -> List[Tuple[str, str]]:
    """The (colour, vertex) moves to append. In GNU Go's suite, moves of kind
    "play" are already part of the normalized positions (only "trymove" ones
    are not), so a "play" whose point already holds its colour is skipped."""
    size = _size(sgf)
    stones = {"B": _setup_points(sgf, "AB"), "W": _setup_points(sgf, "AW")}
    out = []
    for kind, colour, vertex in setup:
        c = _colour(colour)
        if kind == "play" and _sgf_point(vertex, size) in stones[c]:
            continue
        out.append((c, vertex))
    return out


def _setup_points(sgf: str, prop: str) -> set:
    """The points of every `prop` (AB, AW) list in the SGF text."""
    pts: set = set()
    for m in re.finditer(r"(?<![A-Z])" + prop + r"((?:\s*\[[a-s]{2}\])+)", sgf):
        pts.update(re.findall(r"\[([a-s]{2})\]", m.group(1)))
    return pts


def _size(sgf: str) -> int:
    m = re.search(r"SZ\[(\d+)\]", sgf)
    return int(m.group(1)) if m else 19


def append_moves(sgf: str, moves: List[Tuple[str, str]]) -> str:
    """SGF text with moves ``(colour, GTP vertex)`` appended as nodes after the last one.

    >>> append_moves("(;SZ[9]AB[ee])", [("W", "D5"), ("B", "pass")])
    '(;SZ[9]AB[ee];W[de];B[])'
    """
    if not moves:
        return sgf
    size = _size(sgf)
    end = sgf.rstrip().rfind(")")
    if end < 0:
        raise ValueError("SGF text has no closing ')'")
    nodes = "".join(f";{_colour(c)}[{_sgf_point(v, size)}]" for c, v in moves)
    return sgf[:end].rstrip() + nodes + sgf[end:]


def _colour(c: str) -> str:
    c = c.strip().upper()
    if c in ("B", "BLACK"):
        return "B"
    if c in ("W", "WHITE"):
        return "W"
    raise ValueError(f"bad colour {c!r}")


_COLUMNS = "ABCDEFGHJKLMNOPQRST"  # GTP skips I


def _sgf_point(vertex: str, size: int) -> str:
    v = vertex.strip().upper()
    if v == "PASS":
        return ""
    m = re.match(r"^([A-HJ-T])(\d{1,2})$", v)
    if not m or _COLUMNS.index(m.group(1)) >= size or not 1 <= int(m.group(2)) <= size:
        raise ValueError(f"bad vertex {vertex!r} for a {size}x{size} board")
    col, row = _COLUMNS.index(m.group(1)), size - int(m.group(2))
    return "abcdefghijklmnopqrs"[col] + "abcdefghijklmnopqrs"[row]


# ---- scoring -------------------------------------------------------------------


def shogi_ok(expected: str, r: Result) -> bool:
    """Whether a shogi result satisfies the file's expected answer."""
    if r.kind == Kind.UNKNOWN:
        return False
    mate = r.kind == Kind.PROVEN
    if expected.isdigit():
        return mate and r.length == int(expected)
    if expected == "nomate":
        return not mate
    if expected.startswith(">="):
        return not mate or r.length >= int(expected[2:])
    if expected.startswith(">"):
        return not mate or r.length > int(expected[1:])
    return mate  # "mate" or empty


def capture_ok(pattern: str, negate: bool, reply: str) -> bool:
    """GNU Go's rule: awk's match(reply, "^" pattern "$"), negated when asked.

    >>> capture_ok("1 T15|O13|P12", False, "1 P12")
    True
    """
    try:
        matched = re.search("^" + pattern + "$", reply) is not None
    except re.error as e:
        raise ValueError(f"bad pattern {pattern!r}: {e}") from None
    return matched != negate


def _got(problem: Problem, r: Result) -> str:
    if problem.game == "capture":
        return r.gtp  # type: ignore[attr-defined]
    if r.kind == Kind.PROVEN:
        return str(r.length)
    return "nomate" if r.kind == Kind.DISPROVEN else "unknown"


# ---- running -------------------------------------------------------------------


def solve_problem(solver: Solver, problem: Problem, **options: Any) -> BenchRow:
    """Solves one problem and scores it.

    Errors about the problem (ParseError, IllegalPositionError, ...) become a
    row with ``error`` set; errors about the options are raised.
    """
    start = time.perf_counter()
    try:
        if problem.game == "shogi":
            r: Result = solver.solve_shogi(problem.sfen, **options)
        else:
            r = solver.solve_capture(problem.sgf, target=problem.target, mode=problem.mode, **options)
    except TsumeError as e:  # the problem's fault; bad options propagate
        return BenchRow(
            game=problem.game, name=problem.name, line=problem.line, expected=problem.expected,
            got="error", ok=False, result="error", length=0, best_move="", moves="",
            generated=0, expanded=0, iterations=0, reexpansion_ratio=0.0, branching_factor=0.0,
            time_ms=0.0, wall_ms=(time.perf_counter() - start) * 1000, nodes_per_second=0.0,
            verified=False, error=f"{type(e).__name__}: {e}",
        )  # fmt: skip
    wall = (time.perf_counter() - start) * 1000
    got = _got(problem, r)
    if problem.game == "shogi":
        ok = shogi_ok(problem.expected, r)
    else:
        ok = r.kind != Kind.UNKNOWN and capture_ok(problem.expected, problem.negate, got)
    s = r.stats
    return BenchRow(
        game=problem.game, name=problem.name, line=problem.line, expected=problem.expected,
        got=got, ok=ok, result=r.result, length=r.length, best_move=r.best_move or "",
        moves=" ".join(r.moves), generated=s.generated, expanded=s.expanded,
        iterations=s.iterations, reexpansion_ratio=s.reexpansion_ratio,
        branching_factor=s.branching_factor, time_ms=s.time_ms, wall_ms=wall,
        nodes_per_second=s.nodes_per_second, verified=r.verified, error="",
    )  # fmt: skip


def run(
    path: PathLike,
    *,
    solver: Optional[Solver] = None,
    hash_mb: int = 256,
    algo: Optional[str] = None,
    rules: str = "tsume",
    widening: Optional[str] = None,
    time_limit: Optional[float] = None,
    nodes: Optional[int] = None,
    plays: Optional[int] = None,
    limit: Optional[int] = None,
    clear: bool = True,
    on_row: Optional[Callable[[BenchRow], object]] = None,
) -> List[BenchRow]:
    """Solves every problem of a file and returns one :class:`BenchRow` each.

    :param solver: reuse this solver (else one of ``hash_mb`` MiB is made and closed).
    :param algo: the algorithm (default: each game's default, df-pn for both).
    :param rules: shogi rules, ``"tsume"`` or ``"mate"``.
    :param widening: capture: APS widening strategy.
    :param time_limit: seconds per problem; ``nodes``: node limit per problem.
    :param plays: capture: budget of board plays per problem, a limit that
        gives the same rows on any machine (see :meth:`Solver.solve_capture`).
        A shogi file with ``plays`` set is a ValueError.
    :param limit: solve only the first ``limit`` problems.
    :param clear: empty the table and cache before each problem, so each row
        measures a cold search.
    :param on_row: called with each row as it is done (e.g. to print it).
    """
    problems = read_problems(path)
    if limit is not None:
        problems = problems[:limit]
    if plays is not None and any(p.game == "shogi" for p in problems):
        raise ValueError("plays (a board-play budget) applies to capture problems only")
    own = solver is None
    s = solver if solver is not None else Solver(hash_mb=hash_mb)
    rows = []
    try:
        for p in problems:
            opts: Dict[str, Any] = {"time_limit": time_limit, "nodes": nodes}
            if p.game == "shogi":
                opts.update(rules=rules, algo=algo or "dfpn")
            else:
                opts.update(algo=algo or "default", widening=widening, plays=plays)
            if clear:
                s.clear()
            row = solve_problem(s, p, **opts)
            rows.append(row)
            if on_row is not None:
                on_row(row)
    finally:
        if own:
            s.close()
    return rows


def summary(rows: List[BenchRow]) -> Dict[str, Any]:
    """Totals: problems, passed, errors, unknown, search time and nodes."""
    return {
        "problems": len(rows),
        "passed": sum(r.ok for r in rows),
        "errors": sum(bool(r.error) for r in rows),
        "unknown": sum(r.result == "unknown" for r in rows),
        "time_ms": sum(r.time_ms for r in rows),
        "expanded": sum(r.expanded for r in rows),
        "generated": sum(r.generated for r in rows),
    }


def plot_solved(curves: Dict[str, List[BenchRow]], path: str, title: str = "") -> None:
    """Draws solved-versus-time curves, one per algorithm, as the papers'
    figures do: for every time t, how many problems were solved (answered
    as expected) within t each. Needs matplotlib (Debian: python3-matplotlib)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise ValueError("--plot needs matplotlib (Debian: apt-get install python3-matplotlib)") from e
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    total = 0
    for name, rows in curves.items():
        total = max(total, len(rows))
        times = sorted(max(r.time_ms, 1e-3) for r in rows if r.ok)
        xs = [t / 1000 for t in times]
        ax.step(xs, range(1, len(xs) + 1), where="post", label=f"{name} ({len(xs)}/{len(rows)})")
    ax.set_xscale("log")
    ax.set_xlabel("time per problem (s)")
    ax.set_ylabel("problems solved")
    ax.set_ylim(0, max(total, 1) * 1.05)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="lower right")
    if title:
        ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
