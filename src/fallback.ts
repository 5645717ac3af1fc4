// FC-FALLBACK-1: the Delta an orchestrator uses when compaction fails; never a blank failure section.
import type { CorrectionDelta, VerdictStatus } from "./types.ts";

export const FALLBACK_CONSTRAINT = "prior attempt failed; re-verify against canonicalState";

export function fallbackDelta(args: {
  lastRound: number;
  lastVerdict: VerdictStatus;
  priorDelta?: CorrectionDelta | null;
}): CorrectionDelta {
  if (args.priorDelta) return args.priorDelta;
  return {
    attempt: args.lastRound + 1,
    lastVerdict: args.lastVerdict,
    openRootCauses: [],
    resolvedSummary: null,
    omitted: null,
    constraints: [FALLBACK_CONSTRAINT],
    generatedAt: `r${args.lastRound}.fallback`,
  };
}
