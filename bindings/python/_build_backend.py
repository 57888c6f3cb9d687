"""An in-tree PEP 517 / PEP 660 build backend for the tsume Python package.

Why not setuptools: pip's build isolation would download setuptools and wheel
from PyPI, which may be unreachable, and a bare Debian python3 has no
``wheel``. A wheel is only a zip file with three small metadata files, so this
module writes it by hand with the standard library.

What goes into the wheel:

* the pure-Python package from ``src/tsume``;
* ``libtsume.so.0`` inside the package, built from the enclosing checkout with
  ``go build -buildmode=c-shared ./capi`` (the wheel is then tagged for this
  platform), unless one of these environment variables says otherwise:

  ``TSUME_LIBRARY=/path/to/libtsume.so.0``
      a prebuilt library: nothing is built or bundled (the wheel is pure
      Python); at run time the package finds the library through the same
      variable or the system loader.
  ``TSUME_BUNDLE_LIBRARY=/path/to/libtsume.so.0``
      a prebuilt library copied into the wheel instead of building one.
  ``TSUME_BUILD_LIBRARY=0``
      build nothing, bundle nothing (for a libtsume installed system-wide).
  ``TSUME_SOURCE_DIR=/path/to/tsume``
      the Go checkout to build from, when this directory is not inside one
      (for example when building from an sdist).
  ``TSUME_GO=/path/to/go``
      the Go command (default: ``go`` on PATH, then /usr/local/go/bin/go).
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import sysconfig
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
LIBRARY_NAME = "libtsume.so.0"
VERSION_SCRIPT = "libtsume.map"  # in capi/: the linker version script
GO_MODULE = "github.com/tsume-solver/tsume"

# Fixed timestamp for reproducible archives (zip cannot store dates before 1980).
_EPOCH = max(int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")), 315532800)


# ---- metadata ------------------------------------------------------------


def _project() -> Dict[str, object]:
    """The [project] table of pyproject.toml."""
    text = (HERE / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib  # Python 3.11+
    except ImportError:
        return _parse_project_fallback(text)
    return dict(tomllib.loads(text)["project"])


def _parse_project_fallback(text: str) -> Dict[str, object]:
    """Reads the simple `key = "string"` lines of [project] (Python < 3.11 has no tomllib)."""
    out: Dict[str, object] = {}
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[]").strip()
            continue
        m = re.match(r'^([A-Za-z0-9_-]+)\s*=\s*"([^"]*)"\s*$', line)
        if section == "project" and m:
            out[m.group(1)] = m.group(2)
    return out


def _name_version() -> Tuple[str, str]:
    p = _project()
    return str(p["name"]), str(p["version"])


def _metadata() -> str:
    p = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {p['name']}",
        f"Version: {p['version']}",
    ]
    if p.get("description"):
        lines.append(f"Summary: {p['description']}")
    if p.get("requires-python"):
        lines.append(f"Requires-Python: {p['requires-python']}")
    lic = p.get("license")
    if isinstance(lic, dict) and lic.get("text"):
        lines.append(f"License: {lic['text']}")
    for c in p.get("classifiers", []) or []:
        lines.append(f"Classifier: {c}")
    body = ""
    readme = HERE / str(p.get("readme", "README.md"))
    if readme.is_file():
        lines.append("Description-Content-Type: text/markdown")
        body = readme.read_text(encoding="utf-8")
    return "\n".join(lines) + "\n\n" + body


def _wheel_file(tag: str, purelib: bool) -> str:
    return (
        "Wheel-Version: 1.0\n"
        "Generator: tsume _build_backend\n"
        f"Root-Is-Purelib: {'true' if purelib else 'false'}\n"
        f"Tag: {tag}\n"
    )


def _platform_tag() -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", sysconfig.get_platform())


# ---- the Go library ------------------------------------------------------


def find_source_root(start: Optional[Path] = None) -> Path:
    """The tsume Go checkout: TSUME_SOURCE_DIR, else the nearest parent with its go.mod."""
    env = os.environ.get("TSUME_SOURCE_DIR")
    candidates = [Path(env)] if env else list((start or HERE).resolve().parents)
    for d in candidates:
        mod = d / "go.mod"
        if mod.is_file() and re.search(
            r"^module\s+" + re.escape(GO_MODULE) + r"\s*$",
            mod.read_text(encoding="utf-8", errors="replace"),
            re.M,
        ):
            return d
    where = f"TSUME_SOURCE_DIR={env}" if env else f"any parent of {start or HERE}"
    raise RuntimeError(
        f"tsume: no Go checkout of {GO_MODULE} found in {where}, so libtsume cannot be "
        "built. Set TSUME_SOURCE_DIR to the checkout, or TSUME_LIBRARY to a prebuilt "
        f"{LIBRARY_NAME} to install without building."
    )


def find_go() -> str:
    """The Go command: TSUME_GO, else `go` on PATH, else /usr/local/go/bin/go."""
    for cand in (os.environ.get("TSUME_GO"), shutil.which("go"), "/usr/local/go/bin/go"):
        if cand and os.access(cand, os.X_OK):
            return cand
    raise RuntimeError(
        "tsume: the Go toolchain (1.26 or later) was not found (tried TSUME_GO, `go` on "
        "PATH and /usr/local/go/bin/go), so libtsume cannot be built. Install Go, or set "
        f"TSUME_LIBRARY to a prebuilt {LIBRARY_NAME} to install without building."
    )


def build_library(out_dir: Path, source_root: Optional[Path] = None) -> Path:
    """Builds libtsume.so.0 into out_dir with `go build -buildmode=c-shared` and returns its path."""
    root = source_root or find_source_root()
    go = find_go()
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / LIBRARY_NAME
    env = dict(os.environ, CGO_ENABLED="1")
    # The Go command may not be on PATH under pip; let it find its own tools.
    env["PATH"] = os.pathsep.join([str(Path(go).parent), env.get("PATH", "")])
    cmd = [go, "build", "-buildmode=c-shared"]
    script = root.resolve() / "capi" / VERSION_SCRIPT
    if script.is_file() and "'" not in str(script):
        # As the CMake build does: a soname, and only tsume_* exported (the
        # Go runtime's cgo glue stays hidden from other libraries). The
        # path is absolute because the external linker runs in a temp dir.
        cmd += ["-ldflags", f"-extldflags '-Wl,-soname,{LIBRARY_NAME} -Wl,--version-script={script}'"]
    cmd += ["-o", str(out), "./capi"]
    proc = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
    if proc.returncode != 0 or not out.is_file():
        raise RuntimeError(
            f"tsume: building libtsume failed ({' '.join(cmd)} in {root}, exit "
            f"{proc.returncode}):\n{proc.stdout}{proc.stderr}"
        )
    # go build also writes cgo's generated header next to the library; it is not ours.
    (out_dir / "libtsume.so.h").unlink(missing_ok=True)
    return out


def _library_for_wheel(tmp: Path) -> Optional[Path]:
    """The library file to bundle, or None when the wheel should be pure Python."""
    if os.environ.get("TSUME_LIBRARY"):
        return None
    bundle = os.environ.get("TSUME_BUNDLE_LIBRARY")
    if bundle:
        p = Path(bundle)
        if not p.is_file():
            raise RuntimeError(f"tsume: TSUME_BUNDLE_LIBRARY={bundle}: no such file")
        return p
    if os.environ.get("TSUME_BUILD_LIBRARY", "1").strip().lower() in ("0", "no", "false", "off"):
        return None
    return build_library(tmp)


# ---- archives ------------------------------------------------------------


def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


class _WheelWriter:
    """Writes a wheel's files and, on close, its RECORD."""

    def __init__(self, path: Path, dist_info: str) -> None:
        self._zip = zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED)
        self._dist_info = dist_info
        self._records: List[str] = []

    def add(self, arcname: str, data: bytes, executable: bool = False) -> None:
        info = zipfile.ZipInfo(arcname, date_time=time.gmtime(_EPOCH)[:6])
        info.external_attr = ((0o755 if executable else 0o644) | 0o100000) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self._zip.writestr(info, data)
        self._records.append(f"{arcname},{_record_hash(data)},{len(data)}")

    def close(self) -> None:
        record = f"{self._dist_info}/RECORD"
        self._records.append(f"{record},,")
        info = zipfile.ZipInfo(record, date_time=time.gmtime(_EPOCH)[:6])
        info.external_attr = (0o644 | 0o100000) << 16
        self._zip.writestr(info, "\n".join(self._records) + "\n")
        self._zip.close()


