// FC-CERT-5: every property passes against the reference (fixed seed) and fails — with a shrunk, replayable
// counterexample case — against an implementation that breaks it.
import { describe, expect, it } from "vitest";
import { referenceHandler } from "../../src/protocol/reference.ts";
import type { ImplementationUnderTest, PropertyCheck, ProtocolHandler } from "../iut.ts";
import falseRenderedTokens from "../mutants/false-rendered-tokens.ts";
import ignoredBudget from "../mutants/ignored-budget.ts";
import offByOneAttempt from "../mutants/off-by-one-attempt.ts";
import redactionBypass from "../mutants/redaction-bypass.ts";
import resolvedFindingsReturn from "../mutants/resolved-findings-return.ts";
import silentTruncation from "../mutants/silent-truncation.ts";
import { type Json, mapLog } from "../mutants/support.ts";
import unstableOrder from "../mutants/unstable-order.ts";
import { caseSchemaProblems } from "../runner/cases.ts";
import { runCaseSteps } from "../runner/evaluate.ts";
import { inProcessIut } from "../runner/in-process.ts";
import type { ConformanceCase } from "../runner/types.ts";
import { attemptFollowsTheLastRound } from "./attempt.ts";
import { boundedSize } from "./bounded-size.ts";
import { canariesBehindTriggers, stringsAt } from "./canaries-behind-triggers.ts";
import { causeAccounting } from "./cause-accounting.ts";
import { determinism } from "./determinism.ts";
import { properties } from "./index.ts";
import { noSecretLeakage } from "./no-secret-leakage.ts";
import { noopStability } from "./noop-stability.ts";
import { reorderInvariance } from "./reorder-invariance.ts";
import { schemaValidity } from "./schema-validity.ts";
import { validRequestsAccepted } from "./valid-requests-accepted.ts";

const SEED = 20261130;

const iutOf = (handler: ProtocolHandler): Promise<ImplementationUnderTest> => inProcessIut(handler);

/** A log that changes on every other call (a hidden counter): not a function of its input. */
function alternating(): ProtocolHandler {
  let calls = 0;
  return mapLog(referenceHandler, (log) => {
    calls++;
    if (calls % 2 === 0) (log.correctionDelta as Json).constraints = ["retry counter is even"];
    return log;
  });
}

/** A Delta that depends on the first round's ts (something it must not depend on). */
const tsInDelta: ProtocolHandler = mapLog(referenceHandler, (log, message) => {
  const rounds = (message.request as { rounds: { ts: string }[] }).rounds;
  (log.correctionDelta as Json).constraints = [`since ${rounds[0]?.ts ?? ""}`];
  return log;
});

/** A log missing a member the schema requires. */
const noSeverity: ProtocolHandler = mapLog(referenceHandler, (log) => {
  delete log.severity;
  return log;
});

/** Refuses every request of two or more rounds (a valid request) with INVALID_REQUEST. */
const refusesLongRequests: ProtocolHandler = async (cmd, message) => {
  const rounds = (message.request as { rounds?: unknown[] } | undefined)?.rounds;
  if (cmd === "compact" && Array.isArray(rounds) && rounds.length >= 2)
    return { error: { code: "INVALID_REQUEST", message: "too many rounds" } };
  return referenceHandler(cmd, message);
};

/** Every string of a request. */
const stringsIn = (v: unknown): string[] => stringsAt(v).map(([, t]) => t);

/** A redactor blind to encodings: every percent-encoded or escaped run of the request reaches the Delta as it was. */
const encodingsLeft: ProtocolHandler = mapLog(referenceHandler, (log, message) => {
  const runs = stringsIn(message.request).flatMap(
    (t) => t.match(/(?:%(?:25)?[0-9A-F]{2}|\\u00[0-9A-F]{2}|\\x[0-9A-F]{2}){8,}/g) ?? [],
  );
  (log.correctionDelta as Json).constraints = runs;
  return log;
});

