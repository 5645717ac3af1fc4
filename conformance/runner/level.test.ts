// FC-CERT-13: what a delta-only implementation is judged on — the Delta part of every case, the rest set aside with why.
import { describe, expect, it } from "vitest";
import type { Reply } from "../iut.ts";
import { canonicalJson } from "../oracle/canonical-json.ts";
import { o200kCount } from "../oracle/token-count.ts";
import { runCaseSteps } from "./evaluate.ts";
import { deltaView, envelopeNeed } from "./level.ts";
import type { ConformanceCase, Expectation } from "./types.ts";

function caseOf(extra: Partial<ConformanceCase>): ConformanceCase {
  return {
    id: "t.case",
    description: "A test case.",
    requirements: ["FC-LOG-1"],
    profile: "required",
    command: "compact",
    ...extra,
  };
}
const one = (expect: Expectation, options: Record<string, unknown> = {}) =>
  caseOf({ input: { request: {}, options }, expect });

const judgedOn = (c: ConformanceCase) => {
  const v = deltaView(c);
  if (!v.ok) throw new Error(v.reason);
  return v;
};

describe("the Delta part of a case (FC-CERT-13)", () => {
  it("keeps what reads the Delta, error expectations and bytes, and sets nothing aside", () => {
    const c = one({
      assertions: [{ check: "length", pointer: "/correctionDelta/openRootCauses", value: 1 }],
    });
    expect(judgedOn(c)).toEqual({ ok: true, case: c, setAside: [] });
    expect(envelopeNeed(one({ error: { code: "INVALID_REQUEST" } }))).toBeNull();
    expect(
      envelopeNeed(caseOf({ command: "policy.validate", input: {}, expect: { result: { ok: true } } })),
    ).toBeNull();
  });

  it("judges a partly applicable case on its Delta part and records each expectation set aside, with why", () => {
    const v = judgedOn(
      one({
        result: { schemaVersion: "1.0.0", correctionDelta: { attempt: 2 } },
        assertions: [
          { check: "equals", pointer: "/findings/0/id", value: "a" },
          { check: "equals", pointer: "/correctionDelta/attempt", value: 2 },
          { check: "presentText", text: "hello" },
          { check: "equals", pointer: "/correctionDelta/x", to: { pointer: "/rootCauses" } },
        ],
      }),
    );
    expect(v.case.expect).toEqual({
      result: { correctionDelta: { attempt: 2 } },
      assertions: [{ check: "equals", pointer: "/correctionDelta/attempt", value: 2 }],
    });
    expect(v.setAside).toEqual([
      { expectation: "expect.result member 'schemaVersion'", reason: "only the envelope has it" },
      {
        expectation: "assertion 1 (equals '/findings/0/id')",
        reason: "it reads '/findings/0/id', which only the envelope has",
      },
      {
        expectation: "assertion 3 (presentText)",
        reason: "it looks for text anywhere in the log, which may be in the envelope only",
      },
      {
        expectation: "assertion 4 (equals '/correctionDelta/x')",
        reason: "it reads '/rootCauses', which only the envelope has",
      },
    ]);
  });

  it("runs every absentText over whatever is returned, whatever its pointer", () => {
    const v = judgedOn(
      one({
        assertions: [
          { check: "absentText", text: "s1", pointer: "/redactions" },
          { check: "absentText", text: "s2", pointer: "/correctionDelta/constraints" },
          { check: "absentText", text: "s3" },
        ],
      }),
    );
    expect(v.case.expect?.assertions).toEqual([
      { check: "absentText", text: "s1" },
      { check: "absentText", text: "s2", pointer: "/correctionDelta/constraints" },
      { check: "absentText", text: "s3" },
    ]);
    expect(v.setAside).toEqual([]);
  });

  it("judges bounded size by the suite's own count of the Delta against the request's budget", () => {
    const bound = {
      assertions: [
        {
          check: "lte",
          pointer: "/compaction/renderedTokens",
          than: { pointer: "/compaction/budgetTokens" },
        },
        { check: "tokenCount", pointer: "/compaction/renderedTokens", of: "/correctionDelta" },
      ],
    } as Expectation;
    const v = judgedOn(one(bound, { budgetTokens: 300 }));
    expect(v.case.expect?.assertions).toEqual([
      { check: "tokensAtMost", pointer: "/correctionDelta", than: 300 },
    ]);
    expect(v.setAside.map((s) => s.reason)).toEqual([
      "it reads '/compaction/renderedTokens'; judged instead as the suite's own count of the Delta against the request's budget of 300",
      "it reads '/compaction/renderedTokens'; judged instead as the suite's own count of the Delta against the request's budget of 300",
    ]);
    // Without a budget in the request the default is open (FC-REQ-12): nothing to judge, so not applicable.
    expect(envelopeNeed(one(bound))).toMatch(/^every expectation reads the envelope \(assertion 1 \(lte/);
  });

  it("is not applicable when nothing is left, or a later request is built from the envelope", () => {
    expect(envelopeNeed(one({ result: { schemaVersion: "1.0.0" } }))).toBe(
      "every expectation reads the envelope (expect.result member 'schemaVersion': only the envelope has it)",
    );
    const fromEnvelope = caseOf({
      steps: [
        { input: { request: {} }, expect: { assertions: [] } },
        { input: { request: { x: { $fromStep: 0, pointer: "/rootCauses" } } }, expect: { assertions: [] } },
      ],
    });
    expect(envelopeNeed(fromEnvelope)).toBe(
      "step 1: its request sends '/rootCauses' of an earlier log, which only the envelope has",
    );
  });

  it("sets aside inside acceptable answers too, naming the answer", () => {
    const v = judgedOn(
      one({
        anyOf: [
          { error: { code: "INVALID_REQUEST" } },
          {
            assertions: [
              { check: "equals", pointer: "/findings/0/severity", value: "error" },
              { check: "equals", pointer: "/correctionDelta/openRootCauses/0/severity", value: "error" },
            ],
          },
        ],
      }),
    );
    expect(v.case.expect?.anyOf).toEqual([
      { error: { code: "INVALID_REQUEST" } },
      {
        assertions: [
          { check: "equals", pointer: "/correctionDelta/openRootCauses/0/severity", value: "error" },
        ],
      },
    ]);
    expect(v.setAside[0]?.expectation).toBe("answer 2: assertion 1 (equals '/findings/0/severity')");
  });

  it("a Delta that leaks or overshoots fails the judged part", async () => {
    const delta = { attempt: 2, constraints: ["token ghp_x"], blob: "word ".repeat(400) };
    const reply: Reply = { kind: "result", result: { correctionDelta: delta }, ms: 1 };
    expect(o200kCount(canonicalJson(delta))).toBeGreaterThan(300);
    const c = one(
      {
        assertions: [
          { check: "absentText", text: "ghp_x", pointer: "/redactions" },
          {
            check: "lte",
            pointer: "/compaction/renderedTokens",
            than: { pointer: "/compaction/budgetTokens" },
          },
        ],
      },
      { budgetTokens: 300 },
    );
    const view = judgedOn(c).case;
    const leak = await runCaseSteps(view, async () => reply);
    expect(leak.verdict.message).toMatch(/^assertion 1 \(absentText\): the text "ghp_x" is present/);
    const over = await runCaseSteps(
      { ...view, expect: { assertions: view.expect!.assertions!.slice(1) } },
      async () => reply,
    );
    expect(over.verdict.message).toMatch(/^assertion 1 \(tokensAtMost\): .* over 300$/);
  });
});
