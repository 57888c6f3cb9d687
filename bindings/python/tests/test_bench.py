"""tsume.bench and `python -m tsume`: problem files in, rows out."""

from __future__ import annotations

import csv
import doctest
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

import tsume
import tsume.results
from tsume import bench
from tsume.__main__ import main

from conftest import MATE1, NOMATE, PKG, shared_dir, solved
from test_capture import ATARI_SGF

SHOGI_TSV = (
    "# a comment line\n"
    f"{MATE1}\t1\tmate in one\n"
    f"{NOMATE}\tnomate\tbare hand\n"
    f"{MATE1}\t3\twrong length on purpose\n"
    f"{MATE1}\t>=1\tat least one\n"
    f"{MATE1}\t>1\tno mate of length 1 (false)\n"
    f"{MATE1}\tmate\n"
    "not a position\t1\tunparsable\n"
)
# (name, expected ok) for each data line above, in order.
SHOGI_WANT = [
    ("mate in one", True),
    ("bare hand", True),
    ("wrong length on purpose", False),
    ("at least one", True),
    ("no mate of length 1 (false)", False),
    ("line 7", True),
    ("unparsable", False),
]


def _capture_suite(tmp: Path) -> Path:
    (tmp / "positions").mkdir()
    (tmp / "positions" / "atari.sgf").write_text(ATARI_SGF)
    recs = [
        {"id": 1, "command": "attack", "args": ["D5"], "pattern": "1 D4", "negate": False},
        {"id": 2, "command": "attack", "args": ["D5"], "pattern": "0", "negate": False},  # wrong
        {"id": 3, "command": "attack", "args": ["D5"], "pattern": "0", "negate": True},
        {"id": 4, "command": "attack", "args": ["D5"], "pattern": "1 A1|D4", "negate": False},  # awk alternation
        # A far-away setup move does not change the answer.
        {"id": 5, "command": "attack", "args": ["D5"], "pattern": "1 D4", "negate": False,
         "setup_moves": [["trymove", "W", "J9"]]},  # fmt: skip
        # GNU Go's suite: "play" setup moves are already in the position; they are not played twice.
        {"id": 6, "command": "attack", "args": ["D5"], "pattern": "1 D4", "negate": False,
         "setup_moves": [["play", "black", "D3"]]},  # fmt: skip
        # ... but "trymove" ones are played: on an occupied point that is an error row.
        {"id": 7, "command": "attack", "args": ["D5"], "pattern": "1 D4", "negate": False,
         "setup_moves": [["trymove", "black", "D3"]]},  # fmt: skip
    ]
    p = tmp / "suite.jsonl"
    with open(p, "w") as f:
        for r in recs:
            r.setdefault("setup_moves", [])
            f.write(json.dumps({**r, "position_sgf": "positions/atari.sgf"}) + "\n")
    return p


def test_shogi_tsv(tmp_path: Path) -> None:
    f = tmp_path / "p.tsv"
    f.write_text(SHOGI_TSV)
    solved(tsume.solve_shogi, MATE1)  # skip while the solver is not built in
    seen: List[bench.BenchRow] = []
    rows = bench.run(f, hash_mb=16, time_limit=10, on_row=seen.append)
    assert rows == seen
    assert [(r.name, r.ok) for r in rows] == SHOGI_WANT
    assert rows[0].got == "1" and rows[0].best_move == "G*5b" and rows[0].generated > 0
    assert rows[1].got == "nomate" and rows[1].result == "nomate"
    assert rows[-1].result == "error" and "ParseError" in rows[-1].error
    assert all(r.game == "shogi" and r.wall_ms >= r.time_ms * 0.5 for r in rows[:-1])
    s = bench.summary(rows)
    assert (s["problems"], s["passed"], s["errors"]) == (7, 4, 1)


