// FC-STALLDET-1..6: stall detection at the orchestrator — identical Deltas AND an unchanged canonical state (pure).
import { stallView } from "../pipeline/stall.ts";
import type { CorrectionDelta } from "../types.ts";
import type { Severity } from "./types.ts";

export interface StallConfig {
  /** Consecutive Deltas with the same stall view and the same state that make a stall (default 2, min 2). */
  stallRounds: number;
  /** Extra Deltas tolerated when the worst open cause is only a warning or info (default 1). */
  lenientExtraRounds: number;
}

export const DEFAULT_STALL: StallConfig = { stallRounds: 2, lenientExtraRounds: 1 };

/** Where the detector stands: the last compacted Delta's stall view, the state it was made for, the run length. */
export interface StallState {
  view: string | null;
  stateRef: string | null;
  run: number;
}

export const INITIAL_STALL: StallState = { view: null, stateRef: null, run: 0 };

export type StallObservation =
  | { kind: "delta"; delta: CorrectionDelta; stateRef: string; severity: Severity }
  | { kind: "fallback" };

export type StallReason =
  | "first-delta"
  | "delta-changed"
  | "state-changed"
  | "identical-delta-same-state"
  | "fallback-resets";

export interface StallVerdict {
  stalled: boolean;
  run: number;
  threshold: number;
  reason: StallReason;
  /** FC-STALLDET-5: a blocked verdict behind a stall is the strongest signal to escalate. */
  strong: boolean;
}

/** FC-STALLDET-4: how many identical Deltas a severity level tolerates before escalation. */
export function thresholdFor(severity: Severity, config: StallConfig): number {
  const base = Math.max(2, Math.floor(config.stallRounds));
  return severity === "warning" || severity === "info" ? base + Math.max(0, config.lenientExtraRounds) : base;
}

/**
 * FC-STALLDET-1..3: one step of the detector. A run grows only when the new Delta's stall view (FC-STALL-1)
 * equals the previous one AND the canonical state ref is unchanged; a changed state with an identical Delta
 * (the Worker is busy elsewhere) restarts the run, as does a fallback Delta, which says nothing about progress.
 */
export function observeStall(
  state: StallState,
  obs: StallObservation,
  config: StallConfig = DEFAULT_STALL,
): { state: StallState; verdict: StallVerdict } {
  if (obs.kind === "fallback") {
    return {
      state: INITIAL_STALL,
      verdict: { stalled: false, run: 0, threshold: 0, reason: "fallback-resets", strong: false },
    };
  }
  const view = stallView(obs.delta);
  const threshold = thresholdFor(obs.severity, config);
  let run: number;
  let reason: StallReason;
  if (state.view === null) {
    run = 1;
    reason = "first-delta";
  } else if (state.view !== view) {
    run = 1;
    reason = "delta-changed";
  } else if (state.stateRef !== obs.stateRef) {
    run = 1;
    reason = "state-changed";
  } else {
    run = state.run + 1;
    reason = "identical-delta-same-state";
  }
  const stalled = run >= threshold;
  return {
    state: { view, stateRef: obs.stateRef, run },
    verdict: { stalled, run, threshold, reason, strong: stalled && obs.severity === "blocked" },
  };
}

/** FC-STALLDET-6: after an escalation that lets the loop go on, a further stall needs a full new run. */
export function afterEscalation(state: StallState): StallState {
  return { ...state, run: 1 };
}