def _package_files() -> List[Tuple[str, Path]]:
    """(archive name, path) of every file of the tsume package, sorted."""
    src = HERE / "src"
    out = []
    for p in sorted((src / "tsume").rglob("*")):
        if not p.is_file() or "__pycache__" in p.parts or p.suffix in (".pyc", ".pyo"):
            continue
        if p.name.startswith("libtsume.so"):
            continue  # a library left by an editable install is never shipped by accident
        out.append((p.relative_to(src).as_posix(), p))
    return out


def _dist_info_files(dist_info: str, tag: str, purelib: bool) -> List[Tuple[str, bytes]]:
    return [
        (f"{dist_info}/METADATA", _metadata().encode("utf-8")),
        (f"{dist_info}/WHEEL", _wheel_file(tag, purelib).encode("utf-8")),
        (f"{dist_info}/top_level.txt", b"tsume\n"),
    ]


def _build(wheel_directory: str, editable: bool) -> str:
    name, version = _name_version()
    dist_info = f"{name}-{version}.dist-info"
    with tempfile.TemporaryDirectory(prefix="tsume-build-") as tmp:
        lib = _library_for_wheel(Path(tmp))
        purelib = lib is None
        tag = "py3-none-any" if purelib else f"py3-none-{_platform_tag()}"
        wheel_name = f"{name}-{version}-{tag}.whl"
        w = _WheelWriter(Path(wheel_directory) / wheel_name, dist_info)
        try:
            if editable:
                # The package stays in the source tree; the library goes next to it.
                src = (HERE / "src").resolve()
                if lib is not None:
                    dest = src / "tsume" / LIBRARY_NAME
                    if lib.resolve() != dest.resolve():
                        shutil.copyfile(lib, dest)
                        dest.chmod(0o755)
                w.add(f"__editable__.{name}.pth", (str(src) + "\n").encode("utf-8"))
            else:
                for arcname, path in _package_files():
                    w.add(arcname, path.read_bytes())
                if lib is not None:
                    w.add(f"tsume/{LIBRARY_NAME}", lib.read_bytes(), executable=True)
            for arcname, data in _dist_info_files(dist_info, tag, purelib):
                w.add(arcname, data)
        finally:
            w.close()
    return wheel_name


