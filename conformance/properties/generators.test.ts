// FC-CERT-5: the property generators provably reach the interesting cases (no property passes vacuously).
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImplementationUnderTest } from "../iut.ts";
import { inProcessIut } from "../runner/in-process.ts";
import {
  type RequestModel,
  requestModelArb,
  roundIndices,
  supersededByRange,
  TEXT_FIELDS,
  type TextField,
  toRequest,
} from "./arbitraries.ts";
import { leakModelArb } from "./no-secret-leakage.ts";
import { CONTEXT_FIELDS, contextModelArb } from "./canaries-behind-triggers.ts";
import { ENCODINGS, LEADS, renderCanary, TAILS } from "./canary-contexts.ts";

const SAMPLE = 300;
const models = fc.sample(requestModelArb(), { seed: 20261130, numRuns: SAMPLE });

type Finding = {
  id?: string;
  rule: string;
  message: string;
  trace?: string;
  location?: { path: string };
  status?: string;
};
type Round = {
  verifierVerdict: { status: string; findings: Finding[]; notes?: string };
  workerTrace: { output: string }[];
};

const roundsOf = (m: RequestModel) => toRequest(m).request.rounds as Round[];
const findingsOf = (m: RequestModel) => roundsOf(m).flatMap((r) => r.verifierVerdict.findings);

/** Where a planted canary ended up, per text field (a canary only counts if the field exists in the request). */
function plantedIn(m: RequestModel, field: TextField): boolean {
  const c = m.plan[field];
  if (c === undefined) return false;
  const req = toRequest(m).request;
  const fs = findingsOf(m);
  switch (field) {
    case "message":
      return fs.some((x) => x.message.includes(c));
    case "trace":
      return fs.some((x) => x.trace?.includes(c) === true);
    case "notes":
      return roundsOf(m).some((r) => r.verifierVerdict.notes?.includes(c) === true);
    case "rule":
      return fs.some((x) => x.rule.includes(c));
    case "path":
      return fs.some((x) => x.location?.path.includes(c) === true);
    case "workerOutput":
      return roundsOf(m).some((r) => r.workerTrace.some((t) => t.output.includes(c)));
    case "taskSpec":
      return JSON.stringify(req.taskSpec).includes(c);
  }
}

const features: Record<string, (m: RequestModel) => boolean> = {
  "several rounds": (m) => m.rounds.length >= 2,
  "gapped round indices": (m) => roundIndices(m).some((v, i, a) => i > 0 && v - a[i - 1]! > 1),
  "a cause repeated across rounds": (m) =>
    m.templates.some(
      (_, ti) => m.rounds.filter((r) => r.observations.some((o) => o.template === ti)).length >= 2,
    ),
  "a resolved observation": (m) => findingsOf(m).some((x) => x.status === "resolved"),
  "a superseded observation": (m) => findingsOf(m).some((x) => x.status === "superseded"),
  keepForContext: (m) =>
    m.rounds.some((r) => r.observations.some((o) => o.keepForContext && o.status !== "open")),
  "an overwritten range that supersedes a cause": (m) => supersededByRange(m).size > 0,
  "an overwritten range that supersedes nothing": (m) =>
    ((toRequest(m).request.canonicalState as { overwritten?: unknown[] }).overwritten?.length ?? 0) >
    supersededByRange(m).size,
  notes: (m) => m.rounds.some((r) => r.notes !== null),
  "notes in two rounds (stale assumption)": (m) => m.rounds.filter((r) => r.notes !== null).length >= 2,
  "a trace shared by two causes": (m) => {
    const users = new Map<number, Set<number>>();
    for (const r of m.rounds)
      for (const o of r.observations)
        if (o.trace !== null) users.set(o.trace, (users.get(o.trace) ?? new Set()).add(o.template));
    return [...users.values()].some((s) => s.size >= 2);
  },
  "a message over 400 units": (m) => findingsOf(m).some((x) => x.message.length > 400),
  "a trace over 800 units": (m) => findingsOf(m).some((x) => (x.trace?.length ?? 0) > 800),
  "a message past 64 KiB": (m) => findingsOf(m).some((x) => x.message.length > 65_536),
  "a canary past 40,000 characters or at a chunk boundary of a long message": (m) =>
    m.long !== null &&
    m.plan.message !== undefined &&
    findingsOf(m).some((x) => x.message.length > 40_000 && x.message.indexOf(m.plan.message!) >= 4000),
  "a canary at a trim cut of a long message": (m) =>
    m.long !== null &&
    m.plan.message !== undefined &&
    findingsOf(m).some((x) => {
      const at = x.message.length > 40_000 ? x.message.indexOf(m.plan.message!) : -1;
      return at >= 150 && at < 1100;
    }),
  "canaries in findings after a long message": (m) => {
    if (m.long === null || m.plan.message === undefined) return false;
    const fs = findingsOf(m);
    const first = fs.findIndex((x) => x.message.length > 40_000);
    return first >= 0 && fs.slice(first + 1).some((x) => x.message.includes(m.plan.message!));
  },
  "a computed id": (m) => findingsOf(m).some((x) => x.id === undefined),
  "two findings of a round alike but for their lines (computed ids)": (m) =>
    roundsOf(m).some((r) =>
      r.verifierVerdict.findings.some((a, i) =>
        r.verifierVerdict.findings.some(
          (b, j) =>
            j > i &&
            a.id === undefined &&
            b.id === undefined &&
            a.rule === b.rule &&
            a.message === b.message &&
            a.location?.path !== undefined &&
            a.location.path === b.location?.path &&
            (a.location as { startLine?: number }).startLine !==
              (b.location as { startLine?: number }).startLine,
        ),
      ),
    ),
  "a supplied id": (m) => findingsOf(m).some((x) => x.id !== undefined),
  "a volatile token": (m) =>
    findingsOf(m).some((x) => /\d+ms|\d s|T\d\d:\d\d|0x[0-9a-f]{6,}|pid \d/.test(x.message)),
  "an absolute path under repoRoot": (m) =>
    findingsOf(m).some((x) => x.location?.path.startsWith("/home/dev/repo/") === true),
  "a finding without location": (m) => findingsOf(m).some((x) => x.location === undefined),
  "a blocked last verdict": (m) => m.rounds[m.rounds.length - 1]!.status === "blocked",
  "a passing last verdict": (m) => m.rounds[m.rounds.length - 1]!.status === "pass",
  "a prior Delta": (m) => toRequest(m).request.priorDelta !== undefined,
  "a GitHub token canary": (m) => Object.values(m.plan).some((c) => c.startsWith("ghp_")),
  "an AWS key canary": (m) => Object.values(m.plan).some((c) => c.startsWith("AKIA")),
  ...Object.fromEntries(TEXT_FIELDS.map((f) => [`a canary in ${f}`, (m: RequestModel) => plantedIn(m, f)])),
};

