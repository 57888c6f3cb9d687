"""tsume.batch: solve_many on a local process pool and on a 2-worker Dask LocalCluster.

The Dask tests share one LocalCluster (its worker processes take seconds to
start) and skip cleanly when python3-distributed is not installed.
"""

from __future__ import annotations

import collections
import json
import multiprocessing
import os
import signal
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest
from conftest import MATE1, NOMATE, shared_dir

import tsume
from tsume.batch import load_results, question_key, read_problems, solve_many

#: ▲1二銀打 △同銀 ▲2二金打.
MATE3 = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"

#: A problem file with comments, blank lines, bad lines and duplicates;
#: WANT gives each problem line's (result, length, duplicate_of).
MIXED = (
    "# a batch\n"
    f"{MATE3}\tmate in 3\n"  # 2
    "\n"
    f"{NOMATE}\n"  # 4
    "this is not a position\n"  # 5
    "7sk/9/7PP/9/9/9/9/9/9 b GS 33\n"  # 6: line 2 again
    "9/9/9/9/9/9/9/9/9 b G 1\n"  # 7: no king to mate
    f"{MATE1}\n"  # 8
    f"sfen {MATE3}\n"  # 9: line 2 again
)
WANT = {2: ("mate", 3, None), 4: ("nomate", 0, None), 5: ("error", 0, None), 6: ("mate", 3, 2),
        7: ("error", 0, None), 8: ("mate", 1, None), 9: ("mate", 3, 2)}  # fmt: skip

#: The fields that must not depend on where and in which order a problem was solved.
FIELDS = ("result", "length", "moves", "minimal", "verified", "proof_nodes")


def records(path: Path) -> List[Dict[str, Any]]:
    return [json.loads(ln) for ln in path.read_text().splitlines() if ln.strip()]


def once_each(path: Path, lines: Any) -> Dict[int, Dict[str, Any]]:
    """The records by line, asserting exactly one record per problem line."""
    recs = records(path)
    count = collections.Counter(r["line"] for r in recs)
    twice = {n: c for n, c in count.items() if c > 1}
    assert not twice, f"lines recorded more than once: {twice}"
    assert set(count) == set(lines), f"missing {sorted(set(lines) - set(count))}, extra {sorted(set(count) - set(lines))}"
    return {r["line"]: r for r in recs}


def check_mixed(recs: Dict[int, Dict[str, Any]]) -> None:
    for n, (result, length, dup) in WANT.items():
        r = recs[n]
        assert r["result"] == result, (n, r)
        if result == "error":
            assert r["error"], r
            continue
        assert r["length"] == length and r["verified"] == (result == "mate"), (n, r)
        assert r.get("duplicate_of") == dup, (n, r)


def short_sets(tmp_path: Path) -> List[Tuple[Path, str]]:
    """The visible short sets (antma under tsume rules, the YaneuraOu heads
    under mate rules), or a file of our own positions when ../shared is absent."""
    d = shared_dir()
    sets = []
    if d is not None:
        for name, rules in (("antma_tsume_1to9.tsv", "tsume"), ("yaneuraou5m_heads_mate3_5_7.tsv", "mate")):
            p = d / "problems" / "shogi" / name
            if p.is_file():
                sets.append((p, rules))
    if not sets:
        own = tmp_path / "own.sfen"
        own.write_text("\n".join([MATE1, MATE3, NOMATE, "7nk/7p1/8G/9/9/9/9/9/9 b P 1", "8k/7pl/6N2/9/9/9/9/9/R8 b b 1"]) + "\n")
        sets.append((own, "tsume"))
    return sets


def serial(items: List[Tuple[int, str]], rules: str) -> Dict[int, Dict[str, Any]]:
    """The oracle: one solver, one problem after another, in this process."""
    got = {}
    with tsume.Solver(hash_mb=16, cache_mb=0) as s:
        for line, text in items:
            s.clear()
            r = s.solve_shogi(text, rules=rules, time_limit=60)
            got[line] = dict(result=r.result, length=r.length, moves=list(r.moves), minimal=r.minimal,
                             verified=r.verified, proof_nodes=r.stats.expanded)  # fmt: skip
    return got


def same_as_serial(recs: Dict[int, Dict[str, Any]], want: Dict[int, Dict[str, Any]]) -> None:
    for n, w in want.items():
        got = {k: recs[n][k] for k in FIELDS}
        assert got == w, f"line {n}: batch {got} != serial {w}"


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed", reason="python3-distributed is not installed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    ) as cluster, distributed.Client(cluster) as client:
        yield client


