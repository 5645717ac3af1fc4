// FC-STAGE1-RAW-11, FC-STAGE1-RAW-12: counts how many diagnostics of the Stage 1 fixtures a parser finds (issue 18's tally).
//
// Usage: node --import tsx scripts/measure-stage1.ts [--parser path/to/normalize/index.ts] [fixture-prefix...]
//
// The truth of a fixture is its reviewed `.expected.json`, without the `normalize:*` findings (those are
// Stage 1's own remarks, not the tool's diagnostics). Each fixture is parsed with its format, sniffed, and,
// for a JSON file, as a parsed JSON value with its format. A truth diagnostic is found by the first unused
// parsed finding (other than `normalize:*`) whose message contains its key: the test identity for a test
// failure (the message up to its first `: `), else the first line of the message. Found at the same
// path and start line: matched; found elsewhere: wrong location; not found: missing. Every parsed finding
// that found nothing is extra (`normalize:*` findings included).
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

interface F {
  rule: string;
  location: { path: string; startLine?: number } | null;
  message: string;
}
type Parse = (raw: unknown, ctx: { repoRoot?: string }) => F[];

const args = process.argv.slice(2);
let parserPath = join(import.meta.dirname, "..", "src", "normalize", "index.ts");
const at = args.indexOf("--parser");
if (at >= 0) {
  parserPath = resolve(args[at + 1]!);
  args.splice(at, 2);
}
const { parseToolOutput } = (await import(pathToFileURL(parserPath).href)) as { parseToolOutput: Parse };
const FIX = join(import.meta.dirname, "..", "src", "normalize", "fixtures");
const TEST_RULE = /^(?:junit|jest|vitest|tap|pytest):/;

const keyOf = (f: F): string => {
  const first = f.message.split("\n")[0]!;
  if (!TEST_RULE.test(f.rule)) return first;
  const cut = first.indexOf(": ");
  return cut > 0 ? first.slice(0, cut) : first;
};
const sameLoc = (a: F["location"], b: F["location"]): boolean =>
  a === null || b === null ? a === b : a.path === b.path && a.startLine === b.startLine;

const total = { truth: 0, matched: 0, missing: 0, wrong: 0, extra: 0 };
const rows: string[] = [];
for (const dir of readdirSync(FIX, { withFileTypes: true })) {
  if (!dir.isDirectory() || dir.name === "projects" || dir.name === "breadth") continue;
  for (const name of readdirSync(join(FIX, dir.name)).sort()) {
    if (name.endsWith(".expected.json") || name.startsWith("hand-")) continue;
    const id = `${dir.name}/${name}`;
    if (args.length > 0 && !args.some((p) => id.startsWith(p) || name.startsWith(p))) continue;
    const file = join(FIX, dir.name, name);
    const exp = JSON.parse(readFileSync(`${file.replace(/\.[^.]+$/, "")}.expected.json`, "utf8")) as {
      format: string | null;
      repoRoot: string;
      exitCode?: number;
      findings: F[];
    };
    const truth = exp.findings.filter((f) => !f.rule.startsWith("normalize:"));
    const content = readFileSync(file, "utf8");
    const variants: [string, unknown][] = [["sniffed", { content }]];
    if (exp.format !== null) variants.unshift(["format", { format: exp.format, content }]);
    if (name.endsWith(".json") && exp.format !== null) {
      try {
        variants.push(["json-value", { format: exp.format, content: JSON.parse(content) }]);
      } catch {}
    }
    for (const [how, raw] of variants) {
      const r = raw as Record<string, unknown>;
      if (exp.exitCode !== undefined) r.exitCode = exp.exitCode;
      let got: F[];
      try {
        got = parseToolOutput(r, { repoRoot: exp.repoRoot });
      } catch {
        got = [];
      }
      const used = new Set<number>();
      const c = { truth: truth.length, matched: 0, missing: 0, wrong: 0, extra: 0 };
      for (const t of truth) {
        const key = keyOf(t);
        const i = got.findIndex(
          (g, k) => !used.has(k) && !g.rule.startsWith("normalize:") && g.message.includes(key),
        );
        if (i === -1) c.missing++;
        else {
          used.add(i);
          if (sameLoc(got[i]!.location, t.location)) c.matched++;
          else c.wrong++;
        }
      }
      c.extra = got.length - used.size;
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += c[k];
      rows.push(
        `${id.padEnd(46)} ${how.padEnd(10)} truth ${c.truth}  matched ${c.matched}  missing ${c.missing}  wrong-location ${c.wrong}  extra ${c.extra}`,
      );
    }
  }
}
process.stdout.write(`${rows.join("\n")}\n`);
process.stdout.write(
  `TOTAL truth ${total.truth}: matched ${total.matched}, missing ${total.missing}, wrong location ${total.wrong}, extra ${total.extra}\n`,
);
