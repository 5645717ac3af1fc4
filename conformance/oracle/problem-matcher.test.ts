// FC-STAGE1-MATCHER-1..4: the kit's own matcher reading agrees with the hand-written stage1-raw cases and GitHub's docs.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { matcherFindings, readMatcherFile, textLines, unboundedBacktracking } from "./problem-matcher.ts";

const DIR = join(import.meta.dirname, "..", "cases", "compact", "stage1-raw");
const CASES = readdirSync(DIR)
  .filter((f) => f.startsWith("problem-matcher-"))
  .map((f) => ({ f, c: JSON.parse(readFileSync(join(DIR, f), "utf8")) }));

type Artifact = { problemMatcher: unknown; content: string };

// The two examples of GitHub's problem-matcher documentation (actions/toolkit docs/problem-matchers.md).
const GITHUB_DOCS = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../spec/examples/problem-matchers-github-docs.json"), "utf8"),
) as { problemMatcher: [unknown, unknown] };
type Case = { input: { request: { rounds: { verifierVerdict: { artifacts: Artifact[] } }[] } } };
/** The artifacts of a case that carry a matcher (a case may send several outputs, each with its own). */
const withMatcher = (c: Case) =>
  c.input.request.rounds[0]!.verifierVerdict.artifacts.filter((a) => a.problemMatcher !== undefined);
const artifactOf = (c: Case) => withMatcher(c)[0]!;

describe("the kit's reading of a problem matcher", () => {
  const refused = CASES.filter(({ c }) => c.expect.error?.code === "INVALID_REQUEST");
  const read = CASES.filter(({ c }) => c.expect.assertions !== undefined);
  it("finds the hand-written cases of both kinds", () => {
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(read.length).toBeGreaterThanOrEqual(4);
  });

  it.each(refused.map(({ f, c }) => [f, c]))("refuses the matcher of %s", (_, c) => {
    expect(readMatcherFile(artifactOf(c).problemMatcher).ok).toBe(false);
  });

  it.each(read.map(({ f, c }) => [f, c]))("expects what %s asserts of the matcher's findings", (_, c) => {
    const got: ReturnType<typeof matcherFindings> = [];
    const owners: string[] = [];
    for (const a of withMatcher(c)) {
      const m = readMatcherFile(a.problemMatcher);
      if (!m.ok) throw new Error(`${m.where} ${m.why}`);
      got.push(...matcherFindings(m.matchers, a.content, c.input.request.canonicalState.repoRoot));
      owners.push(...m.matchers.map((x) => `${x.owner}:`));
    }
    const wanted = (c.expect.assertions as { check: string; value?: { rule?: string } }[]).filter(
      (x) => x.check === "contains" && owners.some((o) => x.value?.rule?.startsWith(o)),
    );
    expect(wanted.length).toBeGreaterThan(0);
    for (const w of wanted) {
      const v = w.value as {
        rule: string;
        severity?: string;
        message?: string;
        location?: { path: string; startLine?: number } | null;
      };
      const hit = got.find(
        (g) =>
          g.rule === v.rule &&
          (v.severity === undefined || g.severity === v.severity) &&
          (v.message === undefined || g.message.trim() === v.message) &&
          (v.location === undefined ||
            (v.location === null && g.path === null) ||
            (v.location !== null &&
              g.path === v.location.path &&
              (v.location.startLine === undefined || g.line === v.location.startLine))),
      );
      expect(hit, JSON.stringify(v)).toBeDefined();
    }
  });

  it("reads GitHub's two documented examples (one pattern; a looping last pattern carrying the file)", () => {
    const compact = readMatcherFile(GITHUB_DOCS.problemMatcher[0]);
    if (!compact.ok) throw new Error(compact.why);
    expect(
      matcherFindings(
        compact.matchers,
        "badFile.js: line 50, col 11, Error - 'myVar' is unused. (no-unused-vars)\n",
        "/r",
      ),
    ).toMatchObject([
      { rule: "eslint-compact:no-unused-vars", severity: "error", path: "badFile.js", line: 50 },
    ]);
    const stylish = readMatcherFile({ problemMatcher: [GITHUB_DOCS.problemMatcher[1]] });
    if (!stylish.ok) throw new Error(stylish.why);
    const text = [
      "test.js",
      '  1:0   error  Missing "use strict" statement                 strict',
      "  5:10  warning  'addOne' is defined but never used             no-unused-vars",
      "\u001b[1mother.js\u001b[22m",
      "  2:1   error  Unexpected console statement  no-console",
      "✖ 3 problems",
    ].join("\r\n");
    expect(
      matcherFindings(stylish.matchers, text, "/r").map((f) => [f.rule, f.path, f.line, f.severity]),
    ).toEqual([
      ["eslint-stylish:strict", "test.js", 1, "error"],
      ["eslint-stylish:no-unused-vars", "test.js", 5, "warning"],
      ["eslint-stylish:no-console", "other.js", 2, "error"],
    ]);
  });

  it("several patterns need consecutive lines; the first matcher to complete a line wins it", () => {
    const m = readMatcherFile([
      {
        owner: "two",
        severity: "notice",
        pattern: [
          { regexp: "^In (\\S+):$", file: 1 },
          { regexp: "^  (\\d+): (.*)$", line: 1, message: 2 },
        ],
      },
      { owner: "any", pattern: [{ regexp: "^  (\\d+): (.*)$", line: 1, message: 2 }] },
    ]);
    if (!m.ok) throw new Error(m.why);
    const got = matcherFindings(m.matchers, "In a.c:\n  3: bad cast\n  4: second\nnoise\n", "/r");
    expect(got.map((f) => [f.rule, f.path, f.line, f.severity])).toEqual([
      ["two:info", "a.c", 3, "info"],
      ["any:error", null, 4, "error"],
    ]);
  });

  it("cleans lines as Stage 1 does: a terminal redraw keeps the text after the last CR; escapes and controls go", () => {
    expect(
      textLines("a\r\nspin 10%\rspin 99%\rdone\n\u001b]8;;http://x\u0007link\u001b]8;;\u0007\u0000z\tq"),
    ).toEqual(["a", "done", "linkz\tq"]);
  });

  it.each([
    ["(a+)+", true],
    ["(\\w*\\s?)*$", true],
    ["((ab)*c)*", true],
    ["(x{2,})+", true],
    ["(a{1,3}){2,}", true],
    ["(a|b)\\1", true],
    ["(?<x>a)\\k<x>", true],
    ["^(.+):(\\d+):(\\d+): (error|warning): (.*)$", false],
    ["(a{2})+", false],
    ["([a+]*)x", false],
    ["(a+)?", false],
    ["(?:ab)+c+", false],
    ["(?:\\[(lint|build)\\] )*x", false],
  ])("unbounded backtracking in %s: %s", (re, bad) => {
    expect(unboundedBacktracking(re)).toBe(bad);
  });
});