# ---- without workers ----------------------------------------------------------


@pytest.mark.parametrize(
    "a, b, same",
    [
        (MATE3, "7sk/9/7PP/9/9/9/9/9/9 b GS 99", True),
        (MATE3, f"sfen {MATE3}", True),
        (MATE3, f"position sfen {MATE3}", True),
        (MATE3, "7sk/9/7PP/9/9/9/9/9/9 w GS 1", False),
        (MATE3, "7sk/9/7PP/9/9/9/9/9/9 b G 1", False),
        ("startpos", "position startpos", True),
        ("startpos moves 7g7f", "startpos moves 2g2f", False),
    ],
)
def test_question_key(a: str, b: str, same: bool) -> None:
    assert (question_key(a) == question_key(b)) == same


def test_read_problems(tmp_path: Path) -> None:
    f = tmp_path / "p.sfen"
    f.write_text(MIXED)
    assert [n for n, _ in read_problems(f)] == sorted(WANT)


def test_bad_options(tmp_path: Path) -> None:
    for kw in (dict(rules="chess"), dict(algo="x"), dict(hash_mb=0), dict(time_limit=-1), dict(workers=0), dict(chunk_size=0)):
        with pytest.raises(ValueError):
            solve_many([MATE1], out=tmp_path / "o.jsonl", progress=False, **kw)
    assert not (tmp_path / "o.jsonl").exists()


# ---- the local process pool -----------------------------------------------------


