"""Test set-up: build libtsume from this checkout once per session and point
TSUME_LIBRARY at it before any test imports tsume.

Set TSUME_TEST_LIBRARY=/path/to/libtsume.so.0 to test a library built
elsewhere instead (no build then).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import pytest

TESTS = Path(__file__).resolve().parent
PKG = TESTS.parent  # bindings/python
sys.path.insert(0, str(PKG / "src"))
sys.path.insert(0, str(PKG))  # _build_backend

import _build_backend  # noqa: E402

#: Mate in 1 (G*5b), the bindings' standard quick position.
MATE1 = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
#: The attacker has nothing in hand and no piece on the board: no check, no mate.
NOMATE = "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1"

_build_dir: Optional[str] = None


def pytest_configure(config: pytest.Config) -> None:
    global _build_dir
    if os.environ.get("TSUME_TEST_LIBRARY"):
        os.environ["TSUME_LIBRARY"] = os.environ["TSUME_TEST_LIBRARY"]
        return
    _build_dir = tempfile.mkdtemp(prefix="tsume-pytest-lib-")
    try:
        lib = _build_backend.build_library(Path(_build_dir))
    except RuntimeError as e:
        raise pytest.UsageError(f"cannot build libtsume for the Python tests:\n{e}") from None
    os.environ["TSUME_LIBRARY"] = str(lib)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _build_dir:
        shutil.rmtree(_build_dir, ignore_errors=True)


def shared_dir() -> Optional[Path]:
    """The ../shared test-data directory next to the repository root, or None."""
    try:
        root = _build_backend.find_source_root(PKG)
    except RuntimeError:
        return None
    d = root.parent / "shared"
    return d if d.is_dir() else None


def solved(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Calls a solve function; skips the test (saying why) only while libtsume
    reports that the solver behind it is not built in yet."""
    import tsume

    try:
        return fn(*args, **kwargs)
    except tsume.InternalError as e:
        if "not built" in str(e):
            pytest.skip(f"libtsume: {e}")
        raise


def raises_or_unbuilt(exc: Any, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """pytest.raises(exc) around a solve call, skipping while the solver is not built in."""
    import tsume

    try:
        fn(*args, **kwargs)
    except tsume.InternalError as e:
        if "not built" in str(e) and not (isinstance(exc, type) and issubclass(tsume.InternalError, exc)):
            pytest.skip(f"libtsume: {e}")
        if isinstance(e, exc):
            return e
        raise
    except exc as e:
        return e
    pytest.fail(f"{getattr(fn, '__name__', fn)} did not raise {exc}")


@pytest.fixture
def solver() -> Iterator[Any]:
    """A small solver, closed after the test."""
    import tsume

    with tsume.Solver(hash_mb=16) as s:
        yield s
