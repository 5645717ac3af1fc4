// Properties of the reference compactor, in-process: FC-PURE-1, FC-STALL-1..2, FC-STAGE5-2..4, FC-DELTA-1, FC-REDACT-MANDATORY-1.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sharedTokenizer } from "../adapters/tiktoken.ts";
import { isValidLog } from "../schemas.ts";
import { CANARIES, requestArb, shuffled } from "../testing/arbitraries.ts";
import type { CompactionRequest, InputFinding, Round } from "../types.ts";
import { type CompactOutput, compact } from "./compact.ts";
import { renderExplain } from "./explain.ts";
import { stallView } from "./stall.ts";

const tokenizer = sharedTokenizer();
const RUNS = 120;

function run(
  request: unknown,
  budget: number,
  extra: { audit?: boolean; explain?: boolean } = {},
): CompactOutput {
  const r = compact(request, { tokenizer, budgetTokens: budget, ...extra });
  if (!r.ok) throw new Error(`unexpected error ${r.error.code}: ${r.error.message}`);
  return r.value;
}

const clone = <T>(v: T): T => structuredClone(v);

describe("generator coverage (the properties below are not vacuous)", () => {
  it("reaches omission, resolution, supersession, back-references, context, notes and collisions-free occurrence ids", () => {
    const samples = fc.sample(requestArb(), { numRuns: 400, seed: 7 });
    const seen = {
      omitted: 0,
      resolved: 0,
      supersededEdit: 0,
      backRef: 0,
      context: 0,
      staleAssumption: 0,
      traceDropped: 0,
      blocked: 0,
    };
    for (const { request, budget } of samples) {
      const { log } = run(request, budget);
      if (log.correctionDelta.omitted) seen.omitted++;
      if (log.resolvedFailures.length > 0) seen.resolved++;
      if (log.redactions.some((t) => t.rule === "superseded-edit")) seen.supersededEdit++;
      if (log.correctionDelta.openRootCauses.some((c) => c.trace?.startsWith("same as round")))
        seen.backRef++;
      if (log.correctionDelta.constraints.some((c) => c.startsWith("context:"))) seen.context++;
      if (log.redactions.some((t) => t.rule === "stale-assumption")) seen.staleAssumption++;
      if (log.redactions.some((t) => t.reason.startsWith("trace dropped"))) seen.traceDropped++;
      if (log.severity.level === "blocked") seen.blocked++;
    }
    for (const [k, v] of Object.entries(seen)) expect(v, `generator never produced: ${k}`).toBeGreaterThan(4);
  });
});

