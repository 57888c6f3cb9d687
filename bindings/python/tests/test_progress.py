"""Progress of every phase: the line search's and the verifier's figures reach the callable."""

from __future__ import annotations

import ctypes
import dataclasses
from typing import List

import tsume
from tsume import _lib

from conftest import solved

# A mate in 17 under mate rules whose line search (shortening, verifying)
# runs for about half a second after a short proof: position 59 of
# `tsume gen-shogi --seed 21` (a seeded random game's end).
LINE_SFEN = "l6nS/3gs1g1l/nkpp2pp1/4p3p/9/P1PP2P2/1G3PGPP/2S6/sN1KP2NL b 2RBL2Pb2p 69"


def test_every_field_is_read() -> None:
    """Progress._from_c copies every field of tsume_phase_progress (each distinct)."""
    c = _lib.CPhaseProgress(
        struct_size=ctypes.sizeof(_lib.CPhaseProgress), phase=5, phase_name=b"verify", nodes=101,
        nodes_per_second=102.5, elapsed_ms=105.0, root_pn=_lib.PN_INFINITY, root_dn=104, hashfull=103,
        length=106, ply=108, best=107, best_verified=1, alternatives=109, settled=110, open=111,
    )  # fmt: skip
    p = tsume.Progress._from_c(c)
    want = tsume.Progress(
        nodes=101, nodes_per_second=102.5, hashfull=103, root_pn=float("inf"), root_dn=104, elapsed=0.105,
        phase="verify", length=106, ply=108, best=107, best_verified=True, alternatives=109, settled=110, open=111,
    )  # fmt: skip
    assert p == want
    # every field of the dataclass is one of the C struct's (none left at its default)
    defaults = tsume.Progress(nodes=0, nodes_per_second=0, hashfull=0, root_pn=0, root_dn=0, elapsed=0)
    for f in dataclasses.fields(tsume.Progress):
        assert getattr(p, f.name) != getattr(defaults, f.name), f.name
    # a phase named by number only
    c.phase_name = None
    c.phase = 2
    assert tsume.Progress._from_c(c).phase == "shorten"


def test_line_phases_report() -> None:
    """A real search: the proof reports its root numbers, the line search and
    the verifier their lengths, plies, best line and alternatives."""
    seen: List[tsume.Progress] = []
    with tsume.Solver(hash_mb=64) as s:
        r = solved(s.solve_shogi, LINE_SFEN, rules="mate", time_limit=60, progress=seen.append, progress_interval=0.01)
    assert r.result == "mate" and r.length == 17
    phases = [p.phase for p in seen]
    print({ph: phases.count(ph) for ph in set(phases)})
    assert set(phases) <= {"proof", "minimal", "shorten", "line", "repair", "verify"}
    proof = [p for p in seen if p.phase == "proof"]
    assert proof and all(p.root_pn > 0 and p.length == p.ply == p.alternatives == 0 for p in proof)
    line = [p for p in seen if p.phase != "proof"]
    assert line, "no report after the proof"
    assert any(p.length > 0 for p in line) and any(p.best > 0 for p in line)
    assert any(p.best_verified for p in line)
    assert max(p.best for p in line) >= r.length
    verify = [p for p in seen if p.phase == "verify"]
    assert verify, "the verifier did not report"
    assert any(p.ply > 0 for p in verify) and any(p.alternatives > 0 for p in verify)
    assert any(p.settled > 0 for p in verify)
    # each alternative met is settled, left open, or the one being searched
    assert all(p.settled + p.open + 1 == p.alternatives and p.ply < p.length for p in verify)
    assert [p.elapsed for p in seen] == sorted(p.elapsed for p in seen)


def test_tiny_struct_size_is_refused() -> None:
    """The library refuses a struct_size below its first layout (0, the old
    tsume_progress's) and accepts removal whatever the size."""
    lib = _lib.get()
    fn = _lib.PHASE_PROGRESS_FN(lambda p, u: None)
    with tsume.Solver(hash_mb=8) as s:
        h = s._handle
        for size in (0, 4, ctypes.sizeof(_lib.CProgress), ctypes.sizeof(_lib.CPhaseProgress) - 1):
            assert lib.dll.tsume_solver_set_phase_progress(h, fn, None, 10, size) == _lib.E_INVALID_ARGUMENT, size
        assert lib.dll.tsume_solver_set_phase_progress(h, fn, None, 10, ctypes.sizeof(_lib.CPhaseProgress)) == _lib.OK
        assert lib.dll.tsume_solver_set_phase_progress(h, _lib.PHASE_PROGRESS_FN(), None, 0, 0) == _lib.OK
    assert lib.dll.tsume_solver_set_phase_progress(None, fn, None, 10, ctypes.sizeof(_lib.CPhaseProgress)) == _lib.E_INVALID_ARGUMENT


def test_struct_matches_the_library() -> None:
    """Each report's struct_size is at least the ctypes mirror's size."""
    sizes: List[int] = []

    def peek(p: "ctypes._Pointer[_lib.CPhaseProgress]", _u: object) -> None:
        sizes.append(p.contents.struct_size)

    lib = _lib.get()
    fn = _lib.PHASE_PROGRESS_FN(peek)
    with tsume.Solver(hash_mb=16) as s:
        size = ctypes.sizeof(_lib.CPhaseProgress)
        assert lib.dll.tsume_solver_set_phase_progress(s._handle, fn, None, 10, size) == _lib.OK
        solved(s.solve_shogi, LINE_SFEN, rules="mate", time_limit=0.3)
    assert sizes and all(n == ctypes.sizeof(_lib.CPhaseProgress) for n in sizes), sizes
