// FC-REQ-1..12: the hand-written validator and the published request schema agree wherever the schema can speak.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FcFailure } from "../errors.ts";
import { isValidRequestBySchema } from "../schemas.ts";
import { requestArb } from "../testing/arbitraries.ts";
import { validateBudget, validateRequest } from "./validate.ts";

function codeOf(input: unknown): string {
  try {
    validateRequest(input);
    return "OK";
  } catch (e) {
    if (e instanceof FcFailure) return e.error.code;
    throw e;
  }
}

/** Structural defects the JSON Schema can see; each must be rejected by both checks. */
const DEFECTS: [string, (r: Record<string, any>) => void, string][] = [
  ["no taskSpec", (r) => delete r.taskSpec, "INVALID_REQUEST"],
  ["extra top-level key", (r) => (r.extra = 1), "INVALID_REQUEST"],
  ["empty rounds", (r) => (r.rounds = []), "INVALID_REQUEST"],
  [
    "problem matcher without owner",
    (r) =>
      (r.rounds[0].verifierVerdict.artifacts = [
        { content: "x", problemMatcher: { pattern: [{ regexp: "(x)", message: 1 }] } },
      ]),
    "INVALID_REQUEST",
  ],
  [
    "problem matcher pattern with an unknown key",
    (r) =>
      (r.rounds[0].verifierVerdict.artifacts = [
        { content: "x", problemMatcher: { owner: "o", pattern: [{ regexp: "(x)", message: 1, text: 1 }] } },
      ]),
    "INVALID_REQUEST",
  ],
  ["empty ref", (r) => (r.canonicalState.ref = ""), "INVALID_REQUEST"],
  ["relative repoRoot", (r) => (r.canonicalState.repoRoot = "repo"), "INVALID_REQUEST"],
  ["index zero", (r) => (r.rounds[0].index = 0), "INVALID_REQUEST"],
  ["ts not a string", (r) => (r.rounds[0].ts = 5), "INVALID_REQUEST"],
  ["trace entry without output", (r) => (r.rounds[0].workerTrace = [{ tool: "x" }]), "INVALID_REQUEST"],
  ["verdict missing", (r) => delete r.rounds[0].verifierVerdict, "VERIFIER_VERDICT_MISSING"],
  [
    "verdict status unknown",
    (r) => (r.rounds[0].verifierVerdict.status = "flaky"),
    "VERIFIER_VERDICT_MISSING",
  ],
  ["findings not an array", (r) => (r.rounds[0].verifierVerdict.findings = {}), "VERIFIER_VERDICT_MISSING"],
  [
    "finding without rule",
    (r) => r.rounds[0].verifierVerdict.findings.push({ message: "m" }),
    "INVALID_REQUEST",
  ],
  [
    "finding with bad severity",
    (r) => r.rounds[0].verifierVerdict.findings.push({ rule: "r", message: "m", severity: "fatal" }),
    "INVALID_REQUEST",
  ],
  [
    "finding id with spaces",
    (r) => r.rounds[0].verifierVerdict.findings.push({ id: "a b", rule: "r", message: "m" }),
    "INVALID_REQUEST",
  ],
  [
    "location without path",
    (r) => r.rounds[0].verifierVerdict.findings.push({ rule: "r", message: "m", location: {} }),
    "INVALID_REQUEST",
  ],
  ["priorDelta not a Delta", (r) => (r.priorDelta = { attempt: 1 }), "INVALID_REQUEST"],
];

/** Rules only the hand-written validator enforces (cross-field); the schema accepts these. */
const CROSS_FIELD: [string, (r: Record<string, any>) => void][] = [
  [
    "problem matcher group beyond the expression's",
    (r) =>
      (r.rounds[0].verifierVerdict.artifacts = [
        { content: "x", problemMatcher: { owner: "o", pattern: [{ regexp: "(x)", message: 2 }] } },
      ]),
  ],
  [
    "problem matcher with a nested repetition",
    (r) =>
      (r.rounds[0].verifierVerdict.artifacts = [
        { content: "x", problemMatcher: { owner: "o", pattern: [{ regexp: "((a+)+)", message: 1 }] } },
      ]),
  ],
  ["indices not increasing", (r) => r.rounds.push({ ...structuredClone(r.rounds[0]) })],
  [
    "lastObservedIn beyond the round",
    (r) => r.rounds[0].verifierVerdict.findings.push({ rule: "r", message: "m", lastObservedIn: 99 }),
  ],
  [
    "first after last",
    (r) =>
      r.rounds[0].verifierVerdict.findings.push({
        rule: "r",
        message: "m",
        firstObservedIn: 1,
        lastObservedIn: 1,
        status: "open",
      }) &&
      (r.rounds[0].index = 1) &&
      (r.rounds[0].verifierVerdict.findings.at(-1).firstObservedIn = 2),
  ],
];

describe("request validation", () => {
  it("every generated request is valid for both the schema and the validator", () => {
    fc.assert(
      fc.property(requestArb(), ({ request }) => {
        expect(isValidRequestBySchema(request)).toBe(true);
        expect(codeOf(request)).toBe("OK");
      }),
      { numRuns: 100, seed: 11 },
    );
  });

  it("structural defects are rejected by both, with the documented code", () => {
    fc.assert(
      fc.property(requestArb(), fc.constantFrom(...DEFECTS), ({ request }, [name, mutate, code]) => {
        const r = structuredClone(request) as Record<string, any>;
        mutate(r);
        expect(isValidRequestBySchema(r), name).toBe(false);
        expect(codeOf(r), name).toBe(code);
      }),
      { numRuns: 200, seed: 12 },
    );
  });

  it("cross-field rules are the validator's alone", () => {
    for (const [name, mutate] of CROSS_FIELD) {
      const r = structuredClone(fc.sample(requestArb(), { numRuns: 1, seed: 3 })[0]!.request) as Record<
        string,
        any
      >;
      mutate(r);
      expect(isValidRequestBySchema(r), name).toBe(true);
      expect(codeOf(r), name).toBe("INVALID_REQUEST");
    }
  });

  it("budget bounds (FC-REQ-12)", () => {
    expect(validateBudget(undefined)).toBe(512);
    expect(validateBudget(128)).toBe(128);
    expect(() => validateBudget(127)).toThrow(FcFailure);
    expect(() => validateBudget(1_000_001)).toThrow(FcFailure);
    expect(() => validateBudget(300.5)).toThrow(FcFailure);
  });
});
