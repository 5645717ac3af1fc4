// Unit tests per pipeline stage: FC-STAGE1..5, FC-ID-1..3, FC-REDACT-*, FC-CONSTRAINT-1, FC-LOG-8..10.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sharedTokenizer } from "../adapters/tiktoken.ts";
import type { FcFailure } from "../errors.ts";
import type { CompactionRequest, InputFinding, Round } from "../types.ts";
import { compact } from "./compact.ts";
import { renderExplain } from "./explain.ts";
import type { Cause } from "./model.ts";
import { applySupersededEdit } from "./redaction/superseded-edit.ts";
import { normalize } from "./stage1-normalize.ts";
import { group } from "./stage2-group.ts";
import { resolvedSummary } from "./stage3-resolve.ts";
import { order, score } from "./stage4-order.ts";

const round = (
  index: number,
  findings: InputFinding[],
  extra: Partial<Round["verifierVerdict"]> = {},
): Round => ({
  index,
  ts: `t${index}`,
  workerTrace: [],
  verifierVerdict: { status: "fail", notes: "", findings, ...extra },
});
const req = (rounds: Round[], cs: Partial<CompactionRequest["canonicalState"]> = {}): CompactionRequest => ({
  taskSpec: null,
  canonicalState: { ref: "r", ...cs },
  rounds,
});
const log = (r: CompactionRequest, budgetTokens = 512) => {
  const out = compact(r, { tokenizer: sharedTokenizer(), budgetTokens });
  if (!out.ok) throw new Error(out.error.message);
  return out.value.log;
};

describe("Stage 1 — normalize", () => {
  it("computes FC-ID-1 ids by hand-checkable formula", () => {
    const obs = normalize(
      req([round(1, [{ rule: "r:x", message: "  boom  ", location: { path: "src/a.ts", startLine: 9 } }])]),
    );
    const expected = `f-${createHash("sha256").update('["r:x","src/a.ts","boom",0]').digest("hex").slice(0, 16)}`;
    expect(obs[0]!.finding.id).toBe(expected);
  });

  it("hashes null for a finding without a location (FC-ID-1)", () => {
    const obs = normalize(req([round(1, [{ rule: "r:x", message: "boom" }])]));
    const expected = `f-${createHash("sha256").update('["r:x",null,"boom",0]').digest("hex").slice(0, 16)}`;
    expect(obs[0]!.finding.id).toBe(expected);
  });

  it("separates identical findings in one file by occurrence, in line order", () => {
    const f = (line: number): InputFinding => ({
      rule: "semi",
      message: "Missing semicolon.",
      location: { path: "a.ts", startLine: line },
    });
    const obs = normalize(req([round(1, [f(30), f(10)])]));
    const byLine = new Map(obs.map((o) => [o.finding.location!.startLine, o.finding.id]));
    const h = (occ: number) =>
      `f-${createHash("sha256").update(`["semi","a.ts","Missing semicolon.",${occ}]`).digest("hex").slice(0, 16)}`;
    expect(byLine.get(10)).toBe(h(0));
    expect(byLine.get(30)).toBe(h(1));
  });

  it("applies the documented defaults (FC-REQ-6) and turns notes into a finding (FC-STAGE1-2)", () => {
    const obs = normalize(
      req([round(3, [{ rule: "r", message: "m" }], { notes: "look here", status: "blocked" })]),
    );
    const [f, n] = [obs.find((o) => !o.isNotes)!, obs.find((o) => o.isNotes)!];
    expect(f.finding).toMatchObject({
      severity: "error",
      status: "open",
      location: null,
      firstObservedIn: 3,
      lastObservedIn: 3,
    });
    expect(n.finding).toMatchObject({
      rule: "verifier:notes",
      severity: "error",
      location: null,
      message: "look here",
    });
  });

  it("relativises paths under repoRoot and masks foreign absolute ones (FC-STAGE1-4)", () => {
    const obs = normalize(
      req(
        [
          round(1, [
            { rule: "r", message: "m", location: { path: "/repo/root/src\\win.ts" } },
            { rule: "r", message: "n", location: { path: "/etc/passwd" } },
          ]),
        ],
        {
          repoRoot: "/repo/root",
        },
      ),
    );
    expect(obs.map((o) => o.finding.location?.path).sort()).toEqual(["src/win.ts", "«redacted:path»"]);
  });
});

describe("Stage 2 — group", () => {
  it("merges rounds, takes first/last from annotations and the latest round's status (FC-STAGE2-2..3)", () => {
    const f = (extra: Partial<InputFinding>): InputFinding => ({
      id: "x",
      rule: "r",
      message: "m",
      ...extra,
    });
    const causes = group(
      normalize(
        req([
          round(1, [f({ severity: "warning" })]),
          round(2, [
            f({ severity: "info", firstObservedIn: 1 }),
            f({ severity: "error", status: "resolved", firstObservedIn: 1 }),
          ]),
        ]),
      ),
    );
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({
      rounds: [1, 2],
      firstSeen: 1,
      lastSeen: 2,
      severity: "error",
      status: "open",
    });
  });

  it("throws ID_COLLISION for one id with two messages, but not for moved lines (FC-ID-3)", () => {
    const a: InputFinding = { id: "dup", rule: "r", message: "one", location: { path: "a", startLine: 1 } };
    expect(() =>
      group(normalize(req([round(1, [a]), round(2, [{ ...a, location: { path: "a", startLine: 9 } }])]))),
    ).not.toThrow();
    try {
      group(normalize(req([round(1, [a]), round(2, [{ ...a, message: "zebra" }])])));
      expect.unreachable();
    } catch (e) {
      expect((e as FcFailure).error.code).toBe("ID_COLLISION");
      expect((e as FcFailure).error.message).not.toContain("zebra");
    }
  });
});