def test_capture_jsonl(tmp_path: Path) -> None:
    solved(tsume.solve_capture, board_size=9, black="D5 D3", white="C5 D6 E5", target="D5")
    rows = bench.run(_capture_suite(tmp_path), hash_mb=16, time_limit=10)
    assert [r.name for r in rows] == ["1", "2", "3", "4", "5", "6", "7"]
    assert [r.ok for r in rows] == [True, False, True, True, True, True, False]
    assert rows[6].result == "error" and "IllegalPositionError" in rows[6].error
    assert rows[0].got == "1 D4" and rows[0].result == "captured" and rows[0].game == "capture"


def test_capture_play_budget_reaches_each_problem(tmp_path: Path) -> None:
    solved(tsume.solve_capture, board_size=9, black="D5 D3", white="C5 D6 E5", target="D5")
    suite = _capture_suite(tmp_path)
    # The atari takes 2 board plays: a budget of 1 stops every problem, a large one none.
    starved = bench.run(suite, hash_mb=16, plays=1)
    assert [r.result for r in starved] == ["unknown"] * 6 + ["error"]
    assert all(r.generated <= 1 for r in starved)
    roomy = bench.run(suite, hash_mb=16, plays=1_000_000)
    assert [(r.got, r.ok) for r in roomy] == [(r.got, r.ok) for r in bench.run(suite, hash_mb=16)]
    out = io.StringIO()
    assert main(["bench", str(suite), "--hash-mb", "16", "--plays", "1", "--json"], out=out) == 1
    assert [json.loads(line)["result"] for line in out.getvalue().splitlines()] == ["unknown"] * 6 + ["error"]


def test_play_budget_is_refused_for_shogi(tmp_path: Path) -> None:
    f = tmp_path / "p.tsv"
    f.write_text(SHOGI_TSV)
    with pytest.raises(ValueError, match="plays"):
        bench.run(f, plays=1000, hash_mb=4)


@pytest.mark.parametrize(
    "sgf, moves, want",
    [
        ("(;SZ[9]AB[ee])", [("W", "D5"), ("B", "pass")], "(;SZ[9]AB[ee];W[de];B[])"),
        ("(;SZ[19])\n", [("black", "A1"), ("white", "T19")], "(;SZ[19];B[as];W[sa])\n"),
        ("(;AB[aa])", [("B", "K10")], "(;AB[aa];B[jj])"),  # SZ absent: 19
        ("(;SZ[9])", [], "(;SZ[9])"),
    ],
)
def test_append_moves(sgf: str, moves: list, want: str) -> None:
    assert bench.append_moves(sgf, moves) == want


