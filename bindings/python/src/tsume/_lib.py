"""Loading libtsume with ctypes and declaring the prototypes of include/tsume.h.

Search order (the first that applies wins; a failure there is reported, not
skipped over, so a wrong TSUME_LIBRARY never silently loads another copy):

1. the ``TSUME_LIBRARY`` environment variable: a library file, or a directory
   holding ``libtsume.so.0``;
2. the copy inside this package (``tsume/libtsume.so.0``), placed there when
   the package was installed from source;
3. the system loader (``LD_LIBRARY_PATH``, ``ldconfig``'s cache).

The library's ABI version is compared with ``ABI_VERSION`` at load time.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_char_p,
    c_double,
    c_int,
    c_int32,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import List, Optional, Tuple

#: The TSUME_ABI_VERSION of include/tsume.h these bindings were written against.
ABI_VERSION = 1

#: File name of the shared library (its soname).
LIBRARY_NAME = "libtsume.so.0"
#: TSUME_MAX_THREADS: the largest tsume_shogi_query.threads.
MAX_THREADS = 256

# Status codes (enum tsume_status).
OK = 0
E_INVALID_ARGUMENT = 1
E_PARSE = 2
E_ILLEGAL_POSITION = 3
E_NO_MEMORY = 4
E_CANCELLED = 5
E_BAD_HANDLE = 6
E_BUSY = 7
E_INTERNAL = 8

# Result kinds (enum tsume_result_kind).
RESULT_UNKNOWN = 0
RESULT_PROVEN = 1
RESULT_DISPROVEN = 2
RESULT_KO = 3

# tsume_shogi_record formats
RECORD_KIF = 0
RECORD_CSA = 1
RECORD_SVG = 2
RECORD_SVG_WESTERN = 3

#: Size of the error-message buffers handed to the library.
ERR_LEN = 1024

#: tsume_progress.root_pn / root_dn use this for an infinite proof number.
PN_INFINITY = 2**64 - 1


class LibraryError(ImportError):
    """libtsume could not be found or loaded, or its ABI version does not match."""


class ForkError(RuntimeError):
    """This process was forked from one that had loaded libtsume.

    The library holds a Go runtime, whose threads do not survive ``fork()``:
    a call into it from the child would hang forever. Every call in such a
    child raises this error instead. Use multiprocessing's ``"spawn"`` or
    ``"forkserver"`` start method, or import tsume only in the child.
    """


# ---- structs (field order and types exactly as in tsume.h) ----------------


class SolverOptions(Structure):
    """struct tsume_solver_options."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("hash_mb", c_uint32),
        ("huge_pages", c_int32),
        ("cache_mb", c_uint32),
    ]


class ShogiQuery(Structure):
    """struct tsume_shogi_query."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("sfen", c_char_p),
        ("moves", c_char_p),
        ("rules", c_int32),
        ("algo", c_int32),
        ("node_limit", c_uint64),
        ("time_limit_ms", c_uint32),
        ("reserved", c_uint32),  # the first layout's tail padding, named so that threads follows it
        ("threads", c_uint32),
        ("line_node_limit", c_uint64),
    ]


class CaptureQuery(Structure):
    """struct tsume_capture_query."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("sgf", c_char_p),
        ("move_number", c_int32),
        ("board_size", c_int32),
        ("black", c_char_p),
        ("white", c_char_p),
        ("target", c_char_p),
        ("mode", c_int32),
        ("algo", c_int32),
        ("widening", c_char_p),
        ("node_limit", c_uint64),
        ("time_limit_ms", c_uint32),
        ("plays_limit", c_uint64),
    ]


class CStats(Structure):
    """struct tsume_stats."""

    _fields_ = [
        ("generated", c_uint64),
        ("expanded", c_uint64),
        ("reexpanded", c_uint64),
        ("iterations", c_uint64),
        ("terminal", c_uint64),
        ("table_hits", c_uint64),
        ("reexpansion_ratio", c_double),
        ("branching_factor", c_double),
        ("time_ms", c_double),
        ("nodes_per_second", c_double),
        ("hashfull", c_uint32),
    ]


