// FC-CASE-9..12: multi-step cases, values from earlier replies, relations and the suite's own token counts.
import { describe, expect, it } from "vitest";
import type { Reply } from "../iut.ts";
import { canonicalJson } from "../oracle/canonical-json.ts";
import { o200kCount } from "../oracle/token-count.ts";
import { checkAssertion, runCaseSteps, substituteStepRefs } from "./evaluate.ts";
import { inProcessIut } from "./in-process.ts";
import { semanticProblems } from "./lint.ts";
import type { Assertion, ConformanceCase } from "./types.ts";

const LOG = {
  findings: [
    { id: "a", n: 1 },
    { id: "b", n: 2 },
    { id: "c", n: 2 },
  ],
  refs: ["a", "b"],
  correctionDelta: { attempt: 3, constraints: ["do not x"] },
  compaction: { renderedTokens: 0 },
};
LOG.compaction.renderedTokens = o200kCount(canonicalJson(LOG.correctionDelta));

const check = (a: Assertion, earlier: unknown[] = []) =>
  checkAssertion(a, LOG, { log: LOG }, { earlier, current: LOG }) === null;

describe("relations (FC-CASE-11)", () => {
  it("equals / notEquals against another value, in this reply or an earlier one", () => {
    expect(check({ check: "equals", pointer: "/refs/0", to: { pointer: "/findings/0/id" } })).toBe(true);
    expect(check({ check: "equals", pointer: "/refs/1", to: { pointer: "/findings/0/id" } })).toBe(false);
    expect(check({ check: "notEquals", pointer: "/refs/1", to: { pointer: "/findings/0/id" } })).toBe(true);
    expect(check({ check: "notEquals", pointer: "/refs/0", value: "a" })).toBe(false);
    const earlier = [{ correctionDelta: { attempt: 3, constraints: ["do not x"] } }];
    expect(
      check(
        { check: "equals", pointer: "/correctionDelta", to: { step: 0, pointer: "/correctionDelta" } },
        earlier,
      ),
    ).toBe(true);
    expect(
      check(
        {
          check: "equals",
          pointer: "/correctionDelta",
          to: { step: 0, pointer: "/correctionDelta/attempt" },
        },
        earlier,
      ),
    ).toBe(false);
    // A step that does not exist (or has no value there) fails instead of passing vacuously.
    expect(check({ check: "equals", pointer: "/refs", to: { step: 1, pointer: "" } }, earlier)).toBe(false);
    expect(check({ check: "equals", pointer: "/refs", to: { step: 0, pointer: "/nope" } }, earlier)).toBe(
      false,
    );
  });
  it("equals with project on both sides", () => {
    expect(check({ check: "equals", pointer: "/refs", to: { pointer: "/findings", project: "id" } })).toBe(
      false,
    );
    expect(
      check({
        check: "equals",
        pointer: "/findings",
        project: "id",
        to: { pointer: "/findings", project: "id" },
      }),
    ).toBe(true);
  });
  it("lt / gt / lte against a reference", () => {
    expect(check({ check: "lt", pointer: "/findings/0/n", than: { pointer: "/findings/1/n" } })).toBe(true);
    expect(check({ check: "lt", pointer: "/findings/1/n", than: { pointer: "/findings/2/n" } })).toBe(false);
    expect(check({ check: "lte", pointer: "/findings/1/n", than: { pointer: "/findings/2/n" } })).toBe(true);
    expect(check({ check: "gt", pointer: "/findings/0/n", than: 0 })).toBe(true);
  });
  it("distinct", () => {
    expect(check({ check: "distinct", pointer: "/findings", project: "id" })).toBe(true);
    expect(check({ check: "distinct", pointer: "/findings", project: "n" })).toBe(false);
    expect(check({ check: "distinct", pointer: "/refs" })).toBe(true);
    expect(check({ check: "distinct", pointer: "/correctionDelta" })).toBe(false);
  });
  it("ordered, strict or not", () => {
    expect(check({ check: "ordered", pointer: "/findings", project: "n", order: "ascending" })).toBe(true);
    expect(
      check({ check: "ordered", pointer: "/findings", project: "n", order: "ascending", strict: true }),
    ).toBe(false);
    expect(check({ check: "ordered", pointer: "/findings", project: "id", order: "descending" })).toBe(false);
    expect(
      check({ check: "ordered", pointer: "/findings", project: "id", order: "ascending", strict: true }),
    ).toBe(true);
  });
  it("in / allIn", () => {
    expect(check({ check: "in", pointer: "/refs/1", to: { pointer: "/findings", project: "id" } })).toBe(
      true,
    );
    expect(check({ check: "in", pointer: "/correctionDelta/attempt", to: { pointer: "/refs" } })).toBe(false);
    expect(check({ check: "allIn", pointer: "/refs", to: { pointer: "/findings", project: "id" } })).toBe(
      true,
    );
    expect(check({ check: "allIn", pointer: "/findings", project: "id", to: { pointer: "/refs" } })).toBe(
      false,
    );
  });
});

