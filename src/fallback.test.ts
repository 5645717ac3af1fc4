// FC-FALLBACK-1: fallbackDelta never throws and always returns a valid Correction Delta, whatever it is given.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FALLBACK_CONSTRAINT, fallbackDelta } from "./fallback.ts";
import { isValidDelta } from "./schemas.ts";
import type { CorrectionDelta } from "./types.ts";

/** Calls it as JavaScript may: with anything at all. */
const call = (args: unknown) => (fallbackDelta as (a: unknown) => CorrectionDelta)(args);

describe("fallbackDelta", () => {
  it("is the minimal Delta for lastRound + 1 without a prior Delta", () => {
    expect(fallbackDelta({ lastRound: 3, lastVerdict: "blocked" })).toEqual({
      attempt: 4,
      lastVerdict: "blocked",
      openRootCauses: [],
      resolvedSummary: null,
      omitted: null,
      constraints: [FALLBACK_CONSTRAINT],
      generatedAt: "r3.fallback",
    });
  });

  it("returns a valid prior Delta unchanged, and ignores one that is not a Delta", () => {
    const prior = fallbackDelta({ lastRound: 2, lastVerdict: "fail" });
    expect(fallbackDelta({ lastRound: 5, lastVerdict: "fail", priorDelta: prior })).toBe(prior);
    expect(call({ lastRound: 5, lastVerdict: "fail", priorDelta: { attempt: "x" } }).generatedAt).toBe(
      "r5.fallback",
    );
  });

  it("never throws and never says 'rundefined': missing or malformed arguments take the documented defaults", () => {
    const byDefault = { attempt: 1, lastVerdict: "fail", generatedAt: "r0.fallback" };
    expect(call(undefined)).toMatchObject(byDefault);
    expect(call(null)).toMatchObject(byDefault);
    expect(call({})).toMatchObject(byDefault);
    expect(call({ lastRound: "3", lastVerdict: "maybe" })).toMatchObject(byDefault);
    expect(call({ lastRound: -1, lastVerdict: "pass" })).toMatchObject({ ...byDefault, lastVerdict: "pass" });
    expect(call({ lastRound: 1.5 })).toMatchObject(byDefault);
  });

  it("property: for any argument the result is a valid Correction Delta whose generatedAt is r<whole number>.fallback", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record(
            { lastRound: fc.anything(), lastVerdict: fc.anything(), priorDelta: fc.anything() },
            {
              requiredKeys: [],
            },
          ),
        ),
        (args) => {
          const d = call(args);
          expect(isValidDelta(d)).toBe(true);
          expect(d.generatedAt).toMatch(/^r\d+\.fallback$/);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("fallbackDelta on a hostile argument", () => {
  it("an argument whose members throw when read gets the defaults, not the exception", () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("no");
        },
      },
    );
    expect(call(hostile)).toMatchObject({ attempt: 1, generatedAt: "r0.fallback" });
  });
});
