#!/usr/bin/env python3
"""check_abi.py: the library's exports match include/tsume.h.

Usage: check_abi.py TSUME_H CGO_HEADER LIBTSUME_SO VERSION_SCRIPT [--archive LIBTSUME_A] [TEST_SOURCE...]

Checks that
  1. the functions cgo exports (its generated header) have the same return
     and parameter types as tsume.h's prototypes, ignoring const (cgo cannot
     express it) and parameter names;
  2. the shared library's dynamic symbol table defines exactly tsume.h's
     functions (nm -D --defined-only), nothing of the Go runtime;
  3. the linker version script lists exactly those functions;
  4. the C tests call every one of them;
  5. with --archive, the static archive defines no other global symbol.
"""
import re
import subprocess
import sys

PROTO = re.compile(r"^\s*(?:extern\s+)?([A-Za-z_][\w\s\*]*?[\s\*])(tsume_\w+)\s*\(([^)]*)\)\s*;", re.M)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def norm_type(t):
    t = re.sub(r"\bconst\b", " ", t)
    t = t.replace("*", " * ")
    return " ".join(t.split())


def param_type(p):
    p = p.strip()
    if p == "void" or p == "":
        return "void"
    # drop the parameter name: the last identifier not followed by anything
    m = re.match(r"^(.*?[\s\*])\s*([A-Za-z_]\w*)$", p)
    return norm_type(m.group(1) if m else p)


def prototypes(path):
    text = strip_comments(open(path).read())
    text = re.sub(r"^\s*#.*$", " ", text, flags=re.M)  # preprocessor lines
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"[;{}]", lambda m: m.group(0) + "\n", text)
    out = {}
    for ret, name, params in PROTO.findall(text):
        out[name] = (norm_type(ret), [param_type(p) for p in params.split(",")])
    return out


def defined_symbols(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    syms = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TWDBRV":
            syms.add(parts[2].split("@")[0])
    return syms


def main():
    header, cgo_header, lib, version_script = sys.argv[1:5]
    rest = sys.argv[5:]
    archive = None
    if rest[:1] == ["--archive"]:
        archive, rest = rest[1], rest[2:]
    want = prototypes(header)
    got = prototypes(cgo_header)
    errors = []
    if not want:
        errors.append("no prototypes found in " + header)
    for name in sorted(set(want) | set(got)):
        if name not in got:
            errors.append(f"{name}: declared in tsume.h, not exported by capi")
        elif name not in want:
            errors.append(f"{name}: exported by capi, not declared in tsume.h")
        elif want[name] != got[name]:
            errors.append(f"{name}: tsume.h has {want[name]}, capi exports {got[name]}")

    syms = defined_symbols(["nm", "-D", "--defined-only", lib])
    if syms != set(want):
        errors.append(f"dynamic symbols differ from tsume.h: extra {sorted(syms - set(want))[:20]}, "
                      f"missing {sorted(set(want) - syms)}")
    if archive:
        syms = defined_symbols(["nm", "-g", "--defined-only", archive])
        if syms != set(want):
            errors.append(f"the archive's global symbols differ from tsume.h: extra {sorted(syms - set(want))[:20]}, "
                          f"missing {sorted(set(want) - syms)}")

    script = strip_comments(open(version_script).read())
    listed = set(re.findall(r"\b(tsume_\w+)\s*;", script))
    if listed != set(want):
        errors.append(f"version script differs from tsume.h: extra {sorted(listed - set(want))}, "
                      f"missing {sorted(set(want) - listed)}")

    tests = " ".join(strip_comments(open(p).read()) for p in rest)
    if tests:
        untested = sorted(n for n in want if not re.search(r"\b" + n + r"\s*\(", tests))
        if untested:
            errors.append(f"the C tests never call {untested}")

    for e in errors:
        print("FAIL:", e)
    if errors:
        return 1
    print(f"ok: {len(want)} functions; signatures, dynamic symbols and version script agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
