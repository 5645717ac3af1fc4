// FC-POLICY-TRIGGER-1..5, FC-POLICY-CAPACITY-1..4, FC-POLICY-GUARD-1..9, FC-POLICY-DECIDE-1..6: decide, unit and properties.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capacityThreshold } from "./capacity.ts";
import { type DecideConfig, type DecideState, decide, decideDocument, decideSequence } from "./decide.ts";
import { validPolicyDocument } from "../testing/policy-fixtures.ts";
import type { CompactionPolicy, PolicyInput } from "./validate.ts";

const policy = (patch: Partial<CompactionPolicy> = {}): PolicyInput => {
  const doc = validPolicyDocument();
  return { ...doc, policy: { ...doc.policy, ...patch }, contextObservation: false } as PolicyInput;
};

const config = (patch: Partial<DecideConfig> = {}): DecideConfig => ({
  policy: policy(),
  window: 100_000,
  waterLevel: 9000,
  maxContextTokens: 100_000,
  minTurnsSinceCompaction: 3,
  minIntervalMs: 0,
  enabled: true,
  ...patch,
});

const state = (patch: Partial<DecideState> = {}): DecideState => ({
  armed: true,
  boundary: { kind: "turn", persisted: false, round: null },
  usage: { counted: 0, reported: undefined },
  turnsSinceCompaction: null,
  nowMs: undefined,
  lastCompactionAtMs: null,
  modelAvailable: true,
  circuitBreakerOpen: false,
  compactionInProgress: false,
  requestFingerprint: undefined,
  submittedFingerprints: [],
  projection: undefined,
  ...patch,
});

const clean = { kind: "stage", persisted: true, round: null } as const;

describe("capacityThreshold", () => {
  it("is min(ceil(window × waterLevel), cap), 0 meaning no cap", () => {
    expect(capacityThreshold(200_000, 8000, 0)).toBe(160_000);
    expect(capacityThreshold(1_000_000, 8000, 100_000)).toBe(100_000);
    expect(capacityThreshold(100_000, 8000, 100_000)).toBe(80_000);
    expect(capacityThreshold(99_999, 8000, 0)).toBe(80_000);
    expect(capacityThreshold(3, 1, 0)).toBe(1);
    expect(capacityThreshold(1_000_000_000, 10_000, 0)).toBe(1_000_000_000);
  });
});

describe("decide", () => {
  it("fires the automatic trigger exactly at compactAt, counting reserved output and the heuristic margin", () => {
    expect(decide(state({ usage: { counted: 84_488, reported: undefined } }), config()).action).toBe(
      "compact",
    );
    expect(decide(state({ usage: { counted: 84_487, reported: undefined } }), config()).action).toBe("keep");
    const heuristic = config({ policy: { ...policy(), capability: "heuristic" } });
    expect(decide(state({ usage: { counted: 84_232, reported: undefined } }), heuristic).action).toBe(
      "compact",
    );
    expect(decide(state({ usage: { counted: 84_231, reported: undefined } }), heuristic).action).toBe("keep");
  });

  it("reports all holding triggers, the first as trigger", () => {
    const d = decide(
      state({
        boundary: { kind: "round", persisted: true, round: 2 },
        usage: { counted: 0, reported: 95_000 },
        projection: { remainingStages: 1, growthPerStage: 6000 },
      }),
      config({ maxContextTokens: 0 }),
    );
    expect(d).toMatchObject({
      action: "compact",
      trigger: "capacity",
      triggers: ["capacity", "projection", "round"],
    });
  });

  it("evaluates guards in the specified precedence", () => {
    const all = state({
      usage: { counted: 90_000, reported: undefined },
      modelAvailable: false,
      circuitBreakerOpen: true,
      compactionInProgress: true,
      requestFingerprint: "f",
      submittedFingerprints: ["f"],
      turnsSinceCompaction: 0,
      nowMs: 5,
      lastCompactionAtMs: 0,
    });
    const order: string[] = [];
    let s: DecideState = all;
    let c = config({ enabled: false, minIntervalMs: 10 });
    const unblock: ((x: DecideState) => DecideState)[] = [
      (x) => ({ ...x, modelAvailable: true }),
      (x) => ({ ...x, circuitBreakerOpen: false }),
      (x) => ({ ...x, compactionInProgress: false }),
      (x) => ({ ...x, submittedFingerprints: [] }),
      (x) => ({ ...x, turnsSinceCompaction: null }),
      (x) => ({ ...x, lastCompactionAtMs: null }),
    ];
    order.push(decide(s, c).reason);
    c = { ...c, enabled: true };
    for (const u of unblock) {
      order.push(decide(s, c).reason);
      s = u(s);
    }
    order.push(decide(s, c).reason);
    expect(order).toEqual([
      "disabled",
      "no_model",
      "circuit_breaker_open",
      "compaction_in_progress",
      "deduplicated",
      "insufficient_turns",
      "min_interval",
      "triggered",
    ]);
  });

  it("marks deferrals and rejections", () => {
    const high = { usage: { counted: 90_000, reported: undefined } };
    expect(decide(state({ ...high, compactionInProgress: true }), config()).guard).toEqual({
      outcome: "deferred",
      name: "compaction_in_progress",
    });
    expect(decide(state({ ...high, circuitBreakerOpen: true }), config()).guard).toEqual({
      outcome: "rejected",
      name: "circuit_breaker_open",
    });
  });

  it("never compacts at a mid-stage or unpersisted boundary", () => {
    const s = {
      usage: { counted: 99_000, reported: 99_000 },
      projection: { remainingStages: 9, growthPerStage: 9 },
    };
    for (const boundary of [
      { kind: "mid-stage", persisted: true, round: null },
      { kind: "stage", persisted: false, round: null },
      { kind: "round", persisted: false, round: 4 },
    ] as const) {
      expect(decide(state({ ...s, boundary }), config())).toMatchObject({
        action: "keep",
        reason: "not_clean_boundary",
      });
    }
  });

  it("decideDocument reports the field and path of a malformed observation", () => {
    const doc = {
      ...structuredClone({ policy: policy().policy, capability: "conservative", hustles: policy().hustles }),
      config: { window: 100_000, waterLevel: 9000 },
      state: { armed: true, boundary: { kind: "turn" }, usage: { counted: 1 } },
      observations: [{}, { usage: { counted: "many" } }],
    };
    const r = decideDocument(doc);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatchObject({
        code: "INVALID_STATE",
        field: "usage",
        path: "/observations/1/usage/counted",
      });
  });
});

