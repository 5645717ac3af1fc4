// FC-CERT-9, FC-CERT-24: CI-native output — GitHub annotations and step summary, --out formats, the log with --out.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";
import type { CertifyReport } from "../runner/types.ts";
import { escapeData, escapeProperty, renderGithubSummary } from "./github.ts";

const FAKES = fileURLToPath(new URL("../fakes/", import.meta.url));
const GOOD = ["--", process.execPath, join(FAKES, "good.mjs")];
const SELECT = ["--filter", "policy.validate.*", "--no-properties"];
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fc-github-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], env: Record<string, string> = {}) {
  const io = fakeIo("", { ...process.env, ...env }, { isTTY: false, cwd: dir });
  const code = await main(["certify", ...args], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe("workflow commands", () => {
  it("escape data and properties as GitHub reads them", () => {
    expect(escapeData("50% done\r\nnext")).toBe("50%25 done%0D%0Anext");
    expect(escapeProperty("a: b, c")).toBe("a%3A b%2C c");
  });
});

describe("--reporter github", () => {
  it("annotates each problem group at its case file, folds the report into a log group, writes the step summary", async () => {
    const summary = join(dir, "step-summary.md");
    writeFileSync(summary, "# earlier step\n");
    const r = await cli(["--reporter", "github", ...SELECT, ...GOOD], { GITHUB_STEP_SUMMARY: summary });
    expect(r.code).toBe(1);
    const lines = r.out.split("\n");
    const errors = lines.filter((l) => l.startsWith("::error "));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.length).toBeLessThanOrEqual(11);
    // good.mjs accepts every policy: the cases expecting a rejection are one group.
    const first = /^::error file=([^,]+),title=([^:]+)::(.*)$/.exec(errors[0]!)!;
    expect(first).not.toBeNull();
    const file = first[1]!.replace(/%2C/g, ",").replace(/%3A/g, ":");
    expect(existsSync(isAbsolute(file) ? file : resolve(dir, file))).toBe(true);
    expect(file).toMatch(/conformance\/cases\/policy\/validate\/[a-z0-9-]+\.json$/);
    expect(first[2]).toBe("conformance%3A returns a result where error INVALID_POLICY is expected");
    expect(first[3]).toMatch(/^\d+ failed checks citing FC-POLICY-VALIDATE-/);
    expect(r.out).toContain("::group::Conformance report\nCertifying fake 0.0.0 (javascript)");
    expect(lines.indexOf("::endgroup::")).toBeGreaterThan(lines.indexOf("::group::Conformance report"));
    expect(r.out.trimEnd().split("\n").at(-1)).toMatch(
      /^FAIL: \d+ passed, \d+ failed, 0 errored, 0 skipped of \d+ checks$/,
    );
    const md = readFileSync(summary, "utf8");
    expect(md.startsWith("# earlier step\n## Conformance ❌ FAIL: fake 0.0.0 (javascript)\n")).toBe(true);
    expect(md).toContain("### Fix these first\n\n| # | what to fix | checks | requirements | e.g. |");
    expect(md).toMatch(
      /\| 1 \| returns a result where error INVALID_POLICY is expected \| \d+ \| FC-POLICY-VALIDATE-/,
    );
    expect(md).toContain("Re-run exactly the failing checks:");
  });

  it("with --out the full report goes to the file in the format its name says, annotations to stdout", async () => {
    const r = await cli(["--reporter", "github", "--out", "full.xml", ...SELECT, ...GOOD]);
    expect(r.code).toBe(1);
    expect(readFileSync(join(dir, "full.xml"), "utf8")).toMatch(/^<\?xml/);
    expect(r.out).toMatch(/^::error /);
    const bad = await cli(["--reporter", "github", "--out", "full.data", ...SELECT, ...GOOD]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.err).error.message).toMatch(/--out names the file for the full report/);
  });

  it("a broken implementation's diagnosis is the first annotation", async () => {
    const r = await cli([
      "--reporter",
      "github",
      ...SELECT,
      "--",
      process.execPath,
      join(FAKES, "crash-always.mjs"),
    ]);
    expect(r.out.split("\n")[0]).toMatch(
      /^::error title=conformance%3A the implementation is broken::The implementation is broken: it exits instead of answering .*%0A.*RuntimeError: boom/,
    );
  });

  it("the Markdown summary of a passing run says so and has no 'Fix these first'", () => {
    const report = {
      implementation: { name: "x", version: "1", language: "go", capabilities: ["compact"] },
      options: { profiles: ["required"], seed: 1 },
      summary: {
        total: 1,
        passed: 1,
        failed: 0,
        errored: 0,
        skipped: 0,
        gatingProblems: 0,
        byArea: { a: { passed: 1, failed: 0, errored: 0, skipped: 0 } },
      },
      smoke: { ok: true, checks: [] },
      results: [],
      ok: true,
    } as unknown as CertifyReport;
    const md = renderGithubSummary(report);
    expect(md).toMatch(/^## Conformance ✅ PASS: x 1 \(go\)/);
    expect(md).not.toContain("Fix these first");
  });
});

describe("--out and the CI log", () => {
  it("--out x.txt writes the pretty report, not JSON", async () => {
    const r = await cli([...SELECT, "--out", "x.txt", ...GOOD]);
    expect(r.code).toBe(1);
    expect(readFileSync(join(dir, "x.txt"), "utf8")).toMatch(/^Certifying fake 0\.0\.0/);
  });

  it("a name that does not say its format is a usage error, not a silent JSON file", async () => {
    const r = await cli([...SELECT, "--out", "x.report", ...GOOD]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.err).error.message).toMatch(
      /cannot tell the report format from --out 'x\.report': name it \.json, \.xml \(junit\), \.html, \.txt or \.log \(pretty\), or give --reporter/,
    );
    expect(existsSync(join(dir, "x.report"))).toBe(false);
    const forced = await cli([...SELECT, "--out", "x.report", "--reporter", "json", ...GOOD]);
    expect(JSON.parse(readFileSync(join(dir, "x.report"), "utf8")).kind).toBe("certification");
    expect(forced.code).toBe(1);
  });

  it("with --out the log still shows 'Fix these first' and the re-run command", async () => {
    const r = await cli([...SELECT, "--out", "r.json", ...GOOD]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/\nFix these first: \d+ problems in \d+ groups?/);
    expect(r.err).toContain("   1. ✗ returns a result where error INVALID_POLICY is expected");
    expect(r.err).toMatch(
      /\nFAIL: \d+ passed, \d+ failed, 0 errored, 0 skipped; json report written to r\.json\n/,
    );
    expect(r.err).toMatch(
      /Re-run exactly the failing checks: feedback-compactor certify --rerun failing-checks\.txt/,
    );
  });
});

