"""bench/vs_usi.py against fake solvers: a USI engine and a tsume binary that
are small scripts, so the side-by-side runner is tested without
KomoringHeights. Run by make test (pytest)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import vs_usi  # noqa: E402

MATE3 = "7sk/9/7PP/9/9/9/9/9/9 b GS 1"

ENGINE = """#!/usr/bin/env python3
import sys, time
mode = {mode!r}
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "usi":
        print("id name fake"); print("usiok", flush=True)
    elif w[0] == "isready":
        print("readyok", flush=True)
    elif w[0] == "go":
        if mode == "crash":
            sys.exit(3)
        if mode == "silent":
            continue
        print("info time 10 nodes 5000 nps 500000 string # 1st result: mate in 3(upper_bound:3)", flush=True)
        time.sleep(0.05)
        if mode == "mate":
            print("checkmate S*1b 2a1b G*2b", flush=True)
        else:
            print("checkmate " + mode, flush=True)
    elif w[0] == "quit":
        break
"""

TSUME = """#!/usr/bin/env python3
import json, sys
print(json.dumps({"result": "mate", "proven": True, "length": 3, "moves": ["S*1b", "2a1b", "G*2b"],
                   "verified": True, "minimal": True, "proof_ms": 20.0, "line_ms": 30.0, "time_ms": 40.0, "nps": 100000.0,
                   "args": sys.argv[1:]}))
"""


def script(tmp: Path, name: str, text: str) -> str:
    p = tmp / name
    p.write_text(text)
    p.chmod(0o755)
    return str(p)


@pytest.mark.parametrize(
    "mode, result, length, final",
    [("mate", "mate", 3, True), ("nomate", "nomate", 0, True), ("timeout", "unknown", 0, False), ("notimplemented", "unknown", 0, False)],
)
def test_engine_answers(tmp_path: Path, mode: str, result: str, length: int, final: bool) -> None:
    e = vs_usi.USIEngine(script(tmp_path, "engine", ENGINE.format(mode=mode)), None, 16)
    try:
        a = e.mate(vs_usi.parse_position("p", MATE3), 1)
    finally:
        e.close()
    assert (a.result, a.length) == (result, length)
    assert a.first_s is not None and a.nps == 500000
    assert (a.final_s is not None) == final


def test_engine_crash_and_silence_end(tmp_path: Path) -> None:
    e = vs_usi.USIEngine(script(tmp_path, "engine", ENGINE.format(mode="crash")), None, 16)
    with pytest.raises(EOFError):
        e.mate(vs_usi.parse_position("p", MATE3), 1)
    e.close()
    e = vs_usi.USIEngine(script(tmp_path, "silent", ENGINE.format(mode="silent")), None, 16)
    e.next_line = _fast_timeout(e.next_line)  # type: ignore[method-assign]
    a = e.mate(vs_usi.parse_position("p", MATE3), 0.1)
    e.close()
    assert a.result == "error" and "no checkmate reply" in a.note


def _fast_timeout(next_line):  # the 30 s grace shortened for the test
    def f(deadline: float):
        return next_line(min(deadline, __import__("time").monotonic() + 0.5))

    return f


def test_bad_engine_path(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    tsume = script(tmp_path, "tsume", TSUME)
    pf = tmp_path / "p.sfen"
    pf.write_text(MATE3 + "\n")
    assert vs_usi.main(["--engine", str(tmp_path / "nothing"), "--tsume", tsume, "--file", str(pf)]) == 2
    assert "no such file" in capsys.readouterr().err


def test_table_and_positions(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    tsume = script(tmp_path, "tsume", TSUME)
    engine = script(tmp_path, "engine", ENGINE.format(mode="mate"))
    pf = tmp_path / "p.sfen"
    pf.write_text(f"# comment\n{MATE3}\tmate in 3\nposition sfen {MATE3} moves S*1b 2a1b\n")
    out = tmp_path / "out.jsonl"
    assert vs_usi.main(["--engine", engine, "--tsume", tsume, "--file", str(pf), "--time", "1", "--serial", "--json", str(out)]) == 0
    table = capsys.readouterr().out
    assert table.count("| p.sfen:") == 2 and "3 VM (reached 0.03 s) at 0.04 s" in table
    assert "geometric mean over 2 problems; tsume's line longer on 0" in table
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["engine"]["length"] for r in recs] == [3, 3]
    assert recs[0]["tsume"]["first_s"] == pytest.approx(0.02)
    assert recs[0]["tsume"]["line_s"] == pytest.approx(0.03)


def test_parse_position() -> None:
    p = vs_usi.parse_position("x", f"position sfen {MATE3} moves S*1b 2a1b")
    assert (p.sfen, p.moves) == (MATE3, ["S*1b", "2a1b"])
    assert vs_usi.parse_position("x", "startpos moves 7g7f").moves == ["7g7f"]
    with pytest.raises(ValueError):
        vs_usi.parse_position("x", "not a position")
    with pytest.raises(ValueError):
        vs_usi.parse_position("x", MATE3 + " junk")


def test_mate_rules_reach_tsume(tmp_path: Path) -> None:
    echo = script(tmp_path, "tsume", """#!/usr/bin/env python3