describe("properties", () => {
  it("determinism: the same request yields the same bytes (FC-PURE-1)", () => {
    fc.assert(
      fc.property(requestArb(), ({ request, budget }) => {
        expect(run(clone(request), budget).logText).toBe(run(clone(request), budget).logText);
      }),
      { numRuns: RUNS, seed: 1 },
    );
  });

  it("every log satisfies the schema and the budget is never exceeded (FC-LOG-1, FC-STAGE5-3)", () => {
    fc.assert(
      fc.property(requestArb(), ({ request, budget }) => {
        const { log } = run(request, budget);
        expect(isValidLog(log)).toBe(true);
        expect(log.compaction.renderedTokens).toBeLessThanOrEqual(budget);
        expect(log.correctionDelta.attempt).toBe(request.rounds[request.rounds.length - 1]!.index + 1);
      }),
      { numRuns: RUNS, seed: 2 },
    );
  });

  it("accounting: every root cause is rendered, omitted or resolved, exactly once (FC-DELTA-1, FC-STAGE5-4)", () => {
    fc.assert(
      fc.property(requestArb(), ({ request, budget }) => {
        const { log } = run(request, budget);
        const rendered = new Set(log.activeFailures.map((c) => c.findingId));
        const resolved = new Set(log.resolvedFailures.map((c) => c.findingId));
        const omitted = new Set(
          log.evidence.refs.filter((r) => r.kind === "omitted-finding").map((r) => r.findingId),
        );
        for (const rc of log.rootCauses) {
          const places = [
            rendered.has(rc.findingId),
            resolved.has(rc.findingId),
            omitted.has(rc.findingId),
          ].filter(Boolean);
          expect(places, rc.findingId).toHaveLength(1);
        }
        expect(log.correctionDelta.omitted?.count ?? 0).toBe(omitted.size);
        const open = log.rootCauses.filter((c) => c.status === "open").length;
        if (open > 0) expect(log.activeFailures.length + omitted.size).toBe(open);
        expect(log.activeFailures).toEqual(log.correctionDelta.openRootCauses);
      }),
      { numRuns: RUNS, seed: 3 },
    );
  });

  it("reordering findings inside a round changes nothing (FC-STAGE1-6)", () => {
    fc.assert(
      fc.property(requestArb(), fc.integer({ min: 1, max: 2 ** 30 }), ({ request, budget }, seed) => {
        const reordered = clone(request);
        for (const r of reordered.rounds)
          r.verifierVerdict.findings = shuffled(r.verifierVerdict.findings, seed);
        expect(run(reordered, budget).logText).toBe(run(request, budget).logText);
      }),
      { numRuns: RUNS, seed: 4 },
    );
  });

  it("no-op stability: traces, timestamps and taskSpec do not touch the Delta; a re-run with priorDelta is a stall candidate (FC-STALL-1..2)", () => {
    fc.assert(
      fc.property(requestArb(), ({ request, budget }) => {
        const first = run(request, budget);
        const noisy: CompactionRequest = clone(request);
        noisy.taskSpec = { goal: "something else entirely" };
        for (const r of noisy.rounds) {
          r.ts = `changed-${r.ts}`;
          r.workerTrace = [{ tool: "other", output: "different output" }];
        }
        noisy.priorDelta = first.log.correctionDelta;
        const second = run(noisy, budget);
        expect(second.deltaText).toBe(first.deltaText);
        expect(second.log.compaction.stallCandidate).toBe(true);
        expect(first.log.compaction.stallCandidate).toBe(false);
      }),
      { numRuns: RUNS, seed: 5 },
    );
  });

  it("two more rounds re-reporting every open finding give a stall candidate (FC-STALL-1)", () => {
    fc.assert(
      fc.property(requestArb(), ({ request, budget }) => {
        fc.pre(!request.canonicalState.overwritten);
        // The latest observation of every finding whose latest status is open, keyed by id or content.
        const latest = new Map<string, InputFinding>();
        for (const r of request.rounds) {
          for (const f of r.verifierVerdict.findings)
            latest.set(f.id ?? `${f.rule}|${f.location?.startLine}`, f);
        }
        const open = [...latest.values()].filter((f) => (f.status ?? "open") === "open");
        const last = request.rounds[request.rounds.length - 1]!;
        const reReport = (n: number): Round => ({
          index: n,
          ts: `t${n}`,
          workerTrace: [],
          verifierVerdict: {
            status: last.verifierVerdict.status,
            notes: last.verifierVerdict.notes,
            findings: open.map((f) => ({ ...f, lastObservedIn: n })),
          },
        });
        const a = clone(request);
        a.rounds.push(reReport(last.index + 1));
        const d1 = run(a, budget);
        const b = clone(a);
        b.rounds.push(reReport(last.index + 2));
        b.priorDelta = d1.log.correctionDelta;
        const d2 = run(b, budget);
        expect(d2.log.compaction.stallCandidate).toBe(true);
        expect(d2.log.correctionDelta.attempt).toBe(d1.log.correctionDelta.attempt + 1);
        expect(stallView(d2.log.correctionDelta)).toBe(stallView(d1.log.correctionDelta));
      }),
      { numRuns: RUNS, seed: 6 },
    );
  });

  it("planted canaries never reach the log, the audit records or the explanation (FC-REDACT-MANDATORY-1)", () => {
    fc.assert(
      fc.property(requestArb({ canaries: true }), ({ request, budget }) => {
        const out = run(request, budget, { audit: true, explain: true });
        const texts = [
          out.logText,
          out.deltaText,
          JSON.stringify(out.audit?.map(({ digestOf: _d, ...r }) => r)),
        ];
        if (out.explain) texts.push(renderExplain(out.explain));
        for (const t of texts) {
          for (const secret of Object.values(CANARIES)) {
            for (let i = 0; i + 16 <= secret.length; i++)
              expect(t.includes(secret.slice(i, i + 16))).toBe(false);
          }
        }
      }),
      { numRuns: 60, seed: 8 },
    );
  });
});
