// FC-CERT-1, FC-CERT-3: benchmark — the whole suite in-process (budget 20 s), with a skip list of 1,000 entries (budget
// 20 s), and over the protocol with --jobs 1 and 2 (budget 60 s).
import { fileURLToPath } from "node:url";
import { certify } from "../conformance/runner/certify.ts";
import type { CertifyReport } from "../conformance/runner/types.ts";

const BIN = fileURLToPath(new URL("../conformance/cli/feedback-compactor.mjs", import.meta.url));
const SERVE = [process.execPath, BIN, "serve"];
const seed = Number(process.env.BENCH_SEED ?? "1");

interface Row {
  label: string;
  budgetMs: number;
  wallMs: number;
  checks: number;
  passed: number;
  restarts: number;
}

async function measure(label: string, budgetMs: number, run: () => Promise<CertifyReport>): Promise<Row> {
  const t0 = performance.now();
  const r = await run();
  const wallMs = Math.round(performance.now() - t0);
  return {
    label,
    budgetMs,
    wallMs,
    checks: r.results.length,
    passed: r.summary.passed,
    restarts: r.restarts,
  };
}

const rows: Row[] = [];
rows.push(await measure("in-process", 20_000, () => certify({ seed })));
// A long skip list (a team's known gaps): each entry's globs are compiled once, not once per check.
const ids = (await certify({ seed, includeProperties: false })).results.map((r) => r.id).slice(0, 1000);
const skip = ids.map((id, i) => ({ id: i % 2 === 0 ? id : `${id}*`, reason: "benchmark" }));
rows.push(await measure("in-process, 1,000 skips", 20_000, () => certify({ seed, skip })));
rows.push(await measure("protocol, --jobs 1", 60_000, () => certify({ seed, command: SERVE, jobs: 1 })));
rows.push(await measure("protocol, --jobs 2", 60_000, () => certify({ seed, command: SERVE, jobs: 2 })));

const lines = ["mode                      wall      checks  passed  checks/s  budget  verdict"];
for (const r of rows) {
  const perSec = (r.checks / (r.wallMs / 1000)).toFixed(0);
  lines.push(
    `${r.label.padEnd(24)} ${(r.wallMs / 1000).toFixed(2).padStart(6)} s  ${String(r.checks).padStart(6)}  ${String(r.passed).padStart(6)}  ${perSec.padStart(8)}  ${String(r.budgetMs / 1000).padStart(4)} s  ${r.wallMs <= r.budgetMs ? "ok" : "OVER BUDGET"}`,
  );
}
const [, , one, two] = rows as [Row, Row, Row, Row];
lines.push(
  `--jobs 2 vs --jobs 1: ${(one.wallMs / two.wallMs).toFixed(2)}x (wall ${one.wallMs} ms → ${two.wallMs} ms)`,
);
console.log(lines.join("\n"));
process.exitCode = rows.every((r) => r.wallMs <= r.budgetMs) ? 0 : 1;
