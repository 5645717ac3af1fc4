// FC-STAGE1-RAW-10, FC-REDACT-SENSITIVE-12, FC-LEAK-5: exploration for superlinear time, kept out of `npm test`.
//
// Usage: npm run test:explore-growth [-- --only stage1|redact] [-- --format F] [-- --seed N] [-- --random N] [-- --quick]
import { FORMAT_ALIASES, parseToolOutput } from "../src/normalize/index.ts";
import { redactText, scanForLeaks } from "../src/redact/index.ts";
import { rng } from "../src/redact/testing/corpus.ts";
import { linearGrowth } from "../src/testing/growth.ts";

const HELP = `Usage: npm run test:explore-growth [-- --only stage1|redact] [-- --format F] [-- --seed N] [-- --random N] [-- --quick]

Looks for input that costs more than linear time. Each input is one short unit repeated (every character of an
alphabet of delimiters, every pair of them, and --random N seeded random units of 3 to 6 of them), alone and
after a few prefixes (a located diagnostic, a traceback head, a secret's key). Each is timed at 16 Ki and at
64 Ki characters (CPU time, best of two): linear work grows about 4 times, quadratic work 16. An input that grows
more than 8 times is measured again with the unit tests' growth guard (src/testing/growth.ts: n against 2n,
doubling n from 16 Ki until n takes 20 ms; over 3 fails), so a pause of the collector is not reported.
Stage 1 runs once per format name and once sniffed; the redactor runs redactText and scanForLeaks.

A line "GROWTH" names the function, format, prefix and unit, with both times; exit 1 when there is one. Turn
each into a growth guard beside the code (src/normalize/hostile.test.ts, src/redact/adversarial.test.ts) and
fix it. Its first run found four quadratic patterns in Stage 1: runs of CRs, runs of line ends under a JSON
format's name, and blank lines in a JUnit failure body (two).
  --only W    stage1 or redact (default both)
  --format F  Stage 1 under this format name only (\`sniffed\` for none), e.g. --format junit
  --seed N    seed of the random units (default: a new one, printed)
  --random N  random units besides the pairs (default 200)
  --quick     single units and 50 random ones only (a few minutes)
`;

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  process.stdout.write(HELP);
  process.exit(0);
}
function option(name: string): string | undefined {
  const at = argv.indexOf(name);
  return at < 0 ? undefined : argv[at + 1];
}
function count(name: string, fallback: number): number {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) {
    process.stderr.write(`${name} takes a whole number, not ${raw}\n`);
    process.exit(2);
  }
  return n;
}
const only = option("--only");
if (only !== undefined && only !== "stage1" && only !== "redact") {
  process.stderr.write(`--only takes stage1 or redact, not ${only}\n`);
  process.exit(2);
}
const quick = argv.includes("--quick");
const onlyFormat = option("--format");
if (
  onlyFormat !== undefined &&
  onlyFormat !== "sniffed" &&
  !Object.values(FORMAT_ALIASES).includes(onlyFormat)
) {
  const names = [...new Set(Object.values(FORMAT_ALIASES))].sort().join(", ");
  process.stderr.write(`--format takes sniffed or one of: ${names}; not ${onlyFormat}\n`);
  process.exit(2);
}
const seed = count("--seed", Math.floor(Math.random() * 2 ** 31));
const randomUnits = count("--random", quick ? 50 : 200);

// Delimiters and the characters patterns quantify over: white space and line ends first.
const ALPHABET = [
  " ",
  "\n",
  "\r",
  "\t",
  ":",
  "a",
  "A",
  "1",
  "(",
  "[",
  "{",
  "\x1b",
  "-",
  ".",
  "/",
  '"',
  "'",
  "<",
  ">",
  "=",
  ",",
  "|",
  "~",
  "_",
  "#",
  "*",
  "\\",
  "%",
  "&",
  "@",
  "+",
  "$",
  "`",
  ";",
  "?",
  "!",
  "é",
  "\u00a0",
  "\u2028",
];

