// FC-STAGE1-RAW-11, FC-STAGE1-RAW-12: no parser splits a path at a space, and none loses a diagnostic the tool's own count announces.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ParsedFinding, parseToolOutput, UNPARSED_RULE } from "./index.ts";

const ROOT = "/home/dev/work/my app";

/** One diagnostic as a tool would print it: a repo-relative path that always holds a space, a line, a text. */
interface Diag {
  dir: string;
  base: string;
  line: number;
  col: number;
  word: string;
}

const word = fc.stringMatching(/^[a-z]{2,8}$/);
// Every directory holds at least one space, sometimes two in a row or a dot: `sub dir`, `v1.2  beta`.
const spaced = fc
  .tuple(word, fc.constantFrom(" ", "  ", " - "), word, fc.constantFrom("", ".2", " x"))
  .map(([a, sp, b, tail]) => `${a}${sp}${b}${tail}`);
const diag = fc.record({
  dir: fc
    .array(fc.oneof(spaced, word), { minLength: 0, maxLength: 2 })
    .chain((rest) => spaced.map((s) => [s, ...rest].join("/"))),
  base: fc.oneof(word, spaced),
  line: fc.integer({ min: 1, max: 9999 }),
  col: fc.integer({ min: 1, max: 200 }),
  word,
});
const diags = fc.array(diag, { minLength: 1, maxLength: 5 });

/** What a renderer emits: the tool output, and the paths (with extension) it named, in order. */
interface Rendered {
  format: string | undefined;
  content: string;
  paths: string[];
}

type Renderer = (ds: Diag[], dropped: number) => Rendered;

const pathOf = (d: Diag, ext: string): string => `${d.dir}/${d.base}.${ext}`;
const msg = (d: Diag, i: number): string => `problem ${i} with ${d.word}`;

/**
 * Each renderer prints `ds` minus the last `dropped` of them, but announces ds.length in the tool's own
 * count: a parser that loses a printed diagnostic, or a missing one, must surface through the count.
 */
