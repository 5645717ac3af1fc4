// FC-STAGE1-1, FC-STAGE2-1: the intermediate records passed between pipeline stages.
import type { RedactHit } from "../redact/index.ts";
import type { CauseIdentity, Finding, FindingStatus, Location, Severity } from "../types.ts";
import { trimTo } from "../text.ts";
import { LIMITS } from "./constants.ts";

/** One normalized observation of a finding in one round (Stage 1 output). */
export interface Observation {
  round: number;
  /**
   * The finding as it appears in the log's `findings`: redacted, its message trimmed, its location path whole
   * (causeIdentity cuts it where a cause is written out).
   */
  finding: Finding;
  /** Redacted, untrimmed message and trace (trimming happens at render time). */
  message: string;
  trace: string | null;
  keepForContext: boolean;
  /** Collision key parts (FC-ID-3). */
  normMessage: string;
  isNotes: boolean;
  hits: RedactHit[];
  /** The original message, kept in memory only for the audit digest (FC-AUDIT-3); never emitted. */
  raw: string;
}

/** A root cause after Stage 2 (grouping) and Stage 3 (resolution). */
export interface Cause {
  id: string;
  rule: string;
  location: Location | null;
  severity: Severity;
  firstSeen: number;
  lastSeen: number;
  /** Status of the latest observation (FC-STAGE2-3). */
  status: FindingStatus;
  /** Status after redaction rewrites (FC-REDACT-SUPERSEDED-1, FC-REDACT-ASSUMPTION-1). */
  effectiveStatus: FindingStatus;
  rounds: number[];
  keepForContext: boolean;
  message: string;
  trace: { text: string; round: number } | null;
  isNotes: boolean;
  /** True when observations carried different line ranges (FC-LOG-9). */
  lineShift: boolean;
  hits: RedactHit[];
  score: number;
  blocking: boolean;
}

/** The shared members of a cause as the log's rootCauses and openRootCauses carry them, in their order. */
export function causeIdentity(c: Cause): CauseIdentity {
  return {
    findingId: c.id,
    rule: c.rule,
    location:
      c.location === null || c.location.path.length <= LIMITS.path
        ? c.location
        : { ...c.location, path: trimTo(c.location.path, LIMITS.path) },
    severity: c.severity,
    firstSeen: c.firstSeen,
    lastSeen: c.lastSeen,
  };
}

export const SEVERITY_ORDER: Record<Severity, number> = { error: 2, warning: 1, info: 0 };