describe("token counts made by the suite (FC-CASE-12)", () => {
  it("tokenCount compares a number with the suite's count of a canonical rendering", () => {
    expect(
      check({ check: "tokenCount", pointer: "/compaction/renderedTokens", of: "/correctionDelta" }),
    ).toBe(true);
    expect(check({ check: "tokenCount", pointer: "/findings/0/n", of: "/correctionDelta" })).toBe(false);
    expect(check({ check: "tokenCount", pointer: "/compaction/renderedTokens", of: "/nope" })).toBe(false);
  });
  it("tokensAtMost bounds the suite's count", () => {
    const n = LOG.compaction.renderedTokens;
    expect(check({ check: "tokensAtMost", pointer: "/correctionDelta", than: n })).toBe(true);
    expect(check({ check: "tokensAtMost", pointer: "/correctionDelta", than: n - 1 })).toBe(false);
    expect(
      check({
        check: "tokensAtMost",
        pointer: "/correctionDelta",
        than: { pointer: "/compaction/renderedTokens" },
      }),
    ).toBe(true);
  });
});

describe("values from earlier replies (FC-CASE-10)", () => {
  it("replaces exactly-two-member references, leaves look-alikes alone", () => {
    const input = {
      request: {
        priorDelta: { $fromStep: 0, pointer: "/correctionDelta" },
        other: { $fromStep: 0, pointer: "/x", y: 1 },
      },
    };
    const r = substituteStepRefs(input, [{ correctionDelta: { attempt: 2 } }]);
    expect(r).toEqual({
      ok: true,
      value: { request: { priorDelta: { attempt: 2 }, other: { $fromStep: 0, pointer: "/x", y: 1 } } },
    });
    expect(input.request.priorDelta).toEqual({ $fromStep: 0, pointer: "/correctionDelta" });
  });
  it("fails on a missing value or a step that is not earlier", () => {
    expect(substituteStepRefs({ a: { $fromStep: 0, pointer: "/nope" } }, [{}]).ok).toBe(false);
    expect(substituteStepRefs({ a: { $fromStep: 1, pointer: "" } }, [{}]).ok).toBe(false);
    expect(substituteStepRefs({ a: { $fromStep: 0, pointer: "" } }, [undefined]).ok).toBe(false);
  });
  it("walks deep inputs without recursion", () => {
    let deep: unknown = { $fromStep: 0, pointer: "/v" };
    for (let i = 0; i < 3000; i++) deep = [deep];
    const r = substituteStepRefs({ request: deep }, [{ v: 7 }]);
    expect(r.ok).toBe(true);
  });
});

function caseOf(extra: Partial<ConformanceCase>): ConformanceCase {
  return {
    id: "t.steps",
    description: "A test case.",
    requirements: ["FC-STALL-1"],
    profile: "required",
    command: "compact",
    ...extra,
  };
}

const REQUEST = {
  taskSpec: null,
  canonicalState: { ref: "tree-1" },
  rounds: [
    {
      index: 1,
      ts: "t1",
      workerTrace: [],
      verifierVerdict: {
        status: "fail",
        findings: [
          { rule: "test:failed", message: "expected 3 got 2", location: { path: "a.ts", startLine: 3 } },
        ],
      },
    },
  ],
};
const ROUND2 = { ...REQUEST.rounds[0]!, index: 2, ts: "t2" };

