// Public API of the reference Feedback Compactor (spec/SPEC.md).
import { sharedTokenizer } from "./adapters/tiktoken.ts";
import type { Result } from "./errors.ts";
import { type CompactOptions, type CompactOutput, compact } from "./pipeline/compact.ts";
import type { CompactedFeedbackLog } from "./types.ts";

export { canonical } from "./canonical.ts";
export type { ErrorCode, FcError, Result } from "./errors.ts";
export { FALLBACK_CONSTRAINT, fallbackDelta } from "./fallback.ts";
export { COMPACTOR_ID } from "./pipeline/envelope.ts";
export { stallView } from "./pipeline/stall.ts";
export { DEFAULT_BUDGET, MAX_BUDGET, MIN_BUDGET } from "./request/validate.ts";
export { isValidDelta, isValidLog } from "./schemas.ts";
// The compaction policy engine (spec/policy.md): validate a policy, decide when to compact, accept a summary.
export {
  type AcceptedSummary,
  acceptDocument,
  capacityThreshold,
  DEFAULT_MAX_CONTEXT_TOKENS,
  type DecideConfig,
  type DecideState,
  type Decision,
  decide,
  decideDocument,
  decideSequence,
  type PolicyInput,
  validatePolicy,
} from "./policy/index.ts";
export type * from "./types.ts";
export { type ValidateOptions, type ValidateReport, validateLog } from "./validate-log.ts";
export { SCHEMA_VERSION, VERSION } from "./version.ts";
export { compact, sharedTokenizer };
export type { CompactOptions, CompactOutput };

/** Convenience: compact with the shared o200k_base tokenizer; returns just the log. */
export function compactRequest(
  request: unknown,
  options: { budgetTokens?: number } = {},
): Result<CompactedFeedbackLog> {
  const r = compact(request, { ...options, tokenizer: sharedTokenizer() });
  return r.ok ? { ok: true, value: r.value.log } : r;
}
