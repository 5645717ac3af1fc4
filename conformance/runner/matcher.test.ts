// FC-CERT-26, FC-STAGE1-MATCHER-1..4: `certify --problem-matcher` catches an implementation that ignores the matcher.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceHandler } from "../../src/protocol/reference.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";
import { main } from "../cli/main.ts";
import { readMatcherFile } from "../oracle/problem-matcher.ts";
import { runCertify } from "./certify.ts";
import { rerunCommand } from "./problems.ts";
import { inProcessIut } from "./in-process.ts";
import { MATCHER_CANARY, matcherChecks } from "./matcher.ts";
import type { CertifyReport } from "./types.ts";

// An in-house linter's stylish-like output, as a team's matcher file describes it.
const MATCHER_FILE = {
  problemMatcher: [
    {
      owner: "acme-lint",
      pattern: [
        { regexp: "^([^\\s].*\\.ts)$", file: 1 },
        {
          regexp: "^\\s+(\\d+):(\\d+)\\s+(error|warning|info)\\s+(.*?)\\s{2,}(\\S+)$",
          line: 1,
          column: 2,
          severity: 3,
          message: 4,
          code: 5,
          loop: true,
        },
      ],
    },
  ],
};
const SAMPLE = [
  "src/cart.ts",
  "  3:5   error    Unexpected var, use let or const  acme/no-var",
  "  9:1   warning  Missing return type               acme/return-type",
  "/home/ci/work/repo/src/tax.ts",
  "  12:2  info     Prefer a named export             acme/named-export",
  "",
  "3 problems",
  "",
].join("\n");

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** The reference with every ToolOutput's problemMatcher taken away: an implementation that ignores matchers. */
const ignoresMatchers = (cmd: string, msg: Record<string, unknown>) => {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!isObj(v)) return v;
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => k !== "problemMatcher")
        .map(([k, x]) => [k, strip(x)]),
    );
  };
  return referenceHandler(cmd, strip(msg) as Record<string, unknown>);
};

function extra() {
  const m = readMatcherFile(MATCHER_FILE);
  if (!m.ok) throw new Error(m.why);
  const made = matcherChecks("acme-matcher.json", m.matchers, [{ file: "lint.txt", text: SAMPLE }]);
  return { cases: made.cases, problemMatcher: made.section };
}

const statusOf = (r: CertifyReport) => Object.fromEntries(r.results.map((x) => [x.id, [x.status, x.gating]]));

describe("certify --problem-matcher (FC-CERT-26)", () => {
  it("the kit's own reading expects the three findings, the absolute path made repo-relative", () => {
    const { cases, problemMatcher } = extra();
    expect(problemMatcher.samples).toEqual([
      { file: "lint.txt", expected: 3, checks: ["matcher.accepted.lint-txt", "matcher.findings.lint-txt"] },
    ]);
    const findings = cases[1]!.case;
    expect(findings.profile).toBe("stage1-raw");
    expect(findings.expect!.assertions!.map((a) => (a as { value: unknown }).value)).toEqual([
      { rule: "acme-lint:acme/no-var", severity: "error", location: { path: "src/cart.ts", startLine: 3 } },
      {
        rule: "acme-lint:acme/return-type",
        severity: "warning",
        location: { path: "src/cart.ts", startLine: 9 },
      },
      {
        rule: "acme-lint:acme/named-export",
        severity: "info",
        location: { path: "src/tax.ts", startLine: 12 },
      },
    ]);
    expect(cases[0]!.case.profile).toBe("required");
    // Under another --matcher-repo-root the absolute path is outside the repository: not compared.
    const m = readMatcherFile(MATCHER_FILE);
    const other =
      m.ok && matcherChecks("m.json", m.matchers, [{ file: "lint.txt", text: SAMPLE }], "/srv/app");
    expect(other && (other.cases[1]!.case.expect!.assertions![2] as { value: unknown }).value).toEqual({
      rule: "acme-lint:acme/named-export",
      severity: "info",
    });
    expect(JSON.stringify(cases[0]!.case.input)).toContain(MATCHER_CANARY);
  });

  it("passes the reference; the findings check fails an implementation that ignores the matcher", async () => {
    const opts = {
      filter: "matcher.*",
      includeProperties: false,
      profile: ["required" as const, "stage1-raw" as const],
    };
    const ref = await runCertify({ ...opts, extra: extra() });
    expect(ref.ok && statusOf(ref.report)).toEqual({
      "matcher.accepted.lint-txt": ["passed", true],
      "matcher.findings.lint-txt": ["passed", true],
    });
    const fake = await runCertify({ ...opts, extra: extra(), iut: await inProcessIut(ignoresMatchers) });
    expect(fake.ok && statusOf(fake.report)).toEqual({
      "matcher.accepted.lint-txt": ["passed", true],
      "matcher.findings.lint-txt": ["failed", true],
    });
    expect(fake.ok && fake.report.ok).toBe(false);
    // The re-run command gives the matcher and its samples again, or the ids it lists would not exist.
    expect(fake.ok && rerunCommand(fake.report)).toMatch(
      /^feedback-compactor certify --problem-matcher acme-matcher\.json --matcher-sample lint\.txt --filter /,
    );
    // Without --profile stage1-raw the findings check is advisory, as every raw-parsing check is.
    const advisory = await runCertify({
      filter: "matcher.*",
      includeProperties: false,
      extra: extra(),
      iut: await inProcessIut(ignoresMatchers),
    });
    expect(advisory.ok && statusOf(advisory.report)["matcher.findings.lint-txt"]).toEqual(["failed", false]);
    expect(advisory.ok && advisory.report.ok).toBe(true);
  }, 60_000);

  it("the accepted check fails an implementation that refuses a valid matcher", async () => {
    const refuses = async (cmd: string, msg: Record<string, unknown>) =>
      JSON.stringify(msg).includes('"problemMatcher"')
        ? { error: { code: "INVALID_REQUEST", message: "no matchers here" } }
        : referenceHandler(cmd, msg);
    const run = await runCertify({
      filter: "matcher.*",
      includeProperties: false,
      extra: extra(),
      iut: await inProcessIut(refuses),
    });
    expect(run.ok && statusOf(run.report)["matcher.accepted.lint-txt"]).toEqual(["failed", true]);
  }, 60_000);
});

