// FC-FALLBACK-1: the Delta an orchestrator uses when compaction fails; never a blank failure section, never a throw.
import { isValidDelta } from "./schemas.ts";
import type { CorrectionDelta, VerdictStatus } from "./types.ts";

export const FALLBACK_CONSTRAINT = "prior attempt failed; re-verify against canonicalState";

const VERDICTS: readonly VerdictStatus[] = ["pass", "fail", "blocked"];

/** What `fallbackDelta` reads; anything else (or nothing) is replaced by the documented defaults. */
export interface FallbackArgs {
  /** The round that just failed to compact: a whole number ≥ 0 (default 0). */
  lastRound: number;
  /** Its verdict: "pass", "fail" or "blocked" (default "fail": a fallback follows a failed round). */
  lastVerdict: VerdictStatus;
  /** The Delta spliced last; returned unchanged when it is a valid Correction Delta, else ignored. */
  priorDelta?: CorrectionDelta | null;
}

/**
 * FC-FALLBACK-1: the prior Delta unchanged when there is a valid one, else the minimal Delta for `lastRound + 1`.
 * It never throws and always returns a valid Correction Delta: a missing or malformed argument is replaced by
 * its default (`lastRound` 0, `lastVerdict` "fail", no prior Delta), so a bad call yields
 * `{attempt: 1, …, generatedAt: "r0.fallback"}`, never `"rundefined.fallback"`.
 */
export function fallbackDelta(args: FallbackArgs): CorrectionDelta {
  let prior: unknown;
  let round = 0;
  let verdict: VerdictStatus = "fail";
  try {
    const a = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
    prior = a.priorDelta;
    if (typeof a.lastRound === "number" && Number.isSafeInteger(a.lastRound) && a.lastRound >= 0)
      round = a.lastRound;
    if (VERDICTS.includes(a.lastVerdict as VerdictStatus)) verdict = a.lastVerdict as VerdictStatus;
    if (prior !== undefined && prior !== null && isValidDelta(prior)) return prior as CorrectionDelta;
  } catch {
    // An argument whose members throw when read (a hostile getter or proxy): the defaults stand.
  }
  return {
    attempt: round + 1,
    lastVerdict: verdict,
    openRootCauses: [],
    resolvedSummary: null,
    omitted: null,
    constraints: [FALLBACK_CONSTRAINT],
    generatedAt: `r${round}.fallback`,
  };
}
