// FC-STAGE1-RAW-10: Stage 1 throughput on tool output (target >= 25 MB/s per text format, beside the floor) and the 50 MB linear-time check.
//
// Usage: node --import tsx scripts/bench-stage1.ts [--mb 50] [--producer-mb 10] [--runs 3] [--cpu] [--only <label part>] [--digest]
// Builds in memory, per format, a log of about N MB by repeating that format's recorded fixtures (line
// formats) or by replicating the records of one document (JSON/XML formats), then times parseToolOutput.
// Every breadth producer with a text recording (src/normalize/fixtures/breadth/*) is a row of its own, its
// recordings repeated to --producer-mb and sniffed; the "linters, any format" row holds them all in one log.
// Each row is timed --runs times (default 3) and its fastest run counts, the floor's too: on the 2-core VM one
// run of the same row differs from the next by up to 2.5 times (a neighbour's load, not the parser), and the
// fastest run is the one least disturbed. Every run's time is printed with --all-runs.
// --cpu also prints MB/s by the process's CPU time (comparable when the machine is shared).
// --digest times nothing: it prints the sha256 of every bench input's findings and of every fixture's,
// named and sniffed, so that a change meant to be a pure speed-up can be shown to change no output.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseToolOutput } from "../src/normalize/index.ts";

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(`Usage: npm run bench:stage1 [-- --mb N] [-- --producer-mb N] [-- --runs N] [-- --cpu] [-- --only TEXT] [-- --digest]

Times Stage 1 (parseToolOutput) on about N MB (default 50) of each format's recorded output, and on each breadth
producer's recordings repeated to --producer-mb (default 10) and sniffed; prints MB/s beside a floor (one pass
over every character of the same input) and exits 1 when a row is below 25 MB/s.
  --runs N      time each row N times (default 3) and keep its fastest run (the machine's noise, not the parser,
                makes runs differ); --all-runs prints every run's MB/s too
  --cpu         also print MB/s by the process's CPU time (comparable when the machine is shared)
  --only TEXT   only the rows whose label contains TEXT (e.g. --only "flake8")
  --digest      time nothing: print the sha256 of every bench input's findings and of every fixture's, named
                and sniffed, to show that a speed-up changes no output
`);
  process.exit(0);
}

const argMb = process.argv.indexOf("--mb");
const MB = argMb > 0 ? Number(process.argv[argMb + 1]) : 50;
const TARGET = MB * 1024 * 1024;
const FIX = join(import.meta.dirname, "..", "src", "normalize", "fixtures");

function fixtureTexts(dir: string): string[] {
  return readdirSync(join(FIX, dir))
    .filter((n) => !n.endsWith(".expected.json") && !n.startsWith("hand-"))
    .map((n) => readFileSync(join(FIX, dir, n), "utf8"));
}

/** The text recordings of one breadth producer (issue 24), by its folder under fixtures/breadth. */
function producerTexts(name: string): string[] {
  return readdirSync(join(FIX, "breadth", name))
    .filter((n) => n.endsWith(".txt") && !n.includes(".truth."))
    .sort()
    .map((n) => readFileSync(join(FIX, "breadth", name, n), "utf8"));
}

