// FC-CERT-18, FC-CERT-19: a refused valid request is one problem of its own and hides no property's verdict; the
// shrinker keeps only smaller inputs that fail the same way.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referenceHandler } from "../../src/protocol/reference.ts";
import type { ProtocolHandler } from "../iut.ts";
import offByOneAttempt from "../mutants/off-by-one-attempt.ts";
import { casePayload, evaluateCase } from "../runner/evaluate.ts";
import { inProcessIut } from "../runner/in-process.ts";
import type { ConformanceCase } from "../runner/types.ts";
import { requestModelArb, toRequest } from "./arbitraries.ts";
import { attemptFollowsTheLastRound } from "./attempt.ts";
import { determinism } from "./determinism.ts";
import { schemaValidity } from "./schema-validity.ts";
import { compactProperty, compactVia, logOf, Violation } from "./support.ts";
import { validRequestsAccepted } from "./valid-requests-accepted.ts";

const SEED = 20261201;

/** Refuses every request of two or more rounds with INVALID_REQUEST; otherwise the reference. */
const refusing =
  (inner: ProtocolHandler, min = 2): ProtocolHandler =>
  async (cmd, message) => {
    const rounds = (message.request as { rounds?: unknown[] } | undefined)?.rounds;
    if (cmd === "compact" && Array.isArray(rounds) && rounds.length >= min)
      return { error: { code: "INVALID_REQUEST", message: "too many rounds for this implementation" } };
    return inner(cmd, message);
  };

const roundsOf = (c: Record<string, unknown>) =>
  ((c.input as { request: { rounds: unknown[] } }).request.rounds as unknown[]).length;

describe("refused valid requests", () => {
  it("fail property.valid-requests-accepted once, with a shrunk case that expects a log", async () => {
    const out = await validRequestsAccepted.run(await inProcessIut(refusing(referenceHandler)), {
      seed: SEED,
      runs: 50,
    });
    expect(out.status).toBe("failed");
    if (out.status !== "failed") return;
    expect(out.message).toBe("a valid request was refused with INVALID_REQUEST");
    expect(roundsOf(out.counterexample)).toBe(2); // shrunk to the smallest refused request
    const c = out.counterexample as unknown as ConformanceCase;
    const on = async (h: ProtocolHandler) =>
      evaluateCase(c, await (await inProcessIut(h)).call(c.command, casePayload(c)));
    expect((await on(referenceHandler)).status).toBe("passed");
    expect((await on(refusing(referenceHandler))).status).toBe("failed");
  });

  it("leave the other properties' verdicts on the accepted requests standing", async () => {
    const iut = await inProcessIut(refusing(referenceHandler));
    for (const p of [determinism, schemaValidity]) {
      const out = await p.run(iut, { seed: SEED, runs: 40 });
      expect(out.status, p.id).toBe("passed");
      if (out.status === "passed") expect(out.refused, p.id).toBeGreaterThan(0);
    }
    // A real fault among the accepted requests is still found, and reported as itself.
    const broken = await inProcessIut(refusing(offByOneAttempt.wrap(referenceHandler)));
    const out = await attemptFollowsTheLastRound.run(broken, { seed: SEED, runs: 40 });
    expect(out.status).toBe("failed");
    if (out.status === "failed") {
      expect(out.message).toMatch(/^attempt is \d+, the last round is \d+$/);
      expect(roundsOf(out.counterexample)).toBe(1);
    }
  });

  it("make a property that never saw an accepted request skipped, not passed", async () => {
    const out = await determinism.run(await inProcessIut(refusing(referenceHandler, 1)), {
      seed: SEED,
      runs: 10,
    });
    expect(out.status).toBe("skipped");
  });
});

describe("shrinking", () => {
  it("keeps a smaller input only when it fails with the same kind of failure", async () => {
    // Every request fails: with 2+ rounds one way, with one round another. Shrinking a many-round failure down to
    // one round would change what the counterexample shows; it must stop at 2 rounds.
    let first: string | null = null;
    const p = compactProperty(
      { id: "property.test-two-kinds", description: "test", requirements: ["FC-PURE-1"] },
      requestModelArb(),
      async (iut, m) => {
        logOf(await compactVia(iut, toRequest(m).request, toRequest(m).options));
        const kind = m.rounds.length >= 2 ? "many rounds" : "one round";
        first ??= kind;
        throw new Violation(`failed with ${kind}`, kind);
      },
      () => ({}),
    );
    const out = await p.run(await inProcessIut(referenceHandler), { seed: SEED, runs: 5 });
    expect(first).toBe("many rounds");
    expect(out.status).toBe("failed");
    if (out.status !== "failed") return;
    expect(out.message).toBe("failed with many rounds");
    expect(roundsOf(out.counterexample)).toBe(2);
  });

  it("left alone, fast-check shrinks the same start down to one round (so the test above can fail)", () => {
    const d = fc.check(
      fc.property(requestModelArb(), () => false),
      { seed: SEED, numRuns: 5 },
    );
    expect(d.failed).toBe(true);
    expect((d.counterexample?.[0] as { rounds: unknown[] } | undefined)?.rounds.length).toBe(1);
  });
});
