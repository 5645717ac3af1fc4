// FC-FALLBACK-1: the minimal Delta the spec prescribes when compaction fails and there is no prior Delta.

/** The constraint of the minimal fallback Delta, as FC-FALLBACK-1 words it. */
export const FALLBACK_CONSTRAINT = "prior attempt failed; re-verify against canonicalState";

/** FC-FALLBACK-1's minimal Delta for a loop whose last round is `lastRound`. */
export function minimalFallbackDelta(lastRound: number, lastVerdict: string): Record<string, unknown> {
  return {
    attempt: lastRound + 1,
    lastVerdict,
    openRootCauses: [],
    resolvedSummary: null,
    omitted: null,
    constraints: [FALLBACK_CONSTRAINT],
    generatedAt: `r${lastRound}.fallback`,
  };
}
