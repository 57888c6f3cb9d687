"""Command line: ``python -m tsume bench FILE``, ``python -m tsume shogi SFEN``, ``python -m tsume version``.

$ python -m tsume bench ../shared/problems/shogi/antma_tsume_1to9.tsv --time-limit 10
$ python -m tsume bench ../shared/problems/go/gnugo-reading.jsonl --csv > go.csv
$ python -m tsume shogi "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import json
import sys
from typing import List, Optional, TextIO

import tsume
from tsume import bench


def _table_row(r: bench.BenchRow) -> str:
    mark = "ok  " if r.ok else "FAIL"
    detail = r.error or r.best_move
    return f"{mark} {r.name[:28]:<28} {r.expected:>12} {r.got:>12} {r.expanded:>12} {r.time_ms:>10.1f}  {detail}"


def _bench(args: argparse.Namespace, out: TextIO) -> int:
    fields = [f.name for f in dataclasses.fields(bench.BenchRow)]
    writer = None
    if args.format == "csv":
        writer = csv.DictWriter(out, fieldnames=fields)
        writer.writeheader()
    elif args.format == "table":
        print(f"{'':4} {'name':<28} {'expected':>12} {'got':>12} {'nodes':>12} {'ms':>10}  move/error", file=out)

    def emit(row: bench.BenchRow) -> None:
        if writer is not None:
            writer.writerow(row.to_dict())
        elif args.format == "json":
            print(json.dumps(row.to_dict()), file=out)
        else:
            print(_table_row(row), file=out)
        out.flush()

    algos = (args.algo or "").split(",") if args.algo and "," in args.algo else [args.algo]
    curves = {}
    rows: List[bench.BenchRow] = []
    for algo in algos:
        got = bench.run(
            args.file,
            hash_mb=args.hash_mb,
            algo=algo,
            rules=args.rules,
            widening=args.widening,
            time_limit=args.time_limit,
            nodes=args.nodes,
            plays=args.plays,
            limit=args.limit,
            on_row=emit,
        )
        curves[algo or "default"] = got
        rows += got
    if args.plot:
        bench.plot_solved(curves, args.plot, title=args.file.rsplit("/", 1)[-1])
    s = bench.summary(rows)
    print(
        f"{s['passed']}/{s['problems']} passed, {s['errors']} errors, {s['unknown']} unknown; "
        f"{s['expanded']} nodes (expanded), {s['time_ms'] / 1000:.2f} s",
        file=sys.stderr if args.format != "table" else out,
    )
    return 0 if s["passed"] == s["problems"] else 1


def _shogi(args: argparse.Namespace, out: TextIO) -> int:
    with tsume.Solver(hash_mb=args.hash_mb) as s:
        r = s.solve_shogi(
            args.sfen, args.moves, rules=args.rules, algo=args.algo or "dfpn",
            time_limit=args.time_limit, nodes=args.nodes, line_nodes=args.line_nodes,
        )  # fmt: skip
    print(repr(r), file=out)
    return 0


def main(argv: Optional[List[str]] = None, out: TextIO = sys.stdout) -> int:
    """Runs the command line; returns the exit status."""
    p = argparse.ArgumentParser(prog="python -m tsume", description="tsume from Python")
    sub = p.add_subparsers(dest="cmd", required=True)

    def limits(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--hash-mb", type=int, default=256, help="table size in MiB (default 256)")
        sp.add_argument("--algo", default=None, help="dfpn, pnstar, cstar, aps, default")
        sp.add_argument("--rules", default="tsume", choices=["tsume", "mate"], help="shogi rules")
        sp.add_argument("--time-limit", type=float, default=None, help="seconds per problem")
        sp.add_argument("--nodes", type=int, default=None, help="node limit per problem")

    b = sub.add_parser("bench", help="run a problem file (.tsv shogi, .jsonl Go capture)")
    b.add_argument("file")
    limits(b)
    b.add_argument("--widening", default=None, help="APS widening strategy (capture)")
    b.add_argument("--plays", type=int, default=None, help="board-play budget per problem (capture; default none)")
    b.add_argument("--limit", type=int, default=None, help="only the first N problems")
    b.add_argument("--plot", default=None, metavar="FILE.png",
                   help="draw solved-versus-time curves per algorithm (--algo a,b,... runs each; needs matplotlib)")
    fmt = b.add_mutually_exclusive_group()
    fmt.add_argument("--csv", dest="format", action="store_const", const="csv", help="CSV rows")
    fmt.add_argument("--json", dest="format", action="store_const", const="json", help="JSON lines")
    b.set_defaults(format="table")

    sh = sub.add_parser("shogi", help="solve one tsume-shogi position")
    sh.add_argument("sfen")
    sh.add_argument("moves", nargs="?", default=None, help="USI moves played first")
    limits(sh)
    sh.add_argument("--line-nodes", type=int, default=None, help="node limit of the line search after the proof")

    sub.add_parser("version", help="print the package and library versions")

    args = p.parse_args(argv)
    try:
        if args.cmd == "bench":
            return _bench(args, out)
        if args.cmd == "shogi":
            return _shogi(args, out)
        print(f"tsume {tsume.__version__}, libtsume {tsume.library_version} ({tsume.library_path})", file=out)
        return 0
    except (tsume.TsumeError, ValueError, TypeError, OSError) as e:
        print(f"python -m tsume: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("python -m tsume: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