class CProgress(Structure):
    """struct tsume_progress."""

    _fields_ = [
        ("nodes", c_uint64),
        ("nodes_per_second", c_double),
        ("hashfull", c_uint32),
        ("root_pn", c_uint64),
        ("root_dn", c_uint64),
        ("elapsed_ms", c_double),
    ]


#: typedef void (*tsume_progress_fn)(const tsume_progress *, void *).
PROGRESS_FN = CFUNCTYPE(None, POINTER(CProgress), c_void_p)

#: enum tsume_phase, by number (TSUME_PHASE_OTHER: phase_name says which).
PHASES = ("proof", "minimal", "shorten", "line", "repair", "verify", "other")


class CPhaseProgress(Structure):
    """struct tsume_phase_progress (the library sets struct_size to the layout it filled)."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("phase", c_int32),
        ("phase_name", c_char_p),
        ("nodes", c_uint64),
        ("nodes_per_second", c_double),
        ("elapsed_ms", c_double),
        ("root_pn", c_uint64),
        ("root_dn", c_uint64),
        ("hashfull", c_uint32),
        ("length", c_uint32),
        ("ply", c_uint32),
        ("best", c_uint32),
        ("best_verified", c_int32),
        ("alternatives", c_uint32),
        ("settled", c_uint32),
        ("open", c_uint32),
    ]


#: typedef void (*tsume_phase_progress_fn)(const tsume_phase_progress *, void *).
PHASE_PROGRESS_FN = CFUNCTYPE(None, POINTER(CPhaseProgress), c_void_p)

# (name, restype, argtypes). Handles are opaque tokens: c_void_p.
_PROTOTYPES: List[Tuple[str, object, List[object]]] = [
    ("tsume_abi_version", c_uint32, []),
    ("tsume_version_string", c_char_p, []),
    ("tsume_status_string", c_char_p, [c_int]),
    ("tsume_string_free", None, [c_void_p]),
    ("tsume_solver_new", c_int, [POINTER(SolverOptions), POINTER(c_void_p), c_char_p, c_size_t]),
    ("tsume_solver_free", c_int, [c_void_p]),
    ("tsume_cancel", c_int, [c_void_p]),
    ("tsume_solver_set_progress", c_int, [c_void_p, PROGRESS_FN, c_void_p, c_uint32]),
    ("tsume_solver_set_phase_progress", c_int, [c_void_p, PHASE_PROGRESS_FN, c_void_p, c_uint32, c_size_t]),
    ("tsume_solver_clear", c_int, [c_void_p]),
    ("tsume_solver_table_info", c_int, [c_void_p, POINTER(c_uint32), POINTER(c_int32)]),
    ("tsume_solver_prefault", c_int, [c_void_p]),
    ("tsume_solve_shogi", c_int, [c_void_p, POINTER(ShogiQuery), POINTER(c_void_p), c_char_p, c_size_t]),
    ("tsume_solve_capture", c_int, [c_void_p, POINTER(CaptureQuery), POINTER(c_void_p), c_char_p, c_size_t]),
    ("tsume_result_kind_of", c_int, [c_void_p, POINTER(c_int32)]),
    ("tsume_result_code", c_int, [c_void_p, POINTER(c_int32)]),
    ("tsume_result_length", c_int, [c_void_p, POINTER(c_int32)]),
    ("tsume_result_move_count", c_int, [c_void_p, POINTER(c_size_t)]),
    ("tsume_result_move", c_int, [c_void_p, c_size_t, POINTER(c_void_p)]),
    ("tsume_result_moves", c_int, [c_void_p, POINTER(c_void_p)]),
    ("tsume_result_best_move", c_int, [c_void_p, POINTER(c_void_p)]),
    ("tsume_result_stats", c_int, [c_void_p, POINTER(CStats)]),
    ("tsume_result_line_stats", c_int, [c_void_p, POINTER(c_uint64), POINTER(c_double), POINTER(c_uint64)]),
    ("tsume_result_flags", c_int, [c_void_p, POINTER(c_int32), POINTER(c_int32), POINTER(c_int32)]),
    ("tsume_result_free", c_int, [c_void_p]),
    ("tsume_result_proven", c_int, [c_void_p, POINTER(c_int32)]),
    ("tsume_result_candidate", c_int, [c_void_p, POINTER(c_void_p)]),
    ("tsume_result_note", c_int, [c_void_p, POINTER(c_void_p)]),
    ("tsume_capture_svg", c_int, [POINTER(CaptureQuery), c_char_p, POINTER(c_void_p), c_char_p, c_size_t]),
    ("tsume_shogi_record", c_int, [c_int32, c_char_p, c_int32, c_char_p, c_int32, POINTER(c_void_p), c_char_p, c_size_t]),
    (
        "tsume_shogi_bestmove",
        c_int,
        [c_char_p, c_char_p, c_int32, c_int32, c_uint64, c_uint64, c_uint32, POINTER(c_void_p), c_char_p, c_size_t],
    ),
    (
        "tsume_shogi_verify",
        c_int,
        [c_char_p, c_char_p, c_int32, c_int32, c_char_p, c_uint64, c_uint64, POINTER(c_void_p), c_char_p, c_size_t],
    ),
]


class Library:
    """A loaded libtsume: the ctypes handle with every prototype declared."""

    def __init__(self, path: str, source: str) -> None:
        self.source = source
        try:
            self._dll = ctypes.CDLL(path)
        except OSError as e:
            raise LibraryError(f"tsume: cannot load libtsume from {path} ({source}): {e}") from None
        # The name the loader resolved, for messages and tsume.library_path.
        self.path = _resolved_path(self._dll, path)
        # The ABI version first: a library of another ABI may lack functions
        # of this one, and the version is what explains that.
        try:
            abi = getattr(self._dll, "tsume_abi_version")
        except AttributeError:
            raise LibraryError(
                f"tsume: {self.path} ({source}) is not a usable libtsume: it has no tsume_abi_version()"
            ) from None
        abi.restype, abi.argtypes = c_uint32, []
        self.abi_version = int(abi())
        if self.abi_version != ABI_VERSION:
            raise LibraryError(
                f"tsume: {self.path} ({source}) has ABI version {self.abi_version}, but this "
                f"Python package needs ABI version {ABI_VERSION}; rebuild libtsume from the "
                "same tsume checkout as the package (or reinstall the package)"
            )
        for name, restype, argtypes in _PROTOTYPES:
            try:
                fn = getattr(self._dll, name)
            except AttributeError:
                # Functions are appended within an ABI version: an older
                # build of the same ABI lacks the newer ones.
                raise LibraryError(
                    f"tsume: {self.path} ({source}) is not a usable libtsume: it has no {name}() "
                    "(older than these bindings? rebuild libtsume from the same tsume checkout as the package)"
                ) from None
            fn.restype = restype
            fn.argtypes = argtypes
        self.version = (self.dll.tsume_version_string() or b"").decode("utf-8", "replace")

    @property
    def dll(self) -> ctypes.CDLL:
        """The ctypes library; raises :class:`ForkError` in a forked child
        (every call into the library goes through here)."""
        if _forked_pid is not None:
            raise fork_error()
        return self._dll

    def status_string(self, status: int) -> str:
        """The library's English name of a status code."""
        s = self.dll.tsume_status_string(int(status))
        return s.decode("utf-8", "replace") if s else "unknown status"

    def take_string(self, ptr: c_void_p) -> str:
        """Copies a string returned through `char **` and frees it with tsume_string_free."""
        if not ptr.value:
            return ""
        try:
            return ctypes.string_at(ptr.value).decode("utf-8", "backslashreplace")
        finally:
            self.dll.tsume_string_free(ptr)


