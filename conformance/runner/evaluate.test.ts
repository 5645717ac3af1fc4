// FC-CASE-3..7: judging replies — wrong kinds, error codes and fields, deep subsets, every assertion, byte-exact.
import { describe, expect, it } from "vitest";
import type { Reply } from "../iut.ts";
import { casePayload, evaluateCase } from "./evaluate.ts";
import { firstDifference, parsePointer, resolvePointer, subsetDifference } from "./json.ts";
import type { Assertion, ConformanceCase } from "./types.ts";

const LOG = {
  schemaVersion: "1.0.0",
  findings: [
    { id: "a", rule: "r1", severity: "error" },
    { id: "b", rule: "r2", severity: "warning" },
  ],
  "we/ird~key": 3,
  compaction: { budgetTokens: 512, renderedTokens: 100 },
  correctionDelta: { attempt: 2, constraints: ["x"], resolvedSummary: null },
};

function kase(expect: ConformanceCase["expect"], extra: Partial<ConformanceCase> = {}): ConformanceCase {
  return {
    id: "t.case",
    description: "A test case.",
    requirements: ["FC-LOG-1"],
    profile: "required",
    command: "compact",
    input: { request: {} },
    expect,
    ...extra,
  };
}

const result = (r: unknown): Reply => ({ kind: "result", result: r, ms: 1 });
const error = (code: string, field?: string): Reply => ({
  kind: "error",
  error: field ? { code, message: "m", field } : { code, message: "m" },
  ms: 1,
});

describe("JSON pointers (RFC 6901)", () => {
  it("parses escapes and rejects malformed pointers", () => {
    expect(parsePointer("")).toEqual([]);
    expect(parsePointer("/a~1b/c~0d")).toEqual(["a/b", "c~d"]);
    expect(parsePointer("a")).toBeNull();
    expect(parsePointer("/a~2")).toBeNull();
  });
  it("resolves members and array indices, and reports where resolution stopped", () => {
    expect(resolvePointer(LOG, "/we~1ird~0key")).toEqual({ found: true, value: 3 });
    expect(resolvePointer(LOG, "/findings/1/rule")).toEqual({ found: true, value: "r2" });
    expect(resolvePointer(LOG, "/findings/01")).toEqual({ found: false, at: "/findings/01" });
    expect(resolvePointer(LOG, "/findings/-")).toEqual({ found: false, at: "/findings/-" });
    expect(resolvePointer(LOG, "/nope/x")).toEqual({ found: false, at: "/nope" });
  });
});

describe("semantic comparison", () => {
  it("ignores key order and compares numbers by value", () => {
    expect(firstDifference({ a: 1, b: [1.0, { c: 2 }] }, JSON.parse('{"b":[1,{"c":2}],"a":1.0}'))).toBeNull();
  });
  it("equality sees extra members; subset does not", () => {
    expect(firstDifference({ a: 1 }, { a: 1, b: 2 })).toEqual({
      pointer: "/b",
      expected: "(absent)",
      actual: 2,
    });
    expect(subsetDifference({ a: 1 }, { a: 1, b: 2 })).toBeNull();
  });
  it("arrays must have the same length even in a subset", () => {
    expect(subsetDifference({ xs: [1] }, { xs: [1, 2] })).toEqual({
      pointer: "/xs/1",
      expected: "(no element)",
      actual: 2,
    });
  });
  it("null, arrays and objects are different kinds", () => {
    expect(subsetDifference({ a: null }, { a: {} })).toEqual({ pointer: "/a", expected: null, actual: {} });
    expect(subsetDifference([], {})).not.toBeNull();
  });
});