// ---- properties ----

type Sample<A> = A extends fc.Arbitrary<infer T> ? T : never;

/**
 * A valid automatic policy (2 ≤ compactAt ≤ 9999, 1 ≤ rearmBelow < compactAt) whose reserved output stays
 * under the re-arm mark, so that re-arming is reachable at all (window 100,000: 1 bp = 10 tokens).
 */
const autoPolicy = fc
  .record({
    compactAt: fc.integer({ min: 2, max: 9999 }),
    rearmFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    reservedFraction: fc.double({ min: 0, max: 0.9, noNaN: true }),
  })
  .map(({ compactAt, rearmFraction, reservedFraction }) => {
    const rearmBelow = Math.min(compactAt - 1, 1 + Math.floor(rearmFraction * (compactAt - 1)));
    return {
      compactAt,
      rearmBelow,
      reservedOutput: Math.max(1, Math.floor(reservedFraction * rearmBelow * 10)),
    };
  });

const WINDOW = 100_000;
const boundaryArb = fc.constantFrom<DecideState["boundary"]>(
  { kind: "turn", persisted: false, round: null },
  { kind: "mid-stage", persisted: false, round: null },
  clean,
  { kind: "stage", persisted: false, round: null },
);

/** Usage sequences aimed at the three regions: at/above compactAt, between the marks, below rearmBelow. */
const hysteresisRun = autoPolicy.chain((p) => {
  // Smallest counted usage that reaches compactAt, and largest that is below rearmBelow (integer arithmetic).
  const fireAt = Math.max(0, Math.ceil((p.compactAt * WINDOW) / 10_000) - p.reservedOutput);
  const rearmMax = Math.ceil((p.rearmBelow * WINDOW) / 10_000) - 1 - p.reservedOutput;
  const high = fc.integer({ min: fireAt, max: fireAt + 20_000 });
  const mid = fc.integer({ min: Math.max(0, rearmMax + 1), max: Math.max(0, fireAt - 1) });
  const low = rearmMax >= 0 ? fc.integer({ min: 0, max: rearmMax }) : high;
  const step = fc.record({
    counted: fc.oneof(high, mid, low, fc.integer({ min: 0, max: 2 * WINDOW })),
    boundary: boundaryArb,
  });
  return fc.record({ policy: fc.constant(p), steps: fc.array(step, { minLength: 6, maxLength: 40 }) });
});

