"""tsume: tsume-shogi mate solving and the Go capture game, from Python.

Thin ctypes bindings over libtsume (the C interface in include/tsume.h). The
library is loaded, and its ABI version checked, when this package is
imported; see :mod:`tsume._lib` for where it is looked for (``TSUME_LIBRARY``
first).

>>> import tsume
>>> with tsume.Solver(hash_mb=64) as s:                             # doctest: +SKIP
...     r = s.solve_shogi("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
>>> r.result, r.length, r.best_move                                  # doctest: +SKIP
('mate', 1, 'G*5b')
>>> with tsume.Solver(hash_mb=16) as s:                             # doctest: +SKIP
...     s.solve_capture(board_size=9, black="D5", white="C5 D6 E5", target="D5")
CaptureResult(attack: captured with D4 (line: D4), code 1 D4; …)
"""

from __future__ import annotations

from typing import Any

from . import _lib
from ._lib import ABI_VERSION, ForkError, LibraryError
from .errors import (
    BadHandleError,
    BusyError,
    CancelledError,
    IllegalPositionError,
    InternalError,
    InvalidArgumentError,
    ParseError,
    TsumeError,
    TsumeMemoryError,
)
from .results import CaptureResult, Kind, Progress, Result, ShogiResult, Stats
from .solver import BestMove, LineCheck, Solver

__version__ = "0.1.0"

# Load the library now, so a missing library or an ABI mismatch is reported at import.
_library = _lib.get()

#: Path of the loaded libtsume.
library_path: str = _library.path
#: Version string of the loaded libtsume ("MAJOR.MINOR.PATCH").
library_version: str = _library.version


def solve_shogi(sfen: str, *args: Any, hash_mb: int = 64, **kwargs: Any) -> ShogiResult:
    """One-off :meth:`Solver.solve_shogi` with a fresh solver of ``hash_mb`` MiB.

    >>> tsume.solve_shogi("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").best_move  # doctest: +SKIP
    'G*5b'
    """
    with Solver(hash_mb=hash_mb) as s:
        return s.solve_shogi(sfen, *args, **kwargs)


def solve_capture(*args: Any, hash_mb: int = 64, **kwargs: Any) -> CaptureResult:
    """One-off :meth:`Solver.solve_capture` with a fresh solver of ``hash_mb`` MiB.

    >>> tsume.solve_capture(board_size=9, black="D5", white="C5 D6 E5", target="D5").result  # doctest: +SKIP
    'captured'
    """
    with Solver(hash_mb=hash_mb) as s:
        return s.solve_capture(*args, **kwargs)


from . import bench  # noqa: E402 - tsume.bench.run(...) after a plain `import tsume`

__all__ = [
    "ABI_VERSION",
    "BestMove",
    "BadHandleError",
    "BusyError",
    "CancelledError",
    "CaptureResult",
    "ForkError",
    "IllegalPositionError",
    "InternalError",
    "InvalidArgumentError",
    "Kind",
    "LibraryError",
    "LineCheck",
    "ParseError",
    "Progress",
    "Result",
    "ShogiResult",
    "Solver",
    "Stats",
    "TsumeError",
    "TsumeMemoryError",
    "bench",
    "library_path",
    "library_version",
    "solve_capture",
    "solve_shogi",
]
