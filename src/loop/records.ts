// FC-LOOP-9, FC-AUDIT-1..3: the Audit Log records the loop writes — rounds, compactions, decisions (pure).
import { canonical } from "../canonical.ts";
import { sha256Hex } from "../hash.ts";
import { redactPath, redactText } from "../redact/index.ts";
import { sanitize } from "../text.ts";
import type { CompactedFeedbackLog, CorrectionDelta, Round } from "../types.ts";
import { logDerivedRecords } from "../pipeline/audit-records.ts";
import type { LoopAuditRecord } from "./types.ts";

interface Redacting {
  text(s: string): string;
  hits: number;
}

function redacting(repoRoot: string | undefined): Redacting {
  const ctx = repoRoot ? { repoRoot } : {};
  const r: Redacting = {
    hits: 0,
    text(s: string) {
      const out = redactText(sanitize(s), ctx);
      r.hits += out.hits.length;
      return out.text;
    },
  };
  return r;
}

/**
 * FC-LOOP-9: step 5 of the loop — the round as the Verifier and Worker produced it, redacted, written before
 * compaction so that a compactor failure never loses it. Ids are the ones evidence refs use (FC-LOG-8):
 * `r<k>.verdict` and `r<k>.transcript`. When redaction masked anything, the entry keeps a keyed digest of
 * the unredacted round (FC-AUDIT-3), never the text.
 */
export function roundRecords(round: Round, repoRoot: string | undefined, carried: number): LoopAuditRecord[] {
  const red = redacting(repoRoot);
  const ctx = repoRoot ? { repoRoot } : {};
  const v = round.verifierVerdict;
  const findings = v.findings.map((f) => {
    const loc = f.location
      ? { ...f.location, path: redactPath(sanitize(f.location.path), ctx).path }
      : (f.location ?? null);
    return {
      rule: red.text(f.rule),
      message: red.text(f.message),
      location: loc,
      severity: f.severity ?? "error",
      status: f.status ?? "open",
      ...(f.trace ? { trace: red.text(f.trace) } : {}),
      ...(f.id !== undefined ? { id: f.id } : {}),
    };
  });
  const verdict: LoopAuditRecord = {
    id: `r${round.index}.verdict`,
    kind: "round",
    compaction: `c${round.index}`,
    round: round.index,
    ts: red.text(round.ts),
    status: v.status,
    findings,
    carriedResolved: carried,
    notes: red.text(v.notes ?? ""),
    artifacts: (v.artifacts ?? []).map((a) => ({
      format: a.format ?? null,
      content: red.text(typeof a.content === "string" ? a.content : canonical(a.content)),
    })),
  };
  const transcript: LoopAuditRecord = {
    id: `r${round.index}.transcript`,
    kind: "transcript",
    compaction: `c${round.index}`,
    round: round.index,
    workerTrace: round.workerTrace.map((t) => ({ tool: red.text(t.tool), output: red.text(t.output) })),
  };
  if (red.hits > 0) {
    verdict.digestOf = canonical(round.verifierVerdict);
    transcript.digestOf = canonical(round.workerTrace);
  }
  return [verdict, transcript];
}

/**
 * FC-LOOP-9: what a log says about itself, for compactors that return no Audit Log records of their own (any
 * protocol implementation): tombstones by auditLogId, the omitted causes, the compaction summary. Every
 * string here already passed the compactor's redaction and the orchestrator's leak scan (FC-ORCH-5).
 */
export function logRecords(log: CompactedFeedbackLog): LoopAuditRecord[] {
  return logDerivedRecords(log) as LoopAuditRecord[];
}

export type DecisionAction =
  | "splice"
  | "recompact"
  | "fallback"
  | "reverify"
  | "escalate"
  | "continue-after-escalation"
  | "pass"
  | "stop";

/** FC-LOOP-9: one orchestrator decision; `d<round>.<n>` numbers them within a round. */
export function decisionRecord(
  round: number,
  n: number,
  action: DecisionAction,
  fields: Record<string, unknown>,
): LoopAuditRecord {
  return { id: `d${round}.${n}`, kind: "decision", compaction: `c${round}`, round, action, ...fields };
}

/** The digest of the Delta bytes a Worker received, for decision records (content stays out of the log). */
export function deltaDigest(delta: CorrectionDelta): string {
  return sha256Hex(canonical(delta));
}
