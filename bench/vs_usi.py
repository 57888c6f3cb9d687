#!/usr/bin/env python3
"""Side by side: tsume and a USI mate engine on the same problems, at the same time.

For each problem both solvers run at once, one core each (``taskset``), with
the same table size and time limit; the table gives each one's first proof,
final answer (length; for tsume V = verified, M = minimal proven) and its
time, and nodes per second, then the geometric means of the ratios.

    python3 bench/vs_usi.py --engine /path/to/KomoringHeights --tails 41,61,101 \\
        --time 20 --hash-mb 1024
    python3 bench/vs_usi.py --engine ENGINE --file ../shared/problems/shogi/famous_long.tsv

Problem files: one position a line (a bare SFEN, or ``position sfen ... moves
...``, text after a tab ignored, ``#`` comments). ``--tails N,...`` builds
Microcosmos tails (the position N plies before the end of the 1525-ply line
of ``--microcosmos``). The engine's first proof is the time of its first
``info ... string ... 1st result`` line (KomoringHeights prints one) and its
final answer the ``checkmate`` reply; an engine that prints no first-proof
line gets its final time there. Both write their tables' pages before the
clock starts (the engine at ``isready``, tsume with ``solve --prefault``).
Standard library only.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import List, Optional, Tuple

HERE = Path(__file__).resolve().parent


@dataclass
class Problem:
    name: str
    sfen: str
    moves: List[str] = field(default_factory=list)


@dataclass
class Answer:
    """One solver's answer to one problem."""

    result: str = "error"  # mate, nomate, unknown, error
    length: int = 0
    first_s: Optional[float] = None  # first proof
    final_s: Optional[float] = None  # final answer
    line_s: Optional[float] = None  # when a line of the final length was first found
    verified: bool = False
    minimal: bool = False
    nps: float = 0.0
    line: List[str] = field(default_factory=list)  # the engine's mating line
    # checked is our verifier's verdict on an engine's line shorter than
    # ours (verified, rejected, unsettled; empty when not asked).
    checked: str = ""
    note: str = ""


def read_problems(path: Path) -> List[Problem]:
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = line.split("\t", 1)[0].strip()
        if not text or text.startswith("#"):
            continue
        out.append(parse_position(f"{path.name}:{n}", text))
    return out


def parse_position(name: str, text: str) -> Problem:
    """A bare SFEN or a USI ``position`` command."""
    words = text.split()
    if words and words[0] == "position":
        words = words[1:]
    if words and words[0] == "sfen":
        words = words[1:]
    if words and words[0] == "startpos":
        sfen, rest = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", words[1:]
    else:
        if len(words) < 4:
            raise ValueError(f"{name}: not a position: {text!r}")
        sfen, rest = " ".join(words[:4]), words[4:]
    moves = rest[1:] if rest and rest[0] == "moves" else []
    if rest and rest[0] != "moves":
        raise ValueError(f"{name}: unexpected {rest[0]!r} after the SFEN")
    return Problem(name, sfen, moves)


def microcosmos_tails(path: Path, tails: List[int]) -> List[Problem]:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")]
    sfen, moves = lines[0].strip(), lines[1].split()
    out = []
    for n in tails:
        if not 1 <= n <= len(moves):
            raise ValueError(f"tail {n}: the line has {len(moves)} plies")
        out.append(Problem(f"Microcosmos tail {n}", sfen, moves[: len(moves) - n]))
    return out


def pinned(core: Optional[int], argv: List[str]) -> List[str]:
    if core is None or shutil.which("taskset") is None:
        return argv
    return ["taskset", "-c", str(core)] + argv


def decided(a: Answer, ours: bool) -> bool:
    """Whether an answer settles the question: a proven no-mate, or a mate
    (ours only with a verified line; the engine's line is its own word)."""
    return a.result == "nomate" or a.result == "mate" and (a.verified or not ours)