def test_local_pool_mixed(tmp_path: Path, capfd: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # The meter's own line (tqdm, when a machine has it, draws its own bar):
    # a None in sys.modules makes the import fail.
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    f = tmp_path / "p.sfen"
    f.write_text(MIXED)
    out = tmp_path / "out.jsonl"
    rep = solve_many(f, workers=2, hash_mb=16, out=out, chunk_size=1)
    check_mixed(once_each(out, WANT))
    # Lines 6 and 9 ask line 2's question: searched once.
    assert (rep.searched, rep.duplicates, rep.errors, rep.resumed) == (3, 2, 2, 0), rep
    err = capfd.readouterr().err
    assert "problems/s" in err and "ETA" in err, err


def test_local_pool_equals_serial(tmp_path: Path) -> None:
    for path, rules in short_sets(tmp_path)[:1]:  # the Dask test runs both sets
        out = tmp_path / (path.stem + ".jsonl")
        solve_many(path, workers=2, hash_mb=16, rules=rules, time_limit=60, out=out, progress=False)
        items = read_problems(path)
        same_as_serial(once_each(out, dict(items)), serial(items, rules))


def test_local_pool_crash_and_killed_worker(tmp_path: Path) -> None:
    """A run that dies half-way (its last record cut short), then a rerun
    in which a worker process is killed: every line ends up with exactly
    one record, the serial answer, and a third run solves nothing."""
    path, rules = short_sets(tmp_path)[0]
    items = read_problems(path)
    out = tmp_path / "out.jsonl"

    class Crash(Exception):
        pass

    seen = []
    # Ten records, or half of a small set (our own positions when ../shared is absent).
    crash_at = min(10, len(items) // 2)

    def crash_after_some(rec: Dict[str, Any]) -> None:
        seen.append(rec["line"])
        if len(seen) == crash_at:
            raise Crash

    with pytest.raises(Crash):
        solve_many(path, workers=2, hash_mb=16, rules=rules, out=out, chunk_size=2, progress=False, on_record=crash_after_some)
    with open(out, "a") as fh:
        fh.write('{"line": 99999, "sfen": "cut sho')
    assert out.read_text().count("\n") == crash_at

    killed = []

    def kill_a_worker(rec: Dict[str, Any]) -> None:
        if not killed:
            kids = [p for p in multiprocessing.active_children() if p.is_alive() and "Dask" not in (p.name or "")]
            if kids:
                os.kill(kids[0].pid, signal.SIGKILL)
                killed.append(kids[0].pid)

    rep = solve_many(path, workers=2, hash_mb=16, rules=rules, out=out, chunk_size=2, progress=False, on_record=kill_a_worker)
    assert killed, "no worker process to kill"
    assert rep.resumed >= crash_at and rep.resumed + rep.searched + rep.duplicates + rep.errors == len(items), rep
    same_as_serial(once_each(out, dict(items)), serial(items, rules))

    before = out.read_bytes()
    rep = solve_many(path, workers=2, hash_mb=16, rules=rules, out=out, progress=False)
    assert rep.searched == 0 and rep.resumed == len(items) and out.read_bytes() == before


def test_progress_through_tqdm(tmp_path: Path, capfd: Any) -> None:
    pytest.importorskip("tqdm")
    f = tmp_path / "p.sfen"
    f.write_text(MIXED)
    solve_many(f, workers=1, hash_mb=16, out=tmp_path / "out.jsonl")
    err = capfd.readouterr().err
    assert "problem/s" in err and "7/7" in err, err


def test_foreign_output_refused(tmp_path: Path) -> None:
    f = tmp_path / "p.sfen"
    f.write_text(MIXED)
    for foreign in (
        json.dumps({"line": 2, "sfen": MATE1, "result": "mate"}) + "\n",  # another position on line 2
        json.dumps({"line": 3, "sfen": "x", "result": "error"}) + "\n",  # a line without a problem
        "not json\n",
    ):
        out = tmp_path / "out.jsonl"
        out.write_text(foreign)
        with pytest.raises(ValueError, match="other problems|not a record"):
            solve_many(f, workers=1, out=out, progress=False)
        assert out.read_text() == foreign


# ---- Dask ---------------------------------------------------------------------


def test_dask_equals_serial(tmp_path: Path, dask_client: Any) -> None:
    for path, rules in short_sets(tmp_path):
        out = tmp_path / (path.stem + ".jsonl")
        rep = solve_many(path, client=dask_client, hash_mb=16, rules=rules, time_limit=60, out=out, progress=False)
        assert rep.workers == 2
        items = read_problems(path)
        same_as_serial(once_each(out, dict(items)), serial(items, rules))


def test_dask_mixed(tmp_path: Path, dask_client: Any) -> None:
    f = tmp_path / "p.sfen"
    f.write_text(MIXED)
    out = tmp_path / "out.jsonl"
    rep = solve_many(f, client=dask_client, hash_mb=16, out=out, chunk_size=1, progress=False)
    check_mixed(once_each(out, WANT))
    assert (rep.searched, rep.duplicates, rep.errors) == (3, 2, 2), rep


def test_dask_worker_keeps_its_solver(tmp_path: Path, dask_client: Any) -> None:
    """Each worker makes one solver and reuses it for every chunk."""
    solve_many([MATE1, MATE3, NOMATE] * 4, client=dask_client, hash_mb=16, out=tmp_path / "o.jsonl",
               chunk_size=1, dedupe=False, progress=False)  # fmt: skip

    def solver_id() -> Any:
        import tsume.batch as b

        return sorted(id(s) for s in b._solvers.values())

    ids = dask_client.run(solver_id)
    solve_many([MATE1, MATE3] * 4, client=dask_client, hash_mb=16, out=tmp_path / "o2.jsonl",
               chunk_size=1, dedupe=False, progress=False)  # fmt: skip
    assert all(len(v) == 1 for v in ids.values()), ids  # one solver per worker (one thread each)
    assert dask_client.run(solver_id) == ids


def test_dask_killed_worker_then_rerun(tmp_path: Path, dask_client: Any) -> None:
    """A worker process is killed mid-run: the scheduler moves its tasks,
    the run completes with exactly one record per line (the serial answers),
    and a rerun finds nothing left to solve."""
    path, rules = short_sets(tmp_path)[0]
    base = read_problems(path)
    texts = [t for _, t in base] * 3  # 3 copies, all searched (dedupe=False)
    out = tmp_path / "out.jsonl"
    pids = dask_client.run(os.getpid)
    killed = []

    def kill_a_worker(rec: Dict[str, Any]) -> None:
        if len(killed) == 0 and rec["line"] > 0:
            victim = sorted(pids.values())[0]
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    rep = solve_many(texts, client=dask_client, hash_mb=16, rules=rules, out=out, chunk_size=2, dedupe=False,
                     progress=False, on_record=kill_a_worker)  # fmt: skip
    assert killed
    assert rep.searched + rep.errors == len(texts), rep
    recs = once_each(out, range(1, len(texts) + 1))
    want = serial(base, rules)
    k = len(base)
    for n, r in recs.items():
        w = want[base[(n - 1) % k][0]]
        assert {f: r[f] for f in FIELDS} == w, (n, r, w)

    before = out.read_bytes()
    rep = solve_many(texts, client=dask_client, hash_mb=16, rules=rules, out=out, dedupe=False, progress=False)
    assert rep.searched == 0 and rep.resumed == len(texts) and out.read_bytes() == before
    dask_client.wait_for_workers(2, timeout=60)  # the nanny restarted the killed worker