def _resolved_path(dll: ctypes.CDLL, fallback: str) -> str:
    """The file the dynamic loader actually opened (found in /proc/self/maps on Linux)."""
    try:
        addr = ctypes.cast(dll.tsume_abi_version, c_void_p).value
    except AttributeError:
        return fallback
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                parts = line.split(None, 5)
                if len(parts) == 6 and addr is not None:
                    lo, hi = (int(x, 16) for x in parts[0].split("-"))
                    if lo <= addr < hi:
                        return parts[5].strip()
    except OSError:
        pass
    return fallback


def candidates() -> List[Tuple[str, str]]:
    """(path or soname, where it came from) in search order; see the module docstring."""
    env = os.environ.get("TSUME_LIBRARY")
    if env:
        p = Path(env)
        if p.is_dir():
            p = p / LIBRARY_NAME
        return [(str(p), f"TSUME_LIBRARY={env}")]
    out = []
    bundled = Path(__file__).resolve().parent / LIBRARY_NAME
    if bundled.is_file():
        out.append((str(bundled), "the copy inside the tsume package"))
    out.append((LIBRARY_NAME, "the system loader"))
    found = ctypes.util.find_library("tsume")
    if found and found != LIBRARY_NAME:
        out.append((found, "the system loader"))
    return out


