// Reads JSON lines {"name", "kif", "csa"} on stdin and prints, for each, a
// JSON line with the USI moves tsshogi (ShogiHome's record library) reads
// from the KIF and from the CSA text, and the SFEN of each start position,
// or the error it gave. TSSHOGI is the path of tsshogi's ESM entry point.
import { createInterface } from "node:readline";

const ts = await import(process.env.TSSHOGI);
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });

function read(fn, text) {
  const r = fn(text);
  if (r instanceof Error) {
    return { error: r.message };
  }
  const moves = [];
  for (const e of r.moves) {
    if (e.move && typeof e.move.usi === "string") {
      moves.push(e.move.usi);
    }
  }
  return { sfen: r.initialPosition.sfen, moves };
}

for await (const line of rl) {
  if (!line.trim()) continue;
  const p = JSON.parse(line);
  console.log(JSON.stringify({ name: p.name, kif: read(ts.importKIF, p.kif), csa: read(ts.importCSA, p.csa) }));
}