describe("property generators (fixed seed, 300 requests)", () => {
  for (const [name, hit] of Object.entries(features)) {
    it(`reach: ${name}`, () => {
      const n = models.filter(hit).length;
      // At least 3% of the sample, so every property run of 50+ requests meets the feature several times.
      expect(n, `${name}: ${n}/${SAMPLE}`).toBeGreaterThanOrEqual(Math.ceil(SAMPLE * 0.03));
    });
  }

  it("generate only valid requests (the reference refuses none as invalid)", async () => {
    const iut = await inProcessIut();
    const invalid = new Set(["INVALID_REQUEST", "VERIFIER_VERDICT_MISSING", "ID_COLLISION"]);
    for (const m of models.slice(0, 100)) {
      const { request, options } = toRequest(m);
      const reply = await iut.call("compact", { request, options });
      // SECRET_LEAK is not a verdict on the request's shape: see the final report (computed ids that read as card numbers).
      expect(
        reply.kind === "error" && invalid.has(reply.error.code),
        JSON.stringify(reply.kind === "error" ? reply.error : ""),
      ).toBe(false);
      expect(reply.kind).not.toBe("errored");
    }
  });

  it("plant a canary in canonicalState.ref in some leak requests", () => {
    const leak = fc.sample(leakModelArb, { seed: 5, numRuns: 200 });
    expect(leak.filter((m) => m.refCanary !== undefined).length).toBeGreaterThanOrEqual(20);
    expect(leak.every((m) => Object.keys(m.plan).length > 0)).toBe(true);
  });
});

describe("canaries behind redaction triggers (property.canaries-behind-redaction-triggers)", () => {
  // As many models as `certify` runs by default (--runs 50): every table row is reached in one run of the suite.
  const sample = fc.sample(contextModelArb, { seed: 20260624, numRuns: 50 });
  const contexts = sample.flatMap((m) =>
    Object.entries(m.contexts ?? {}).filter(([f]) => m.plan[f as TextField] !== undefined),
  );

  it("reach every lead, encoding and tail, and every free-text field", () => {
    const seen = (k: "lead" | "encoding" | "tail") => new Set(contexts.map(([, c]) => c![k]));
    expect([...seen("lead")].sort((a, b) => a - b)).toEqual(LEADS.map((_, i) => i));
    expect([...seen("encoding")].sort((a, b) => a - b)).toEqual(ENCODINGS.map((_, i) => i));
    expect([...seen("tail")].sort((a, b) => a - b)).toEqual(TAILS.map((_, i) => i));
    expect(new Set(contexts.map(([f]) => f))).toEqual(new Set(CONTEXT_FIELDS));
  });

  it("put each canary in its context at the very end of its text, and plant no rule or path canary", () => {
    let ends = 0;
    for (const m of sample) {
      expect(m.plan.rule).toBeUndefined();
      expect(m.plan.path).toBeUndefined();
      const ctx = m.contexts?.workerOutput;
      const canary = m.plan.workerOutput;
      if (ctx === undefined || canary === undefined) continue;
      for (const r of toRequest(m).request.rounds as Round[])
        expect(r.workerTrace[0]!.output.endsWith(renderCanary(ctx, canary))).toBe(true);
      ends++;
    }
    expect(ends).toBeGreaterThanOrEqual(5);
  });
});

describe("budgets small enough to force omission", () => {
  let iut: ImplementationUnderTest;
  beforeAll(async () => {
    iut = await inProcessIut();
  });
  it("leave causes out in some of the sample", async () => {
    let omitted = 0;
    let traceDropped = 0;
    for (const m of models) {
      const { request, options } = toRequest(m);
      const reply = await iut.call("compact", { request, options });
      if (reply.kind !== "result") continue;
      const log = reply.result as { correctionDelta: { omitted: unknown }; redactions: { reason: string }[] };
      if (log.correctionDelta.omitted !== null) omitted++;
      if (log.redactions.some((t) => t.reason === "trace dropped to fit the token budget")) traceDropped++;
    }
    expect(omitted, `${omitted}/${SAMPLE} with an omitted marker`).toBeGreaterThanOrEqual(
      Math.ceil(SAMPLE * 0.03),
    );
    expect(traceDropped, `${traceDropped}/${SAMPLE} with a dropped trace`).toBeGreaterThanOrEqual(3);
  });
});
