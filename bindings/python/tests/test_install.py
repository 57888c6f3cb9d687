"""Packaging: the in-tree build backend, and a real install into a fresh virtual environment."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Dict

import pytest

import _build_backend
import tsume

from conftest import MATE1, PKG


def _wheel_files(path: Path) -> Dict[str, zipfile.ZipInfo]:
    with zipfile.ZipFile(path) as z:
        return {i.filename: i for i in z.infolist()}


def _check_record(path: Path) -> None:
    """Every file is in RECORD with its right hash and size, and nothing else is."""
    with zipfile.ZipFile(path) as z:
        record_name = next(n for n in z.namelist() if n.endswith(".dist-info/RECORD"))
        rows = list(csv.reader(io.StringIO(z.read(record_name).decode())))
        listed = {r[0] for r in rows}
        assert listed == set(z.namelist())
        for name, digest, size in rows:
            if name == record_name:
                assert digest == size == ""
                continue
            data = z.read(name)
            want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (want, len(data)), name


@pytest.fixture
def prebuilt(monkeypatch: pytest.MonkeyPatch) -> str:
    """The library built for this session, with TSUME_LIBRARY cleared for the backend."""
    lib = os.environ["TSUME_LIBRARY"]
    monkeypatch.delenv("TSUME_LIBRARY")
    return lib


def test_wheel_bundles_the_library(tmp_path: Path, prebuilt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # TSUME_BUNDLE_LIBRARY takes the place of the Go build (the venv test below runs the real one).
    monkeypatch.setenv("TSUME_BUNDLE_LIBRARY", prebuilt)
    name = _build_backend.build_wheel(str(tmp_path))
    assert name.startswith(f"tsume-{tsume.__version__}-py3-none-linux_") and name.endswith(".whl")
    files = _wheel_files(tmp_path / name)
    for f in ("tsume/__init__.py", "tsume/_lib.py", "tsume/solver.py", "tsume/py.typed", "tsume/__main__.py"):
        assert f in files
    lib = files["tsume/libtsume.so.0"]
    assert (lib.external_attr >> 16) & 0o111, "the library must be executable"
    assert not [f for f in files if "__pycache__" in f or f.endswith(".pyc")]
    with zipfile.ZipFile(tmp_path / name) as z:
        meta = z.read(f"tsume-{tsume.__version__}.dist-info/METADATA").decode()
        wheel = z.read(f"tsume-{tsume.__version__}.dist-info/WHEEL").decode()
        assert z.read("tsume/libtsume.so.0") == Path(prebuilt).read_bytes()
    assert "Name: tsume\n" in meta and f"Version: {tsume.__version__}\n" in meta and "TSUME_LIBRARY" in meta
    assert "Root-Is-Purelib: false" in wheel and "Tag: py3-none-linux_" in wheel
    _check_record(tmp_path / name)


def test_wheel_with_prebuilt_library_is_pure(tmp_path: Path, prebuilt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TSUME_LIBRARY", prebuilt)
    name = _build_backend.build_wheel(str(tmp_path))
    assert name == f"tsume-{tsume.__version__}-py3-none-any.whl"
    files = _wheel_files(tmp_path / name)
    assert "tsume/__init__.py" in files and not [f for f in files if "libtsume" in f]
    _check_record(tmp_path / name)


def test_editable_wheel_points_at_the_sources(tmp_path: Path, prebuilt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TSUME_LIBRARY", prebuilt)  # nothing is built into src/
    name = _build_backend.build_editable(str(tmp_path))
    with zipfile.ZipFile(tmp_path / name) as z:
        pth = z.read("__editable__.tsume.pth").decode().strip()
        assert not [n for n in z.namelist() if n.startswith("tsume/")]
    assert Path(pth) == (PKG / "src").resolve()
    _check_record(tmp_path / name)


def test_metadata_and_requires_hooks(tmp_path: Path) -> None:
    assert _build_backend.get_requires_for_build_wheel() == []
    assert _build_backend.get_requires_for_build_sdist() == []
    assert _build_backend.get_requires_for_build_editable() == []
    d = _build_backend.prepare_metadata_for_build_wheel(str(tmp_path))
    assert d == f"tsume-{tsume.__version__}.dist-info"
    assert (tmp_path / d / "METADATA").read_text().startswith("Metadata-Version: 2.1\nName: tsume\n")


def test_sdist(tmp_path: Path) -> None:
    name = _build_backend.build_sdist(str(tmp_path))
    base = f"tsume-{tsume.__version__}"
    assert name == f"{base}.tar.gz"
    with tarfile.open(tmp_path / name) as t:
        names = set(t.getnames())
    for f in ("pyproject.toml", "_build_backend.py", "README.md", "PKG-INFO", "src/tsume/__init__.py", "tests/conftest.py"):
        assert f"{base}/{f}" in names
    assert not [n for n in names if "libtsume.so" in n or "__pycache__" in n]


def test_parse_project_fallback_matches_tomllib() -> None:
    text = (PKG / "pyproject.toml").read_text()
    fallback = _build_backend._parse_project_fallback(text)
    full = _build_backend._project()
    for key in ("name", "version", "description", "readme", "requires-python"):
        assert fallback[key] == full[key]


@pytest.mark.parametrize(
    "env, match",
    [
        ({"TSUME_BUNDLE_LIBRARY": "/nonexistent/libtsume.so.0"}, "no such file"),
        ({"TSUME_SOURCE_DIR": "{tmp}"}, "no Go checkout"),
        ({"TSUME_SOURCE_DIR": "{tmp}/fake"}, "building libtsume failed"),
    ],
)
def test_build_errors_say_what_to_do(tmp_path: Path, prebuilt: str, monkeypatch: pytest.MonkeyPatch, env: dict, match: str) -> None:
    fake = tmp_path / "fake"
    fake.mkdir()
    # A checkout with the right module but no capi/: go build fails.
    (fake / "go.mod").write_text(f"module {_build_backend.GO_MODULE}\n\ngo 1.26\n")
    for k, v in env.items():
        monkeypatch.setenv(k, v.format(tmp=tmp_path))
    with pytest.raises(RuntimeError, match=match) as ei:
        _build_backend.build_wheel(str(tmp_path))
    assert "tsume:" in str(ei.value)


def _venv_python(tmp_path: Path) -> Path:
    base = Path("/usr/bin/python3") if Path("/usr/bin/python3").exists() else Path(sys.executable)
    venv = tmp_path / "venv"
    proc = subprocess.run([str(base), "-m", "venv", str(venv)], capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        pytest.fail(f"python3 -m venv failed (is python3-venv installed?):\n{proc.stderr}")
    return venv / "bin" / "python"


def _clean_env(**extra: str) -> Dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TSUME_LIBRARY", "PYTHONPATH", "PIP_INDEX_URL")}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", **extra)
    return env


_SMOKE = (
    "import tsume, sys\n"
    "print(tsume.library_path)\n"
    "try:\n"
    f"    r = tsume.solve_shogi({MATE1!r}, hash_mb=8)\n"
    "except tsume.InternalError as e:\n"
    "    print('not built' if 'not built' in str(e) else 'error', e); sys.exit(0)\n"
    "print(r.result, r.best_move)\n"
)


@pytest.mark.slow
def test_pip_install_into_a_fresh_venv(tmp_path: Path) -> None:
    """`pip install --no-index ./bindings/python` builds libtsume with Go and bundles it."""
    py = _venv_python(tmp_path)
    venv = py.parent.parent
    # Go may not be on the PATH of the shell running the tests; the backend finds it anyway.
    proc = subprocess.run(
        [str(py), "-m", "pip", "install", "--no-index", str(PKG)],
        env=_clean_env(), capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # Run from an empty directory so the source tree is not on sys.path.
    run = subprocess.run([str(py), "-c", _SMOKE], env=_clean_env(), cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert Path(lines[0]).resolve().is_relative_to(venv.resolve()), f"loaded {lines[0]}, not the venv's copy"
    assert lines[0].endswith("site-packages/tsume/libtsume.so.0")
    if lines[1].startswith("not built"):
        pytest.skip(f"installed and imported; libtsume says: {lines[1]}")
    assert lines[1] == "mate G*5b"

    # A user with a prebuilt library: the package is pure Python and TSUME_LIBRARY finds it.
    prebuilt = os.environ["TSUME_LIBRARY"]
    proc = subprocess.run(
        [str(py), "-m", "pip", "install", "--no-index", "--force-reinstall", str(PKG)],
        env=_clean_env(TSUME_LIBRARY=prebuilt), capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not list(venv.rglob("site-packages/tsume/libtsume.so*"))
    run = subprocess.run([str(py), "-c", _SMOKE], env=_clean_env(TSUME_LIBRARY=prebuilt), cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [str(Path(prebuilt).resolve()), "mate G*5b"]
    run = subprocess.run([str(py), "-c", "import tsume"], env=_clean_env(), cwd=tmp_path, capture_output=True, text=True, timeout=120)
    if shutil.which("ldconfig") and subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout.count("libtsume"):
        return  # a system-wide libtsume would be found; the not-found message cannot be shown
    assert run.returncode != 0 and "libtsume was not found" in run.stderr