@pytest.mark.parametrize(
    "sgf, moves, match",
    [
        ("(;SZ[9])", [("B", "K10")], "bad vertex"),
        ("(;SZ[9])", [("B", "I5")], "bad vertex"),
        ("(;SZ[9])", [("X", "A1")], "bad colour"),
        ("no parens", [("B", "A1")], "closing"),
    ],
)
def test_append_moves_errors(sgf: str, moves: list, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        bench.append_moves(sgf, moves)


@pytest.mark.parametrize(
    "content, suffix, match",
    [
        ("x\tmaybe\n", ".tsv", "bad expected"),
        ("{not json\n", ".jsonl", "not a capture test"),
        ('{"command": "play", "args": ["A1"], "position_sgf": "x", "pattern": "0"}\n', ".jsonl", "neither attack"),
        ("", ".txt", "unknown problem file type"),
    ],
)
def test_bad_problem_files(tmp_path: Path, content: str, suffix: str, match: str) -> None:
    f = tmp_path / f"bad{suffix}"
    f.write_text(content)
    with pytest.raises(ValueError, match=match):
        bench.read_problems(f)


def test_bad_bench_options_are_raised_not_recorded(tmp_path: Path) -> None:
    f = tmp_path / "p.tsv"
    f.write_text(SHOGI_TSV)
    with pytest.raises(ValueError, match="algo"):
        bench.run(f, algo="aps", hash_mb=4)


@pytest.mark.parametrize("fmt", ["--csv", "--json", None])
def test_command_line_bench(tmp_path: Path, fmt: str) -> None:
    solved(tsume.solve_shogi, MATE1)
    f = tmp_path / "p.tsv"
    f.write_text(SHOGI_TSV)
    out = io.StringIO()
    argv = ["bench", str(f), "--hash-mb", "16", "--time-limit", "10"] + ([fmt] if fmt else [])
    assert main(argv, out=out) == 1  # some rows fail on purpose
    text = out.getvalue()
    if fmt == "--csv":
        rows = list(csv.DictReader(io.StringIO(text)))
        assert [(r["name"], r["ok"]) for r in rows] == [(n, str(ok)) for n, ok in SHOGI_WANT]
    elif fmt == "--json":
        rows = [json.loads(line) for line in text.splitlines()]
        assert [(r["name"], r["ok"]) for r in rows] == SHOGI_WANT
    else:
        assert "4/7 passed, 1 errors" in text and "G*5b" in text


def test_command_line_shogi_and_version() -> None:
    solved(tsume.solve_shogi, MATE1)
    out = io.StringIO()
    assert main(["shogi", MATE1, "--hash-mb", "8"], out=out) == 0
    assert "mate in 1: G*5b" in out.getvalue()
    out = io.StringIO()
    assert main(["version"], out=out) == 0
    assert tsume.library_path in out.getvalue()


def test_command_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["bench", str(tmp_path / "missing.tsv")]) == 2
    assert "missing.tsv" in capsys.readouterr().err
    assert main(["shogi", MATE1, "--hash-mb", "0"]) == 2
    assert "hash_mb" in capsys.readouterr().err


def test_doctests() -> None:
    for mod in (bench, tsume.results):
        failures, tried = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
        assert failures == 0 and tried > 0, mod.__name__


def test_shared_problem_sets() -> None:
    """The first problems of the shared sets (skipped when ../shared is absent)."""
    shared = shared_dir()
    if shared is None:
        pytest.skip("../shared is absent")
    solved(tsume.solve_shogi, MATE1)
    rows = bench.run(shared / "problems/shogi/antma_tsume_1to9.tsv", hash_mb=32, time_limit=5, limit=8)
    assert len(rows) == 8 and all(r.ok for r in rows), [r for r in rows if not r.ok]
    solved(tsume.solve_capture, board_size=9, black="D5 D3", white="C5 D6 E5", target="D5")
    rows = bench.run(shared / "problems/go/gnugo-reading.jsonl", hash_mb=32, time_limit=1, limit=3)
    assert len(rows) == 3 and not any(r.error for r in rows), [r.error for r in rows]


def test_python_dash_m_tsume_bench(tmp_path: Path) -> None:
    solved(tsume.solve_shogi, MATE1)
    f = tmp_path / "p.tsv"
    f.write_text(f"{MATE1}\t1\tmate in one\n{NOMATE}\tnomate\tbare hand\n")
    env = dict(os.environ, PYTHONPATH=str(PKG / "src"))
    proc = subprocess.run([sys.executable, "-m", "tsume", "bench", str(f), "--hash-mb", "8", "--json"],
                          env=env, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [(r["name"], r["ok"], r["got"]) for r in rows] == [("mate in one", True, "1"), ("bare hand", True, "nomate")]
    assert "2/2 passed" in proc.stderr


def test_plot_solved_curves(tmp_path: Path) -> None:
    """--plot draws one solved-versus-time curve per algorithm of --algo
    a,b into a PNG, and the table still lists every run."""
    pytest.importorskip("matplotlib", reason="python3-matplotlib is not installed")
    f = tmp_path / "p.tsv"
    f.write_text(SHOGI_TSV)
    solved(tsume.solve_shogi, MATE1)
    png = tmp_path / "solved.png"
    out = io.StringIO()
    main(["bench", str(f), "--hash-mb", "16", "--algo", "dfpn,pnstar", "--plot", str(png)], out=out)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    assert out.getvalue().count("ok  ") == 2 * sum(1 for _, ok in SHOGI_WANT if ok)
