"""Results of a search, as frozen dataclasses.

>>> r = solver.solve_shogi("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")  # doctest: +SKIP
>>> r                                                                       # doctest: +SKIP
ShogiResult(mate in 1: G*5b; GE=… EX=… IT=… RE=… BR=…; … nodes, … ms; verified, minimal)
>>> r.result, r.length, r.moves, r.stats.GE                                 # doctest: +SKIP
('mate', 1, ('G*5b',), …)
"""

from __future__ import annotations

import ctypes
import dataclasses
import enum
import math
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

from . import _lib
from .errors import error_for


class Kind(enum.IntEnum):
    """What a search found (enum tsume_result_kind)."""

    UNKNOWN = _lib.RESULT_UNKNOWN  #: no answer: a limit or cancellation came first, or a proven mate has no verified line
    PROVEN = _lib.RESULT_PROVEN  #: shogi: mate with a verified line; capture: the side moving first succeeds
    DISPROVEN = _lib.RESULT_DISPROVEN  #: shogi: no mate; capture: the side moving first fails
    KO = _lib.RESULT_KO  #: capture only: success depends on a ko


@dataclass(frozen=True)
class Stats:
    """Search statistics, named as the papers name them (see the GE/EX/... properties).

    >>> s = Stats(generated=30, expanded=10, reexpanded=2, iterations=3, terminal=4,
    ...           table_hits=5, reexpansion_ratio=0.2, branching_factor=3.0,
    ...           time_ms=1.5, nodes_per_second=20000.0, hashfull=0)
    >>> s.GE, s.EX, s.IT, s.RE, s.BR, s.time
    (30, 10, 3, 0.2, 3.0, 0.0015)
    """

    generated: int  #: nodes generated (GE)
    expanded: int  #: nodes expanded (EX)
    reexpanded: int  #: expansions of an already expanded node
    iterations: int  #: iterations at the root (IT)
    terminal: int  #: terminal nodes in the proof tree (TE)
    table_hits: int  #: transposition-table hits
    reexpansion_ratio: float  #: RE
    branching_factor: float  #: BR, the average branching factor
    time_ms: float  #: wall-clock time of the search in milliseconds
    nodes_per_second: float  #: expanded nodes per second
    hashfull: int  #: table fill at the end, per mille

    @property
    def GE(self) -> int:  # noqa: N802 - the papers' name
        """Nodes generated."""
        return self.generated

    @property
    def EX(self) -> int:  # noqa: N802
        """Nodes expanded."""
        return self.expanded

    @property
    def IT(self) -> int:  # noqa: N802
        """Iterations at the root."""
        return self.iterations

    @property
    def TE(self) -> int:  # noqa: N802
        """Terminal nodes of the proof tree."""
        return self.terminal

    @property
    def RE(self) -> float:  # noqa: N802
        """Re-expansion ratio."""
        return self.reexpansion_ratio

    @property
    def BR(self) -> float:  # noqa: N802
        """Average branching factor."""
        return self.branching_factor

    @property
    def nodes(self) -> int:
        """Nodes searched: the expanded count, which nodes_per_second and
        Progress.nodes count too (for APS, Cazenave's node count)."""
        return self.expanded

    @property
    def time(self) -> float:
        """Wall-clock time of the search in seconds."""
        return self.time_ms / 1000.0

    def summary(self) -> str:
        """One short line: 'GE=… EX=… IT=… RE=… BR=…; N nodes, T ms'."""
        return (
            f"GE={self.generated} EX={self.expanded} IT={self.iterations} "
            f"RE={self.reexpansion_ratio:.2f} BR={self.branching_factor:.2f}; "
            f"{self.nodes} nodes, {_ms(self.time_ms)}"
        )

    @classmethod
    def _from_c(cls, c: "_lib.CStats") -> "Stats":
        return cls(**{name: getattr(c, name) for name, _ in c._fields_})


