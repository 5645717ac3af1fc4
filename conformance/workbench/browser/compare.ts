// FC-WB-5: side by side — each member where an implementation's reply differs from the reference's, a contract
// difference exactly when a required check the runner ran on the reply fails on it (judge.ts), else a reference-only choice.
import { canonical } from "../../../src/canonical.ts";

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

/** The open point (SPEC.md §0) a member falls under, if any: what the choice is and whose settlement it is. */
export function classify(pointer: string): {
  kind: Difference["kind"];
  requirements: string[];
  note: string;
} {
  for (const [re, ids, what] of OPEN_POINTS)
    if (re.test(pointer)) return { kind: "reference-choice", requirements: ids, note: what };
  return { kind: "contract", requirements: [], note: "a member whose value the design fixes" };
}

/** A required check as the server's judge ran it (conformance/workbench/judge.ts). */
export interface JudgedCheck {
  name: string;
  requirements: string[];
  ok: boolean;
  message: string;
  pointers: string[];
}

/** Does a failure at `q` concern the member at `p` (one is inside the other)? */
const overlaps = (p: string, q: string) =>
  p === q || p.startsWith(`${q}/`) || q.startsWith(`${p}/`) || q === "" || p === "";

/**
 * The comparison the page shows beside the reference's reply. A difference is a contract difference exactly when a
 * required check the runner ran on the implementation's reply fails on it (its pointers reach the member; a leak is
 * such a check); otherwise it is a reference-only choice, named by the open point it falls under (SPEC.md §0).
 */
export function compareReplies(
  reference: Reference,
  reply: IutReply,
  judged: readonly JudgedCheck[],
): Comparison {
  const checks: ContractCheck[] = judged.map((c) => ({
    name: c.name,
    requirements: c.requirements,
    ok: c.ok,
    message: c.message,
  }));
  const failing = judged.filter((c) => !c.ok);
  const broken = checks.filter((c) => !c.ok);
  const differences: Difference[] = [];
  const judge = (pointer: string, r: unknown, i: unknown) => {
    const cls = classify(pointer);
    const hit = failing.find((c) => c.pointers.some((q) => overlaps(pointer, q)));
    differences.push({
      pointer,
      reference: r,
      implementation: i,
      ...(hit
        ? {
            kind: "contract" as const,
            requirements: hit.requirements,
            note: `${cls.kind === "reference-choice" ? `${cls.note}, but ` : ""}the required check "${hit.name}" fails on it`,
          }
        : { kind: "reference-choice" as const, requirements: cls.requirements, note: cls.note }),
    });
  };
  if (reference.ok && reply.kind === "result") {
    for (const [pointer, r, i] of diffJson(reference.log, reply.result)) judge(pointer, r, i);
    // A failure at a member both replies share (a leak the reference masked elsewhere) is still shown.
    for (const c of failing)
      for (const q of c.pointers)
        if (!differences.some((d) => overlaps(d.pointer, q)))
          differences.push({
            pointer: q,
            reference: "(same)",
            implementation: "(same)",
            kind: "contract",
            requirements: c.requirements,
            note: `the required check "${c.name}" fails on it`,
          });
  } else if (
    reference.ok !== (reply.kind === "result") ||
    (!reference.ok && reply.kind === "error" && reference.error.code !== reply.error.code)
  ) {
    judge(
      reference.ok ? "" : "/error/code",
      reference.ok ? "a log" : reference.error.code,
      reply.kind === "result" ? "a log" : reply.kind === "error" ? reply.error.code : reply.reason,
    );
  }
  return { differences, checks, broken };
}
