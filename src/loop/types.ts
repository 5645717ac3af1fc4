// FC-LOOP-1..3: the roles of the Worker–Verifier retry loop — Worker, Workspace, Verifier, Compactor, audit sink.
import type {
  CompactedFeedbackLog,
  CorrectionDelta,
  OverwrittenRange,
  TraceEntry,
  VerifierVerdict,
} from "../types.ts";

/** What the Worker is shown for one attempt (FC-SPLICE-1..4): the prompt, and the parts it was built from. */
export interface WorkerInput {
  attempt: number;
  /** The assembled prompt: task spec, then at most one Delta, then the per-turn plan. */
  prompt: string;
  /** The Delta spliced into the prompt, or null on the first attempt. */
  delta: CorrectionDelta | null;
}

export interface WorkerAttempt {
  /** What the Worker did, for the Audit Log only (never shown to a later Worker, FC-LOOP-4). */
  trace: TraceEntry[];
  /** Opaque edits the Workspace applies. */
  edits: unknown;
}

export interface Worker {
  attempt(input: WorkerInput): Promise<WorkerAttempt>;
}

/** The working tree: applies edits and names its canonical state. */
export interface Workspace {
  apply(edits: unknown): Promise<TraceEntry[]>;
  /** An identifier that changes exactly when the tree's content changes (canonicalState.ref). */
  stateRef(): Promise<string>;
  readonly repoRoot?: string;
  /** Ranges overwritten since a round, for the superseded-edit rule (FC-REDACT-SUPERSEDED-1); optional. */
  overwritten?(): Promise<OverwrittenRange[]>;
}

export interface Verifier {
  /** Re-derives findings against the current tree; stateless across attempts. */
  verify(input: { attempt: number; stateRef: string }): Promise<VerifierVerdict>;
}

/** A compaction call's outcome as the loop sees it (FC-LOOP-7): a log, a typed error, or a failure to answer. */
export type CompactionOutcome =
  | { kind: "log"; log: unknown; auditRecords?: LoopAuditRecord[] }
  | { kind: "error"; code: string }
  | { kind: "timeout"; ms: number }
  | { kind: "crash"; reason: string };

export interface Compactor {
  readonly name: string;
  compact(request: Record<string, unknown>, options: { budgetTokens: number }): Promise<CompactionOutcome>;
}

/** One Audit Log record as the loop produces it (the store adds seq and prev). */
export interface LoopAuditRecord {
  id: string;
  kind: string;
  digestOf?: string;
  [key: string]: unknown;
}

export interface AuditSink {
  /** Durable when it resolves (fsync done); a rejection ends the loop (FC-LOOP-9). */
  append(records: LoopAuditRecord[]): Promise<void>;
}

export type Severity = CompactedFeedbackLog["severity"]["level"];
