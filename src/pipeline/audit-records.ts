// FC-AUDIT-1..3: the Audit Log entries one compaction produces (pure data; the store at the edge writes them).
import { sanitize } from "../text.ts";
import type { CompactedFeedbackLog, CompactionRequest } from "../types.ts";
import type { Observation } from "./model.ts";
import type { Redactor } from "./stage1-normalize.ts";

export interface AuditRecord {
  id: string;
  kind: "round" | "transcript" | "trace" | "tombstone" | "omitted-finding" | "compaction";
  compaction: string;
  [key: string]: unknown;
  /**
   * Text whose keyed digest the store records as `digest` (FC-AUDIT-3). The store MUST drop this field
   * before writing; it never reaches a file.
   */
  digestOf?: string;
}

export function auditRecords(
  request: CompactionRequest,
  observations: Observation[],
  log: CompactedFeedbackLog,
  redactor: Redactor,
): AuditRecord[] {
  const n = log.sourceWindow.lastRound;
  const c = `c${n}`;
  const ctx = request.canonicalState.repoRoot ? { repoRoot: request.canonicalState.repoRoot } : {};
  const red = (s: string) => redactor.text(sanitize(s), ctx).text;
  const out: AuditRecord[] = [];
  const byRound = new Map<number, Observation[]>();
  for (const o of observations) {
    const list = byRound.get(o.round) ?? [];
    list.push(o);
    byRound.set(o.round, list);
  }
  for (const r of request.rounds) {
    out.push({
      id: `r${r.index}.verdict`,
      kind: "round",
      compaction: c,
      round: r.index,
      ts: red(r.ts),
      status: r.verifierVerdict.status,
      findings: (byRound.get(r.index) ?? []).map((o) => o.finding),
      notes: red(r.verifierVerdict.notes ?? ""),
    });
    out.push({
      id: `r${r.index}.transcript`,
      kind: "transcript",
      compaction: c,
      round: r.index,
      workerTrace: r.workerTrace.map((t) => ({ tool: red(t.tool), output: red(t.output) })),
    });
  }
  const traced = new Set<string>();
  for (const o of observations) {
    if (o.trace === null || traced.has(o.finding.id)) continue;
    traced.add(o.finding.id);
    out.push({
      id: `r${o.round}.trace.${o.finding.id}`,
      kind: "trace",
      compaction: c,
      findingId: o.finding.id,
      trace: o.trace,
    });
  }
  const raw = new Map<string, string>();
  for (const o of observations) if (!raw.has(o.finding.id)) raw.set(o.finding.id, o.raw);
  out.push(...logDerivedRecords(log, (id) => raw.get(id)));
  return out;
}

/**
 * FC-AUDIT-1..2: the entries any log yields by itself — one tombstone entry per auditLogId, the omitted
 * batch and the compaction record. `digestSource` gives the text whose keyed digest a sensitive tombstone
 * keeps (FC-AUDIT-3); without it (a log from another implementation) no digest is recorded.
 */
export function logDerivedRecords(
  log: CompactedFeedbackLog,
  digestSource: (findingId: string) => string | undefined = () => undefined,
): AuditRecord[] {
  const c = `c${log.sourceWindow.lastRound}`;
  const out: AuditRecord[] = [];
  const grouped = new Map<string, AuditRecord>();
  for (const t of log.redactions) {
    const id = t.auditLogId ?? `${c}.${t.rule}.${t.from}`;
    let rec = grouped.get(id);
    if (!rec) {
      rec = { id, kind: "tombstone", compaction: c, from: t.from, rule: t.rule, reasons: [] as string[] };
      if (t.rule === "sensitive") {
        const original = digestSource(t.from);
        if (original !== undefined) rec.digestOf = original;
      }
      grouped.set(id, rec);
      out.push(rec);
    }
    (rec.reasons as string[]).push(t.reason);
  }
  const omitted = log.correctionDelta.omitted;
  if (omitted) {
    const ids = new Set(
      log.evidence.refs.filter((r) => r.kind === "omitted-finding").map((r) => r.findingId),
    );
    out.push({
      id: omitted.auditLogId,
      kind: "omitted-finding",
      compaction: c,
      rootCauses: log.rootCauses.filter((rc) => ids.has(rc.findingId)),
    });
  }
  out.push({
    id: c,
    kind: "compaction",
    compaction: c,
    compactorId: log.compaction.compactorId,
    budgetTokens: log.compaction.budgetTokens,
    renderedTokens: log.compaction.renderedTokens,
    stallCandidate: log.compaction.stallCandidate,
  });
  return out;
}