def _write_metadata(metadata_directory: str) -> str:
    name, version = _name_version()
    dist_info = f"{name}-{version}.dist-info"
    d = Path(metadata_directory) / dist_info
    d.mkdir(parents=True, exist_ok=True)
    # The tag here is provisional; pip uses the one in the built wheel.
    for arcname, data in _dist_info_files(dist_info, "py3-none-any", True):
        (Path(metadata_directory) / arcname).write_bytes(data)
    return dist_info


# ---- PEP 517 / PEP 660 hooks ----------------------------------------------


def get_requires_for_build_wheel(config_settings=None) -> List[str]:
    """Nothing beyond the standard library."""
    return []


def get_requires_for_build_sdist(config_settings=None) -> List[str]:
    """Nothing beyond the standard library."""
    return []


def get_requires_for_build_editable(config_settings=None) -> List[str]:
    """Nothing beyond the standard library."""
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None) -> str:
    """Writes the .dist-info directory without building the library."""
    return _write_metadata(metadata_directory)


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None) -> str:
    """Writes the .dist-info directory without building the library."""
    return _write_metadata(metadata_directory)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None) -> str:
    """Builds the wheel (with libtsume inside unless told otherwise) and returns its file name."""
    return _build(wheel_directory, editable=False)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None) -> str:
    """Builds an editable wheel: a .pth file pointing at src/, and libtsume built into src/tsume/."""
    return _build(wheel_directory, editable=True)


def build_sdist(sdist_directory, config_settings=None) -> str:
    """Builds a source archive of the bindings (building a wheel from it needs
    TSUME_SOURCE_DIR, TSUME_LIBRARY or TSUME_BUNDLE_LIBRARY, since the Go
    sources are not inside)."""
    name, version = _name_version()
    base = f"{name}-{version}"
    out = Path(sdist_directory) / f"{base}.tar.gz"
    files = [HERE / "pyproject.toml", HERE / "_build_backend.py", HERE / "README.md"]
    for sub in ("src", "tests"):
        for p in sorted((HERE / sub).rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith("libtsume.so"):
                files.append(p)
    pkg_info = _metadata().encode("utf-8")

    def add(tar: tarfile.TarFile, arcname: str, data: bytes) -> None:
        info = tarfile.TarInfo(f"{base}/{arcname}")
        info.size = len(data)
        info.mtime = _EPOCH
        info.mode = 0o644
        tar.addfile(info, io.BytesIO(data))

    with tarfile.open(out, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for p in files:
            if p.is_file():
                add(tar, p.relative_to(HERE).as_posix(), p.read_bytes())
        add(tar, "PKG-INFO", pkg_info)
    return out.name
