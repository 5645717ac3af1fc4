// Random exploration, kept out of `npm test`: the unit tests' properties and the suite's own properties against
// the reference, each round from a new seed. Whatever it finds becomes a regression case with a fixed input.
//
// Usage: npm run test:explore [-- --rounds N] [-- --runs N] [-- --no-certify]
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";

const ROOT = join(import.meta.dirname, "..");

function testFilesWithProperties(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = posix.join(dir, e.name);
    if (e.isDirectory())
      return ["node_modules", "fixtures"].includes(e.name) ? [] : testFilesWithProperties(p);
    if (!e.name.endsWith(".test.ts")) return [];
    return /\bfc\.(?:assert|check)\(/.test(readFileSync(join(ROOT, p), "utf8")) ? [p] : [];
  });
}

function option(argv: string[], name: string, fallback: number): number {
  const at = argv.indexOf(name);
  if (at < 0) return fallback;
  const n = Number(argv[at + 1]);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} takes a positive whole number`);
  return n;
}

const HELP = `Usage: npm run test:explore [-- --rounds N] [-- --runs N] [-- --no-certify]

Runs every unit-test file that has fast-check properties, and the suite's properties against the in-process
reference, N rounds (default 5), each from a new random seed and with --runs runs per property (default 200).
npm test always uses one fixed seed; this is where new counterexamples are found. A failure prints the seed and
the command that replays it; turn the shrunk counterexample into a regression test (a fixed input beside the
property) or a conformance case, then fix the bug.
`;

function main(argv: string[]): number {
  if (argv.includes("--help")) {
    process.stdout.write(HELP);
    return 0;
  }
  const rounds = option(argv, "--rounds", 5);
  const runs = option(argv, "--runs", 200);
  const files = ["src", "conformance", "scripts"].flatMap(testFilesWithProperties);
  const failures: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    const seed = Math.floor(Math.random() * 2 ** 31);
    process.stdout.write(`round ${round}/${rounds}: seed ${seed}, ${files.length} test files\n`);
    const unit = spawnSync("npx", ["vitest", "run", "--reporter=dot", ...files], {
      cwd: ROOT,
      env: { ...process.env, FC_SEED: String(seed), FC_NUM_RUNS: String(runs) },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (unit.status !== 0) {
      const failed = [...new Set([...unit.stdout.matchAll(/FAIL\s+(\S+\.test\.ts)/g)].map((m) => m[1]))];
      failures.push(
        `FC_SEED=${seed} FC_NUM_RUNS=${runs} npx vitest run ${failed.join(" ") || files.join(" ")}`,
      );
      process.stdout.write(
        unit.stdout
          .split("\n")
          .filter((l) => /FAIL|Counterexample|seed/i.test(l))
          .join("\n"),
      );
      process.stdout.write("\n");
    }
    if (!argv.includes("--no-certify")) {
      const cli = relative(ROOT, join(ROOT, "conformance/cli/feedback-compactor.mjs"));
      const args = [
        "certify",
        "--in-process",
        "--filter",
        "property.*",
        "--seed",
        String(seed),
        "--runs",
        String(runs),
      ];
      const suite = spawnSync(process.execPath, [cli, ...args], { cwd: ROOT, encoding: "utf8" });
      if (suite.status !== 0) {
        failures.push(`node ${cli} ${args.join(" ")}`);
        process.stdout.write(`${suite.stdout.split("\n").slice(-25).join("\n")}\n`);
      }
    }
  }
  if (failures.length === 0) {
    process.stdout.write(`no counterexample in ${rounds} rounds\n`);
    return 0;
  }
  process.stdout.write(
    `\n${failures.length} failing round(s); replay with:\n${failures.map((f) => `  ${f}`).join("\n")}\n`,
  );
  return 1;
}

process.exitCode = main(process.argv.slice(2));
