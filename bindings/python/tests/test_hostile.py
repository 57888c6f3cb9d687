"""Hostile tests of the C ABI (through ctypes, bypassing the Python
wrappers' checks) and of the Python API: NULL pointers, wrong struct sizes,
handles freed twice or of the wrong type, limits of 0 and tiny limits, and
the answer contract of every result they give.

Runs under pytest (conftest.py builds libtsume) or on its own with
``python3 -m unittest`` from bindings/python/tests (it then builds
libtsume itself unless TSUME_LIBRARY is set).
"""

from __future__ import annotations

import ctypes
import os
import shutil
import sys
import tempfile
import unittest
from ctypes import byref, c_int32, c_size_t, c_void_p, create_string_buffer, sizeof
from pathlib import Path

_TESTS = Path(__file__).resolve().parent
_built: list = []


def setUpModule() -> None:
    if not os.environ.get("TSUME_LIBRARY"):
        sys.path.insert(0, str(_TESTS.parent))
        import _build_backend

        d = tempfile.mkdtemp(prefix="tsume-hostile-lib-")
        _built.append(d)
        os.environ["TSUME_LIBRARY"] = str(_build_backend.build_library(Path(d)))
    sys.path.insert(0, str(_TESTS.parent / "src"))


def tearDownModule() -> None:
    for d in _built:
        shutil.rmtree(d, ignore_errors=True)


EXAMPLE = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"  # mate in 3: S*1b 2a1b G*2b
#: A 41-ply composers' problem: a node limit stops it, a line-node limit
#: leaves its proven mate without a verified line.
TAIL41 = "g3+P+P+P+P+L/1p7/+R+P1kppppl/3sg+p+R2/+b+nL6/1PP+B1ssP1/4+Ps2N/4+P1P1L/6G1g b Nnp 1485"
NOMATE = "4k4/9/9/9/9/9/9/9/9 b G 1"
PAWN_DROP_ONLY = "7nk/9/7G1/9/9/9/9/9/9 b P 1"  # P*1b would mate, but may not


