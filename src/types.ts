// FC-REQ-1..12, FC-LOG-1: the CompactionRequest and Compacted Feedback Log shapes as TypeScript types.

export type Severity = "error" | "warning" | "info";
export type FindingStatus = "open" | "resolved" | "superseded";
export type VerdictStatus = "pass" | "fail" | "blocked";

export interface Location {
  path: string;
  startLine?: number;
  endLine?: number;
}

/** Raw tool output carried by a trace entry or a verdict artifact (Stage 1 parses it; FC-REQ-8). */
export interface ToolOutput {
  format?: string;
  content: unknown;
  exitCode?: number;
  /** The caller's GitHub Actions problem matcher(s) for this output (spec/stage1.md FC-STAGE1-MATCHER-1). */
  problemMatcher?: unknown;
}

/** A finding as the Verifier hands it in (FC-REQ-6: most fields optional, with defaults). */
export interface InputFinding {
  id?: string;
  rule: string;
  location?: Location | null;
  message: string;
  severity?: Severity;
  firstObservedIn?: number;
  lastObservedIn?: number;
  status?: FindingStatus;
  trace?: string | null;
  keepForContext?: boolean;
}

export interface TraceEntry {
  tool: string;
  output: string;
  /** Optional raw tool output for Stage 1 (FC-REQ-8). */
  raw?: ToolOutput;
}

export interface VerifierVerdict {
  status: VerdictStatus;
  findings: InputFinding[];
  notes: string;
  /** Optional raw tool outputs the Verifier ran (FC-REQ-8). */
  artifacts?: ToolOutput[];
}

export interface Round {
  index: number;
  workerTrace: TraceEntry[];
  verifierVerdict: VerifierVerdict;
  ts: string;
}

export interface OverwrittenRange {
  path: string;
  startLine: number;
  endLine: number;
  /** The range was overwritten by edits made after round `sinceRound` was verified (FC-REDACT-SUPERSEDED-1). */
  sinceRound: number;
}

export interface CanonicalState {
  ref: string;
  /** Absolute repo root used to relativise paths (FC-PATH-1). */
  repoRoot?: string;
  overwritten?: OverwrittenRange[];
}

export interface CompactionRequest {
  taskSpec: unknown;
  canonicalState: CanonicalState;
  rounds: Round[];
  priorDelta?: CorrectionDelta | null;
  options?: { budgetTokens?: number };
}

// ---- output (Compacted Feedback Log v1, structurally identical to the seed's schema) ----

export interface Finding {
  id: string;
  rule: string;
  location: Location | null;
  message: string;
  severity: Severity;
  firstObservedIn: number;
  lastObservedIn: number;
  status: FindingStatus;
}

/** The members every per-cause record of the log shares (the schema's rootCause and openRootCause). */
export interface CauseIdentity {
  findingId: string;
  rule: string;
  location: Location | null;
  severity: Severity;
  firstSeen: number;
  lastSeen: number;
}

export interface RootCause extends CauseIdentity {
  status: FindingStatus;
  rounds: number[];
  keepForContext: boolean;
}

export interface OpenRootCause extends CauseIdentity {
  rank: number;
  message: string;
  trace: string | null;
  blocking: boolean;
}

export type RedactionRule =
  | "stale-state"
  | "superseded-edit"
  | "sensitive"
  | "stale-assumption"
  | "truncation";

export interface Redaction {
  from: string;
  rule: RedactionRule;
  reason: string;
  auditLogId?: string;
}

export type EvidenceKind = "trace" | "verdict" | "round-transcript" | "omitted-finding";

export interface EvidenceRef {
  findingId: string;
  auditLogId: string;
  kind: EvidenceKind;
}

export interface CorrectionDelta {
  attempt: number;
  lastVerdict: VerdictStatus;
  openRootCauses: OpenRootCause[];
  resolvedSummary: string | null;
  omitted: { count: number; auditLogId: string } | null;
  constraints: string[];
  generatedAt: string;
}

export interface CompactedFeedbackLog {
  schemaVersion: string;
  sourceWindow: { firstRound: number; lastRound: number; roundCount: number; canonicalStateRef: string };
  compaction: {
    compactorId: string;
    generatedAt: string;
    budgetTokens: number;
    renderedTokens: number;
    stallCandidate: boolean;
  };
  findings: Finding[];
  rootCauses: RootCause[];
  resolvedFailures: RootCause[];
  activeFailures: OpenRootCause[];
  redactions: Redaction[];
  evidence: { refs: EvidenceRef[] };
  confidence: { method: "exact-match" | "heuristic"; perCause: { findingId: string; score: number }[] };
  severity: { level: "info" | "warning" | "error" | "blocked"; blockingCount: number };
  correctionDelta: CorrectionDelta;
}
