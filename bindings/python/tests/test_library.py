"""Loading libtsume: the search order, the ABI check and its messages."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tsume
from tsume import _lib

from conftest import PKG

# A stand-in library: every tsume_* symbol exists, but tsume_abi_version
# returns ABI, and nothing else works. Compiled per test with the system cc.
_FAKE_C = r"""
#include <stdint.h>
#include <stddef.h>
uint32_t tsume_abi_version(void) { return ABI; }
const char *tsume_version_string(void) { return "9.9.9"; }
const char *tsume_status_string(int s) { (void)s; return "fake"; }
void tsume_string_free(char *s) { (void)s; }
#define STUB(name) int name(void) { return 8; }
STUB(tsume_solver_new) STUB(tsume_solver_free) STUB(tsume_cancel) STUB(tsume_solver_set_progress) STUB(tsume_solver_set_phase_progress)
STUB(tsume_solver_clear) STUB(tsume_solver_table_info) STUB(tsume_solver_prefault) STUB(tsume_solve_shogi) STUB(tsume_solve_capture)
STUB(tsume_result_kind_of) STUB(tsume_result_code) STUB(tsume_result_length)
STUB(tsume_result_move_count) STUB(tsume_result_move) STUB(tsume_result_moves)
STUB(tsume_result_best_move) STUB(tsume_result_stats) STUB(tsume_result_line_stats) STUB(tsume_result_flags)
#ifndef OMIT_FREE
STUB(tsume_result_free)
#endif
"""


def _fake_library(tmp_path: Path, abi: int, omit_free: bool = False) -> Path:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build a stand-in library")
    src = tmp_path / "fake.c"
    src.write_text(_FAKE_C)
    out = tmp_path / f"fake{abi}{'nofree' if omit_free else ''}" / "libtsume.so.0"
    out.parent.mkdir()
    cmd = [cc, "-shared", "-fPIC", f"-DABI={abi}", "-o", str(out), str(src)]
    if omit_free:
        cmd.insert(1, "-DOMIT_FREE")
    subprocess.run(cmd, check=True)
    return out


def _import_in_subprocess(env_library: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, TSUME_LIBRARY=env_library, PYTHONPATH=str(PKG / "src"))
    return subprocess.run(
        [sys.executable, "-c", "import tsume; print(tsume.library_path)"],
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_loaded_library_is_the_one_built_for_the_tests() -> None:
    assert Path(tsume.library_path).resolve() == Path(os.environ["TSUME_LIBRARY"]).resolve()
    assert _lib.get().abi_version == tsume.ABI_VERSION == 1


def test_versions_agree_with_header_and_pyproject() -> None:
    root = Path(__file__).resolve().parents[3]
    header = (root / "include" / "tsume.h").read_text()
    want = {k: re.search(rf"#define TSUME_{k}\s+(\d+)", header).group(1) for k in
            ("VERSION_MAJOR", "VERSION_MINOR", "VERSION_PATCH", "ABI_VERSION")}  # fmt: skip
    assert tsume.library_version == f"{want['VERSION_MAJOR']}.{want['VERSION_MINOR']}.{want['VERSION_PATCH']}"
    assert int(want["ABI_VERSION"]) == tsume.ABI_VERSION
    pyproject = (PKG / "pyproject.toml").read_text()
    assert re.search(r'^version = "([^"]+)"', pyproject, re.M).group(1) == tsume.__version__


@pytest.mark.parametrize(
    "status, name_part",
    [(0, "ok"), (2, "parse"), (3, "illegal"), (5, "cancel"), (7, "busy"), (12345, "unknown")],
)
def test_status_string(status: int, name_part: str) -> None:
    assert name_part in _lib.get().status_string(status).lower()


def test_abi_mismatch_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    fake = _fake_library(tmp_path, abi=99)
    with pytest.raises(tsume.LibraryError, match=r"ABI version 99.*needs ABI version 1"):
        _lib.load(str(fake))
    # ... and at import time, as ImportError.
    proc = _import_in_subprocess(str(fake))
    assert proc.returncode != 0
    assert "ImportError" in proc.stderr or "LibraryError" in proc.stderr
    assert "ABI version 99" in proc.stderr, proc.stderr


def test_library_missing_a_symbol_is_refused(tmp_path: Path) -> None:
    fake = _fake_library(tmp_path, abi=1, omit_free=True)
    with pytest.raises(tsume.LibraryError, match="tsume_result_free"):
        _lib.load(str(fake))


@pytest.mark.parametrize(
    "setting, message",
    [
        ("{tmp}/nowhere/libtsume.so.0", "no such file"),
        ("{tmp}", "no such file"),  # a directory without the library
        ("{tmp}/not-a-library.so", "cannot load"),
    ],
)
def test_bad_TSUME_LIBRARY_is_reported_not_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: str, message: str
) -> None:
    (tmp_path / "not-a-library.so").write_text("hello")
    monkeypatch.setenv("TSUME_LIBRARY", setting.format(tmp=tmp_path))
    with pytest.raises(tsume.LibraryError, match=message):
        _lib.load()


def test_TSUME_LIBRARY_may_name_a_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    lib = Path(os.environ["TSUME_LIBRARY"])
    monkeypatch.setenv("TSUME_LIBRARY", str(lib.parent))
    assert _lib.candidates() == [(str(lib.parent / "libtsume.so.0"), f"TSUME_LIBRARY={lib.parent}")]


def test_search_order_without_TSUME_LIBRARY(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TSUME_LIBRARY")
    sources = [src for _, src in _lib.candidates()]
    assert sources[-1] == "the system loader"
    bundled = Path(_lib.__file__).parent / "libtsume.so.0"
    assert ("the copy inside the tsume package" in sources) == bundled.is_file()


def test_import_without_any_library_says_what_to_do(tmp_path: Path) -> None:
    # A copy of the sources without a bundled library, and no TSUME_LIBRARY.
    src = tmp_path / "src"
    shutil.copytree(PKG / "src" / "tsume", src / "tsume", ignore=shutil.ignore_patterns("libtsume.so*"))
    env = {k: v for k, v in os.environ.items() if k not in ("TSUME_LIBRARY", "LD_LIBRARY_PATH")}
    env["PYTHONPATH"] = str(src)
    proc = subprocess.run([sys.executable, "-c", "import tsume"], env=env, capture_output=True, text=True, timeout=60)
    if proc.returncode == 0:
        pytest.skip("a libtsume is installed system-wide, so the not-found path cannot be shown")
    assert "libtsume was not found" in proc.stderr
    assert "TSUME_LIBRARY" in proc.stderr


def test_built_library_has_a_soname_and_exports_only_tsume_symbols() -> None:
    readelf, nm = shutil.which("readelf"), shutil.which("nm")
    if readelf is None or nm is None:
        pytest.skip("binutils (readelf, nm) not installed")
    lib = os.environ["TSUME_LIBRARY"]
    dyn = subprocess.run([readelf, "-d", lib], capture_output=True, text=True, check=True).stdout
    assert "Library soname: [libtsume.so.0]" in dyn
    syms = subprocess.run([nm, "-D", "--defined-only", lib], capture_output=True, text=True, check=True).stdout
    names = {line.split()[-1].split("@")[0] for line in syms.splitlines() if line.strip()}
    names -= {"TSUME_1", "TSUME_1.1"}  # the version nodes themselves
    assert names and all(n.startswith("tsume_") for n in names), sorted(n for n in names if not n.startswith("tsume_"))


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        ({"hash_mb": 0}, ValueError, "hash_mb"),
        ({"hash_mb": 2**20 + 1}, ValueError, "hash_mb"),
        ({"hash_mb": True}, TypeError, "hash_mb"),
        ({"hash_mb": 1.5}, TypeError, "hash_mb"),
        ({"cache_mb": -1}, ValueError, "cache_mb"),
        ({"cache_mb": 4097}, ValueError, "cache_mb"),
        # Within the header's range but beyond this machine: the library's own error.
        ({"hash_mb": 2**20}, tsume.TsumeMemoryError, "."),
    ],
)
def test_bad_solver_options(kwargs: dict, exc: type, match: str) -> None:
    with pytest.raises(exc, match=match) as ei:
        tsume.Solver(**kwargs)
    if isinstance(ei.value, tsume.TsumeError):  # the library's rule and message (shogi/mate.CheckHashMB)
        assert str(ei.value) != ei.value.status_name
        assert isinstance(ei.value, MemoryError) == (exc is tsume.TsumeMemoryError)


@pytest.mark.parametrize("kwargs", [{}, {"hash_mb": 1}, {"huge_pages": True}, {"cache_mb": 0}])
def test_solver_creation(kwargs: dict) -> None:
    with tsume.Solver(**kwargs) as s:
        assert s.hashfull == 0
        assert isinstance(s.huge_pages_obtained, bool)
        s.clear()
    assert s.closed


@pytest.mark.parametrize(
    "status, cls, also",
    [
        (_lib.E_INVALID_ARGUMENT, tsume.InvalidArgumentError, ValueError),
        (_lib.E_PARSE, tsume.ParseError, ValueError),
        (_lib.E_ILLEGAL_POSITION, tsume.IllegalPositionError, ValueError),
        (_lib.E_NO_MEMORY, tsume.TsumeMemoryError, MemoryError),
        (_lib.E_CANCELLED, tsume.CancelledError, tsume.TsumeError),
        (_lib.E_BAD_HANDLE, tsume.BadHandleError, RuntimeError),
        (_lib.E_BUSY, tsume.BusyError, RuntimeError),
        (_lib.E_INTERNAL, tsume.InternalError, RuntimeError),
        (99, tsume.TsumeError, Exception),
    ],
)
def test_every_status_has_its_exception(status: int, cls: type, also: type) -> None:
    from tsume.errors import error_for

    e = error_for(status, "the library's words", _lib.get().status_string(status))
    assert type(e) is cls and isinstance(e, also) and isinstance(e, tsume.TsumeError)
    assert (str(e), e.status) == ("the library's words", status)
    assert str(error_for(status, "", "fallback name")) == "fallback name"


def test_a_stale_handle_is_reported_by_the_library() -> None:
    old = tsume.Solver(hash_mb=1)
    stale = old._handle
    old.close()
    with tsume.Solver(hash_mb=1) as s:
        with pytest.raises(tsume.BadHandleError):
            s._check(_lib.get().dll.tsume_solver_clear(stale))
