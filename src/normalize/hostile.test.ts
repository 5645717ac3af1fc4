// FC-STAGE1-RAW-10, FC-REQ-11: hostile raw output ends in findings or a clean result, in linear time, never a throw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FORMAT_ALIASES,
  MAX_CONTENT,
  type ParsedFinding,
  parseToolOutput,
  sniffFormat,
  UNPARSED_RULE,
} from "./index.ts";
import { linearGrowth } from "../testing/growth.ts";
import { someLineOpensJson } from "./common.ts";

const FORMATS = [...new Set(Object.values(FORMAT_ALIASES)), undefined, "some-unknown-tool"];

function parseAll(content: unknown) {
  for (const format of FORMATS) {
    const raw = format === undefined ? { content } : { format, content };
    const out = parseToolOutput(raw, { repoRoot: "/repo" });
    expect(Array.isArray(out)).toBe(true);
  }
}

describe("hostile raw output", () => {
  it("arbitrary strings and JSON values never make any parser throw", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "binary", maxLength: 400 }), fc.jsonValue({ maxDepth: 4 })),
        (content) => {
          parseAll(content);
          expect(() => sniffFormat(content)).not.toThrow();
        },
      ),
      { numRuns: 150 },
    );
  });

  it("random bytes are reported as unparsed binary data", () => {
    let seed = 7;
    const bytes = Array.from({ length: 3000 }, () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return String.fromCharCode(seed % 256);
    }).join("");
    expect(parseToolOutput({ content: bytes }, {}).map((f) => f.rule)).toEqual([UNPARSED_RULE]);
  });

  it("truncated JSON and XML become one unparsed finding", () => {
    for (const [format, content] of [
      ["eslint", '[{"filePath":"/repo/a.js","messages":[{"ruleId":"x"'],
      ["sarif", '{"version":"2.1.0","runs":[{"results":['],
      ["jest-json", '{"testResults":[{"name":'],
      ["junit", '<testsuites><testsuite name="a"><testcase name="b"><failure>boom'],
    ] as const) {
      const out = parseToolOutput({ format, content }, {});
      expect(
        out.map((f) => f.rule),
        format,
      ).toEqual([UNPARSED_RULE]);
    }
  });

  it("deep nesting and odd shapes are survived", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    parseAll(deep);
    parseAll({
      runs: [{ results: [{ locations: [{ physicalLocation: { artifactLocation: { index: 99 } } }] }] }],
    });
    parseAll([{ filePath: 5, messages: [null, 1, { line: -3 }] }]);
  });

  // Complexity guards (src/testing/growth.ts): CPU time at n and 2n, never milliseconds against a wall clock.
  it("a line without spaces costs every parser linear time (up to 1 MB)", () => {
    const make = (n: number) => [
      `src/a.ts(1,1): error TS1: ${"x".repeat(n)}`,
      `${"y".repeat(n)}:1:2: error: z`,
    ];
    const g = linearGrowth(make, (lines) => lines.map((l) => parseAll(l)), { n: 16_000, maxN: 512_000 });
    expect(g.ok, `ratio ${g.ratio.toFixed(2)} at n=${g.n}`).toBe(true);
  });

  // A report's count line read per copy of the report must not re-read every finding so far (staticcheck did).
  it("a report repeated many times parses in linear time (staticcheck's count lines)", () => {
    const report = [
      "/repo/a.go",
      "  (23, 6)   U1000   func helper is unused",
      " ✖ 1 problem (1 error, 0 warnings, 0 ignored)",
    ].join("\n");
    const make = (bytes: number) => `${report}\n`.repeat(Math.ceil(bytes / (report.length + 1)));
    const run = (big: string) => parseToolOutput({ content: big }, { repoRoot: "/repo" });
    expect(run(make(4096)).filter((f) => f.rule === "staticcheck:U1000").length).toBeGreaterThan(10);
    // Large enough that a term in (reports x findings) dominates: before the fix this test failed (140 s).
    const g = linearGrowth(make, run, { n: 1024 * 1024, maxN: 1024 * 1024 });
    expect(g.ok, `ratio ${g.ratio.toFixed(2)} at n=${g.n}`).toBe(true);
  });

  // FC-STAGE1-RAW-3's two patterns, run on the whole text, were quadratic: 64 KiB of CRs took 6 s, and so did a
  // 64 KiB line without a CR in a text holding one (a mebibyte: minutes).
  it("a long run of CRs, and a long line beside a CR, are cleaned in linear time", () => {
    const run = (raw: string) => parseToolOutput({ content: raw }, { repoRoot: "/repo" });
    for (const make of [(n: number) => "\r".repeat(n), (n: number) => `${"x".repeat(n)}\n\r`]) {
      const g = linearGrowth(make, run, { n: 16_384, maxN: 1024 * 1024 });
      expect(g.ok, `ratio ${g.ratio.toFixed(2)} at n=${g.n}`).toBe(true);
    }
  });

  it("someLineOpensJson agrees with /^\\s*[[{]/m, which it replaces", () => {
    const pieces = ["\r", "\n", "\u2028", " ", "\t", "\u00a0", "[", "{", "a", "\ufeff"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        expect(someLineOpensJson(text)).toBe(/^\s*[[{]/m.test(text));
      }),
      { numRuns: 500 },
    );
  });

  // The pattern tried `\s*` from every line start: 64 KiB of CRs, LFs or U+2028 under a JSON format's name took 2.3 s.
  it("a long run of line ends under a JSON format's name is read in linear time", () => {
    const run = (raw: string) => parseToolOutput({ format: "eslint", content: raw }, { repoRoot: "/repo" });
    // U+2028 ends a line for a multiline `^` too (found by npm run test:explore-growth).
    for (const end of ["\r", "\n", "\u2028"]) {
      const g = linearGrowth((n) => end.repeat(n), run, { n: 16_384, maxN: 1024 * 1024 });
      expect(g.ok, `ratio ${g.ratio.toFixed(2)} at n=${g.n}`).toBe(true);
    }
  });

  // JUnit's frame patterns opened with `^\\s*` under the `m` flag: a failure body of 64 Ki lines of " " took 27 s.
  it("a JUnit failure body of many blank lines is read in linear time", () => {
    const make = (n: number) =>
      `<testsuites><testsuite name="s"><testcase classname="a.B" name="t"><failure message="m">${" \n".repeat(n)}x</failure></testcase></testsuite></testsuites>`;
    const run = (xml: string) => parseToolOutput({ format: "junit", content: xml }, { repoRoot: "/repo" });
    expect(run(make(4)).length).toBe(1);
    const g = linearGrowth(make, run, { n: 8_192, maxN: 512 * 1024 });
    expect(g.ok, `ratio ${g.ratio.toFixed(2)} at n=${g.n}`).toBe(true);
  });

  // FC-STAGE1-RAW-10: the notice that the rest went unread comes with the findings read before the limit, and alone
  // when nothing before it was a finding (mutation seed 14, survivor 11898: the notice was dropped without a matcher).
  it("output over 64 MiB is read up to the limit, and a notice says the rest was not", () => {
    const notice = (out: ParsedFinding[]) =>
      out.filter((f) => f.rule === UNPARSED_RULE && /longer than/.test(f.message));
    const bare = parseToolOutput({ content: "x".repeat(MAX_CONTENT + 1) }, { repoRoot: "/repo" });
    expect(notice(bare)).toHaveLength(1);
    const head = "src/app.ts:3:5: error: value is never read\n";
    const withHead = parseToolOutput({ content: head + "x".repeat(MAX_CONTENT) }, { repoRoot: "/repo" });
    expect(notice(withHead)).toHaveLength(1);
    expect(withHead.some((f) => f.location?.path === "src/app.ts" && f.location.startLine === 3)).toBe(true);
  });

  // LINEAR TIME: mixed logs up to 4 MB here; throughput lives in scripts/bench-stage1.ts.
  it("a mixed log parses in linear time", () => {
    const chunk = [
      "src/main.ts(12,5): error TS2322: Type 'string' is not assignable to type 'number'.",
      "broken.c:4:7: warning: unused variable 'x' [-Wunused-variable]",
      "    4 |   int x = 3;",
      "✓ test passes (3 ms)",
      "[#####     ] 50%\r[##########] 100%",
      "Traceback (most recent call last):",
      '  File "/repo/a.py", line 3, in <module>',
      "ValueError: bad value",
      "some neutral log line with words",
    ].join("\n");
    const make = (bytes: number) => `${chunk}\n`.repeat(Math.ceil(bytes / (chunk.length + 1)));
    const run = (big: string) => parseToolOutput({ content: big }, { repoRoot: "/repo" });
    expect(run(make(256 * 1024)).length).toBeGreaterThan(1000);
    const g = linearGrowth(make, run, { n: 128 * 1024, maxN: 2 * 1024 * 1024 });
    expect(g.ok, `ratio ${g.ratio.toFixed(2)} at n=${g.n}`).toBe(true);
  });
});