function units(): string[] {
  const out = [...ALPHABET];
  if (!quick) for (const a of ALPHABET) for (const b of ALPHABET) out.push(a + b);
  const next = rng(seed);
  for (let i = 0; i < randomUnits; i++) {
    const len = 3 + Math.floor(next() * 4);
    let u = "";
    for (let k = 0; k < len; k++) u += ALPHABET[Math.floor(next() * ALPHABET.length)];
    out.push(u);
  }
  return out;
}

const STAGE1_PREFIXES = ["", "src/a.ts:1:1: error: ", 'Traceback (most recent call last):\n  File "'];
const REDACT_PREFIXES = ["", "password=", "Authorization: Bearer ", "https://u:"];

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function best(run: (s: string) => unknown, input: string): number {
  let min = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 2; k++) {
    const t = cpu();
    run(input);
    min = Math.min(min, cpu() - t);
  }
  return min;
}

interface Target {
  name: string;
  prefixes: string[];
  run: (s: string) => unknown;
}

function targets(): Target[] {
  const list: Target[] = [];
  if (only !== "redact") {
    const formats =
      onlyFormat === undefined
        ? [undefined, ...new Set(Object.values(FORMAT_ALIASES))]
        : [onlyFormat === "sniffed" ? undefined : onlyFormat];
    for (const format of formats)
      list.push({
        name: `stage1 ${format ?? "(sniffed)"}`,
        prefixes: STAGE1_PREFIXES,
        run: (content) =>
          parseToolOutput(format === undefined ? { content } : { format, content }, { repoRoot: "/repo" }),
      });
  }
  if (only !== "stage1" && onlyFormat === undefined) {
    list.push({
      name: "redactText",
      prefixes: REDACT_PREFIXES,
      run: (s) => redactText(s, { repoRoot: "/home/dev/repo" }),
    });
    list.push({ name: "scanForLeaks", prefixes: REDACT_PREFIXES, run: scanForLeaks });
  }
  return list;
}

/** A string as a JSON literal with every character outside printable ASCII escaped (U+2028 and NBSP look like spaces). */
const show = (text: string): string =>
  JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

const SMALL = 16 * 1024;
const LARGE = 64 * 1024;
const all = units();
const list = targets();
process.stdout.write(
  `explore-growth: seed ${seed}, ${all.length} units, ${list.length} targets (replay: --seed ${seed}${quick ? " --quick" : ""}${option("--random") !== undefined ? ` --random ${randomUnits}` : ""})\n`,
);
let found = 0;
let done = 0;
const started = Date.now();
for (const target of list) {
  for (const prefix of target.prefixes)
    for (const u of all) {
      const small = prefix + u.repeat(Math.ceil(SMALL / u.length));
      const a = best(target.run, small);
      // Quadratic work this slow at 16 Ki would take minutes at 64 Ki: it is reported as it stands.
      const b =
        a > 1000
          ? Number.POSITIVE_INFINITY
          : best(target.run, prefix + u.repeat(Math.ceil(LARGE / u.length)));
      if (b > 30 && b / Math.max(a, 1) > 8) {
        const g = Number.isFinite(b)
          ? linearGrowth((n) => prefix + u.repeat(Math.ceil(n / u.length)), target.run, {
              n: SMALL,
              maxN: 4 * LARGE,
              floorMs: 20,
            })
          : null;
        if (g?.ok === true) continue;
        found++;
        process.stdout.write(
          `GROWTH ${target.name} prefix ${show(prefix)} unit ${show(u)}: ${a.toFixed(1)} ms at 16 Ki, ${g === null ? "64 Ki not run" : `${g.small.toFixed(1)} ms at ${g.n}, ${g.large.toFixed(1)} ms at ${2 * g.n}`}\n`,
        );
      }
    }
  done++;
  if (process.stderr.isTTY || done % 10 === 0 || done === list.length)
    process.stderr.write(
      `  ${done}/${list.length} targets, ${Math.round((Date.now() - started) / 1000)} s\n`,
    );
}
process.stdout.write(
  found === 0 ? "no superlinear growth found\n" : `${found} input(s) grew superlinearly\n`,
);
process.exitCode = found === 0 ? 0 : 1;