/** The breadth producers that have a text recording: linters and compilers Stage 1 reads generically. */
const PRODUCERS = readdirSync(join(FIX, "breadth"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && producerTexts(d.name).length > 0)
  .map((d) => d.name)
  .sort();

/** Every breadth producer's text recordings, in one log. */
const breadthTexts = (): string[] => PRODUCERS.flatMap(producerTexts);

function repeatTo(parts: string[], sep = "\n", size = TARGET): string {
  const unit = parts.join(sep) + sep;
  return unit.repeat(Math.max(1, Math.ceil(size / unit.length)));
}

/** Each producer's row is built to this size (default 10 MB, --producer-mb): there are some fifty of them. */
const argPmb = process.argv.indexOf("--producer-mb");
const PRODUCER_SIZE = (argPmb > 0 ? Number(process.argv[argPmb + 1]) : Math.min(MB, 10)) * 1024 * 1024;

function eslintDoc(): string {
  const files = JSON.parse(readFileSync(join(FIX, "eslint", "eslint9-json.json"), "utf8")) as unknown[];
  const unitLen = JSON.stringify(files).length;
  const copies = Math.ceil(TARGET / unitLen);
  return JSON.stringify(Array.from({ length: copies }, () => files).flat());
}

function junitDoc(): string {
  const one = readFileSync(join(FIX, "junit", "vitest4-junit.xml"), "utf8");
  const suites = one.slice(one.indexOf("<testsuite "), one.lastIndexOf("</testsuites>"));
  const copies = Math.ceil(TARGET / suites.length);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n${suites.repeat(copies)}</testsuites>\n`;
}

const cases: [string, string | undefined, () => string][] = [
  ["tsc (pretty + plain)", "tsc", () => repeatTo(fixtureTexts("tsc"))],
  ["gcc/clang", "gcc", () => repeatTo(fixtureTexts("compiler"))],
  ["pytest console", "pytest", () => repeatTo(fixtureTexts("pytest"))],
  ["console logs (sniffed)", undefined, () => repeatTo(fixtureTexts("text"))],
  ["go test -json", "go-test-json", () => repeatTo(fixtureTexts("go-test-json"))],
  ["cargo json", "cargo-json", () => repeatTo(fixtureTexts("cargo-json"))],
  ["gcc json", "gcc", () => repeatTo(fixtureTexts("gcc-json"))],
  ["rustc/cargo text", "cargo", () => repeatTo(fixtureTexts("rustc-text"))],
  ["python tracebacks", undefined, () => repeatTo(fixtureTexts("python-traceback"))],
  ["linters, any format (sniffed)", undefined, () => repeatTo(breadthTexts())],
  ["eslint json", "eslint", eslintDoc],
  ["junit xml", "junit", junitDoc],
  // Each producer's own output, sniffed as a verifier would send it: a format of its own (issue 24, item 7).
  ...PRODUCERS.map((name): [string, string | undefined, () => string] => [
    `${name} (sniffed)`,
    undefined,
    () => repeatTo(producerTexts(name), "\n", PRODUCER_SIZE),
  ]),
];

const PRODUCER_ROWS = new Set(PRODUCERS.map((name) => `${name} (sniffed)`));
const argOnly = process.argv.indexOf("--only");
const only = argOnly > 0 ? process.argv[argOnly + 1]! : null;
const selected = cases.filter(([label]) => only === null || label.includes(only));

/** sha256 of JSON.stringify(findings), hashed one finding at a time (a 50 MB log's JSON is too long a string). */
function digestOf(findings: unknown[]): string {
  const h = createHash("sha256");
  h.update("[");
  for (let i = 0; i < findings.length; i++) h.update((i > 0 ? "," : "") + JSON.stringify(findings[i]));
  h.update("]");
  return h.digest("hex");
}

/** Every recorded or hand-made fixture (projects aside), with the format and context its expected file names. */
function* fixtureRuns(): Generator<[string, Record<string, unknown>, Record<string, unknown>]> {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
  for (const file of walk(FIX)) {
    const rel = file.slice(FIX.length + 1);
    if (rel.startsWith("projects/") || rel.endsWith(".expected.json") || rel.endsWith(".md")) continue;
    const expectedFile = [`${file}.expected.json`, `${file.replace(/\.[^.]+$/, "")}.expected.json`].find(
      (f) => {
        try {
          readFileSync(f);
          return true;
        } catch {
          return false;
        }
      },
    );
    const exp = (expectedFile ? JSON.parse(readFileSync(expectedFile, "utf8")) : {}) as Record<
      string,
      unknown
    >;
    const content = readFileSync(file, "utf8");
    const ctx: Record<string, unknown> = { repoRoot: exp.repoRoot ?? "/home/dev/sample" };
    if (exp.repoPaths !== undefined) ctx.repoPaths = exp.repoPaths;
    const extra: Record<string, unknown> = exp.exitCode !== undefined ? { exitCode: exp.exitCode } : {};
    if (typeof exp.format === "string")
      yield [`${rel} named`, { ...extra, format: exp.format, content }, ctx];
    yield [`${rel} sniffed`, { ...extra, content }, ctx];
  }
}

if (process.argv.includes("--digest")) {
  const all = createHash("sha256");
  const line = (label: string, d: string): void => {
    all.update(`${label} ${d}\n`);
    process.stdout.write(`${d.slice(0, 16)} ${label}\n`);
  };
  for (const [label, format, build] of selected) {
    const content = build();
    const raw = format === undefined ? { content } : { format, content };
    line(
      `bench ${label} (${PRODUCER_ROWS.has(label) ? PRODUCER_SIZE / 1024 / 1024 : MB} MB)`,
      digestOf(parseToolOutput(raw, { repoRoot: "/home/dev/sample" })),
    );
  }
  if (only === null)
    for (const [label, raw, ctx] of fixtureRuns())
      line(`fixture ${label}`, digestOf(parseToolOutput(raw as { content: unknown }, ctx)));
  process.stdout.write(`all: ${all.digest("hex")}\n`);
  process.exit(0);
}

const cpu = process.argv.includes("--cpu");
const allRuns = process.argv.includes("--all-runs");
const argRuns = process.argv.indexOf("--runs");
const RUNS = argRuns > 0 ? Number(process.argv[argRuns + 1]) : 3;
if (!Number.isInteger(RUNS) || RUNS < 1) {
  process.stderr.write(`--runs wants a whole number of at least 1, not ${process.argv[argRuns + 1]}\n`);
  process.exit(2);
}
const BAR = 25;
let worst = Number.POSITIVE_INFINITY;
let sink = 0; // module scope: the floor's loop has an effect the compiler keeps
process.stdout.write(
  `Stage 1 throughput, ~${MB} MB per format, fastest of ${RUNS} run${RUNS === 1 ? "" : "s"} (target >= ${BAR} MB/s for text formats)\n`,
);
for (const [label, format, build] of selected) {
  // Flat, as JSON.parse hands a request's content over: `repeat` builds a rope, and flattening it at the
  // first search would be timed as parsing.
  const content = JSON.parse(JSON.stringify(build())) as string;
  // Warm-up on a small slice so the figure measures steady-state parsing, not JIT compilation.
  parseToolOutput(
    format === undefined
      ? { content: content.slice(0, 200_000) }
      : { format, content: content.slice(0, 200_000) },
    {},
  );
  const mb = Buffer.byteLength(content) / (1024 * 1024);
  let s = Number.POSITIVE_INFINITY;
  let cpuS = Number.POSITIVE_INFINITY;
  let floorS = Number.POSITIVE_INFINITY;
  let found = 0;
  const rates: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const out = parseToolOutput(format === undefined ? { content } : { format, content }, {
      repoRoot: "/home/dev/sample",
    });
    const took = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(c0);
    s = Math.min(s, took);
    cpuS = Math.min(cpuS, (used.user + used.system) / 1e6);
    found = out.length;
    rates.push((mb / took).toFixed(1));
    // The floor, in the same run: one pass over every character of the same content.
    const f0 = performance.now();
    for (let i = 0; i < content.length; i++) sink = (sink + content.charCodeAt(i)) | 0;
    floorS = Math.min(floorS, (performance.now() - f0) / 1000);
  }
  const cpuRate = mb / cpuS;
  const rate = mb / s;
  const floor = mb / floorS;
  worst = Math.min(worst, rate);
  process.stdout.write(
    `${label.padEnd(30)} ${mb.toFixed(1).padStart(6)} MB ${s.toFixed(2).padStart(6)} s ${rate.toFixed(1).padStart(7)} MB/s (floor ${floor.toFixed(0)} MB/s) ${String(found).padStart(8)} findings${cpu ? ` cpu ${cpuRate.toFixed(1)} MB/s` : ""}${allRuns ? ` runs ${rates.join(" ")}` : ""}\n`,
  );
}
process.stdout.write(
  `slowest: ${worst.toFixed(1)} MB/s ${worst >= BAR ? "(ok)" : "(BELOW TARGET)"} [${sink & 1}]\n`,
);
process.exitCode = worst >= BAR ? 0 : 1;