describe("multi-step cases (FC-CASE-9)", () => {
  it("a priorDelta that is the implementation's own previous Delta is a stall; the reference passes", async () => {
    const iut = await inProcessIut();
    const c = caseOf({
      steps: [
        {
          input: { request: REQUEST },
          expect: { assertions: [{ check: "equals", pointer: "/compaction/stallCandidate", value: false }] },
        },
        {
          input: {
            request: {
              ...REQUEST,
              rounds: [REQUEST.rounds[0], ROUND2],
              priorDelta: { $fromStep: 0, pointer: "/correctionDelta" },
            },
          },
          expect: {
            assertions: [
              { check: "equals", pointer: "/compaction/stallCandidate", value: true },
              {
                check: "equals",
                pointer: "/correctionDelta/openRootCauses/0/findingId",
                to: { step: 0, pointer: "/correctionDelta/openRootCauses/0/findingId" },
              },
            ],
          },
        },
      ],
    });
    const { verdict } = await runCaseSteps(c, (cmd, p) => iut.call(cmd, p));
    expect(verdict).toEqual({ status: "passed" });
    // The same case fails when the second step's claim is false, and the message names the step.
    const wrong = structuredClone(c);
    wrong.steps![1]!.expect.assertions![0] = {
      check: "equals",
      pointer: "/compaction/stallCandidate",
      value: false,
    };
    const v2 = (await runCaseSteps(wrong, (cmd, p) => iut.call(cmd, p))).verdict;
    expect(v2.status).toBe("failed");
    expect(v2.message).toMatch(/^step 1: assertion 1/);
  });
  it("sends each step's own command and stops at the first step that does not pass", async () => {
    const sent: string[] = [];
    const replies: Reply[] = [
      { kind: "error", error: { code: "INVALID_REQUEST", message: "m" }, ms: 1 },
      { kind: "result", result: {}, ms: 1 },
    ];
    const call = async (cmd: string) => {
      sent.push(cmd);
      return replies[sent.length - 1]!;
    };
    const c = caseOf({
      command: "policy.validate",
      steps: [
        { input: {}, expect: { result: { ok: true } } },
        { command: "compact", input: { request: {} }, expect: { error: { code: "INVALID_REQUEST" } } },
      ],
    });
    const { verdict, ms } = await runCaseSteps(c, call);
    expect(sent).toEqual(["policy.validate"]);
    expect(verdict.status).toBe("failed");
    expect(verdict.message).toMatch(/^step 0: /);
    expect(ms).toBe(1);
  });
});

describe("the lint of steps (FC-CASE-8)", () => {
  it("flags references to later steps, bad pointers, both forms at once and equals without a target", () => {
    const bad = caseOf({
      input: { request: {} },
      steps: [
        {
          input: { request: { p: { $fromStep: 0, pointer: "/x" } } },
          expect: { assertions: [{ check: "equals", pointer: "/a" } as Assertion] },
        },
        {
          input: { request: { p: { $fromStep: 1, pointer: "x" } } },
          expect: { assertions: [{ check: "lte", pointer: "/a", than: { step: 1, pointer: "/b" } }] },
        },
      ],
    });
    const problems = semanticProblems(bad).join("\n");
    expect(problems).toMatch(/either input \+ expect or steps/);
    expect(problems).toMatch(/step 0: the \$fromStep reference at '\/request\/p' must name an earlier step/);
    expect(problems).toMatch(/step 1: the \$fromStep reference .* not an RFC 6901 JSON pointer/);
    expect(problems).toMatch(/step 0: assertion 1: equals takes exactly one of value and to/);
    expect(problems).toMatch(/step 1: assertion 1: step 1 is not an earlier step/);
    expect(semanticProblems(caseOf({ steps: [{ input: { request: {} }, expect: { result: {} } }] }))).toEqual(
      [],
    );
  });

  it("lints each acceptable answer and the assertions beside them (FC-CASE-14)", () => {
    const c = caseOf({
      input: { request: {} },
      expect: {
        error: { code: "INVALID_REQUEST" },
        anyOf: [
          { error: { code: "INVALID_REQUEST" }, result: {} },
          { assertions: [{ check: "matches", pointer: "x", pattern: "(" }] },
        ],
        assertions: [{ check: "length", pointer: "/a", value: 1 }],
      },
    });
    expect(semanticProblems(c)).toEqual([
      "beside anyOf, expect holds only assertions that apply to every answer",
      "assertion 1: an error reply has no log; only absentText/presentText apply",
      "answer 1: expect has both an error and a result/bytes; a reply is one or the other",
      "answer 2: assertion 1: 'x' is not an RFC 6901 JSON pointer",
      "answer 2: assertion 1: the pattern is not a valid regular expression (u flag)",
    ]);
  });
});