describe("Stage 3 — resolve", () => {
  const cause = (lastSeen: number, isNotes = false) => ({ lastSeen, isNotes }) as Cause;
  it("summarises rounds as ranges with singular and plural forms (FC-STAGE3-4)", () => {
    expect(resolvedSummary([])).toBeNull();
    expect(resolvedSummary([cause(3)])).toBe("1 prior finding resolved in round 3");
    expect(resolvedSummary([cause(1), cause(2), cause(3), cause(5)])).toBe(
      "4 prior findings resolved in rounds 1-3, 5",
    );
    expect(resolvedSummary([cause(2), cause(2)])).toBe("2 prior findings resolved in round 2");
    // FC-STAGE3-4: at most 96 characters of rounds; ten-digit ranges stop after four items.
    const big = [0, 1, 2, 3, 4].flatMap((k) => [cause(2147481647 + 3 * k), cause(2147481648 + 3 * k)]);
    expect(resolvedSummary(big)).toBe(
      "10 prior findings resolved in rounds 2147481647-2147481648, 2147481650-2147481651, 2147481653-2147481654, 2147481656-2147481657, and later",
    );
    expect(resolvedSummary(big.slice(0, 8))).not.toContain("and later");
    expect(resolvedSummary([cause(4, true)])).toBeNull();
    const many = Array.from({ length: 10 }, (_, i) => cause(i * 2 + 1));
    expect(resolvedSummary(many)).toBe(
      "10 prior findings resolved in rounds 1, 3, 5, 7, 9, 11, 13, 15, and later",
    );
  });
});

describe("Stage 4 — order", () => {
  const c = (over: Partial<Cause>): Cause =>
    ({
      id: "i",
      rule: "r",
      location: null,
      severity: "error",
      firstSeen: 1,
      lastSeen: 1,
      rounds: [1],
      ...over,
    }) as Cause;
  it("scores with the integer formula of FC-STAGE4-1", () => {
    expect(score(c({ lastSeen: 5, firstSeen: 5, rounds: [5] }), 5, "blocked")).toEqual({
      score: 16000 + 4000 + 2000 + 1000,
      blocking: true,
    });
    expect(score(c({ lastSeen: 3, severity: "warning", rounds: [3] }), 5, "fail")).toEqual({
      score: 16 * 333 + 2 * 500,
      blocking: false,
    });
    expect(score(c({ severity: "info" }), 1, "fail").score).toBe(16000 + 4000);
  });
  it("breaks ties by path, line, rule, id with null paths last (FC-STAGE4-2)", () => {
    const ids = order(
      [
        c({ id: "d", location: null }),
        c({ id: "c", location: { path: "b.ts", startLine: 1 } }),
        c({ id: "b", location: { path: "a.ts", startLine: 7 } }),
        c({ id: "a2", location: { path: "a.ts", startLine: 2 }, rule: "z" }),
        c({ id: "a1", location: { path: "a.ts", startLine: 2 }, rule: "y" }),
      ],
      1,
      "fail",
    ).map((x) => x.id);
    expect(ids).toEqual(["a1", "a2", "b", "c", "d"]);
  });
});

