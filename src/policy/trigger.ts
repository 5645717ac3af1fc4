// FC-POLICY-TRIGGER-1..5: the automatic threshold trigger and its hysteresis (seed 002).
import { FULL_SCALE } from "./shape.ts";
import type { CompactionPolicy, CounterCapability } from "./validate.ts";

/** FC-POLICY-TRIGGER-1: counted usage, plus the safety margin for a heuristic count, plus the reserved output. */
export function effectiveUsage(
  counted: number,
  policy: CompactionPolicy,
  capability: CounterCapability,
): number {
  return counted + (capability === "heuristic" ? policy.safetyMargin : 0) + policy.reservedOutput;
}

/** FC-POLICY-TRIGGER-1: `tokens` reaches `basisPoints` of `window` (exact integer arithmetic). */
export const reaches = (tokens: number, basisPoints: number, window: number): boolean =>
  tokens * FULL_SCALE >= basisPoints * window;

/** FC-POLICY-TRIGGER-3: `tokens` is strictly below `basisPoints` of `window`. */
export const fallsBelow = (tokens: number, basisPoints: number, window: number): boolean =>
  tokens * FULL_SCALE < basisPoints * window;

export interface AutomaticInput {
  policy: CompactionPolicy;
  /** Hysteresis state before this observation. */
  armed: boolean;
  /** Effective usage (FC-POLICY-TRIGGER-1). */
  usage: number;
  window: number;
  /** The boundary admits compaction at all (FC-POLICY-BOUNDARY-1). */
  eligible: boolean;
}

export interface AutomaticStep {
  /** The trigger fired on this observation. */
  fired: boolean;
  /** The trigger re-armed on this observation. */
  rearmed: boolean;
  /** Hysteresis state after this observation. */
  armed: boolean;
}

/**
 * FC-POLICY-TRIGGER-2..5: one hysteresis step. Re-arming is checked first and on every observation; firing
 * needs an armed trigger at an eligible boundary and disarms it whatever the guards later say.
 */
export function stepAutomatic(input: AutomaticInput): AutomaticStep {
  const { policy, usage, window } = input;
  if (!policy.automatic) return { fired: false, rearmed: false, armed: input.armed };
  let armed = input.armed;
  let rearmed = false;
  if (!armed && fallsBelow(usage, policy.rearmBelow, window)) {
    armed = true;
    rearmed = true;
  }
  if (armed && input.eligible && reaches(usage, policy.compactAt, window)) {
    return { fired: true, rearmed, armed: false };
  }
  return { fired: false, rearmed, armed };
}
