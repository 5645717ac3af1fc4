// FC-POLICY-VALIDATE-1..14: unit tests and properties for policy validation.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validPolicyDocument } from "../testing/policy-fixtures.ts";
import { admits, POLICY_RULES, validatePolicy } from "./validate.ts";

const valid = validPolicyDocument;

type Doc = ReturnType<typeof valid>;
const fieldOf = (doc: unknown) => {
  const r = validatePolicy(doc);
  return r.ok ? "ok" : `${r.error.code}:${r.error.field}`;
};
const withPolicy = (patch: Partial<Doc["policy"]>, top: Record<string, unknown> = {}) => {
  const d = valid();
  return { ...d, ...top, policy: { ...d.policy, ...patch } };
};

describe("validatePolicy", () => {
  it("accepts the seed's example policy", () => {
    expect(validatePolicy(valid())).toEqual({
      ok: true,
      value: expect.objectContaining({ capability: "conservative" }),
    });
  });

  it("gives no member a default", () => {
    for (const key of Object.keys(valid().policy)) {
      const d = valid() as unknown as { policy: Record<string, unknown> };
      delete d.policy[key];
      expect(fieldOf(d), key).toBe(`INVALID_POLICY:${key}`);
    }
  });

  it("names the container for non-objects and unknown members", () => {
    expect(fieldOf(null)).toBe("INVALID_POLICY:document");
    expect(fieldOf([valid()])).toBe("INVALID_POLICY:document");
    expect(fieldOf({ ...valid(), policyRevision: 3 })).toBe("INVALID_POLICY:document");
    expect(fieldOf({ ...valid(), policy: "automatic" })).toBe("INVALID_POLICY:policy");
    expect(fieldOf(withPolicy({}, { hustles: { "": { maxOutputTokens: 1, timeoutMs: 1 } } }))).toBe(
      "INVALID_POLICY:hustles",
    );
  });

  it("checks types and ranges", () => {
    expect(fieldOf(withPolicy({ automatic: "yes" as unknown as boolean }))).toBe("INVALID_POLICY:automatic");
    expect(fieldOf(withPolicy({ compactAt: -1 }))).toBe("INVALID_POLICY:compactAt");
    expect(fieldOf(withPolicy({ reservedOutput: 1.5 }))).toBe("INVALID_POLICY:reservedOutput");
    expect(fieldOf(withPolicy({ hustle: "" }))).toBe("INVALID_POLICY:hustle");
    expect(fieldOf(withPolicy({}, { contextObservation: "no" }))).toBe("INVALID_POLICY:contextObservation");
  });

  it("applies the automatic-only rules on both sides of each boundary", () => {
    expect(fieldOf(withPolicy({ rearmBelow: 0 }))).toBe("INVALID_POLICY:rearmBelow");
    expect(fieldOf(withPolicy({ rearmBelow: 1 }))).toBe("ok");
    expect(fieldOf(withPolicy({ rearmBelow: 8500 }))).toBe("INVALID_POLICY:rearmBelow");
    expect(fieldOf(withPolicy({ rearmBelow: 8499 }))).toBe("ok");
    expect(fieldOf(withPolicy({ compactAt: 10000 }))).toBe("INVALID_POLICY:compactAt");
    expect(fieldOf(withPolicy({ compactAt: 9999 }))).toBe("ok");
    expect(fieldOf(withPolicy({ automatic: false, rearmBelow: 0, compactAt: 10000 }))).toBe("ok");
  });

  it("admits capabilities per counter policy", () => {
    expect([admits("require-exact", "exact"), admits("require-exact", "conservative")]).toEqual([
      true,
      false,
    ]);
    expect([admits("allow-conservative", "conservative"), admits("allow-conservative", "heuristic")]).toEqual(
      [true, false],
    );
    expect(admits("require-exact", "heuristic")).toBe(false);
  });

  it("applies the common rules with and without automatic", () => {
    for (const automatic of [true, false]) {
      expect(fieldOf(withPolicy({ automatic, maxSummaryTokens: 0 }))).toBe("INVALID_POLICY:maxSummaryTokens");
      expect(fieldOf(withPolicy({ automatic, countTimeoutMs: 0 }))).toBe("INVALID_POLICY:countTimeoutMs");
      expect(fieldOf(withPolicy({ automatic, hustle: "other" }))).toBe("INVALID_POLICY:hustle");
      expect(fieldOf(withPolicy({ automatic, maxSummaryTokens: 1025 }))).toBe("INVALID_POLICY:hustle");
      expect(fieldOf(withPolicy({ automatic, maxSummaryTokens: 1024 }))).toBe("ok");
    }
    const heuristic = { capability: "heuristic" };
    expect(fieldOf(withPolicy({ automatic: false, safetyMargin: 0 }, heuristic))).toBe(
      "INVALID_POLICY:safetyMargin",
    );
    expect(fieldOf(withPolicy({ automatic: false, safetyMargin: 1 }, heuristic))).toBe("ok");
  });

  it("does not mistake inherited names for registered hustles", () => {
    expect(fieldOf(withPolicy({ hustle: "toString" }))).toBe("INVALID_POLICY:hustle");
    expect(fieldOf(withPolicy({ hustle: "__proto__" }))).toBe("INVALID_POLICY:hustle");
  });
});

// ---- properties ----

const FIELDS = new Set([
  "document",
  "policy",
  "capability",
  "hustles",
  "contextObservation",
  ...Object.keys(valid().policy),
]);

const anyJson = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -2, max: 20000 }),
  fc.double(),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    "exact",
    "conservative",
    "heuristic",
    "require-exact",
    "allow-conservative",
    "context.compact",
  ),
  fc.array(fc.integer(), { maxLength: 2 }),
);

/** A valid document with up to four members replaced (undefined = deleted) anywhere in it. */
const mutatedDoc = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        ...Object.keys(valid().policy).map((k) => `policy.${k}`),
        "capability",
        "hustles",
        "contextObservation",
        "extra",
      ),
      anyJson,
    ),
    { maxLength: 4 },
  )
  .map((edits) => {
    const d = structuredClone(valid()) as unknown as Record<string, unknown> & {
      policy: Record<string, unknown>;
    };
    for (const [path, v] of edits) {
      const [head, tail] = path.split(".") as [string, string | undefined];
      const target = tail === undefined ? d : d.policy;
      const key = tail ?? head;
      if (v === undefined) delete target[key];
      else target[key] = v;
    }
    return d;
  });

describe("validation properties", () => {
  it("is deterministic and reports exactly one known camelCase field", () => {
    let errors = 0;
    fc.assert(
      fc.property(mutatedDoc, (doc) => {
        const a = validatePolicy(doc);
        const b = validatePolicy(structuredClone(doc));
        expect(b).toEqual(a);
        if (!a.ok) {
          errors++;
          expect(a.error.code).toBe("INVALID_POLICY");
          expect(typeof a.error.field).toBe("string");
          expect(a.error.field).toMatch(/^[a-z][A-Za-z]*$/);
          expect(FIELDS.has(a.error.field!)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    expect(errors).toBeGreaterThan(100);
  });
});

describe("the rule table (FC-POLICY-VALIDATE-2)", () => {
  it("holds the rules VALIDATE-3 to VALIDATE-13 once each, in ascending id order", () => {
    expect(POLICY_RULES.map((r) => r.id)).toEqual(
      Array.from({ length: 11 }, (_, i) => `FC-POLICY-VALIDATE-${i + 3}`),
    );
  });
});