describe("Redaction rules", () => {
  it("superseded edit needs same path, intersecting lines and sinceRound ≥ lastSeen (FC-REDACT-SUPERSEDED-1)", () => {
    const c = (startLine: number, lastSeen: number) =>
      ({
        id: `c${startLine}-${lastSeen}`,
        location: { path: "a.ts", startLine },
        lastSeen,
        effectiveStatus: "open",
        isNotes: false,
        keepForContext: false,
      }) as Cause;
    const causes = [c(5, 1), c(5, 3), c(50, 1)];
    const out = applySupersededEdit(causes, [{ path: "a.ts", startLine: 1, endLine: 10, sinceRound: 2 }], 3);
    expect(causes.map((x) => x.effectiveStatus)).toEqual(["superseded", "open", "open"]);
    expect(out.constraints.map((k) => k.text)).toEqual([
      "do not re-introduce the reverted block at a.ts:1-10",
    ]);
    expect(out.tombstones).toHaveLength(1);
  });

  it("stale state writes a tombstone and a constraint; keepForContext writes a context line instead (FC-REDACT-STALE-1, FC-REDACT-KEEP-1)", () => {
    const l = log(
      req([
        round(1, [
          { id: "a", rule: "r:a", message: "a", location: { path: "a.ts", startLine: 2 } },
          { id: "k", rule: "r:k", message: "k" },
        ]),
        round(2, [
          {
            id: "a",
            rule: "r:a",
            message: "a",
            location: { path: "a.ts", startLine: 2 },
            status: "resolved",
            firstObservedIn: 1,
            lastObservedIn: 1,
          },
          {
            id: "k",
            rule: "r:k",
            message: "k",
            status: "superseded",
            keepForContext: true,
            firstObservedIn: 1,
          },
        ]),
      ]),
    );
    expect(l.correctionDelta.constraints).toEqual([
      "context: r:k at (no location) — superseded in round 2; do not re-chase it",
      "do not re-chase resolved finding a",
    ]);
    expect(l.redactions.filter((t) => t.rule === "stale-state")).toEqual([
      { from: "a", rule: "stale-state", reason: "resolved in round 1", auditLogId: "c2.stale-state.a" },
    ]);
    expect(l.correctionDelta.openRootCauses).toEqual([]);
    expect(l.correctionDelta.omitted).toBeNull();
  });

  it("stale assumption drops earlier notes even when the latest notes are empty (FC-REDACT-ASSUMPTION-1)", () => {
    const l = log(
      req([round(1, [], { notes: "assume X" }), round(2, [{ id: "y", rule: "r", message: "m" }])]),
    );
    expect(l.redactions.map((t) => [t.rule, t.reason])).toContainEqual([
      "stale-assumption",
      "notes of round 1 replaced by the verdict of round 2",
    ]);
    expect(l.correctionDelta.openRootCauses.map((c) => c.findingId)).toEqual(["y"]);
    expect(l.correctionDelta.resolvedSummary).toBeNull();
  });
});

describe("Stage 5 and the envelope", () => {
  it("fills evidence refs, confidence and the severity roll-up (FC-LOG-8..10)", () => {
    const l = log(
      req([
        round(1, [
          { id: "t", rule: "r", message: "m", location: { path: "a.ts", startLine: 1 }, trace: "stack" },
        ]),
        round(2, [
          {
            id: "t",
            rule: "r",
            message: "m",
            location: { path: "a.ts", startLine: 4 },
            firstObservedIn: 1,
            severity: "warning",
          },
        ]),
      ]),
    );
    expect(l.evidence.refs).toEqual([
      { findingId: "t", auditLogId: "r2.verdict", kind: "verdict" },
      { findingId: "t", auditLogId: "r2.transcript", kind: "round-transcript" },
      { findingId: "t", auditLogId: "r1.trace.t", kind: "trace" },
    ]);
    expect(l.confidence).toEqual({ method: "exact-match", perCause: [{ findingId: "t", score: 0.9 }] });
    expect(l.severity).toEqual({ level: "warning", blockingCount: 0 });
    expect(l.correctionDelta.openRootCauses[0]!.trace).toBe("stack");
  });

  it("packs a greedy prefix and counts the rest in the omitted marker (FC-STAGE5-2, FC-STAGE5-4)", () => {
    const findings = Array.from({ length: 20 }, (_, i) => ({
      id: `m${String(i).padStart(2, "0")}`,
      rule: "tsc:TS2304",
      message: `Cannot find name 'identifier${i}' anywhere in this long and descriptive message.`,
      location: { path: `src/f${i}.ts`, startLine: 1 },
    }));
    const l = log(req([round(1, findings)]), 200);
    const k = l.correctionDelta.openRootCauses.length;
    expect(k).toBeGreaterThan(0);
    expect(k).toBeLessThan(20);
    expect(l.correctionDelta.omitted).toMatchObject({ count: 20 - k });
    expect(l.correctionDelta.omitted!.auditLogId).toMatch(new RegExp(`^omitted\\.[0-9a-f]{12}\\.${k}$`));
    expect(l.correctionDelta.openRootCauses.map((c) => c.rank)).toEqual(
      Array.from({ length: k }, (_, i) => i + 1),
    );
    expect(l.compaction.renderedTokens).toBeLessThanOrEqual(200);
    expect(l.redactions.filter((t) => t.reason.startsWith("omitted:"))).toHaveLength(20 - k);
  });
});

describe("Audit Log records and --explain (FC-AUDIT-1, FC-AUDIT-2, FC-CLI-5)", () => {
  const r = req([
    {
      ...round(1, [{ rule: "r:x", message: "boom", location: { path: "src/a.ts" } }]),
      workerTrace: [{ tool: "bash", output: "npm test" }],
    },
  ]);
  const out = compact(r, { tokenizer: sharedTokenizer(), audit: true, explain: true });
  if (!out.ok) throw new Error(out.error.message);

  it("gives each entry the kind FC-AUDIT-1 names for its id", () => {
    const kinds = Object.fromEntries(out.value.audit!.map((a) => [a.id, a.kind]));
    expect(kinds).toMatchObject({ "r1.verdict": "round", "r1.transcript": "transcript", c1: "compaction" });
  });

  it("names a location without a line by its path alone", () => {
    const text = renderExplain(out.value.explain!);
    expect(text).toMatch(/ src\/a\.ts \[error\/open\]/);
  });
});