const RENDERERS: Record<string, Renderer> = {
  tsc: (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const lines = shown.map((d, i) => `${pathOf(d, "ts")}(${d.line},${d.col}): error TS2322: ${msg(d, i)}`);
    lines.push("", `Found ${ds.length} error${ds.length === 1 ? "" : "s"}.`);
    return { format: "tsc", content: lines.join("\n"), paths: shown.map((d) => pathOf(d, "ts")) };
  },
  clang: (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const lines = shown.flatMap((d, i) => [
      `${pathOf(d, "c")}:${d.line}:${d.col}: error: ${msg(d, i)}`,
      `  ${d.line} | int x = ${d.word};`,
      "      |         ^",
    ]);
    lines.push(`${ds.length} error${ds.length === 1 ? "" : "s"} generated.`);
    return { format: "clang", content: lines.join("\n"), paths: shown.map((d) => pathOf(d, "c")) };
  },
  javac: (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const lines = shown.flatMap((d, i) => [
      `${pathOf(d, "java")}:${d.line}: error: ${msg(d, i)}`,
      `        return ${d.word};`,
      "               ^",
    ]);
    lines.push(`${ds.length} error${ds.length === 1 ? "" : "s"}`);
    return { format: undefined, content: lines.join("\n"), paths: shown.map((d) => pathOf(d, "java")) };
  },
  rustc: (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const lines = shown.flatMap((d, i) => [
      `error[E0308]: ${msg(d, i)}`,
      ` --> ${pathOf(d, "rs")}:${d.line}:${d.col}`,
      "  |",
      `${d.line} |     let x: u32 = ${d.word};`,
      "  |                  ^ expected `u32`",
      "",
    ]);
    const n = ds.length;
    lines.push(
      `error: could not compile \`app\` (bin "app") due to ${n} previous error${n === 1 ? "" : "s"}`,
    );
    return { format: "cargo", content: lines.join("\n"), paths: shown.map((d) => pathOf(d, "rs")) };
  },
  "cargo-test": (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const lines = [`running ${ds.length} tests`];
    for (const i of shown.keys()) lines.push(`test tests::case_${i} ... FAILED`);
    lines.push("", "failures:", "");
    for (const [i, d] of shown.entries())
      lines.push(
        `---- tests::case_${i} stdout ----`,
        "",
        `thread 'tests::case_${i}' (${4000 + i}) panicked at ${pathOf(d, "rs")}:${d.line}:${d.col}:`,
        msg(d, i),
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
        "",
      );
    lines.push("", "failures:", ...shown.map((_, i) => `    tests::case_${i}`), "");
    lines.push(
      `test result: FAILED. 0 passed; ${ds.length} failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s`,
    );
    return { format: undefined, content: lines.join("\n"), paths: shown.map((d) => pathOf(d, "rs")) };
  },
  pytest: (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const lines = ["=================================== FAILURES ==================================="];
    for (const [i, d] of shown.entries())
      lines.push(
        `_____________________________ test_${d.word}_${i} _____________________________`,
        "",
        `    def test_${d.word}_${i}():`,
        `>       assert ${d.word}() == ${i}`,
        `E       AssertionError: ${msg(d, i)}`,
        "",
        `${pathOf(d, "py")}:${d.line}: AssertionError`,
      );
    lines.push("=========================== short test summary info ============================");
    for (const [i, d] of shown.entries())
      lines.push(`FAILED ${pathOf(d, "py")}::test_${d.word}_${i} - AssertionError: ${msg(d, i)}`);
    lines.push(`============================== ${ds.length} failed in 0.12s ==============================`);
    return { format: undefined, content: lines.join("\n"), paths: shown.map((d) => pathOf(d, "py")) };
  },
  "gcc-json": (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const arr = shown.map((d, i) => ({
      kind: "error",
      message: msg(d, i),
      children: [],
      locations: [{ caret: { file: pathOf(d, "c"), line: d.line, column: d.col } }],
    }));
    return { format: "gcc", content: JSON.stringify(arr), paths: shown.map((d) => pathOf(d, "c")) };
  },
  "jest-json": (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const results = shown.map((d, i) => ({
      name: `${ROOT}/${pathOf(d, "test.js")}`,
      status: "failed",
      message: "",
      assertionResults: [
        {
          status: "failed",
          fullName: `case ${i} ${d.word}`,
          failureMessages: [
            `Error: ${msg(d, i)}\n    at Object.<anonymous> (${ROOT}/${pathOf(d, "test.js")}:${d.line}:${d.col})\n    at Promise.then.completed (${ROOT}/node_modules/jest-circus/build/utils.js:298:28)`,
          ],
        },
      ],
    }));
    const doc = { numFailedTests: ds.length, numRuntimeErrorTestSuites: 0, testResults: results };
    return { format: "jest", content: JSON.stringify(doc), paths: shown.map((d) => pathOf(d, "test.js")) };
  },
  junit: (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
    const cases = shown.map(
      (d, i) =>
        `<testcase classname="${esc(pathOf(d, "test.mjs"))}" name="case ${i}"><failure message="${esc(msg(d, i))}">AssertionError: ${esc(msg(d, i))}\n ❯ ${esc(pathOf(d, "test.mjs"))}:${d.line}:${d.col}\n</failure></testcase>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites tests="${ds.length}" failures="${ds.length}" errors="0"><testsuite name="s">${cases.join("")}</testsuite></testsuites>\n`;
    return { format: undefined, content: xml, paths: shown.map((d) => pathOf(d, "test.mjs")) };
  },
  tap: (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const lines = ["TAP version 13"];
    for (const [i, d] of shown.entries())
      lines.push(
        `not ok ${i + 1} - case ${i}`,
        "  ---",
        `  location: '${ROOT}/${pathOf(d, "test.mjs")}:${d.line}:${d.col}'`,
        `  error: '${msg(d, i)}'`,
        "  ...",
      );
    lines.push(`1..${ds.length}`);
    return { format: undefined, content: lines.join("\n"), paths: shown.map((d) => pathOf(d, "test.mjs")) };
  },
  eslint: (ds, k) => {
    const shown = ds.slice(0, ds.length - k);
    const files = shown.map((d, i) => ({
      filePath: `${ROOT}/${pathOf(d, "js")}`,
      errorCount: 1,
      warningCount: 0,
      messages: [{ ruleId: "no-undef", severity: 2, message: msg(d, i), line: d.line, column: d.col }],
    }));
    // ESLint states its count per file: the dropped files' counts ride on a file without messages.
    if (k > 0) files.push({ filePath: `${ROOT}/clean.js`, errorCount: k, warningCount: 0, messages: [] });
    return { format: "eslint", content: JSON.stringify(files), paths: shown.map((d) => pathOf(d, "js")) };
  },
  sarif: (ds, _k) => {
    // SARIF states no count: it only checks paths (relative, percent-encoded, under a base id).
    const results = ds.map((d, i) => ({
      ruleId: "-Wformat=",
      level: "warning",
      message: { text: msg(d, i) },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: encodeURI(pathOf(d, "c")), uriBaseId: "PWD" },
            region: { startLine: d.line },
          },
        },
      ],
    }));
    const doc = {
      version: "2.1.0",
      runs: [
        {
          tool: { driver: { name: "GNU C17" } },
          originalUriBaseIds: { PWD: { uri: `file://${encodeURI(ROOT)}/` } },
          results,
        },
      ],
    };
    return { format: undefined, content: JSON.stringify(doc), paths: ds.map((d) => pathOf(d, "c")) };
  },
  python: (ds, _k) => {
    // Tracebacks state no count either: each one is a finding at its innermost project frame.
    const blocks = ds.map((d, i) =>
      [
        "Traceback (most recent call last):",
        `  File "${ROOT}/${pathOf(d, "py")}", line ${d.line}, in run_${i}`,
        `    ${d.word}()`,
        `ValueError: ${msg(d, i)}`,
      ].join("\n"),
    );
    return { format: undefined, content: blocks.join("\n"), paths: ds.map((d) => pathOf(d, "py")) };
  },
};
const COUNTED = new Set([
  "tsc",
  "clang",
  "javac",
  "rustc",
  "cargo-test",
  "pytest",
  "jest-json",
  "junit",
  "tap",
  "eslint",
]);

