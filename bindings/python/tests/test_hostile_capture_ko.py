"""Capture answers through Python equal `tsume capture`'s on random games that
end with a ko capture (SGF moves, so the last move leaves a ko ban, and
sometimes a set-up with PL and IL): the same code, word and move, every
algorithm, attack and defence, under a play budget (the same work on any
machine). A front end that dropped the ko ban, swapped the question or
mapped a code to the wrong word would differ."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Dict, List, Optional, Set, Tuple

import pytest

import tsume

import _build_backend

Point = Tuple[int, int]


class MiniBoard:
    """Just enough Go to play random legal games: captures, suicide refused,
    the simple ko ban."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.stones: Dict[Point, str] = {}
        self.ko: Optional[Tuple[Point, str]] = None

    def nbrs(self, p: Point) -> List[Point]:
        x, y = p
        return [(a, b) for a, b in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if 0 <= a < self.size and 0 <= b < self.size]

    def group(self, p: Point) -> Tuple[Set[Point], Set[Point]]:
        c, seen, libs, todo = self.stones[p], {p}, set(), [p]
        while todo:
            q = todo.pop()
            for r in self.nbrs(q):
                if r not in self.stones:
                    libs.add(r)
                elif self.stones[r] == c and r not in seen:
                    seen.add(r)
                    todo.append(r)
        return seen, libs

    def play(self, p: Point, c: str) -> bool:
        if p in self.stones or self.ko == (p, c):
            return False
        other = "W" if c == "B" else "B"
        self.stones[p] = c
        captured: Set[Point] = set()
        for r in self.nbrs(p):
            if self.stones.get(r) == other:
                g, libs = self.group(r)
                if not libs:
                    captured |= g
        for q in captured:
            del self.stones[q]
        g, libs = self.group(p)
        if not libs:
            del self.stones[p]
            for q in captured:
                self.stones[q] = other
            return False
        self.ko = None
        if len(captured) == 1 and len(g) == 1 and len(libs) == 1:
            self.ko = (next(iter(captured)), other)
        return True


def sgf_pt(p: Point) -> str:
    return chr(ord("a") + p[0]) + chr(ord("a") + p[1])


def vertex(p: Point, size: int) -> str:
    return "ABCDEFGHJKLMNOPQRST"[p[0]] + str(size - p[1])


def ko_game(rng: random.Random, size: int) -> Optional[Tuple[str, MiniBoard]]:
    b, c, moves = MiniBoard(size), "B", []
    for _ in range(size * size * 2 // 3):
        for _ in range(20):
            p = (rng.randrange(size), rng.randrange(size))
            if b.play(p, c):
                moves.append(f";{c}[{sgf_pt(p)}]")
                break
        c = "W" if c == "B" else "B"
    for tc in (c, "W" if c == "B" else "B"):
        for p in [(x, y) for y in range(size) for x in range(size)]:
            trial = MiniBoard(size)
            trial.stones, trial.ko = dict(b.stones), b.ko
            if trial.play(p, tc) and trial.ko is not None:
                moves.append(f";{tc}[{sgf_pt(p)}]")
                b = trial
                if rng.randrange(2):
                    ab = "".join(f"[{sgf_pt(q)}]" for q, col in b.stones.items() if col == "B")
                    aw = "".join(f"[{sgf_pt(q)}]" for q, col in b.stones.items() if col == "W")
                    k, kc = b.ko
                    return f"(;SZ[{size}]AB{ab}AW{aw}PL[{kc}]IL[{sgf_pt(k)}])", b
                return f"(;SZ[{size}]{''.join(moves)})", b
    return None


@pytest.fixture(scope="module")
def tsume_cli(tmp_path_factory: pytest.TempPathFactory) -> Path:
    go = shutil.which("go")
    if go is None:
        pytest.skip("no Go toolchain to build the tsume command")
    root = _build_backend.find_source_root()
    exe = tmp_path_factory.mktemp("cli") / "tsume"
    proc = subprocess.run([go, "build", "-o", str(exe), "./cmd/tsume"], cwd=root, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        pytest.fail(f"go build ./cmd/tsume: {proc.stderr}")
    return exe


def test_python_capture_equals_the_command_under_ko(tsume_cli: Path, tmp_path: Path) -> None:
    rng = random.Random(1407)
    algos = ["dfpn", "pnstar", "aps", "cstar"]
    asked = kos = 0
    with tsume.Solver(hash_mb=8) as s:
        for i in range(400):
            if kos == 12:
                break
            size = 5 + i % 4
            game = ko_game(rng, size)
            if game is None:
                continue
            text, b = game
            assert b.ko is not None
            kos += 1
            f = tmp_path / f"g{i}.sgf"
            f.write_text(text)
            targets = [q for q in b.nbrs(b.ko[0]) if q in b.stones]
            algo = algos[kos % len(algos)]
            for q in targets:
                for mode in ("attack", "defend"):
                    v = vertex(q, size)
                    r = s.solve_capture(text, target=v, mode=mode, algo=algo, plays=100_000)
                    proc = subprocess.run(
                        [str(tsume_cli), "capture", "--sgf", str(f), "--target", v, "--" + mode, "--algo", algo,
                         "--plays", "100000", "--time-limit", "0", "--json"],
                        capture_output=True, text=True, timeout=120,
                    )  # fmt: skip
                    assert proc.returncode == 0, proc.stderr
                    want = json.loads(proc.stdout)
                    where = f"{text} {mode} {v} {algo}"
                    assert r.code == want["code"], where
                    assert r.result == want["result"], where
                    if r.code:
                        assert r.best_move == want["move"], where
                    asked += 1
    assert kos >= 10 and asked >= 40, (kos, asked)