/** The matcher options both commands take, over the files the tests below write, and only the matcher's checks. */
const MATCHER_ARGS = [
  "--problem-matcher",
  "acme.json",
  "--matcher-sample",
  "lint.txt",
  "--filter",
  "matcher.*",
  "--no-properties",
];

describe("certify --problem-matcher on the command line", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "fc-matcher-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = async (argv: string[]) => {
    const io = fakeIo("", process.env, { isTTY: false, cwd: dir });
    const code = await main(argv, io);
    return { code, out: io.out.join(""), err: io.err.join("") };
  };

  it.each([
    [
      "a nested repetition",
      { owner: "x", pattern: [{ regexp: "(\\w+\\s?)+ hunter2-SECRET", message: 1 }] },
      "/pattern/0/regexp",
    ],
    [
      "no message",
      { problemMatcher: [{ owner: "x", pattern: [{ regexp: "(hunter2-SECRET)", file: 1 }] }] },
      "/problemMatcher/0/pattern",
    ],
    [
      "a group beyond the expression",
      [{ owner: "hunter2-SECRET", pattern: [{ regexp: "(a)", message: 2 }] }],
      "/0/pattern/0/message",
    ],
  ])(
    "a matcher with %s: exit 2, USAGE with the pointer, before anything runs, nothing of the file echoed",
    async (_, doc, path) => {
      writeFileSync(join(dir, "m.json"), JSON.stringify(doc));
      const r = await cli(["certify", "--problem-matcher", "m.json", "--", "no-such-implementation-command"]);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      const lines = r.err.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      const e = (JSON.parse(lines[0]!) as { error: { code: string; path: string; message: string } }).error;
      expect(e.code).toBe("USAGE");
      expect(e.path).toBe(path);
      expect(e.message).toContain("FC-STAGE1-MATCHER-1");
      expect(r.err).not.toContain("hunter2");
    },
  );

  it("a file that is not JSON, a missing one, and a sample without a matcher are typed errors", async () => {
    writeFileSync(join(dir, "nj.json"), "token=hunter2-SECRET");
    const nj = await cli(["certify", "--problem-matcher", "nj.json"]);
    expect([nj.code, JSON.parse(nj.err).error.code]).toEqual([2, "USAGE"]);
    expect(nj.err).not.toContain("hunter2");
    const missing = await cli(["certify", "--problem-matcher", "nope.json"]);
    expect(JSON.parse(missing.err).error).toEqual({
      code: "IO",
      message: "cannot read the --problem-matcher file (ENOENT)",
    });
    const alone = await cli(["certify", "--matcher-sample", "x.txt"]);
    expect([alone.code, JSON.parse(alone.err).error.code]).toEqual([2, "USAGE"]);
  });

  it("runs the matcher's checks, lists them under their own heading and in the JSON report", async () => {
    writeFileSync(join(dir, "acme.json"), JSON.stringify(MATCHER_FILE));
    writeFileSync(join(dir, "lint.txt"), SAMPLE);
    const args = ["certify", ...MATCHER_ARGS];
    const json = await cli([...args, "--reporter", "json"]);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out) as CertifyReport;
    expect(report.problemMatcher).toEqual({
      file: "acme.json",
      owners: ["acme-lint"],
      repoRoot: "/home/ci/work/repo",
      samples: [
        { file: "lint.txt", expected: 3, checks: ["matcher.accepted.lint-txt", "matcher.findings.lint-txt"] },
      ],
    });
    const pretty = await cli([...args, "--reporter", "pretty"]);
    expect(pretty.out).toContain("Your problem matcher: acme.json (owner acme-lint)");
    expect(pretty.out).toContain("lint.txt: 3 findings expected");
    expect(pretty.out).toMatch(/✓ matcher\.findings\.lint-txt \(advisory, profile stage1-raw\)/);
  }, 60_000);

  it("matrix takes the same options: each implementation is judged on the matcher's checks", async () => {
    writeFileSync(join(dir, "acme.json"), JSON.stringify(MATCHER_FILE));
    writeFileSync(join(dir, "lint.txt"), SAMPLE);
    const cliFile = join(import.meta.dirname, "..", "cli", "feedback-compactor.mjs");
    writeFileSync(
      join(dir, "impls.json"),
      JSON.stringify({ implementations: [{ name: "reference", command: ["node", cliFile, "serve"] }] }),
    );
    const alone = await cli(["matrix", "impls.json", "--matcher-sample", "lint.txt"]);
    expect(alone.code).toBe(2);
    expect(JSON.parse(alone.err).error.message).toContain("feedback-compactor matrix --help");
    const r = await cli(["matrix", "impls.json", ...MATCHER_ARGS, "--json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as { checks: { id: string; statuses: string[] }[] };
    expect(doc.checks.map((c) => [c.id, c.statuses[0]])).toEqual([
      ["matcher.accepted.lint-txt", "passed"],
      ["matcher.findings.lint-txt", "passed"],
    ]);
  }, 60_000);
});