def tally(pairs: List[Tuple[str, Answer, Answer]]) -> str:
    """The decided questions of (name, ours, theirs) pairs: by both, by one
    only (named), and answers that contradict each other (mate against
    no-mate, named: one solver is wrong)."""
    both, engine_only, tsume_only, conflict = 0, [], [], []
    for name, ours, theirs in pairs:
        d1, d2 = decided(ours, True), decided(theirs, False)
        if d1 and d2 and ours.result != theirs.result:
            conflict.append(name)
        elif d1 and d2:
            both += 1
        elif d2:
            engine_only.append(name)
        elif d1:
            tsume_only.append(name)

    def names(xs: List[str]) -> str:
        return f"{len(xs)}" + (f" ({', '.join(xs)})" if xs else "")

    return (f"decided by both: {both}; by the engine only: {names(engine_only)}; by tsume only: {names(tsume_only)}; "
            f"contradicting answers: {names(conflict)}")


def run_tsume(tsume: str, p: Problem, seconds: float, hash_mb: int, core: Optional[int], rules: str = "tsume") -> Answer:
    # --prefault writes the table's pages before the search, as the engine
    # clears its table at isready before its clock starts: neither first
    # proof then pays the table's page faults (tsume's limit still does).
    argv = [tsume, "solve", "--sfen", p.sfen, "--time-limit", f"{seconds}s", "--hash-mb", str(hash_mb), "--json", "--quiet",
            "--prefault"]
    if rules == "mate":
        # An engine's question: mate-search rules, and a side to move in
        # check defends (the engine's `go mate` asks whether it is mated).
        argv += ["--rules", "mate", "--defender=auto"]
    if p.moves:
        argv += ["--moves", " ".join(p.moves)]
    try:
        cp = subprocess.run(pinned(core, argv), capture_output=True, text=True, timeout=seconds + 60)
    except subprocess.TimeoutExpired:
        return Answer(note="tsume did not answer within the limit + 60 s")
    except OSError as e:
        return Answer(note=f"tsume: {e}")
    lines = [ln for ln in cp.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        return Answer(note=f"tsume exited {cp.returncode}: {cp.stderr.strip()[-200:]}")
    r = json.loads(lines[-1])
    a = Answer(
        result=r.get("result", "error"),
        length=int(r.get("length", 0)),
        final_s=float(r.get("time_ms", 0)) / 1000,
        verified=bool(r.get("verified")),
        minimal=bool(r.get("minimal")),
        nps=float(r.get("nps", 0)),
        note=r.get("note", "") or r.get("error", ""),
    )
    if r.get("proof_ms") is not None and r.get("proven"):
        a.first_s = float(r["proof_ms"]) / 1000
    if r.get("line_ms") and a.result == "mate":
        a.line_s = float(r["line_ms"]) / 1000
    return a


def check_line(tsume: str, p: Problem, line: List[str], rules: str, core: Optional[int]) -> str:
    """Our independent verifier's verdict on an engine's line: a mate in N is
    the defender's best play, so a principal variation in which the defender
    takes a shorter defence than its best is not a mate in N (an engine may
    print one when its time ends). Not timed: it runs after both answers."""
    argv = [tsume, "verify", "--json", "--sfen", p.sfen, "--line", " ".join(line),
            "--alt-nodes", "5000000", "--nodes", "50000000"]
    if rules == "mate":
        argv += ["--rules", "mate", "--defender=auto"]
    if p.moves:
        argv += ["--moves", " ".join(p.moves)]
    try:
        cp = subprocess.run(pinned(core, argv), capture_output=True, text=True, timeout=300)
        return json.loads(cp.stdout.splitlines()[-1]).get("verdict", "unsettled")
    except (subprocess.TimeoutExpired, OSError, ValueError, IndexError):
        return "unsettled"


FIRST = re.compile(r"\b1st result\b.*?mate in (\d+)")
INFO_TIME = re.compile(r"\btime (\d+)\b")
INFO_NPS = re.compile(r"\bnps (\d+)\b")


class USIEngine:
    """A USI engine process, talked to line by line (a reader thread feeds a
    queue, so a silent or dead engine ends in a timeout, never a hang)."""

    def __init__(self, path: str, core: Optional[int], hash_mb: int) -> None:
        exe = Path(path).resolve()
        if not exe.is_file():
            raise FileNotFoundError(f"engine {path!r}: no such file")
        self.proc = subprocess.Popen(
            pinned(core, [str(exe)]), cwd=exe.parent, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1,
        )
        self.lines: "queue.Queue[Tuple[float, Optional[str]]]" = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("usi")
        self.wait_for("usiok", 30)
        self.send("setoption name Threads value 1")
        self.send(f"setoption name USI_Hash value {hash_mb}")
        self.send("isready")
        self.wait_for("readyok", 120)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))
        self.lines.put((time.monotonic(), None))

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def next_line(self, deadline: float) -> Tuple[float, Optional[str]]:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        try:
            t, line = self.lines.get(timeout=left)
        except queue.Empty:
            raise TimeoutError from None
        if line is None:
            raise EOFError(f"the engine exited (status {self.proc.wait()})")
        return t, line

    def wait_for(self, word: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while True:
            _, line = self.next_line(deadline)
            if line.split()[:1] == [word]:
                return

    def mate(self, p: Problem, seconds: float) -> Answer:
        self.send("usinewgame")
        pos = f"position sfen {p.sfen}" + (" moves " + " ".join(p.moves) if p.moves else "")
        self.send(pos)
        start = time.monotonic()
        self.send(f"go mate {int(seconds * 1000)}")
        a = Answer()
        deadline = start + seconds + 30
        while True:
            try:
                t, line = self.next_line(deadline)
            except TimeoutError:
                a.note = "no checkmate reply within the limit + 30 s"
                self.send("stop")
                return a
            if line.startswith("info"):
                m = FIRST.search(line)
                if m and a.first_s is None:
                    a.first_s = t - start
                n = INFO_NPS.search(line)
                if n:
                    a.nps = float(n.group(1))
                continue
            if line.startswith("checkmate"):
                a.final_s = t - start
                words = line.split()[1:]
                if words == ["nomate"]:
                    a.result = "nomate"
                elif words in (["timeout"], ["notimplemented"], []):
                    a.result = "unknown"
                    a.final_s = None
                else:
                    a.result, a.length, a.line = "mate", len(words), words
                    a.line_s = a.final_s
                    if a.first_s is None:
                        a.first_s = a.final_s
                return a

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


# How an engine's line checked by our verifier is marked: x = shown not a
# mate in its length (a defence escapes), ? = not settled.
CHECKED = {"verified": "V", "rejected": "x", "unsettled": "?"}


def fmt_time(s: Optional[float]) -> str:
    return "—" if s is None else f"{s:.2f} s"


def fmt_answer(a: Answer, ours: bool) -> str:
    if a.result == "mate":
        marks = ("V" if a.verified else "") + ("M" if a.minimal else "") if ours else CHECKED.get(a.checked, "")
        reached = f" (reached {fmt_time(a.line_s)})" if ours and a.line_s is not None and a.line_s != a.final_s else ""
        return f"{a.length}{' ' + marks if marks else ''}{reached} at {fmt_time(a.final_s)}"
    if a.result == "nomate":
        return f"nomate at {fmt_time(a.final_s)}"
    return a.result if not a.note else f"{a.result} ({a.note[:40]})"


def geomean(xs: List[float]) -> Optional[float]:
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True, help="a USI mate engine (go mate)")
    ap.add_argument("--tsume", default=str(HERE.parent / "bin" / "tsume"), help="our binary (make build)")
    ap.add_argument("--file", action="append", default=[], help="a problem file (repeatable)")
    ap.add_argument("--tails", default="", help="Microcosmos tails, e.g. 41,61,101")
    ap.add_argument("--microcosmos", default=str(HERE.parent.parent / "shared/problems/shogi/microcosmos_1525.usi"))
    ap.add_argument("--time", type=float, default=20, help="seconds per problem, each solver")
    ap.add_argument("--hash-mb", type=int, default=1024)
    ap.add_argument("--serial", action="store_true", help="one solver after the other (no taskset)")
    ap.add_argument("--json", help="also write the answers as JSON lines to this file")
    ap.add_argument("--rules", choices=["tsume", "mate"], default="tsume",
                    help="our rules: tsume (composers' problems) or mate (an engine's positions, e.g. tsume gen-shogi)")
    args = ap.parse_args(argv)

    problems: List[Problem] = []
    try:
        if args.tails:
            problems += microcosmos_tails(Path(args.microcosmos), [int(x) for x in args.tails.split(",")])
        for f in args.file:
            problems += read_problems(Path(f))
    except (OSError, ValueError) as e:
        print(f"vs_usi: {e}", file=sys.stderr)
        return 2
    if not problems:
        print("vs_usi: no problems (--tails or --file)", file=sys.stderr)
        return 2
    if not os.access(args.tsume, os.X_OK):
        print(f"vs_usi: {args.tsume}: not built (make build)", file=sys.stderr)
        return 2
    cores = (None, None) if args.serial else (0, 1)
    if not Path(args.engine).is_file():
        print(f"vs_usi: engine {args.engine!r}: no such file", file=sys.stderr)
        return 2

    out = open(args.json, "w") if args.json else None
    rows = []
    pairs: List[Tuple[str, Answer, Answer]] = []
    first_ratio, nps_ratio, line_ratio = [], [], []
    longer = rejected = 0
    try:
        for p in problems:
            box: dict = {}
            t = threading.Thread(target=lambda: box.update(ours=run_tsume(args.tsume, p, args.time, args.hash_mb, cores[0], args.rules)))
            t.start()
            if args.serial:
                t.join()
            # A fresh engine for every problem, as our side is a fresh
            # process: a table kept from the previous problem changes the
            # next search (KomoringHeights left tail 101 unknown after 61).
            engine = None
            try:
                engine = USIEngine(args.engine, cores[1], args.hash_mb)
                theirs = engine.mate(p, args.time)
            except (OSError, TimeoutError, EOFError) as e:
                theirs = Answer(note=f"engine: {e}")
            finally:
                if engine is not None:
                    engine.close()
            t.join()
            ours: Answer = box["ours"]
            pairs.append((p.name, ours, theirs))
            if ours.first_s and theirs.first_s:
                first_ratio.append(ours.first_s / theirs.first_s)
            if ours.result == theirs.result == "mate" and ours.length > theirs.length:
                theirs.checked = check_line(args.tsume, p, theirs.line, args.rules, cores[0])
            if ours.result == theirs.result == "mate":
                if theirs.checked == "rejected":
                    rejected += 1
                elif ours.length > theirs.length:
                    longer += 1
                elif ours.line_s and theirs.line_s:
                    line_ratio.append(ours.line_s / theirs.line_s)
            if ours.nps and theirs.nps:
                nps_ratio.append(ours.nps / theirs.nps)
            row = (p.name, fmt_time(ours.first_s), fmt_answer(ours, True), fmt_time(theirs.first_s), fmt_answer(theirs, False),
                   f"{ours.nps / 1000:.0f} k", f"{theirs.nps / 1000:.0f} k")
            rows.append(row)
            print(" | ".join(row), file=sys.stderr, flush=True)
            if out:
                out.write(json.dumps({"problem": p.name, "tsume": asdict(ours), "engine": asdict(theirs)}) + "\n")
                out.flush()
    finally:
        if out:
            out.close()

    head = ("problem", "tsume first proof", "tsume answer (V verified, M minimal)", "engine first proof",
            "engine answer (a line shorter than ours checked by our verifier: V verified, x rejected, ? unsettled)",
            "tsume nodes/s", "engine nodes/s")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        print("| " + " | ".join(r) + " |")
    g1, g2, g3 = geomean(first_ratio), geomean(nps_ratio), geomean(line_ratio)
    print()
    print(f"first proof, tsume time / engine time (geometric mean over {len(first_ratio)} problems both proved): "
          + ("—" if g1 is None else f"{g1:.2f}"))
    print(f"engine's length reached (or a shorter line), tsume time / engine time (geometric mean over {len(line_ratio)} "
          f"problems; tsume's line longer on {longer}; engine lines shorter than ours rejected: {rejected}): " + ("—" if g3 is None else f"{g3:.2f}"))
    print(f"nodes per second, tsume / engine (geometric mean over {len(nps_ratio)}): " + ("—" if g2 is None else f"{g2:.2f}"))
    print(tally(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
