// FC-WB-5: side by side — each member where an implementation's reply differs from the reference's, classed as a
// reference-only choice (SPEC.md §0) or not, and the contract checks the reply breaks, by requirement id.
import { canonical } from "../../../src/canonical.ts";
import { isValidLog, lastLogSchemaError } from "../../../src/schemas.ts";
import type { Tokenizer } from "../../../src/tokens.ts";

/** An implementation's reply to `compact` as the protocol client reports it. */
export type IutReply =
  | { kind: "result"; result: unknown }
  | { kind: "error"; error: { code: string; message: string; field?: string } }
  | { kind: "errored"; reason: string };

export type Reference =
  | { ok: true; log: Record<string, unknown> }
  | { ok: false; error: { code: string; message: string } };

export interface Difference {
  pointer: string;
  reference: unknown;
  implementation: unknown;
  /** "reference-choice": a point the design leaves open, settled by the reference (not a failure). */
  kind: "reference-choice" | "contract";
  requirements: string[];
  note: string;
}

export interface ContractCheck {
  name: string;
  requirements: string[];
  ok: boolean;
  message: string;
}

export interface Comparison {
  differences: Difference[];
  checks: ContractCheck[];
  /** Contract checks the implementation's reply breaks. */
  broken: ContractCheck[];
}

/**
 * Members whose value SPEC.md §0 leaves open: [pattern over the pointer, the reference's requirement ids, what the
 * choice is, the contract requirements that still bound it (§0's last column)]. A difference there is a
 * reference-only choice unless a check of a bounding requirement fails on the reply.
 */
const OPEN_POINTS: [RegExp, string[], string, string[]][] = [
  [/^\/findings\/\d+\/id$|\/findingId$/, ["FC-ID-1"], "computed finding id format", ["FC-ID-2", "FC-ID-3"]],
  [
    /\/auditLogId$/,
    ["FC-LOG-8", "FC-REDACT-1", "FC-STAGE5-4"],
    "opaque Audit Log id",
    ["FC-LOG-11", "FC-STAGE5-5"],
  ],
  [/^\/compaction\/compactorId$/, ["FC-LOG-3"], "compactorId", ["FC-LOG-1"]],
  [/\/generatedAt$/, ["FC-LOG-5"], "generatedAt", ["FC-ORCH-7"]],
  [
    /^\/redactions(\/|$)/,
    ["FC-REDACT-1"],
    "tombstone reasons and order",
    ["FC-STAGE5-3", "FC-STAGE5-5", "FC-ORCH-4"],
  ],
  [
    /^\/correctionDelta\/constraints(\/|$)/,
    ["FC-CONSTRAINT-1"],
    "constraint wording, order, cap",
    ["FC-CONSTRAINT-2"],
  ],
  [/^\/correctionDelta\/resolvedSummary$/, ["FC-STAGE3-4"], "resolvedSummary wording", ["FC-STAGE3-5"]],
  [/^\/confidence(\/|$)/, ["FC-LOG-9"], "confidence scores", ["FC-LOG-12"]],
  [
    /^\/compaction\/renderedTokens$/,
    ["FC-STAGE5-2"],
    "the packing decides the count",
    ["FC-RENDER-2", "FC-STAGE5-3", "FC-ORCH-4"],
  ],
  [
    /^\/(correctionDelta\/openRootCauses|activeFailures|correctionDelta\/omitted|evidence)(\/|$)/,
    ["FC-STAGE4-1", "FC-STAGE4-2", "FC-STAGE5-2"],
    "ranking weights, ties and packing",
    ["FC-STAGE5-3", "FC-STAGE5-5", "FC-DELTA-1", "FC-ORCH-4", "FC-ORCH-7"],
  ],
  [/^\/findings(\/|$)/, ["FC-STAGE1-6"], "order of findings", []],
  [/^\/rootCauses(\/|$)/, ["FC-STAGE2-4", "FC-STAGE2-3"], "order and representative of root causes", []],
];

const CONTRACT_AREAS: [RegExp, string[]][] = [
  [/^\/schemaVersion$/, ["FC-LOG-2"]],
  [/^\/correctionDelta\/(attempt|lastVerdict)$/, ["FC-STAGE5-1"]],
  [/^\/compaction\/budgetTokens$/, ["FC-ORCH-4"]],
  [/^\/compaction\/stallCandidate$/, ["FC-STALL-1"]],
  [/^\/sourceWindow(\/|$)/, ["FC-LOG-1"]],
  [/^\/severity(\/|$)/, ["FC-LOG-1"]],
];

const esc = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Leaf-level differences between two JSON values (arrays by index, objects by member), at most `limit`. */
export function diffJson(
  a: unknown,
  b: unknown,
  at = "",
  out: [string, unknown, unknown][] = [],
  limit = 200,
) {
  if (out.length >= limit) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) diffJson(a[i], b[i], `${at}/${i}`, out, limit);
  } else if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) diffJson(a[k], b[k], `${at}/${esc(k)}`, out, limit);
  } else if (canonical(a ?? null) !== canonical(b ?? null) || (a === undefined) !== (b === undefined)) {
    out.push([at, a, b]);
  }
  return out;
}

export function classify(pointer: string): {
  kind: Difference["kind"];
  requirements: string[];
  note: string;
  boundedBy: string[];
} {
  for (const [re, ids, what, bounds] of OPEN_POINTS)
    if (re.test(pointer))
      return { kind: "reference-choice", requirements: ids, note: what, boundedBy: bounds };
  for (const [re, ids] of CONTRACT_AREAS)
    if (re.test(pointer))
      return { kind: "contract", requirements: ids, note: "differs from the reference", boundedBy: ids };
  return { kind: "contract", requirements: ["FC-LOG-1"], note: "differs from the reference", boundedBy: [] };
}

