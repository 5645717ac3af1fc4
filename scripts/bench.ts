// Benchmark: the compact CLI against a floor process (parse + hash + one regex) on 100- and 50-round requests.
// Usage: npm run bench   (builds dist/, writes inputs under .tmp/bench; prints a table and a JSON line)
// The CLI runs from the prebuilt per-round bundle (FC-CLI-6), as an installed package does; the `sourcesS` column
// times the same command from the TypeScript sources (FEEDBACK_COMPACTOR_NO_BUNDLE=1) for comparison.
import { spawnSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { perRoundBundle } from "../src/cli/bundle.mjs";
import { benchRequest } from "./bench-lib.ts";
import { buildPerRound } from "./build.mjs";

const root = new URL("..", import.meta.url).pathname;
const dir = join(root, ".tmp", "bench");
mkdirSync(dir, { recursive: true });
const cli = join(root, "conformance/cli/feedback-compactor.mjs");
const floor = join(root, "scripts/bench-floor.mjs");
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

await buildPerRound();
if (perRoundBundle("compact") === null) throw new Error("dist/ was just built but the CLI would not use it");

function measure(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): { seconds: number; maxRssMb: number } {
  let best = { seconds: Number.POSITIVE_INFINITY, maxRssMb: 0 };
  for (let i = 0; i < REPEAT; i++) {
    const r = spawnSync("/usr/bin/time", ["-f", "%e %M", process.execPath, ...argv], {
      encoding: "utf8",
      maxBuffer: 1 << 30,
      env,
    });
    if (r.status !== 0) throw new Error(`benchmark command failed: ${r.stderr.slice(-500)}`);
    const [sec, kb] = r.stderr.trim().split("\n").pop()!.split(" ").map(Number);
    if (sec! < best.seconds) best = { seconds: sec!, maxRssMb: kb! / 1024 };
  }
  return best;
}

// What each process needs before the input matters (node, modules, the o200k_base tables): a one-finding request.
const tinyFile = join(dir, "request-1.json");
writeFileSync(tinyFile, JSON.stringify(benchRequest(1, 1)));
const tinyFloor = measure([floor, tinyFile]);
const tinyCompact = measure([cli, "compact", tinyFile, "--budget-tokens", "512"]);

const results: Record<string, unknown>[] = [];
for (const rounds of [50, 100]) {
  const file = join(dir, `request-${rounds}.json`);
  const text = JSON.stringify(benchRequest(rounds, 440));
  writeFileSync(file, text);
  const mb = statSync(file).size / 1024 / 1024;
  const f = measure([floor, file]);
  const c = measure([cli, "compact", file, "--budget-tokens", "512"]);
  const src = measure([cli, "compact", file, "--budget-tokens", "512"], {
    ...process.env,
    FEEDBACK_COMPACTOR_NO_BUNDLE: "1",
  });
  results.push({
    rounds,
    findings: rounds * 445,
    inputMb: +mb.toFixed(1),
    floorS: f.seconds,
    compactS: c.seconds,
    ratio: +(c.seconds / f.seconds).toFixed(2),
    sourcesS: src.seconds,
    floorRssMb: +f.maxRssMb.toFixed(0),
    compactRssMb: +c.maxRssMb.toFixed(0),
    rssOverInput: +(c.maxRssMb / mb).toFixed(2),
    // Peak RSS above the same program's one-finding run, per input MB: the part that grows with the input.
    floorGrowthOverInput: +((f.maxRssMb - tinyFloor.maxRssMb) / mb).toFixed(2),
    compactGrowthOverInput: +((c.maxRssMb - tinyCompact.maxRssMb) / mb).toFixed(2),
  });
}
const [r50, r100] = results as { compactS: number }[];
console.table(results);
const oneFinding = {
  floorS: tinyFloor.seconds,
  floorRssMb: +tinyFloor.maxRssMb.toFixed(0),
  compactS: tinyCompact.seconds,
  compactRssMb: +tinyCompact.maxRssMb.toFixed(0),
};
console.log("one-finding request:", oneFinding);
console.log(
  JSON.stringify({ results, oneFinding, doublingCost: +(r100!.compactS / r50!.compactS).toFixed(2) }),
);