@dataclass(frozen=True)
class Progress:
    """A progress report of a running search, passed to the ``progress`` callable.

    Every phase of a shogi search reports: the proof search, then the line
    search and the independent verifier (``phase``). The line figures are
    progress, not an answer: a line is given only in the result, and only
    once the verifier accepted it."""

    nodes: int  #: the phase's nodes so far (the running search's, the line phase's or the verifier's)
    nodes_per_second: float
    hashfull: int  #: table fill, per mille
    root_pn: float  #: proof number of the root (``math.inf`` when infinite; 0 outside "proof" and "shorten")
    root_dn: float  #: disproof number of the root (likewise)
    elapsed: float  #: seconds since the search started
    #: "proof", "minimal" (exact-length search), "shorten" (bounded search for a
    #: shorter line), "line" (walking a line), "repair" or "verify"; the
    #: capture game reports "proof" only
    phase: str = "proof"
    #: the line phase's current length in plies: the horizon searched or walked
    #: ("shorten", "line"), the line repaired or verified; 0 otherwise
    length: int = 0
    ply: int = 0  #: "line", "repair", "verify": how far along that line
    best: int = 0  #: the shortest line found so far, in plies (0: none yet)
    best_verified: bool = False  #: the verifier has accepted that line
    alternatives: int = 0  #: "verify": the defender's alternatives met so far,
    settled: int = 0  #: of which settled (mated in time, or futile),
    open: int = 0  #: and left open by the verifier's budget for its retries

    @classmethod
    def _from_c(cls, c: "_lib.CPhaseProgress") -> "Progress":
        def pn(v: int) -> float:
            return math.inf if v == _lib.PN_INFINITY else v

        if c.phase_name is not None:
            phase = c.phase_name.decode("utf-8", "backslashreplace")
        elif 0 <= c.phase < len(_lib.PHASES):
            phase = _lib.PHASES[c.phase]
        else:
            phase = "other"
        return cls(
            nodes=c.nodes,
            nodes_per_second=c.nodes_per_second,
            hashfull=c.hashfull,
            root_pn=pn(c.root_pn),
            root_dn=pn(c.root_dn),
            elapsed=c.elapsed_ms / 1000.0,
            phase=phase,
            length=c.length,
            ply=c.ply,
            best=c.best,
            best_verified=bool(c.best_verified),
            alternatives=c.alternatives,
            settled=c.settled,
            open=c.open,
        )


@dataclass(frozen=True, repr=False)
class Result:
    """Common fields of both games' results."""

    kind: Kind  #: what the search found
    result: str  #: the game's word for it (see the subclasses)
    length: int  #: length of the solution line in plies (0 when there is none)
    moves: Tuple[str, ...]  #: the solution (principal) line
    best_move: Optional[str]  #: the first move of the line, or None
    stats: Stats
    verified: bool  #: the independent verifier accepted the line (every shogi mate; capture: never)
    cached: bool  #: the answer came from the solver's result cache
    #: the search proved success for the side moving first (a mate, a
    #: capture or a save, possibly by ko). With ``result == "unknown"`` it
    #: means a shogi mate was proven but no line passed the verifier: see
    #: ``ShogiResult.candidate``.
    proven: bool
    note: str  #: why an answer is partial ("" when there is nothing to explain)

    @property
    def solved(self) -> bool:
        """True when the search reached an answer (not stopped by a limit)."""
        return self.kind != Kind.UNKNOWN

    def to_dict(self) -> Dict[str, Any]:
        """A flat dict (statistics inlined) for tables, CSV or pandas."""
        d = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name not in ("stats", "problem", "query")}
        d["kind"] = self.kind.name.lower()
        d["moves"] = " ".join(self.moves)
        if "candidate" in d:
            d["candidate"] = " ".join(d["candidate"])
        d.update(dataclasses.asdict(self.stats))
        return d

    def _flags(self) -> str:
        flags = [n for n in ("verified", "minimal", "cached") if getattr(self, n, False)]
        return "; " + ", ".join(flags) if flags else ""


def _ms(ms: float) -> str:
    return f"{ms:.3g} ms" if ms < 1000 else f"{ms / 1000:.3g} s"


def _line(moves: Tuple[str, ...], limit: int = 12) -> str:
    if len(moves) <= limit:
        return " ".join(moves)
    return " ".join(moves[:limit]) + f" … ({len(moves)} moves)"