describe("evaluateCase", () => {
  it("errored replies stay errored whatever was expected", () => {
    expect(evaluateCase(kase({ result: {} }), { kind: "errored", reason: "timeout", ms: 9 })).toEqual({
      status: "errored",
      message: "timeout",
    });
  });

  it("a reply of the wrong kind is failed, not errored", () => {
    expect(evaluateCase(kase({ error: { code: "INVALID_REQUEST" } }), result(LOG)).status).toBe("failed");
    const v = evaluateCase(kase({ result: { schemaVersion: "1.0.0" } }), error("INVALID_REQUEST"));
    expect(v.status).toBe("failed");
    expect(v.message).toMatch(/expected a log, got error INVALID_REQUEST/);
  });

  it("error code and field must match", () => {
    const c = kase({ error: { code: "SUMMARY_REJECTED", field: "not_text" } }, { command: "summary.accept" });
    expect(evaluateCase(c, error("SUMMARY_REJECTED", "not_text")).status).toBe("passed");
    expect(evaluateCase(c, error("SUMMARY_REJECTED", "empty_summary")).mismatch).toEqual({
      pointer: "/error/field",
      expected: "not_text",
      actual: "empty_summary",
    });
    expect(evaluateCase(c, error("INVALID_REQUEST", "not_text")).mismatch?.pointer).toBe("/error/code");
  });

  it("result is a deep subset outside byte-exact and exact equality inside it", () => {
    const subset = { compaction: { budgetTokens: 512 } };
    expect(evaluateCase(kase({ result: subset }), result(LOG)).status).toBe("passed");
    const exact = evaluateCase(kase({ result: subset }, { profile: "byte-exact" }), result(LOG));
    expect(exact.status).toBe("failed");
    expect(evaluateCase(kase({ result: LOG }, { profile: "byte-exact" }), result(LOG)).status).toBe("passed");
  });

  it("bytes compare the canonical Correction Delta and point at the first different byte", () => {
    const good = '{"attempt":2,"constraints":["x"],"resolvedSummary":null}';
    expect(evaluateCase(kase({ bytes: good }, { profile: "byte-exact" }), result(LOG)).status).toBe("passed");
    const v = evaluateCase(kase({ bytes: good.replace("2", "3") }, { profile: "byte-exact" }), result(LOG));
    expect(v.status).toBe("failed");
    expect(v.message).toBe("canonical Correction Delta differs from byte 11");
  });

  const table: [string, Assertion, boolean][] = [
    ["equals", { check: "equals", pointer: "/compaction/budgetTokens", value: 512 }, true],
    ["equals differs", { check: "equals", pointer: "/compaction/budgetTokens", value: 511 }, false],
    ["equals project", { check: "equals", pointer: "/findings", project: "id", value: ["a", "b"] }, true],
    [
      "equals project order",
      { check: "equals", pointer: "/findings", project: "id", value: ["b", "a"] },
      false,
    ],
    ["length", { check: "length", pointer: "/findings", value: 2 }, true],
    ["length wrong", { check: "length", pointer: "/findings", value: 3 }, false],
    ["contains", { check: "contains", pointer: "/findings", value: { rule: "r2" } }, true],
    ["contains missing", { check: "contains", pointer: "/findings", value: { rule: "r3" } }, false],
    ["notContains", { check: "notContains", pointer: "/findings", value: { rule: "r3" } }, true],
    ["notContains hit", { check: "notContains", pointer: "/findings", value: { id: "a" } }, false],
    ["absentText", { check: "absentText", text: "sk-live" }, true],
    ["absentText present", { check: "absentText", text: "r2" }, false],
    ["presentText pointer", { check: "presentText", pointer: "/findings/0", text: "r1" }, true],
    ["presentText elsewhere", { check: "presentText", pointer: "/findings/0", text: "r2" }, false],
    ["matches", { check: "matches", pointer: "/schemaVersion", pattern: "^\\d+\\.\\d+\\.\\d+$" }, true],
    ["matches not", { check: "matches", pointer: "/schemaVersion", pattern: "^2" }, false],
    ["lte number", { check: "lte", pointer: "/compaction/renderedTokens", than: 100 }, true],
    [
      "lte pointer",
      { check: "lte", pointer: "/compaction/renderedTokens", than: { pointer: "/compaction/budgetTokens" } },
      true,
    ],
    [
      "gte pointer",
      { check: "gte", pointer: "/compaction/renderedTokens", than: { pointer: "/compaction/budgetTokens" } },
      false,
    ],
    ["isNull", { check: "isNull", pointer: "/correctionDelta/resolvedSummary" }, true],
    ["isNull not", { check: "isNull", pointer: "/correctionDelta/attempt" }, false],
    ["notNull", { check: "notNull", pointer: "/correctionDelta/attempt" }, true],
    ["notNull null", { check: "notNull", pointer: "/correctionDelta/resolvedSummary" }, false],
    ["missing pointer", { check: "notNull", pointer: "/nope" }, false],
    ["anyMatches", { check: "anyMatches", pointer: "/correctionDelta/constraints", pattern: "^x$" }, true],
    [
      "anyMatches none",
      { check: "anyMatches", pointer: "/correctionDelta/constraints", pattern: "y" },
      false,
    ],
    [
      "anyMatches project",
      { check: "anyMatches", pointer: "/findings", project: "rule", pattern: "2$" },
      true,
    ],
    ["noneMatches", { check: "noneMatches", pointer: "/findings", project: "id", pattern: "^c$" }, true],
    ["noneMatches hit", { check: "noneMatches", pointer: "/findings", project: "id", pattern: "^b$" }, false],
    ["anyMatches not an array", { check: "anyMatches", pointer: "/schemaVersion", pattern: "1" }, false],
  ];
  it.each(table)("assertion %s", (_name, a, holds) => {
    expect(evaluateCase(kase({ assertions: [a] }), result(LOG)).status).toBe(holds ? "passed" : "failed");
  });

  it("text assertions without a pointer see the whole reply, including an error", () => {
    const c = kase({
      error: { code: "SECRET_LEAK" },
      assertions: [{ check: "absentText", text: "hunter2" }],
    });
    expect(evaluateCase(c, error("SECRET_LEAK")).status).toBe("passed");
    const leaky: Reply = { kind: "error", error: { code: "SECRET_LEAK", message: "found hunter2" }, ms: 1 };
    expect(evaluateCase(c, leaky).status).toBe("failed");
  });

  it("text assertions match JSON-escaped text", () => {
    const c = kase({ assertions: [{ check: "presentText", text: 'say "hi"' }] });
    expect(evaluateCase(c, result({ m: 'say "hi"' })).status).toBe("passed");
  });

  it("the first failing assertion is reported by its position", () => {
    const v = evaluateCase(
      kase({
        assertions: [
          { check: "length", pointer: "/findings", value: 2 },
          { check: "equals", pointer: "/schemaVersion", value: "2.0.0" },
        ],
      }),
      result(LOG),
    );
    expect(v.message).toMatch(/^assertion 2 \(equals\)/);
    expect(v.mismatch).toEqual({ pointer: "/schemaVersion", expected: "2.0.0", actual: "1.0.0" });
  });

  it("every failed assertion is named, and a leak is the verdict's even when it fails later", () => {
    const missing = (rule: string): Assertion => ({
      check: "contains",
      pointer: "/findings",
      value: { rule },
    });
    const v = evaluateCase(
      kase({
        assertions: [
          missing("r9"),
          { check: "length", pointer: "/findings", value: 2 },
          missing("r8"),
          { check: "absentText", text: "r2" },
        ],
      }),
      result(LOG),
    );
    expect(v.status).toBe("failed");
    expect(v.message).toMatch(
      /^assertion 4 \(absentText\): .*; also failed: assertions 1 \(contains\), 3 \(contains\)$/,
    );
    expect(v.leak).toBeDefined();
    const many = evaluateCase(
      kase({ assertions: Array.from({ length: 11 }, (_, i) => missing(`x${i}`)) }),
      result(LOG),
    );
    expect(many.message).toMatch(
      /^assertion 1 \(contains\): .*; also failed: assertions 2 \(contains\), .*, 9 \(contains\) and 2 more$/,
    );
  });
});

