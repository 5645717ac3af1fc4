// FC-LOOP-*, FC-STALLDET-*, FC-SPLICE-*: the retry-loop library's public surface (spec/loop.md).
export { fileAuditSink, memoryAuditSink } from "./audit-sink.ts";
export { carryResolved, findingKey } from "./carry.ts";
export { iutCompactor, referenceCompactor, withDeadline } from "./compactors.ts";
export { judge, SUPPORTED_VERSIONS, versionSupported } from "./judge.ts";
export type { Decision, FallbackReason, VersionRange } from "./judge.ts";
export { runLoop, verdictWellFormed } from "./orchestrator.ts";
export type {
  Escalation,
  EscalationAnswer,
  LoopConfig,
  LoopEvent,
  LoopOutcome,
  RoundSummary,
} from "./orchestrator.ts";
export { buildPrompt, deltaInPrompt, deltaOf } from "./splice.ts";
export { DEFAULT_STALL, observeStall, thresholdFor } from "./stall.ts";
export type { StallConfig, StallVerdict } from "./stall.ts";
export type * from "./types.ts";
