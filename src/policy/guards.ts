// FC-POLICY-GUARD-1..9: the accept-and-continue guards and their precedence (seed 003).

export type GuardName =
  | "disabled"
  | "no_model"
  | "circuit_breaker_open"
  | "compaction_in_progress"
  | "deduplicated"
  | "insufficient_turns"
  | "min_interval";

export type GuardVerdict = "rejected" | "deferred";
export type GuardOutcome = "passed" | GuardVerdict | "not_evaluated";

export const DEFAULT_MIN_TURNS_SINCE_COMPACTION = 3;

/** Everything the guards look at; time is an input, never read from a clock. */
export interface GuardFacts {
  enabled: boolean;
  modelAvailable: boolean;
  circuitBreakerOpen: boolean;
  compactionInProgress: boolean;
  requestFingerprint: string | undefined;
  submittedFingerprints: readonly string[];
  /** Assistant turns completed since the last compaction finished; null when this session never compacted. */
  turnsSinceCompaction: number | null;
  minTurnsSinceCompaction: number;
  nowMs: number | undefined;
  lastCompactionAtMs: number | null;
  minIntervalMs: number;
}

export interface Guard {
  readonly name: GuardName;
  readonly verdict: GuardVerdict;
  blocks(facts: GuardFacts): boolean;
}

/** FC-POLICY-GUARD-9: the guards in precedence order; the first that blocks decides. */
export const GUARDS: readonly Guard[] = [
  { name: "disabled", verdict: "rejected", blocks: (f) => !f.enabled },
  { name: "no_model", verdict: "rejected", blocks: (f) => !f.modelAvailable },
  { name: "circuit_breaker_open", verdict: "rejected", blocks: (f) => f.circuitBreakerOpen },
  { name: "compaction_in_progress", verdict: "deferred", blocks: (f) => f.compactionInProgress },
  {
    name: "deduplicated",
    verdict: "deferred",
    blocks: (f) =>
      f.requestFingerprint !== undefined && f.submittedFingerprints.includes(f.requestFingerprint),
  },
  {
    name: "insufficient_turns",
    verdict: "rejected",
    blocks: (f) => f.turnsSinceCompaction !== null && f.turnsSinceCompaction < f.minTurnsSinceCompaction,
  },
  {
    name: "min_interval",
    verdict: "rejected",
    blocks: (f) =>
      f.lastCompactionAtMs !== null &&
      f.nowMs !== undefined &&
      f.nowMs - f.lastCompactionAtMs < f.minIntervalMs,
  },
];

export type GuardResult = { outcome: "passed"; name: null } | { outcome: GuardVerdict; name: GuardName };

/** FC-POLICY-GUARD-1, -9: the first blocking guard, or passed. */
export function evaluateGuards(facts: GuardFacts, guards: readonly Guard[] = GUARDS): GuardResult {
  for (const g of guards) if (g.blocks(facts)) return { outcome: g.verdict, name: g.name };
  return { outcome: "passed", name: null };
}
