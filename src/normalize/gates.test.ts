// FC-STAGE1-RAW-10: a text parser's gate is a necessary condition, so skipping a parser whose gate strings are absent changes no finding.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanText, splitLines } from "./common.ts";
import { TEXT_PARSERS } from "./formats/text.ts";
import { type Gate, gateConditions, newScan } from "./text-pipeline.ts";

const FIX = join(import.meta.dirname, "fixtures");

/** Every recorded or hand-made fixture text (expected files and notes aside), by its path under fixtures/. */
function fixtureTexts(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else if (!d.name.endsWith(".expected.json") && !d.name.endsWith(".md"))
        out.push([p.slice(FIX.length + 1), cleanText(readFileSync(p, "utf8"))]);
    }
  };
  walk(FIX);
  return out;
}

const TEXTS = fixtureTexts();
// All of them in one log too: a parser's state may carry from one tool's lines into another's.
TEXTS.push(["(every fixture, joined)", TEXTS.map(([, t]) => t).join("\n")]);

/** The text with every occurrence of every gate string broken (its first character replaced by `¤`). */
function withoutStrings(text: string, strings: readonly string[]): string {
  let t = text;
  for (let changed = true; changed; ) {
    changed = false;
    for (const g of strings)
      if (t.includes(g)) {
        t = t.split(g).join(`\u00a4${g.slice(1)}`);
        changed = true;
      }
  }
  return t;
}

/** The text with `¤` put before every line that opens with one of `chars`. */
const withoutFirstChars = (text: string, chars: string): string =>
  text
    .split("\n")
    .map((l) => (l !== "" && chars.includes(l[0]!) ? `\u00a4${l}` : l))
    .join("\n");

/** Each condition of a gate, as a way to break it in a text. */
function conditionsOf(gate: NonNullable<Gate>): [string, (text: string) => string][] {
  const g = gateConditions(gate);
  const out: [string, (text: string) => string][] = [];
  if (g.firstChars !== undefined) {
    expect(g.firstChars.length).toBeGreaterThan(0);
    out.push([
      `no line opens with one of ${JSON.stringify(g.firstChars)}`,
      (t) => withoutFirstChars(t, g.firstChars!),
    ]);
  }
  if (g.text !== undefined) {
    expect(g.text.length).toBeGreaterThan(0);
    for (const x of g.text) expect(x.length).toBeGreaterThan(0);
    out.push([`no ${JSON.stringify(g.text)}`, (t) => withoutStrings(t, g.text!)]);
  }
  expect(out.length).toBeGreaterThan(0);
  return out;
}

const ctx = { repoRoot: "/home/dev/sample" };

/**
 * What one parser, run alone on the text's lines, does to a fresh scan when the hint does not name it (the
 * pipeline always runs the parser the hint names): no hint, another tool named, or another format named.
 */
const HINTS = [
  { tool: null, format: null, named: false },
  { tool: "some-tool", format: null, named: false },
  { tool: "gcc", format: "compiler", named: true },
] as const;

function effectOf(parse: (typeof TEXT_PARSERS)[number][1], text: string, hint: (typeof HINTS)[number]) {
  const scan = newScan(splitLines(text), ctx, hint.tool, hint.format, hint.named);
  parse(scan);
  return {
    findings: scan.findings.length,
    summaries: scan.summaries.length,
    failed: scan.failed,
    claimed: scan.claimed.reduce((a, b) => a + b, 0),
  };
}

const gated = TEXT_PARSERS.filter(([, , gate]) => gate !== null);

describe("text parser gates (a skipped parser would have found nothing)", () => {
  it("most text parsers have a gate", () => {
    expect(gated.length).toBeGreaterThanOrEqual(23);
  });

  it.each(gated.map(([name, parse, gate]) => [name, parse, gate!] as const))(
    "%s: with any condition of its gate broken, no fixture gives it a line, finding, summary or failure",
    (name, parse, gate) => {
      let foundSomewhere = false;
      for (const [file, text] of TEXTS) {
        // Not vacuous: on the unbroken texts the parser does find something somewhere.
        if (!foundSomewhere && effectOf(parse, text, HINTS[0]).findings > 0) foundSomewhere = true;
        for (const [condition, breakIt] of conditionsOf(gate)) {
          const broken = breakIt(text);
          for (const hint of HINTS) {
            if (hint.format === name) continue;
            const effect = effectOf(parse, broken, hint);
            expect({ file, condition, hint, ...effect }).toEqual({
              file,
              condition,
              hint,
              findings: 0,
              summaries: 0,
              failed: false,
              claimed: 0,
            });
          }
        }
      }
      expect(foundSomewhere).toBe(true);
    },
  );
});