@dataclass(frozen=True, repr=False)
class ShogiResult(Result):
    """The answer to a tsume-shogi question.

    ``result`` is ``"mate"`` (only with a line the independent verifier
    accepted: ``verified`` is then True), ``"nomate"`` (proven) or
    ``"unknown"``; ``length`` is the mate length in plies, ``moves`` the
    solution as USI moves, ``minimal`` whether the line is proven minimal.

    A mate that was proven but whose line no verifier accepted (a limit or
    a cancellation came first) is ``"unknown"`` with ``proven`` True; its
    unverified line is ``candidate``, which is NOT an answer (it may not
    even end in mate) and never appears in ``moves``.
    """

    minimal: bool = False
    #: the unverified line of a proven mate (``result == "unknown"``,
    #: ``proven`` True); empty otherwise. Not an answer.
    candidate: Tuple[str, ...] = ()
    #: for a mate: the line search's nodes after the first proof until a
    #: line of ``length`` plies was first found (the same on every run of
    #: one thread), and the time from the call's start until then
    line_nodes: int = 0
    line_ms: float = 0.0
    #: the exact-length search's nodes (part of the line search)
    exact_nodes: int = 0
    #: the question: the position as given, the moves played from it first,
    #: and the rules (what :meth:`kif` and :meth:`csa` start from).
    problem: Tuple[str, str, str] = dataclasses.field(default=("", "", "tsume"), repr=False, compare=False)

    def kif(self) -> str:
        """The problem and, for a mate, its verified line as a KIF file, the
        format ShogiGUI, Shogidokoro and ShogiHome open (BOD diagram with
        hands, then the numbered moves; never a candidate line)."""
        return self._record(_lib.RECORD_KIF)

    def csa(self) -> str:
        """The problem and, for a mate, its verified line as a CSA file."""
        return self._record(_lib.RECORD_CSA)

    def svg(self, western: bool = False) -> str:
        """The problem as an SVG diagram (Black at the bottom, files 9 to 1
        left to right, both hands), the first move marked and the verified
        line listed under it; ``western`` draws letters instead of kanji."""
        return self._record(_lib.RECORD_SVG_WESTERN if western else _lib.RECORD_SVG)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter draws a result as its diagram."""
        return self.svg() if self.problem[0] else None

    def _record(self, fmt: int) -> str:
        sfen, played, rules = self.problem
        if not sfen:
            raise ValueError("this result does not carry its problem (it was not made by Solver.solve_shogi)")
        mate = self.result == "mate"
        moves = " ".join([*played.split(), *(self.moves if mate else ())])
        lib = _lib.get()
        out = ctypes.c_void_p()
        err = ctypes.create_string_buffer(_lib.ERR_LEN)
        rules_code = 0 if rules == "tsume" else 1
        status = lib.dll.tsume_shogi_record(fmt, sfen.encode(), rules_code, moves.encode(), int(mate), ctypes.byref(out), err, _lib.ERR_LEN)
        if status != _lib.OK:
            raise error_for(status, err.value.decode("utf-8", "backslashreplace"), lib.status_string(status))
        return lib.take_string(out)

    def __repr__(self) -> str:
        if self.kind == Kind.PROVEN:
            head = f"mate in {self.length}: {_line(self.moves)}"
        elif self.kind == Kind.DISPROVEN:
            head = "no mate"
        elif self.proven:
            head = "unknown (mate proven, no verified line)"
        else:
            head = "unknown"
        return f"ShogiResult({head}; {self.stats.summary()}{self._flags()})"


@dataclass(frozen=True, repr=False)
class CaptureResult(Result):
    """The answer to a Go capture question.

    ``result`` is ``"captured"``, ``"saved"``, ``"ko"`` or ``"unknown"``;
    ``code`` is GNU Go's answer code (0 fails, 1 succeeds, 2 succeeds by ko
    taking it first, 3 succeeds by ko after a ko threat; None when unknown),
    ``best_move`` the GTP vertex that achieves it, ``mode`` the question
    (``"attack"`` or ``"defend"``).
    """

    code: Optional[int] = None
    mode: str = "attack"
    #: the question as sent to the library, for :meth:`svg`
    query: Any = dataclasses.field(default=None, repr=False, compare=False)

    def svg(self) -> str:
        """The board as an SVG picture: the target string ringed, the
        answer's move and the line after it numbered."""
        if self.query is None:
            raise ValueError("this result does not carry its question (it was not made by Solver.solve_capture)")
        lib = _lib.get()
        out = ctypes.c_void_p()
        err = ctypes.create_string_buffer(_lib.ERR_LEN)
        status = lib.dll.tsume_capture_svg(ctypes.byref(self.query), " ".join(self.moves).encode(), ctypes.byref(out), err, _lib.ERR_LEN)
        if status != _lib.OK:
            raise error_for(status, err.value.decode("utf-8", "backslashreplace"), lib.status_string(status))
        return lib.take_string(out)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter draws a result as its board."""
        return self.svg() if self.query is not None else None

    @property
    def gtp(self) -> str:
        """The answer in GNU Go's GTP format: '0', '1 D5', '2 PASS', …; '?' when unknown."""
        if self.code is None:
            return "?"
        if self.code == 0:
            return "0"
        return f"{self.code} {self.best_move or 'PASS'}"

    def __repr__(self) -> str:
        head = self.result
        if self.code is not None and self.code > 0 and self.best_move:
            head += f" with {self.best_move}"
        if self.moves:
            head += f" (line: {_line(self.moves)})"
        return f"CaptureResult({self.mode}: {head}, code {self.gtp}; {self.stats.summary()}{self._flags()})"


def capture_word(kind: Kind, mode: str) -> str:
    """The word for a capture answer: success of an attack is 'captured', of a defence 'saved'."""
    if kind == Kind.KO:
        return "ko"
    if kind == Kind.UNKNOWN:
        return "unknown"
    attacker_wins = (kind == Kind.PROVEN) == (mode == "attack")
    return "captured" if attacker_wins else "saved"


def shogi_word(kind: Kind) -> str:
    """The word for a shogi answer."""
    return {Kind.PROVEN: "mate", Kind.DISPROVEN: "nomate"}.get(kind, "unknown")
