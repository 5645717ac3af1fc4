// FC-STAGE1-RAW-5, FC-ID-1..2: determinism, and ids that survive line shifts, temp dirs, durations and colour.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonical } from "../canonical.ts";
import { sha256Hex } from "../hash.ts";
import { normMessage } from "../text.ts";
import { type ParsedFinding, parseToolOutput } from "./index.ts";

/** FC-ID-1's hash input without the occurrence counter (normMessage applies every mask of spec/volatile-masks.json). */
function idOf(f: ParsedFinding): string {
  return sha256Hex(canonical([f.rule, f.location?.path ?? null, normMessage(f.message)])).slice(0, 16);
}

interface Failure {
  file: string;
  code: number;
  subject: string;
}

/** Per-round noise: where lines sit, which temp dir and duration appear, whether colour is on. */
interface Noise {
  shift: number;
  tmp: string;
  ms: number;
  colour: boolean;
}

const failure = fc.record({
  file: fc.constantFrom("src/a.ts", "src/b.ts", "lib/util.c", "tests/test_x.py"),
  code: fc.integer({ min: 1000, max: 9999 }),
  subject: fc.stringMatching(/^[a-z]{3,10}$/),
});
const noise = fc.record({
  shift: fc.integer({ min: 0, max: 500 }),
  tmp: fc.stringMatching(/^[a-z0-9]{6,12}$/),
  ms: fc.integer({ min: 0, max: 99_999 }),
  colour: fc.boolean(),
});

const paint = (on: boolean, s: string) => (on ? `\u001b[91m${s}\u001b[0m` : s);

/** Every message carries a temp dir and a duration, so the volatile masks are always exercised. */
const message = (f: Failure, n: Noise) =>
  `'${f.subject}' failed in /tmp/run-${n.tmp}/work/${f.subject}.out after ${n.ms}ms`;

function renderTsc(fs: Failure[], n: Noise): string {
  return fs
    .map(
      (f, i) =>
        `${f.file}(${i * 3 + 1 + n.shift},5): ${paint(n.colour, "error")} TS${f.code}: ${message(f, n)}`,
    )
    .join("\n");
}

function renderGcc(fs: Failure[], n: Noise): string {
  return fs
    .map(
      (f, i) =>
        `${f.file}:${i * 3 + 1 + n.shift}:${(n.shift % 7) + 1}: ${paint(n.colour, "error")}: ${message(f, n)} [-W${f.subject}]`,
    )
    .join("\n");
}

const distinct = fc.uniqueArray(failure, {
  minLength: 1,
  maxLength: 6,
  selector: (f) => `${f.file}|${f.code}|${f.subject}`,
});

describe("Stage 1 properties", () => {
  it("parsing is deterministic", () => {
    fc.assert(
      fc.property(distinct, noise, fc.constantFrom("tsc", "gcc", undefined), (fs, n, format) => {
        const content = format === "gcc" ? renderGcc(fs, n) : renderTsc(fs, n);
        const raw = format === undefined ? { content } : { format, content };
        expect(parseToolOutput(raw, {})).toEqual(parseToolOutput(raw, {}));
      }),
      { numRuns: 200 },
    );
  });

  it("the same failures in two rounds get the same ids despite shifted lines, temp dirs, durations and colour", () => {
    fc.assert(
      fc.property(distinct, noise, noise, fc.constantFrom("tsc", "gcc"), (fs, n1, n2, format) => {
        const render = format === "gcc" ? renderGcc : renderTsc;
        const a = parseToolOutput({ format, content: render(fs, n1) }, {});
        const b = parseToolOutput({ format, content: render(fs, n2) }, {});
        expect(a).toHaveLength(fs.length);
        expect(b.map(idOf)).toEqual(a.map(idOf));
      }),
      { numRuns: 300 },
    );
  });

  it("different failures get different ids", () => {
    fc.assert(
      fc.property(distinct, noise, fc.constantFrom("tsc", "gcc"), (fs, n, format) => {
        const render = format === "gcc" ? renderGcc : renderTsc;
        const ids = parseToolOutput({ format, content: render(fs, n) }, {}).map(idOf);
        // gcc rules carry the flag (the subject), tsc rules the code: each distinct failure differs in rule,
        // path or message subject, so no two ids may coincide.
        expect(new Set(ids).size).toBe(fs.length);
      }),
      { numRuns: 300 },
    );
  });
});