/** Answers INTERNAL to a text holding a soft hyphen (a crash on one of the zero-width characters). */
const softHyphenCrash: ProtocolHandler = async (cmd, message) => {
  if (cmd === "compact" && stringsIn(message.request).some((t) => t.includes("\u00ad")))
    return { error: { code: "INTERNAL", message: "unexpected character" } };
  return referenceHandler(cmd, message);
};

const breakers: [PropertyCheck, string, () => ProtocolHandler, boolean][] = [
  [validRequestsAccepted, "a refusal of long requests", () => refusesLongRequests, true],
  // [property, name of the broken implementation, handler, whether its counterexample case can express the failure]
  [determinism, "a hidden call counter", alternating, true],
  [noopStability, "a Delta that quotes the first ts", () => tsInDelta, true],
  [boundedSize, "false-rendered-tokens", () => falseRenderedTokens.wrap(referenceHandler), true],
  [boundedSize, "ignored-budget", () => ignoredBudget.wrap(referenceHandler), true],
  [noSecretLeakage, "redaction-bypass", () => redactionBypass.wrap(referenceHandler), true],
  // An encoded canary is absent in its plain spelling, so the case cannot express that leak; it can a crash.
  [canariesBehindTriggers, "a redactor blind to encodings", () => encodingsLeft, false],
  [canariesBehindTriggers, "a crash on a soft hyphen", () => softHyphenCrash, true],
  [schemaValidity, "a log without severity", () => noSeverity, false],
  [causeAccounting, "silent-truncation", () => silentTruncation.wrap(referenceHandler), false],
  [causeAccounting, "resolved-findings-return", () => resolvedFindingsReturn.wrap(referenceHandler), true],
  [reorderInvariance, "unstable-order", () => unstableOrder.wrap(referenceHandler), true],
  [attemptFollowsTheLastRound, "off-by-one-attempt", () => offByOneAttempt.wrap(referenceHandler), true],
];

describe("properties", () => {
  it("are exported with unique ids, requirements and the compact capability", () => {
    expect(properties.length).toBeGreaterThanOrEqual(8);
    const ids = properties.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of properties) {
      expect(p.id).toMatch(/^property\.[a-z0-9-]+$/);
      expect(p.requirements.length).toBeGreaterThan(0);
      expect(p.capability).toBe("compact");
    }
  });

  for (const p of properties) {
    it(`${p.id} holds for the reference (seed ${SEED}, 60 runs)`, async () => {
      const out = await p.run(await iutOf(referenceHandler), { seed: SEED, runs: 60 });
      expect(out, JSON.stringify(out).slice(0, 2000)).toEqual({ status: "passed", runs: 60 });
    });
  }

  it("every property has a broken implementation it is shown to catch", () => {
    for (const p of properties)
      expect(
        breakers.some(([q]) => q === p),
        p.id,
      ).toBe(true);
  });

  for (const [p, name, handler, expressible] of breakers) {
    it(`${p.id} fails against ${name} with a shrunk, replayable counterexample`, async () => {
      const broken = await iutOf(handler());
      const out = await p.run(broken, { seed: SEED, runs: 100 });
      expect(out.status, JSON.stringify(out).slice(0, 500)).toBe("failed");
      if (out.status !== "failed") return;
      expect(out.seed).toBe(SEED);
      expect(typeof out.path).toBe("string");
      expect(out.message.length).toBeGreaterThan(0);
      expect(caseSchemaProblems(out.counterexample)).toEqual([]);
      const c = out.counterexample as unknown as ConformanceCase;
      // Replayed as a case (one step, or several for a property comparing two requests): it passes on a
      // correct implementation and, where case assertions can express the property, fails on the broken one.
      const replay = async (h: ProtocolHandler) => {
        const iut = await iutOf(h);
        return (await runCaseSteps(c, (cmd, payload) => iut.call(cmd, payload))).verdict;
      };
      const onReference = await replay(referenceHandler);
      expect(onReference.status, JSON.stringify(onReference)).toBe("passed");
      if (expressible) {
        const onBroken = await replay(handler());
        expect(onBroken.status, JSON.stringify(onBroken)).toBe("failed");
      }
    });
  }
});
