// Benchmark: the compact CLI against a floor process (parse + hash + one regex) on 100- and 50-round requests.
// Usage: npm run bench   (writes inputs under .tmp/bench; prints a table and a JSON line)
import { spawnSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchRequest } from "./bench-lib.ts";

const root = new URL("..", import.meta.url).pathname;
const dir = join(root, ".tmp", "bench");
mkdirSync(dir, { recursive: true });
const cli = join(root, "src/cli/feedback-compactor.mjs");
const floor = join(root, "scripts/bench-floor.mjs");
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

function measure(argv: string[]): { seconds: number; maxRssMb: number } {
  let best = { seconds: Number.POSITIVE_INFINITY, maxRssMb: 0 };
  for (let i = 0; i < REPEAT; i++) {
    const r = spawnSync("/usr/bin/time", ["-f", "%e %M", process.execPath, ...argv], {
      encoding: "utf8",
      maxBuffer: 1 << 30,
    });
    if (r.status !== 0) throw new Error(`benchmark command failed: ${r.stderr.slice(-500)}`);
    const [sec, kb] = r.stderr.trim().split("\n").pop()!.split(" ").map(Number);
    if (sec! < best.seconds) best = { seconds: sec!, maxRssMb: kb! / 1024 };
  }
  return best;
}

const results: Record<string, unknown>[] = [];
for (const rounds of [50, 100]) {
  const file = join(dir, `request-${rounds}.json`);
  const text = JSON.stringify(benchRequest(rounds, 440));
  writeFileSync(file, text);
  const mb = statSync(file).size / 1024 / 1024;
  const f = measure([floor, file]);
  const c = measure([cli, "compact", file, "--budget-tokens", "512"]);
  results.push({
    rounds,
    findings: rounds * 445,
    inputMb: +mb.toFixed(1),
    floorS: f.seconds,
    compactS: c.seconds,
    ratio: +(c.seconds / f.seconds).toFixed(2),
    floorRssMb: +f.maxRssMb.toFixed(0),
    compactRssMb: +c.maxRssMb.toFixed(0),
    rssOverInput: +(c.maxRssMb / mb).toFixed(2),
  });
}
const [r50, r100] = results as { compactS: number }[];
console.table(results);
console.log(JSON.stringify({ results, doublingCost: +(r100!.compactS / r50!.compactS).toFixed(2) }));