const real = (fs: ParsedFinding[]) => fs.filter((f) => !f.rule.startsWith("normalize:"));
const run = (r: Rendered) =>
  parseToolOutput(
    r.format === undefined ? { content: r.content } : { format: r.format, content: r.content },
    {
      repoRoot: ROOT,
    },
  );

describe("Stage 1 paths and counts", () => {
  it("generates paths with spaces", () => {
    for (const d of fc.sample(diag, 200)) expect(pathOf(d, "c")).toContain(" ");
  });

  it.each(Object.keys(RENDERERS))("%s: every printed diagnostic keeps its whole path and line", (name) => {
    const render = RENDERERS[name]!;
    fc.assert(
      fc.property(diags, (ds) => {
        const r = render(ds, 0);
        const got = real(run(r));
        expect(got.map((f) => f.location?.path)).toEqual(r.paths);
        expect(got.map((f) => f.location?.startLine)).toEqual(ds.map((d) => d.line));
        expect(run(r).filter((f) => f.rule.startsWith("normalize:"))).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("a count line's total is checked against all findings, its kinds each against their severity", () => {
    const items =
      "src/a.md\n  1:1  error  Incorrect term  terminology\n  2:1  error  Long sentence  sentence-length\n";
    const info = "  3:1  info  Prefer a shorter word  write-good\n";
    const unparsed = (content: string) =>
      parseToolOutput({ format: "textlint", content }, { repoRoot: "/repo" })
        .filter((f) => f.rule === UNPARSED_RULE)
        .map((f) => f.message);
    const count = "\n✖ 3 problems (2 errors, 0 warnings, 1 info)\n";
    expect(unparsed(items + info + count)).toEqual([]);
    expect(unparsed(items + count)).toEqual(["textlint reported 3 problems but 2 were parsed"]);
    expect(unparsed(`${items}\n✖ 3 problems (3 errors, 0 warnings)\n`)).toEqual([
      "textlint reported 3 errors but 2 were parsed",
      "textlint reported 3 problems but 2 were parsed",
    ]);
  });

  it("pytest: a directory named `at …` keeps its line (issue 22 item 5's counterexample, fixed)", () => {
    const ds: Diag[] = [
      { dir: "at aa", base: "aa", line: 12, col: 1, word: "aa" },
      { dir: "aa aa", base: "aa", line: 7, col: 1, word: "aa" },
    ];
    const r = RENDERERS.pytest!(ds, 0);
    const got = real(run(r));
    expect(got.map((f) => f.location)).toEqual([
      { path: "at aa/aa.py", startLine: 12 },
      { path: "aa aa/aa.py", startLine: 7 },
    ]);
  });

  it.each([...COUNTED])(
    "%s: diagnostics the tool's count announces but that were not parsed are reported",
    (name) => {
      const render = RENDERERS[name]!;
      fc.assert(
        fc.property(
          diags.chain((ds) => fc.tuple(fc.constant(ds), fc.integer({ min: 1, max: ds.length }))),
          ([ds, k]) => {
            const out = run(render(ds, k));
            expect(real(out)).toHaveLength(ds.length - k);
            // With nothing located, the lines no parser claimed are kept too (FC-STAGE1-RAW-21).
            const unparsed = out.filter((f) => f.rule === UNPARSED_RULE && / reported \d+ /.test(f.message));
            expect(unparsed).toHaveLength(1);
            if (k < ds.length) expect(out.filter((f) => f.rule === UNPARSED_RULE)).toHaveLength(1);
            expect(unparsed[0]!.message).toContain(`reported ${ds.length} `);
            expect(unparsed[0]!.message).toContain(` but ${ds.length - k} were parsed`);
          },
        ),
        { numRuns: 40 },
      );
    },
  );
});
