// FC-CERT-25 (reading the survivors of `npm run mutate`): redacts every string of the case library and the rule
// samples with one mutant of an instrumented sandbox on and off, and prints the texts whose output differs.
//
// Usage: npx tsx scripts/mutant-diff.ts --sandbox DIR --mutant ID [--twice] [--filter TEXT] [--max N]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const HELP = `Usage: npx tsx scripts/mutant-diff.ts --sandbox DIR --mutant ID [--twice] [--filter TEXT] [--max N]

Reads one survivor of the redaction or leak-scan area of a mutation draw. DIR is a copy of the draw's
instrumented sandbox (npm run mutate -- --keep-sandbox leaves it in .tmp/mutate/sandbox; read a running
draw from a copy, see CONTRIBUTING.md) and ID the mutant's id in its progress.jsonl. Every string of
DIR/conformance/cases and DIR/spec/rules/redaction-rules.json (3 to 20,000 characters) is redacted with
the mutant off and on, and the leak scan runs over the text as given; the texts whose output or scan
differs are printed (the first N, default 8), then the count.

  --twice        redact the reference's output a second time (the mutant on for that pass only) and
                 compare the texts and the number of hits: a survivor that only matters on text that
                 already holds placeholders shows here (FC-REDACT-SENSITIVE-9)
  --filter TEXT  only case files whose path holds TEXT (the rule samples are always read)
  --max N        print at most N differences (the count covers all)

No difference means equivalence or a shape no case holds: try the syntax around the mutant by hand
before calling it equivalent. Exit status: 0, whether or not texts differ; 2 on a usage error.`;

function usage(message: string): never {
  process.stderr.write(`${JSON.stringify({ error: { code: "USAGE", message } })}\n`);
  process.exit(2);
}

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith("--")) usage(`${name} needs a value; see --help`);
  return v;
};
const known = new Set(["--sandbox", "--mutant", "--twice", "--filter", "--max"]);
for (const a of argv) if (a.startsWith("--") && !known.has(a)) usage(`unknown option ${a}; see --help`);
const sandbox = opt("--sandbox");
const mutant = opt("--mutant");
if (sandbox === undefined || mutant === undefined) usage("--sandbox and --mutant are required; see --help");
if (!/^\d{1,9}$/.test(mutant)) usage("--mutant is a mutant id, digits only");
const dir = resolve(sandbox);
const redactor = join(dir, "src/redact/redactor.ts");
const scanner = join(dir, "src/redact/leak-scan.ts");
try {
  if (!readFileSync(redactor, "utf8").includes("stryMutAct_")) usage(`${dir} holds no instrumented src/`);
} catch {
  usage(`${dir} is no sandbox: ${redactor} is missing`);
}
const max = Number(opt("--max") ?? 8);
if (!Number.isInteger(max) || max < 0) usage("--max is a count");
const filter = opt("--filter");
const twice = argv.includes("--twice");

// The instrumented code reads the active mutant from this global on every call.
const g = globalThis as { __stryker__?: { activeMutant?: string } };
g.__stryker__ ??= {};
const stryker = g.__stryker__;
const { redactText } = (await import(redactor)) as {
  redactText: (t: string, ctx: { repoRoot: string }) => { text: string; hits: unknown[] };
};
const { scanForLeaks } = (await import(scanner)) as { scanForLeaks: (t: string) => { detector: string }[] };

const texts = new Set<string>();
const walk = (v: unknown): void => {
  if (typeof v === "string") {
    if (v.length >= 3 && v.length <= 20_000) texts.add(v);
  } else if (Array.isArray(v)) for (const x of v) walk(x);
  else if (v !== null && typeof v === "object") for (const x of Object.values(v)) walk(x);
};
const files = (d: string): string[] =>
  readdirSync(d)
    .sort()
    .flatMap((n) => {
      const p = join(d, n);
      return statSync(p).isDirectory() ? files(p) : p.endsWith(".json") ? [p] : [];
    });
for (const f of files(join(dir, "conformance/cases")))
  if (filter === undefined || f.includes(filter)) walk(JSON.parse(readFileSync(f, "utf8")));
walk(JSON.parse(readFileSync(join(dir, "spec/rules/redaction-rules.json"), "utf8")));

const CTX = { repoRoot: "/repo" };
/** The text redacted with the mutant on or off (`input` is what the redactor reads), and the scan of `text`. */
function outcome(text: string, input: string, on: boolean): string {
  try {
    stryker.activeMutant = on ? mutant : undefined;
    const r = redactText(input, CTX);
    const scan = scanForLeaks(text)
      .map((h) => h.detector)
      .join(",");
    return `${r.text} ¦${twice ? `hits:${r.hits.length} ¦` : ""}scan:${scan}`;
  } catch (e) {
    return `THROW ${(e as Error).name}`;
  } finally {
    stryker.activeMutant = undefined;
  }
}

let differ = 0;
for (const t of texts) {
  // With --twice both passes read the reference's output, computed once (the mutant off).
  let input = t;
  if (twice) {
    try {
      input = redactText(t, CTX).text;
    } catch {
      continue; // both passes would answer the same throw
    }
  }
  const off = outcome(t, input, false);
  const on = outcome(t, input, true);
  if (off === on) continue;
  differ++;
  if (differ <= max)
    process.stdout.write(
      `--- ${JSON.stringify(t.slice(0, 300))}\noff: ${JSON.stringify(off.slice(0, 400))}\non:  ${JSON.stringify(on.slice(0, 400))}\n`,
    );
}
process.stdout.write(
  `${texts.size} texts, ${differ} differ (mutant ${mutant}${twice ? ", second pass" : ""})\n`,
);