describe("the README's GitHub Actions job", () => {
  const README = fileURLToPath(new URL("../../README.md", import.meta.url));

  /** The words of the job's certify step (`run: >-` folds its lines into one). */
  function certifyStep(): string[] {
    const text = readFileSync(README, "utf8");
    const yaml = /```yaml\n([\s\S]*?)```/.exec(text)?.[1];
    if (yaml === undefined) throw new Error("the README has no yaml block");
    const lines = yaml.split("\n");
    const at = lines.findIndex((l) => /^\s+run: >-$/.test(l));
    const indent = /^(\s*)/.exec(lines[at + 1]!)![1]!.length;
    const folded: string[] = [];
    for (const l of lines.slice(at + 1)) {
      if (l.trim() === "" || /^(\s*)/.exec(l)![1]!.length < indent) break;
      folded.push(l.trim());
    }
    return folded.join(" ").split(/\s+/);
  }

  it("runs as written (implementation replaced by a fake): annotations, the JUnit artifact, the step summary", async () => {
    const words = certifyStep();
    expect(words.slice(0, 4)).toEqual(["npx", "--yes", "feedback-compactor", "certify"]);
    const dashdash = words.indexOf("--");
    const args = [...words.slice(4, dashdash), ...GOOD];
    const job = join(dir, "job");
    const io = (env: Record<string, string>) =>
      fakeIo("", { ...process.env, ...env }, { isTTY: false, cwd: job });
    mkdirSync(job, { recursive: true });
    // First, the known gaps: what --write-skip writes, under the name the job reads.
    const skip = args.indexOf("--skip");
    const first = io({});
    await main(
      [
        "certify",
        ...args.slice(0, skip),
        ...args.slice(skip + 2, -3),
        "--write-skip",
        args[skip + 1]!,
        ...GOOD,
      ],
      first,
    );
    expect(existsSync(join(job, "conformance-skips.txt"))).toBe(true);
    const summary = join(job, "summary.md");
    const run = io({ GITHUB_STEP_SUMMARY: summary });
    const code = await main(["certify", ...args], run);
    expect(code).toBe(0);
    expect(readFileSync(join(job, "conformance-report", "report.xml"), "utf8")).toMatch(/^<\?xml/);
    expect(readFileSync(summary, "utf8")).toMatch(/^## Conformance ✅ PASS: fake 0\.0\.0/);
    expect(run.out.join("")).toMatch(/\nPASS: \d+ passed, 0 failed, 0 errored, \d+ skipped of \d+ checks\n$/);
  });
});