describe("decide properties", () => {
  it("FC-POLICY-TRIGGER-4: the automatic trigger never fires twice without a re-arm in between", () => {
    let fireRearmFire = 0;
    let runs = 0;
    fc.assert(
      fc.property(hysteresisRun, ({ policy: p, steps }) => {
        runs++;
        const cfg = config({ policy: policy(p), window: WINDOW });
        const decisions = decideSequence(
          true,
          steps.map((s) =>
            state({ boundary: s.boundary, usage: { counted: s.counted, reported: undefined } }),
          ),
          cfg,
        );
        // Oracle written from the spec, independently of trigger.ts.
        let armed = true;
        let rearmedSinceFire = true;
        let firedBefore = false;
        let sawPattern = false;
        steps.forEach((s, i) => {
          const eff = s.counted + p.reservedOutput;
          const eligible =
            s.boundary.kind === "turn" || (s.boundary.kind !== "mid-stage" && s.boundary.persisted);
          if (!armed && eff * 10_000 < p.rearmBelow * WINDOW) {
            armed = true;
            rearmedSinceFire = true;
          }
          const fires = armed && eligible && eff * 10_000 >= p.compactAt * WINDOW;
          const d = decisions[i]!;
          expect(d.triggers.includes("automatic")).toBe(fires);
          if (fires) {
            expect(rearmedSinceFire).toBe(true);
            if (firedBefore) sawPattern = true;
            firedBefore = true;
            armed = false;
            rearmedSinceFire = false;
          }
          expect(d.armed).toBe(armed);
        });
        if (sawPattern) fireRearmFire++;
      }),
      { numRuns: 400 },
    );
    // The generator must reach the interesting case, or the property would pass vacuously.
    expect(fireRearmFire).toBeGreaterThan(runs / 4);
  });

  const stateArb = fc.record({
    armed: fc.boolean(),
    boundary: fc.oneof(boundaryArb, fc.constant({ kind: "round", persisted: true, round: 2 } as const)),
    counted: fc.integer({ min: 0, max: 250_000 }),
    reported: fc.option(fc.integer({ min: 0, max: 250_000 }), { nil: undefined }),
    turns: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
    // Mostly unblocked, so that many generated states compact.
    flags: fc.array(fc.constantFrom(false, false, false, false, true), { minLength: 3, maxLength: 3 }),
    projection: fc.option(fc.record({ remainingStages: fc.nat(5), growthPerStage: fc.nat(60_000) }), {
      nil: undefined,
    }),
  });
  const toState = (a: Sample<typeof stateArb>, extraCounted = 0, extraReported = 0): DecideState =>
    state({
      armed: a.armed,
      boundary: a.boundary,
      usage: {
        counted: a.counted + extraCounted,
        reported: a.reported === undefined ? undefined : a.reported + extraReported,
      },
      turnsSinceCompaction: a.turns,
      modelAvailable: !a.flags[0],
      circuitBreakerOpen: a.flags[1]!,
      compactionInProgress: a.flags[2]!,
      projection: a.projection,
    });
  const cfgArb = fc.record({
    window: fc.integer({ min: 50_000, max: 300_000 }),
    waterLevel: fc.integer({ min: 1, max: 10_000 }),
    maxContextTokens: fc.constantFrom(0, 100_000, 60_000),
    automatic: fc.boolean(),
  });
  const toConfig = (c: Sample<typeof cfgArb>) => config({ ...c, policy: policy({ automatic: c.automatic }) });

  it("FC-POLICY-DECIDE-5: raising usage never turns a compact into a keep", () => {
    let compacts = 0;
    fc.assert(
      fc.property(stateArb, cfgArb, fc.nat(100_000), fc.nat(100_000), (s, c, dc, dr) => {
        const before = decide(toState(s), toConfig(c));
        if (before.action !== "compact") return;
        compacts++;
        expect(decide(toState(s, dc, dr), toConfig(c)).action).toBe("compact");
      }),
      { numRuns: 1000 },
    );
    expect(compacts).toBeGreaterThan(50);
  });

  it("FC-POLICY-DECIDE-1: decide is deterministic and leaves its inputs untouched", () => {
    fc.assert(
      fc.property(stateArb, cfgArb, (s, c) => {
        const st = toState(s);
        const cf = toConfig(c);
        const snapshot = structuredClone({ st, cf });
        const a = decide(st, cf);
        expect(decide(structuredClone(st), structuredClone(cf))).toEqual(a);
        expect({ st, cf }).toEqual(snapshot);
      }),
      { numRuns: 300 },
    );
  });
});