import json, sys
print(json.dumps({"result": "unknown", "note": " ".join(sys.argv[1:])}))
""")
    p = vs_usi.parse_position("p", MATE3)
    a = vs_usi.run_tsume(echo, p, 1, 16, None, "mate")
    assert "--rules mate --defender=auto" in a.note
    assert "--rules" not in vs_usi.run_tsume(echo, p, 1, 16, None).note


def test_engine_line_shorter_than_ours_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    calls = tmp_path / "verify-calls"
    tsume = script(tmp_path, "tsume", f"""#!/usr/bin/env python3
import json, sys
if sys.argv[1] == "verify":
    open({str(calls)!r}, "a").write(" ".join(sys.argv[1:]) + "\\n")
    print(json.dumps({{"verdict": "rejected"}}))
    sys.exit(3)
print(json.dumps({{"result": "mate", "proven": True, "length": 3, "moves": ["S*1b", "2a1b", "G*2b"],
                   "verified": True, "minimal": True, "proof_ms": 20.0, "line_ms": 30.0, "time_ms": 40.0, "nps": 100000.0}}))
""")
    engine = script(tmp_path, "engine", ENGINE.format(mode="S*1b"))  # a one-move "mate", shorter than ours
    pf = tmp_path / "p.sfen"
    pf.write_text(MATE3 + "\n")
    out = tmp_path / "out.jsonl"
    assert vs_usi.main(["--engine", engine, "--tsume", tsume, "--file", str(pf), "--time", "1", "--serial",
                        "--rules", "mate", "--json", str(out)]) == 0
    table = capsys.readouterr().out
    assert "| 1 x at " in table
    assert "tsume's line longer on 0; engine lines shorter than ours rejected: 1" in table
    argv = calls.read_text()
    assert "--line S*1b" in argv and "--rules mate --defender=auto" in argv
    rec = json.loads(out.read_text())
    assert rec["engine"]["checked"] == "rejected" and rec["engine"]["line"] == ["S*1b"]


def test_tally_names_one_sided_and_contradicting_answers() -> None:
    A = vs_usi.Answer
    pairs = [
        ("both", A(result="mate", verified=True), A(result="mate")),
        ("unverified", A(result="mate"), A(result="mate")),
        ("theirs", A(result="unknown"), A(result="nomate")),
        ("ours", A(result="nomate"), A(result="unknown")),
        ("clash", A(result="nomate"), A(result="mate")),
        ("neither", A(result="unknown"), A(result="error")),
    ]
    assert vs_usi.tally(pairs) == ("decided by both: 1; by the engine only: 2 (unverified, theirs); "
                                   "by tsume only: 1 (ours); contradicting answers: 1 (clash)")