class RawABI(unittest.TestCase):
    """The C entry points called as a careless C caller would."""

    @classmethod
    def setUpClass(cls) -> None:
        from tsume import _lib

        cls.L = _lib
        cls.d = _lib.get().dll
        cls.err = create_string_buffer(1024)
        h = c_void_p()
        o = _lib.SolverOptions(sizeof(_lib.SolverOptions), 16, 0, 16)
        assert cls.d.tsume_solver_new(byref(o), byref(h), cls.err, 1024) == 0, cls.err.value
        cls.h = h

    @classmethod
    def tearDownClass(cls) -> None:
        cls.d.tsume_solver_free(cls.h)

    def status(self, s: int) -> str:
        return self.d.tsume_status_string(s).decode()

    def query(self, sfen: str = EXAMPLE, **fields: object) -> "ctypes.Structure":
        q = self.L.ShogiQuery()
        q.struct_size = sizeof(q)
        q.sfen = sfen.encode()
        q.threads = 1
        for k, v in fields.items():
            setattr(q, k, v)
        return q

    def solve(self, q: "ctypes.Structure") -> tuple:
        r = c_void_p()
        st = self.d.tsume_solve_shogi(self.h, byref(q), byref(r), self.err, 1024)
        return st, r, self.err.value.decode("utf-8", "replace")

    def take(self, ptr: c_void_p) -> str:
        s = ctypes.cast(ptr, ctypes.c_char_p).value.decode()
        self.d.tsume_string_free(ptr)
        return s

    def contract(self, r: c_void_p, where: str) -> str:
        """Checks the answer contract of one shogi result; returns its kind."""
        d = self.d
        kind, proven, verified, minimal, length = c_int32(), c_int32(), c_int32(), c_int32(), c_int32()
        count, moves, best, cand = c_size_t(), c_void_p(), c_void_p(), c_void_p()
        for st in (
            d.tsume_result_kind_of(r, byref(kind)),
            d.tsume_result_proven(r, byref(proven)),
            d.tsume_result_flags(r, byref(verified), byref(minimal), None),
            d.tsume_result_length(r, byref(length)),
            d.tsume_result_move_count(r, byref(count)),
            d.tsume_result_moves(r, byref(moves)),
            d.tsume_result_best_move(r, byref(best)),
            d.tsume_result_candidate(r, byref(cand)),
        ):
            self.assertEqual(st, 0, where)
        line, first, candidate = self.take(moves), self.take(best), self.take(cand)
        k = {0: "unknown", 1: "proven", 2: "disproven"}.get(kind.value, f"kind {kind.value}")
        if k == "proven":
            self.assertEqual(verified.value, 1, f"{where}: PROVEN without the verifier")
            self.assertEqual(proven.value, 1, where)
            self.assertTrue(line, f"{where}: PROVEN without a line")
            self.assertEqual(len(line.split()), count.value, where)
            self.assertEqual(length.value, count.value, where)
            self.assertEqual(first, line.split()[0], where)
            self.assertEqual(candidate, "", where)
        elif k == "disproven":
            self.assertEqual((proven.value, verified.value, count.value, line, first), (0, 0, 0, "", ""), where)
        elif k == "unknown":
            self.assertEqual((verified.value, minimal.value, count.value, line, first), (0, 0, 0, "", ""), where)
            if not proven.value:
                self.assertEqual(candidate, "", f"{where}: a candidate without a proof")
            # The move accessors have nothing to give.
            m = c_void_p()
            self.assertNotEqual(d.tsume_result_move(r, 0, byref(m)), 0, where)
        else:
            self.fail(f"{where}: {k}")
        return k

    def test_null_pointers_are_errors(self) -> None:
        d, h = self.d, self.h
        st, r, _ = self.solve(self.query())
        self.assertEqual(st, 0)
        try:
            calls = {
                "solver_new out NULL": d.tsume_solver_new(None, None, self.err, 1024),
                "solve NULL solver": d.tsume_solve_shogi(None, byref(self.query()), byref(c_void_p()), self.err, 1024),
                "solve NULL query": d.tsume_solve_shogi(h, None, byref(c_void_p()), self.err, 1024),
                "solve NULL out": d.tsume_solve_shogi(h, byref(self.query()), None, self.err, 1024),
                "capture NULL query": d.tsume_solve_capture(h, None, byref(c_void_p()), self.err, 1024),
                "cancel NULL": d.tsume_cancel(None),
                "clear NULL": d.tsume_solver_clear(None),
                "free NULL solver": d.tsume_solver_free(None),
                "free NULL result": d.tsume_result_free(None),
                "kind NULL result": d.tsume_result_kind_of(None, byref(c_int32())),
                "kind NULL out": d.tsume_result_kind_of(r, None),
                "code NULL out": d.tsume_result_code(r, None),
                "length NULL out": d.tsume_result_length(r, None),
                "count NULL out": d.tsume_result_move_count(r, None),
                "move NULL out": d.tsume_result_move(r, 0, None),
                "moves NULL out": d.tsume_result_moves(r, None),
                "best NULL out": d.tsume_result_best_move(r, None),
                "stats NULL out": d.tsume_result_stats(r, None),
                "proven NULL out": d.tsume_result_proven(r, None),
                "candidate NULL out": d.tsume_result_candidate(r, None),
                "note NULL out": d.tsume_result_note(r, None),
            }
            for name, st in calls.items():
                self.assertIn(self.status(st), ("invalid argument", "bad handle"), name)
            # Documented as accepting NULL: flags, line stats, table info, string_free.
            self.assertEqual(d.tsume_result_flags(r, None, None, None), 0)
            self.assertEqual(d.tsume_result_line_stats(r, None, None, None), 0)
            self.assertEqual(d.tsume_solver_table_info(h, None, None), 0)
            d.tsume_string_free(None)
            # A move index past the end is an error, not a read past the line.
            m = c_void_p()
            self.assertNotEqual(d.tsume_result_move(r, 3, byref(m)), 0)
            self.assertNotEqual(d.tsume_result_move(r, 2**64 - 1, byref(m)), 0)
            self.assertIsNone(m.value)
        finally:
            d.tsume_result_free(r)

    def test_handles_freed_twice_or_of_the_wrong_kind(self) -> None:
        d = self.d
        st, r, _ = self.solve(self.query())
        self.assertEqual(st, 0)
        self.assertEqual(self.status(d.tsume_solver_free(r)), "bad handle")  # a result is no solver
        self.assertEqual(self.status(d.tsume_result_free(self.h)), "bad handle")  # nor a solver a result
        self.assertEqual(d.tsume_result_free(r), 0)
        for name, st in {
            "free twice": d.tsume_result_free(r),
            "kind after free": d.tsume_result_kind_of(r, byref(c_int32())),
            "moves after free": d.tsume_result_moves(r, byref(c_void_p())),
            "made-up handle": d.tsume_result_free(c_void_p(12345)),
            "made-up solver": d.tsume_cancel(c_void_p(0xDEADBEEF)),
        }.items():
            self.assertEqual(self.status(st), "bad handle", name)
        h2 = c_void_p()
        self.assertEqual(d.tsume_solver_new(None, byref(h2), self.err, 1024), 0)
        self.assertEqual(d.tsume_solver_free(h2), 0)
        out = c_void_p()
        for name, st in {
            "solver free twice": d.tsume_solver_free(h2),
            "solve on a freed solver": d.tsume_solve_shogi(h2, byref(self.query()), byref(out), self.err, 1024),
            "cancel a freed solver": d.tsume_cancel(h2),
            "clear a freed solver": d.tsume_solver_clear(h2),
        }.items():
            self.assertEqual(self.status(st), "bad handle", name)
        self.assertIsNone(out.value)

    def test_struct_sizes(self) -> None:
        d, L = self.d, self.L
        h = c_void_p()
        for size in range(0, 80):
            o = L.SolverOptions(size, 16, 0, 16)
            st = d.tsume_solver_new(byref(o), byref(h), self.err, 1024)
            if size == sizeof(L.SolverOptions):
                self.assertEqual(st, 0)
                d.tsume_solver_free(h)
            else:
                self.assertEqual(self.status(st), "invalid argument", size)
                self.assertIn("struct_size", self.err.value.decode())
        # The shogi query: its layouts of ABI 1 end at threads, at
        # line_node_limit and at the end; no other size is read.
        accepted = {L.ShogiQuery.threads.offset, L.ShogiQuery.line_node_limit.offset, sizeof(L.ShogiQuery)}
        for size in list(range(0, 80)) + [2**31, 2**32 - 1]:
            q = self.query(struct_size=size)
            st, r, msg = self.solve(q)
            if size in accepted:
                self.assertEqual(st, 0, (size, msg))
                self.assertEqual(self.contract(r, f"size {size}"), "proven")
                d.tsume_result_free(r)
            else:
                self.assertEqual(self.status(st), "invalid argument", size)
                self.assertIn("struct_size", msg)
                self.assertIsNone(r.value, size)
        accepted = {L.CaptureQuery.plays_limit.offset, sizeof(L.CaptureQuery)}
        for size in range(0, 112):
            q = L.CaptureQuery(struct_size=size, board_size=5, black=b"C3", white=b"C2 B3 D3", target=b"C3")
            r = c_void_p()
            st = d.tsume_solve_capture(self.h, byref(q), byref(r), self.err, 1024)
            if size in accepted:
                self.assertEqual(st, 0, (size, self.err.value))
                code = c_int32()
                d.tsume_result_code(r, byref(code))
                self.assertEqual(code.value, 1, size)  # C4 captures
                d.tsume_result_free(r)
            else:
                self.assertEqual(self.status(st), "invalid argument", size)

    def test_capture_svg_line_is_replayed(self) -> None:
        """A line that cannot be played is refused, naming the move."""
        q = self.L.CaptureQuery(struct_size=sizeof(self.L.CaptureQuery), board_size=5, black=b"C3", white=b"C2 B3 D3", target=b"C3")
        for line, want in ((b"C4", ""), (b"C4 pass C3", ""), (None, ""), (b"C2", "move 1"), (b"C4 C4", "move 2"), (b"C4 C3", "move 2"), (b"Z99", "move 1")):
            out = c_void_p()
            st = self.d.tsume_capture_svg(byref(q), line, byref(out), self.err, 1024)
            if not want:
                self.assertEqual(st, 0, (line, self.err.value))
                self.assertTrue(self.take(out).startswith("<svg"), line)
            else:
                self.assertIn(self.status(st), ("illegal position", "parse error"), line)
                self.assertIn(want, self.err.value.decode(), line)
                self.assertIsNone(out.value, line)

    def test_record_mate_mark_needs_a_mate(self) -> None:
        """tsume_shogi_record refuses the mate mark on a line that does not
        end in mate, in every format and both rules."""
        for fmt in (0, 1, 2, 3):
            for rules in (0, 1):
                for moves, ok in ((b"S*1b 2a1b G*2b", True), (b"", False), (b"S*1b", False), (b"S*1b 2a1b", False), (b"G*2b", False)):
                    out = c_void_p()
                    st = self.d.tsume_shogi_record(fmt, EXAMPLE.encode(), rules, moves, 1, byref(out), self.err, 1024)
                    where = (fmt, rules, moves)
                    if ok:
                        self.assertEqual(st, 0, where)
                        self.take(out)
                    else:
                        self.assertEqual(self.status(st), "illegal position", where)
                        self.assertIn("does not end in mate", self.err.value.decode(), where)
                        self.assertIsNone(out.value, where)
                    # Without the mark, any legal line is a record.
                    out = c_void_p()
                    self.assertEqual(self.d.tsume_shogi_record(fmt, EXAMPLE.encode(), rules, moves, 0, byref(out), self.err, 1024), 0, where)
                    self.take(out)

    def test_error_buffer_sizes(self) -> None:
        """A message is cut to the buffer, NUL-terminated, never past it."""
        for n in (1, 2, 5, 17):
            buf = create_string_buffer(b"#" * 64, 64)
            r = c_void_p()
            st = self.d.tsume_solve_shogi(self.h, byref(self.query("garbage")), byref(r), buf, n)
            self.assertEqual(self.status(st), "parse error")
            self.assertEqual(buf.raw[n - 1], 0, n)
            self.assertEqual(buf.raw[n:], b"#" * (64 - n), f"written past err_len {n}")
        r = c_void_p()
        self.assertEqual(self.status(self.d.tsume_solve_shogi(self.h, byref(self.query("garbage")), byref(r), None, 99)), "parse error")

    def test_bad_fields(self) -> None:
        for fields, want in (
            ({"rules": 2}, "rules"),
            ({"rules": -1}, "rules"),
            ({"algo": 99}, "algo"),
            ({"threads": 257}, "threads"),
            ({"threads": 2**32 - 1}, "threads"),
            ({"sfen": b""}, "sfen"),
            ({"sfen": None}, "sfen"),
            ({"sfen": b"\xff\xfe"}, "UTF-8"),
            ({"moves": b"zz"}, "moves"),
            ({"moves": b"S*1b 2a1b " * 3000}, "move 3"),
            ({"sfen": b"4k4/4k4/9/9/9/9/9/9/4K4 b G 1"}, "second king"),
            ({"sfen": b"9/9/9/9/9/9/9/9/4K4 b G 1"}, "no king"),
        ):
            q = self.query()
            for k, v in fields.items():
                setattr(q, k, v)
            st, r, msg = self.solve(q)
            name = repr(fields)[:80]
            self.assertIn(self.status(st), ("invalid argument", "parse error", "illegal position"), name)
            self.assertIn(want, msg, name)
            self.assertIsNone(r.value, name)

    def test_limits_answer_under_the_contract(self) -> None:
        """Every limit, down to one node, gives a result that keeps the
        contract; limits of 0 mean none."""
        kinds = {}
        cases = [
            (EXAMPLE, {}),
            (EXAMPLE, {"node_limit": 0, "time_limit_ms": 0, "line_node_limit": 0}),
            (NOMATE, {}),
            (PAWN_DROP_ONLY, {}),
            (PAWN_DROP_ONLY, {"rules": 1}),
        ]
        for lim in (
            {"node_limit": 1},
            {"node_limit": 2},
            {"node_limit": 40},
            {"time_limit_ms": 1},
            {"line_node_limit": 1},
            {"node_limit": 1, "line_node_limit": 1, "threads": 2},
        ):
            cases += [(EXAMPLE, lim), (NOMATE, lim), (TAIL41, lim if "line_node_limit" not in lim else dict(lim, time_limit_ms=400))]
        for sfen, lim in cases:
            self.d.tsume_solver_clear(self.h)
            st, r, msg = self.solve(self.query(sfen, **lim))
            self.assertEqual(st, 0, (sfen, lim, msg))
            k = self.contract(r, f"{sfen} {lim}")
            kinds[k] = kinds.get(k, 0) + 1
            if sfen in (NOMATE, PAWN_DROP_ONLY):
                self.assertNotEqual(k, "proven", (sfen, lim))
            if sfen == EXAMPLE and k == "proven":
                m = c_void_p()
                self.d.tsume_result_moves(r, byref(m))
                self.assertEqual(self.take(m), "S*1b 2a1b G*2b")
            if sfen == TAIL41 and "node_limit" in lim:
                self.assertEqual(k, "unknown", lim)
            self.d.tsume_result_free(r)
        self.assertGreaterEqual(kinds.get("unknown", 0), 5, kinds)
        self.assertGreaterEqual(kinds.get("proven", 0), 3, kinds)
        self.assertGreaterEqual(kinds.get("disproven", 0), 3, kinds)

    def test_limited_answers_are_not_cached(self) -> None:
        """An UNKNOWN (a limit, or a proven mate whose line was not
        verified in time) must not come back from the cache for a later
        question without the limit."""
        d = self.d
        d.tsume_solver_clear(self.h)
        for lim in ({"node_limit": 1}, {"line_node_limit": 1, "time_limit_ms": 300}):
            st, r, _ = self.solve(self.query(TAIL41, **lim))
            self.assertEqual(st, 0)
            self.assertEqual(self.contract(r, str(lim)), "unknown")
            d.tsume_result_free(r)
        st, r, _ = self.solve(self.query(EXAMPLE, node_limit=1))
        self.assertEqual(self.contract(r, "example, 1 node"), "unknown")
        d.tsume_result_free(r)
        st, r, _ = self.solve(self.query(EXAMPLE))
        cached = c_int32()
        d.tsume_result_flags(r, None, None, byref(cached))
        self.assertEqual(self.contract(r, "example after a limited search"), "proven")
        self.assertEqual(cached.value, 0, "the answer came from a cache that held an UNKNOWN")
        d.tsume_result_free(r)


