// FC-LOG-1..10, FC-DELTA-1: the Compacted Feedback Log around the Delta.
import { canonical } from "../canonical.ts";
import { sha256Hex } from "../hash.ts";
import type {
  CompactedFeedbackLog,
  CompactionRequest,
  EvidenceRef,
  Finding,
  Redaction,
  RootCause,
} from "../types.ts";
import { SCHEMA_VERSION, VERSION } from "../version.ts";
import { CONSTANTS } from "./constants.ts";
import type { Cause } from "./model.ts";
import { causeIdentity, SEVERITY_ORDER } from "./model.ts";
import type { CondenseOutput } from "./stage5-condense.ts";

export const COMPACTOR_ID = `feedback-compactor@${VERSION}#${sha256Hex(canonical(CONSTANTS)).slice(0, 8)}`;

function toRootCause(c: Cause): RootCause {
  return {
    ...causeIdentity(c),
    status: c.effectiveStatus,
    rounds: c.rounds,
    keepForContext: c.keepForContext,
  };
}

export interface EnvelopeInput {
  request: CompactionRequest;
  findings: Finding[];
  causes: Cause[];
  resolved: Cause[];
  open: Cause[];
  condensed: CondenseOutput;
  redactions: Redaction[];
  budget: number;
  stallCandidate: boolean;
}

export function envelope(e: EnvelopeInput): CompactedFeedbackLog {
  const rounds = e.request.rounds;
  const first = rounds[0]!;
  const last = rounds[rounds.length - 1]!;
  const { delta, rendered, omitted } = e.condensed;
  const renderedSet = new Set(rendered);
  const omittedSet = new Set(omitted);

  const refs: EvidenceRef[] = [];
  for (const c of e.causes) {
    const k = c.rounds[c.rounds.length - 1]!;
    refs.push({ findingId: c.id, auditLogId: `r${k}.verdict`, kind: "verdict" });
    if (renderedSet.has(c))
      refs.push({ findingId: c.id, auditLogId: `r${k}.transcript`, kind: "round-transcript" });
    if (c.trace) refs.push({ findingId: c.id, auditLogId: `r${c.trace.round}.trace.${c.id}`, kind: "trace" });
    if (omittedSet.has(c) && delta.omitted)
      refs.push({ findingId: c.id, auditLogId: delta.omitted.auditLogId, kind: "omitted-finding" });
  }

  let level: CompactedFeedbackLog["severity"]["level"] = "info";
  if (last.verifierVerdict.status === "blocked") level = "blocked";
  else {
    let best = -1;
    for (const c of e.open) {
      if (SEVERITY_ORDER[c.severity] > best) {
        best = SEVERITY_ORDER[c.severity];
        level = c.severity;
      }
    }
  }

  return {
    schemaVersion: SCHEMA_VERSION,
    sourceWindow: {
      firstRound: first.index,
      lastRound: last.index,
      roundCount: rounds.length,
      canonicalStateRef: e.request.canonicalState.ref,
    },
    compaction: {
      compactorId: COMPACTOR_ID,
      generatedAt: delta.generatedAt,
      budgetTokens: e.budget,
      renderedTokens: e.condensed.renderedTokens,
      stallCandidate: e.stallCandidate,
    },
    findings: e.findings,
    rootCauses: e.causes.map(toRootCause),
    resolvedFailures: e.resolved.map(toRootCause),
    activeFailures: delta.openRootCauses,
    redactions: e.redactions,
    evidence: { refs },
    confidence: {
      method: "exact-match",
      perCause: rendered.map((c) => ({
        findingId: c.id,
        score: c.location === null ? 0.8 : c.lineShift ? 0.9 : 1,
      })),
    },
    severity: { level, blockingCount: e.open.filter((c) => c.blocking).length },
    correctionDelta: delta,
  };
}