def load(path: Optional[str] = None) -> Library:
    """Loads libtsume from `path`, or by the search order of the module docstring."""
    if path is not None:
        return Library(path, "an explicit path")
    cands = candidates()
    if cands[0][1].startswith("TSUME_LIBRARY="):
        p, source = cands[0]
        if not Path(p).is_file():
            raise LibraryError(f"tsume: {source}: no such file {p}")
        return Library(p, source)
    errors = []
    for p, source in cands:
        try:
            return Library(p, source)
        except LibraryError as e:
            # A copy that loads but is wrong (ABI, symbols) is reported at once.
            if "cannot load" not in str(e):
                raise
            errors.append(str(e))
    raise LibraryError(
        "tsume: libtsume was not found. Install the package from source "
        "(pip install ./bindings/python, which builds it with Go), or point TSUME_LIBRARY "
        f"at a prebuilt {LIBRARY_NAME} (or a directory holding it). Tried:\n  "
        + "\n  ".join(errors)
    )


_loaded: Optional[Library] = None
_load_lock = threading.Lock()

# The pid of the parent when this process was forked from one that had
# loaded the library (a grandchild keeps its parent's mark); None otherwise.
_forked_pid: Optional[int] = None


def _after_fork_in_child() -> None:
    global _forked_pid
    if _loaded is not None and _forked_pid is None:
        _forked_pid = os.getppid()


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_after_fork_in_child)


def fork_error() -> ForkError:
    """The error raised by every call in a child forked after the library was loaded."""
    return ForkError(
        f"tsume: this process (pid {os.getpid()}) was forked from process {_forked_pid}, which had "
        "loaded libtsume; the library's Go runtime does not survive fork(), so it cannot be used "
        "here. Use multiprocessing's 'spawn' or 'forkserver' start method "
        "(multiprocessing.get_context('spawn')), or import tsume only in the child."
    )


def check_fork() -> None:
    """Raises :class:`ForkError` in a child forked after the library was loaded."""
    if _forked_pid is not None:
        raise fork_error()


def forked() -> bool:
    """True in a child forked after the library was loaded."""
    return _forked_pid is not None


def get() -> Library:
    """The process-wide library, loaded on first use (a Go runtime cannot be loaded twice)."""
    global _loaded
    check_fork()
    if _loaded is None:
        with _load_lock:
            if _loaded is None:
                _loaded = load()
    return _loaded