class PythonAPI(unittest.TestCase):
    """The Python wrappers: bad arguments raise before reaching C, limits
    give results that keep the contract."""

    @classmethod
    def setUpClass(cls) -> None:
        import tsume

        cls.tsume = tsume
        cls.s = tsume.Solver(hash_mb=16)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.s.close()

    def test_bad_arguments(self) -> None:
        s = self.s
        for kw, exc in (
            ({"nodes": 0}, ValueError),
            ({"nodes": -1}, ValueError),
            ({"nodes": 2**64}, ValueError),
            ({"nodes": 1.5}, TypeError),
            ({"nodes": True}, TypeError),
            ({"time_limit": 0}, ValueError),
            ({"time_limit": -1}, ValueError),
            ({"time_limit": float("nan")}, ValueError),
            ({"time_limit": float("inf")}, ValueError),
            ({"time_limit": "1"}, TypeError),
            ({"threads": 0}, ValueError),
            ({"threads": 257}, ValueError),
            ({"threads": True}, TypeError),
            ({"line_nodes": 0}, ValueError),
            ({"rules": "chess"}, ValueError),
            ({"algo": "minimax"}, ValueError),
            ({"moves": ["S*1b", ""]}, ValueError),
            ({"moves": ["S*1b 2a1b"]}, ValueError),
            ({"moves": [1]}, TypeError),
            ({"progress_interval": -1}, ValueError),
        ):
            with self.assertRaises(exc, msg=kw):
                s.solve_shogi(EXAMPLE, **kw)
        for sfen, exc in (("", self.tsume.TsumeError), (EXAMPLE + "\x00", ValueError), (b"x", TypeError), (None, TypeError), ("\udcff", ValueError)):
            with self.assertRaises(exc, msg=repr(sfen)):
                s.solve_shogi(sfen)
        with self.assertRaises(self.tsume.ParseError):
            s.solve_shogi("garbage")
        with self.assertRaises(self.tsume.TsumeError):
            s.solve_shogi(EXAMPLE, moves="S*1b 2a1b S*1b")
        # The solver still answers after all of that.
        self.assertEqual(s.solve_shogi(EXAMPLE).moves, ("S*1b", "2a1b", "G*2b"))

    def test_capture_bad_arguments(self) -> None:
        s = self.s
        for kw in (
            {"target": "C3", "board_size": 4, "black": "C3"},
            {"target": "C3", "board_size": 26, "black": "C3"},
            {"target": "Z9", "board_size": 5, "black": "C3"},
            {"target": "C4", "board_size": 5, "black": "C3"},  # empty point
            {"target": "C3", "board_size": 5, "black": "C3 C3"},
            {"target": "C3", "board_size": 5, "black": "C3", "white": "C3"},
            {"target": "C3", "board_size": 5, "black": "C3", "mode": "capture"},
            {"target": "C3", "board_size": 5, "black": "C3", "widening": "OR9"},
            {"target": "C3", "board_size": 5, "black": "C3", "plays": 0},
            {"target": "C3", "board_size": 5, "black": "C3", "move_number": -1},
        ):
            with self.assertRaises((ValueError, TypeError, self.tsume.TsumeError), msg=kw):
                s.solve_capture(**kw)
        for sgf in ("(;SZ[5]AB[cc]", "(;SZ[99]AB[aa])", "(;SZ[5]AB[zz])", "(" * 10000, "(;SZ[5]AB[cc];W[cc])"):
            with self.assertRaises((ValueError, self.tsume.TsumeError), msg=sgf[:40]):
                s.solve_capture(sgf, target="C3")

    def test_capture_tiny_budgets_never_guess(self) -> None:
        """Under tiny budgets a capture answer is unknown or the known one."""
        s = self.s
        known = {"attack": (1, "C4"), "defend": (3, "C4")}
        undecided = 0
        for algo in ("dfpn", "pnstar", "aps", "cstar"):
            for kw in ({"nodes": 1}, {"nodes": 3}, {"plays": 1}, {"plays": 30}, {"time_limit": 0.001}, {}):
                for mode, (code, move) in known.items():
                    r = s.solve_capture(target="C3", board_size=5, black="C3", white="C2 B3 D3", mode=mode, algo=algo, **kw)
                    if r.result == "unknown":
                        undecided += 1
                        self.assertIsNone(r.code, (algo, kw, mode))
                        self.assertEqual(r.moves, (), (algo, kw, mode))
                        continue
                    self.assertEqual((r.code, r.moves[:1]), (code, (move,)), (algo, kw, mode))
        self.assertGreater(undecided, 5)

    def test_threads_and_limits(self) -> None:
        for threads in (1, 2, 8):
            for kw in ({"nodes": 1}, {"nodes": 500}, {}):
                r = self.s.solve_shogi(EXAMPLE, threads=threads, **kw)
                self.assertIn(r.result, ("mate", "unknown"))
                if r.result == "mate":
                    self.assertTrue(r.verified)
                    self.assertEqual(r.moves, ("S*1b", "2a1b", "G*2b"))
                else:
                    self.assertEqual(r.moves, ())
        r = self.s.solve_shogi(TAIL41, nodes=1000, threads=2)
        self.assertEqual((r.result, r.moves, r.verified), ("unknown", (), False))


if __name__ == "__main__":
    unittest.main()
