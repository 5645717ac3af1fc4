// FC-CERT-9, FC-CERT-12: reporters — the JSON report validates against report.v1.json, JUnit is well-formed XML.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { runCertify, summarize } from "../runner/certify.ts";
import { groupProblems } from "../runner/problems.ts";
import { renderJson, renderJunit, renderPretty, xmlEscape } from "./render.ts";
import type { CertifyReport, CheckResult } from "../runner/types.ts";

const addFormats = addFormatsModule.default;
const schemaPath = fileURLToPath(new URL("../../spec/schemas/report.v1.json", import.meta.url));
const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")));

async function referenceReport(): Promise<CertifyReport> {
  const r = await runCertify({ filter: "policy.validate.*", seed: 7, includeProperties: false });
  if (!r.ok) throw new Error(r.error.message);
  return r.report;
}

/** A report with one of each status, built from a real run so every field is real. */
async function mixedReport(): Promise<CertifyReport> {
  const base = await referenceReport();
  const [a, b, c, d] = base.results as [CheckResult, CheckResult, CheckResult, CheckResult];
  const results: CheckResult[] = [
    a,
    {
      ...b,
      status: "failed",
      message: 'expected <ok> & "quoted"\u0001',
      mismatch: { pointer: "/ok", expected: true, actual: false },
    },
    { ...c, status: "errored", message: "no reply within 10 ms (timeout)" },
    { ...d, status: "skipped", skipReason: "known", message: "skipped (known); it would be failed" },
  ];
  return { ...base, results, ok: false, summary: summarize(results) };
}

describe("json reporter", () => {
  it("a real certification report validates against spec/schemas/report.v1.json", async () => {
    const doc = JSON.parse(renderJson(await referenceReport()));
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
    expect(doc).toMatchObject({
      reportVersion: 1,
      kind: "certification",
      protocol: { version: 1 },
      ok: true,
    });
    expect(doc.results.length).toBeGreaterThan(10);
  });

  it("a report with problem groups, leak pointers, --case files and the re-run command validates", async () => {
    const base = await mixedReport();
    const results = base.results.map((r) =>
      r.status === "failed"
        ? {
            ...r,
            leak: { text: '"x"', pointers: ["/log/correctionDelta/constraints/0"], inCorrectionDelta: true },
          }
        : r,
    );
    const report = {
      ...base,
      results,
      problems: groupProblems(results),
      options: { ...base.options, caseFiles: ["a.json"] },
      rerun: {
        idFile: "failing-checks.txt",
        command: "feedback-compactor certify --rerun failing-checks.txt",
      },
    };
    expect(report.problems.length).toBe(2);
    const doc = JSON.parse(renderJson(report));
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
    doc.problems[0].examples = [];
    expect(validate(doc)).toBe(false);
  });

  it("a report with failures, errors and skips validates too, and the schema rejects a bad status", async () => {
    const doc = JSON.parse(renderJson(await mixedReport()));
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
    doc.results[0].status = "exploded";
    expect(validate(doc)).toBe(false);
  });
});

describe("junit reporter", () => {
  it("is well-formed XML with one testcase per check plus the smoke checks, and counts that add up", async () => {
    const report = await mixedReport();
    const xml = renderJunit(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);
    const suites = [doc.testsuites.testsuite].flat();
    const cases = suites.flatMap((s: { testcase: unknown }) => [s.testcase].flat());
    expect(cases.length).toBe(report.results.length + report.smoke.checks.length);
    expect(Number(doc.testsuites.tests)).toBe(cases.length);
    expect(Number(doc.testsuites.failures)).toBe(1);
    expect(Number(doc.testsuites.errors)).toBe(1);
    expect(Number(doc.testsuites.skipped)).toBe(1);
    expect(xml).toContain("&lt;ok&gt; &amp; &quot;quoted&quot;\uFFFD");
  });

  it("advisory problems are passed test cases with a property and system-out, not skips among the capability skips", async () => {
    const report = await mixedReport();
    report.results[1] = { ...report.results[1]!, gating: false, profile: "reference" };
    const xml = renderJunit(report);
    expect(xml).not.toContain("<failure");
    expect(xml).not.toMatch(/<skipped message="advisory/);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);
    const cases = [doc.testsuites.testsuite]
      .flat()
      .flatMap((s: { testcase: unknown }) => [s.testcase].flat()) as Record<string, unknown>[];
    const advisory = cases.find((c) => c.name === report.results[1]!.id)!;
    expect(advisory.skipped).toBeUndefined();
    expect(advisory.properties).toEqual({
      property: [
        { name: "advisory", value: "failed" },
        { name: "profile", value: "reference" },
      ],
    });
    expect(String(advisory["system-out"])).toMatch(
      /^advisory failed \(profile reference does not decide the exit code\): expected/,
    );
    // Only the one real skip is counted as skipped.
    expect(Number(doc.testsuites.skipped)).toBe(1);
    expect(Number(doc.testsuites.failures)).toBe(0);
  });

  it("the smoke suite's time is the sum of its checks' real timings", async () => {
    const report = await mixedReport();
    report.smoke = {
      ok: true,
      checks: [
        { name: "handshake", requirements: ["FC-PROTO-2"], status: "passed", ms: 1600 },
        { name: "unknown-command", requirements: ["FC-PROTO-4"], status: "passed", ms: 12 },
        { name: "stop", requirements: ["FC-PROTO-8"], status: "passed", ms: 30 },
      ],
    };
    expect(renderJunit(report)).toMatch(
      /<testsuite name="smoke" tests="3" failures="0" errors="0" skipped="0" time="1.642">/,
    );
  });

  it("xmlEscape drops characters XML 1.0 cannot carry, including lone surrogates", () => {
    expect(xmlEscape("a\u0000b\uD800c<")).toBe("a\uFFFDb\uFFFDc&lt;");
  });
});

describe("pretty reporter", () => {
  it("summarises by area, shows each problem with expected and actual, and prints a re-run command", async () => {
    const text = renderPretty(await mixedReport(), { color: false });
    expect(text).toMatch(/policy\.validate\s+1\s+1\s+1\s+1/);
    expect(text).toContain("- expected: true");
    expect(text).toContain("+ actual:   false");
    expect(text).toMatch(/Result: FAIL — 1 passed, 1 failed, 1 errored, 1 skipped of 4 checks/);
    // The report ends with one command that re-runs exactly the two problems (no property failed: no seed).
    expect(text.trimEnd().split("\n").at(-1)).toMatch(
      /^Re-run exactly the 2 failing checks: feedback-compactor certify --filter '?policy\.validate\.[^ ,]+,policy\.validate\.[^ ,]+'?$/,
    );
    expect(text).not.toContain("\u001b[");
    expect(text).not.toContain("\u0001");
  });

  it("uses colour only when asked", async () => {
    expect(renderPretty(await referenceReport(), { color: true })).toContain("\u001b[32m");
  });
});