/** The contract checks one reply can be judged by on its own (the relations the required cases assert). */
export function contractChecks(
  reference: Reference,
  reply: IutReply,
  budget: number,
  tokenizer: Tokenizer,
): ContractCheck[] {
  const checks: ContractCheck[] = [];
  const add = (name: string, requirements: string[], ok: boolean, message: string) =>
    checks.push({ name, requirements, ok, message });
  if (reply.kind === "errored") {
    add("answers in protocol", ["FC-PROTO-3", "FC-PROTO-5"], false, reply.reason);
    return checks;
  }
  if (!reference.ok) {
    const code = reply.kind === "error" ? reply.error.code : "a log";
    add(
      `refuses with ${reference.error.code}`,
      ["FC-ERR-1", "FC-ERR-2"],
      code === reference.error.code,
      code === reference.error.code ? "same typed error" : `answered with ${code}`,
    );
    return checks;
  }
  if (reply.kind === "error") {
    add("compacts a valid request", ["FC-ERR-1", "FC-PROTO-6"], false, `refused with ${reply.error.code}`);
    return checks;
  }
  const log = reply.result as Record<string, unknown>;
  const valid = isValidLog(log);
  add("log satisfies the schema", ["FC-LOG-1", "FC-ORCH-1"], valid, valid ? "valid" : lastLogSchemaError());
  if (!isObj(log) || !isObj(log.compaction) || !isObj(log.correctionDelta)) return checks;
  const c = log.compaction as Record<string, unknown>;
  const delta = log.correctionDelta as Record<string, unknown>;
  const rendered = c.renderedTokens as number;
  add(
    "budgetTokens is the budget asked for",
    ["FC-ORCH-4"],
    c.budgetTokens === budget,
    `budgetTokens ${String(c.budgetTokens)}, asked ${budget}`,
  );
  add(
    "renderedTokens ≤ budgetTokens",
    ["FC-STAGE5-3", "FC-ORCH-4"],
    typeof rendered === "number" && rendered <= budget,
    `${String(rendered)} rendered, budget ${budget}`,
  );
  const own = tokenizer.count(canonical(delta));
  add(
    "renderedTokens is the o200k_base count of the canonical Delta",
    ["FC-RENDER-1", "FC-RENDER-2"],
    rendered === own,
    `reported ${String(rendered)}, counted ${own}`,
  );
  const active = canonical(log.activeFailures ?? null) === canonical(delta.openRootCauses ?? null);
  add(
    "activeFailures equals correctionDelta.openRootCauses",
    ["FC-DELTA-1", "FC-ORCH-7"],
    active,
    active ? "equal" : "they differ",
  );
  const ranks = Array.isArray(delta.openRootCauses)
    ? (delta.openRootCauses as { rank?: unknown }[]).every((x, i) => x.rank === i + 1)
    : false;
  add("ranks are 1..K", ["FC-ORCH-7", "FC-STAGE5-5"], ranks, ranks ? "1..K" : "not 1..K");
  const rl = reference.log.correctionDelta as Record<string, unknown>;
  for (const m of ["attempt", "lastVerdict"]) {
    const same = canonical(delta[m] ?? null) === canonical(rl[m] ?? null);
    add(`${m} as the fixed part prescribes`, ["FC-STAGE5-1"], same, `${canonical(delta[m] ?? null)}`);
  }
  const refOpen = (reference.log.rootCauses as { status?: string }[] | undefined)?.length ?? 0;
  const blank =
    Array.isArray(delta.openRootCauses) &&
    delta.openRootCauses.length === 0 &&
    delta.omitted === null &&
    (reference.log.correctionDelta as { openRootCauses: unknown[]; omitted: unknown }).omitted !== null &&
    refOpen > 0;
  add("no blank failure section", ["FC-STAGE5-5"], !blank, blank ? "zero causes and a null marker" : "ok");
  return checks;
}

/** The comparison the page shows beside the reference's reply. */
export function compareReplies(
  reference: Reference,
  reply: IutReply,
  budget: number,
  tokenizer: Tokenizer,
): Comparison {
  const checks = contractChecks(reference, reply, budget, tokenizer);
  const broken = checks.filter((c) => !c.ok);
  const differences: Difference[] = [];
  if (reference.ok && reply.kind === "result") {
    for (const [pointer, r, i] of diffJson(reference.log, reply.result)) {
      const { boundedBy, ...cls } = classify(pointer);
      // An open choice stays free only while the contract checks that bound it hold.
      const hit = broken.find((b) => b.requirements.some((id) => boundedBy.includes(id)));
      differences.push({
        pointer,
        reference: r,
        implementation: i,
        ...cls,
        ...(hit
          ? {
              kind: "contract",
              note: `${cls.note}, but it breaks "${hit.name}"`,
              requirements: hit.requirements,
            }
          : {}),
      });
    }
  } else if (reference.ok !== (reply.kind === "result")) {
    differences.push({
      pointer: "",
      reference: reference.ok ? "a log" : reference.error,
      implementation: reply.kind === "result" ? "a log" : reply.kind === "error" ? reply.error : reply.reason,
      kind: "contract",
      requirements: ["FC-ERR-1"],
      note: "one answered with a log, the other with an error",
    });
  } else if (!reference.ok && reply.kind === "error" && reference.error.code !== reply.error.code) {
    differences.push({
      pointer: "/error/code",
      reference: reference.error.code,
      implementation: reply.error.code,
      kind: "contract",
      requirements: ["FC-ERR-1"],
      note: "a different typed error",
    });
  }
  return { differences, checks, broken };
}
