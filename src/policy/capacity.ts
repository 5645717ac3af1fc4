// FC-POLICY-CAPACITY-1..4: the capacity threshold and the capacity and projection triggers (seed 003).
import { FULL_SCALE } from "./shape.ts";

export const DEFAULT_MAX_CONTEXT_TOKENS = 100_000;

/** FC-POLICY-CAPACITY-1: min(ceil(window × waterLevel / 10,000), maxContextTokens); a cap of 0 means no cap. */
export function capacityThreshold(window: number, waterLevel: number, maxContextTokens: number): number {
  const product = window * waterLevel;
  const level = (product - (product % FULL_SCALE)) / FULL_SCALE + (product % FULL_SCALE === 0 ? 0 : 1);
  return maxContextTokens > 0 ? Math.min(level, maxContextTokens) : level;
}

/** FC-POLICY-CAPACITY-2: holds when the provider-reported usage reaches the threshold; no report, no trigger. */
export function capacityHolds(reported: number | undefined, threshold: number): boolean {
  return reported !== undefined && reported >= threshold;
}

export interface Projection {
  remainingStages: number;
  growthPerStage: number;
}

/**
 * FC-POLICY-CAPACITY-3: holds when the reported usage plus the growth of the remaining stages would not fit the
 * window (strictly greater than it).
 */
export function projectionHolds(
  reported: number | undefined,
  projection: Projection | undefined,
  window: number,
) {
  if (reported === undefined || projection === undefined) return false;
  return reported + projection.remainingStages * projection.growthPerStage > window;
}
