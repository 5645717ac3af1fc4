// FC-MATRIX-9: benchmark — the matrix over seven implementations against the slowest of their single certify runs.
//
// Each round runs, through the CLI as a user would: `certify --filter F -- COMMAND` once per implementation of
// conformance/testing/matrix-seven.json (the reference over the protocol, the two Python examples, two legal variants
// and two mutants served by `serve --mutant ID`), one after the other; then `matrix REGISTRY --filter F` once. The
// target: the matrix takes at most the slowest single run plus 50 %. Medians over BENCH_ROUNDS rounds (default 3).
// The floor, measured in the same run: the CPU time (user + system) every run spends, kit and implementations
// together, read from this process's children's counters. No schedule on C cores can finish the matrix in less than
// its CPU time over C, so "matrix CPU / cores / slowest single" is the best ratio this machine allows; when that
// floor is over 1.50 the target is out of reach here whatever the scheduling.
//
//   npm run bench:matrix                       BENCH_ROUNDS=5 BENCH_FILTER='compact.*' npm run bench:matrix
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { environmentOf, readRegistry } from "../conformance/runner/registry.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "conformance/cli/feedback-compactor.mjs");
const REGISTRY = join(ROOT, "conformance/testing/matrix-seven.json");
const FILTER = process.env.BENCH_FILTER ?? "compact.ranking.*,compact.stall.*,compact.ids.*";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? "3");
const OUT = join(ROOT, ".tmp", "bench-matrix");

const registry = readRegistry(REGISTRY);
if (!registry.ok) throw new Error(registry.message);
const python = spawnSync("python3", ["--version"]).status === 0;
const impls = registry.registry.implementations.filter((i) => python || i.command[0] !== "python3");
if (!python) console.log("python3 is not available: the two Python examples are left out of both sides");
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

/**
 * CPU milliseconds (user + system) of this process's waited-for descendants, from /proc/self/stat (cutime and cstime,
 * fields 16 and 17, in clock ticks of 1/100 s on Linux); null where /proc is not there.
 */
function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

/** Wall-clock and CPU milliseconds of one CLI run; a failure to run at all (exit 2) stops the benchmark. */
function timed(args: string[], cwd: string, env: NodeJS.ProcessEnv): { ms: number; cpu: number | null } {
  const c0 = childrenCpuMs();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env, encoding: "utf8" });
  const ms = performance.now() - t0;
  const c1 = childrenCpuMs();
  if (r.status === 2 || r.status === null)
    throw new Error(
      `feedback-compactor ${args.slice(0, 3).join(" ")} … exited ${r.status}: ${r.stderr.slice(0, 400)}`,
    );
  return { ms, cpu: c0 === null || c1 === null ? null : c1 - c0 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const singles = new Map<string, number[]>(impls.map((i) => [i.name, []]));
const singleCpu = new Map<string, number[]>(impls.map((i) => [i.name, []]));
const matrix: number[] = [];
const matrixCpu: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const impl of impls) {
    const run = timed(
      [
        "certify",
        "--filter",
        FILTER,
        "--reporter",
        "json",
        "--out",
        join(OUT, `${impl.name}.json`),
        "--",
        ...impl.command,
      ],
      impl.dir,
      environmentOf(impl) as NodeJS.ProcessEnv,
    );
    singles.get(impl.name)!.push(run.ms);
    if (run.cpu !== null) singleCpu.get(impl.name)!.push(run.cpu);
  }
  const only = impls.map((i) => i.name).join(",");
  const run = timed(
    ["matrix", REGISTRY, "--only", only, "--filter", FILTER, "--out", join(OUT, "matrix.json")],
    ROOT,
    process.env,
  );
  matrix.push(run.ms);
  if (run.cpu !== null) matrixCpu.push(run.cpu);
  console.log(`round ${round}/${ROUNDS} done (load average ${loadavg()[0]!.toFixed(2)})`);
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const lines = [
  `matrix bench: ${impls.length} implementations, filter '${FILTER}', ${ROUNDS} round(s), ${availableParallelism()} cores, medians`,
  "",
  "single certify run (CLI)      median      all rounds                CPU (kit + implementation), median",
];
let slowest = 0;
let sum = 0;
for (const [name, xs] of singles) {
  const m = median(xs);
  slowest = Math.max(slowest, m);
  sum += m;
  const cpu = singleCpu.get(name)!;
  const rounds = xs.map(s).join(", ");
  lines.push(
    `  ${name.padEnd(26)} ${s(m).padStart(8)}    ${rounds.padEnd(24)}  ${cpu.length > 0 ? s(median(cpu)) : "n/a"}`,
  );
}
const m = median(matrix);
const ratio = m / slowest;
const cores = availableParallelism();
lines.push(
  `  ${"(all, one after the other)".padEnd(26)} ${s(sum).padStart(8)}`,
  "",
  `matrix (CLI, --jobs default)  ${s(m).padStart(8)}    ${matrix.map(s).join(", ")}`,
  `matrix / slowest single: ${ratio.toFixed(2)} (target ≤ 1.50): ${ratio <= 1.5 ? "ok" : "OVER TARGET"}`,
  `matrix / all singles in sequence: ${(m / sum).toFixed(2)}`,
);
if (matrixCpu.length > 0) {
  // The floor of this machine: the matrix's own CPU time spread perfectly over every core.
  const cpu = median(matrixCpu);
  const floor = cpu / cores / slowest;
  lines.push(
    "",
    `floor: the matrix spends ${s(cpu)} of CPU (median); on ${cores} cores no schedule finishes it in under ${s(cpu / cores)}`,
    `best ratio this machine allows: ${floor.toFixed(2)}${floor > 1.5 ? " (over 1.50: the target needs less CPU per implementation or more cores)" : ""}`,
  );
}
console.log(lines.join("\n"));
process.exitCode = ratio <= 1.5 ? 0 : 1;
