"""Exceptions raised for libtsume's status codes.

Every exception carries the library's own message (``str(e)``), its status
code (``e.status``) and the status name (``e.status_name``). Errors about the
caller's input also derive from :class:`ValueError`, so ``except ValueError``
catches every kind of bad input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Optional, Type

from . import _lib

if TYPE_CHECKING:  # pragma: no cover
    from .results import Result


class TsumeError(Exception):
    """Base class of every error reported by libtsume."""

    status: int = -1

    def __init__(self, message: str, *, status: Optional[int] = None, status_name: str = "") -> None:
        super().__init__(message)
        if status is not None:
            self.status = status
        self.status_name = status_name
        self.message = message


class InvalidArgumentError(TsumeError, ValueError):
    """An option is out of range or impossible (TSUME_E_INVALID_ARGUMENT)."""

    status = _lib.E_INVALID_ARGUMENT


class ParseError(TsumeError, ValueError):
    """A malformed SFEN, USI move, SGF text or vertex (TSUME_E_PARSE)."""

    status = _lib.E_PARSE


class IllegalPositionError(TsumeError, ValueError):
    """A well-formed but illegal position or move (TSUME_E_ILLEGAL_POSITION)."""

    status = _lib.E_ILLEGAL_POSITION


class TsumeMemoryError(TsumeError, MemoryError):
    """The transposition table or another allocation could not be had (TSUME_E_NO_MEMORY)."""

    status = _lib.E_NO_MEMORY


class CancelledError(TsumeError):
    """:meth:`Solver.cancel` stopped the search (TSUME_E_CANCELLED).

    ``e.result`` holds the result as the search left it, with the
    statistics so far: usually ``unknown`` (``proven`` and ``candidate`` set
    when the mate was proven but no line was verified); a mate whose line
    the verifier had already accepted stays a ``mate``. The call is
    cancelled in whichever phase it was (proof, line search, verification).
    """

    status = _lib.E_CANCELLED

    def __init__(self, message: str, *, result: "Optional[Result]" = None, **kw: object) -> None:
        super().__init__(message, **kw)  # type: ignore[arg-type]
        self.result = result


class BadHandleError(TsumeError, RuntimeError):
    """A freed or foreign handle reached the library (TSUME_E_BAD_HANDLE); a bug in the bindings."""

    status = _lib.E_BAD_HANDLE


class BusyError(TsumeError, RuntimeError):
    """The solver is already searching in another thread (TSUME_E_BUSY)."""

    status = _lib.E_BUSY


class InternalError(TsumeError, RuntimeError):
    """A bug in tsume, reported by the library instead of crashing (TSUME_E_INTERNAL)."""

    status = _lib.E_INTERNAL


_BY_STATUS: Dict[int, Type[TsumeError]] = {
    cls.status: cls
    for cls in (
        InvalidArgumentError,
        ParseError,
        IllegalPositionError,
        TsumeMemoryError,
        CancelledError,
        BadHandleError,
        BusyError,
        InternalError,
    )
}


def error_for(status: int, message: str, status_name: str = "") -> TsumeError:
    """The exception for a status code; `message` is the library's text (or a fallback)."""
    cls = _BY_STATUS.get(status, TsumeError)
    text = message or status_name or f"tsume status {status}"
    return cls(text, status=status, status_name=status_name)