describe("acceptable alternatives (FC-CASE-14)", () => {
  const either = kase({
    anyOf: [
      { error: { code: "INVALID_REQUEST" } },
      { assertions: [{ check: "equals", pointer: "/findings/0/severity", value: "error" }] },
    ],
    assertions: [{ check: "absentText", text: "canary-7f" }],
  });

  it("a reply meeting any one answer passes: a refusal or a log that holds", () => {
    expect(evaluateCase(either, error("INVALID_REQUEST")).status).toBe("passed");
    expect(evaluateCase(either, result(LOG)).status).toBe("passed");
  });

  it("the assertions beside anyOf hold for every answer", () => {
    const leaky: Reply = {
      kind: "error",
      error: { code: "INVALID_REQUEST", message: "bad canary-7f" },
      ms: 1,
    };
    const v = evaluateCase(either, leaky);
    expect(v.status).toBe("failed");
    expect(v.message).toMatch(/^assertion 1 \(absentText\)/);
    expect(v.leak?.pointers).toEqual(["/error/message"]);
    expect(evaluateCase(either, result({ ...LOG, note: "canary-7f" })).status).toBe("failed");
  });

  it("a reply meeting none is explained by the answer of its own kind", () => {
    const wrongLog = evaluateCase(either, result({ ...LOG, findings: [{ severity: "info" }] }));
    expect(wrongLog.status).toBe("failed");
    expect(wrongLog.message).toMatch(
      /^none of the 2 acceptable answers; answer 2 \(a log\): assertion 1 \(equals\)/,
    );
    expect(wrongLog.mismatch?.pointer).toBe("/findings/0/severity");
    const wrongCode = evaluateCase(either, error("INTERNAL"));
    expect(wrongCode.message).toMatch(
      /answer 1 \(error INVALID_REQUEST\): expected error INVALID_REQUEST, got error INTERNAL/,
    );
  });

  it("when no answer is of the reply's kind, the message lists what would pass", () => {
    const onlyErrors = kase({
      anyOf: [{ error: { code: "INVALID_REQUEST" } }, { error: { code: "SECRET_LEAK" } }],
    });
    const v = evaluateCase(onlyErrors, result(LOG));
    expect(v.status).toBe("failed");
    expect(v.message).toBe("expected error INVALID_REQUEST or error SECRET_LEAK, got a log");
    expect(evaluateCase(onlyErrors, error("SECRET_LEAK")).status).toBe("passed");
  });

  it("an errored reply stays errored", () => {
    expect(evaluateCase(either, { kind: "errored", reason: "crash", ms: 1 }).status).toBe("errored");
  });
});

describe("casePayload", () => {
  it("compact input is spread; other commands wrap it in input", () => {
    expect(
      casePayload(kase({ result: {} }, { input: { request: { a: 1 }, options: { budgetTokens: 200 } } })),
    ).toEqual({
      request: { a: 1 },
      options: { budgetTokens: 200 },
    });
    expect(casePayload(kase({ result: {} }, { command: "policy.decide", input: { policy: {} } }))).toEqual({
      input: { policy: {} },
    });
  });
});
