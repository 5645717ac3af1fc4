// FC-LOOP-6..8: validate before splice — a compaction outcome becomes splice, re-compact or fallback (pure).
import type { ValidateOptions, ValidateReport } from "../validate-log.ts";
import type { Result } from "../errors.ts";
import type { CompactedFeedbackLog } from "../types.ts";
import type { CompactionOutcome } from "./types.ts";

/** FC-LOOP-6: the schema versions this loop understands, as a half-open semver range [min, below). */
export interface VersionRange {
  min: string;
  below: string;
}

export const SUPPORTED_VERSIONS: VersionRange = { min: "1.0.0", below: "2.0.0" };

export type FallbackReason =
  | "timeout"
  | "crash"
  | "compactor-error"
  | "unsupported-version"
  | "invalid-log"
  | "secret-leak"
  | "stale-window";

export type Decision =
  | { action: "splice"; log: CompactedFeedbackLog; warnings: string[] }
  | { action: "recompact"; reason: "stale-window"; field: string }
  | { action: "fallback"; reason: FallbackReason; code: string | null; detail: string };

export interface JudgeContext {
  currentRound: number;
  stateRef: string;
  recompactionsLeft: number;
  versions?: VersionRange;
  /** FC-ORCH-1..7 (src/validate-log.ts), injected so tests can see exactly which checks were asked for. */
  validate: (log: unknown, opts: ValidateOptions) => Result<ValidateReport>;
}

const SEMVER = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/;

function parseSemver(v: string): [number, number, number] | null {
  const m = SEMVER.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compareSemver(a: [number, number, number], b: [number, number, number]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** FC-LOOP-6: true only for a strict x.y.z inside the range; anything else fails closed. */
export function versionSupported(version: unknown, range: VersionRange = SUPPORTED_VERSIONS): boolean {
  if (typeof version !== "string") return false;
  const v = parseSemver(version);
  const lo = parseSemver(range.min);
  const hi = parseSemver(range.below);
  if (v === null || lo === null || hi === null) return false;
  return compareSemver(v, lo) >= 0 && compareSemver(v, hi) < 0;
}

/** A foreign error code is recorded only when it looks like a code; anything else could be free text. */
export function safeCode(code: string): string {
  return /^[A-Z][A-Z0-9_]{0,39}$/.test(code) ? code : "UNRECOGNISED";
}

const STALE_FIELDS = new Set(["sourceWindow.lastRound", "sourceWindow.canonicalStateRef"]);

/**
 * FC-LOOP-7, FC-LOOP-8: the one place a compaction outcome is turned into an action. Order: failure to answer,
 * typed error, version gate (before the schema, so a v2 log is named as such), then the orchestrator checks
 * with the current round and state. A stale window asks for a re-compaction while any are left.
 */
export function judge(outcome: CompactionOutcome, ctx: JudgeContext): Decision {
  switch (outcome.kind) {
    case "timeout":
      return {
        action: "fallback",
        reason: "timeout",
        code: null,
        detail: `no answer within ${outcome.ms} ms`,
      };
    case "crash":
      return { action: "fallback", reason: "crash", code: null, detail: "the compactor failed to answer" };
    case "error":
      return {
        action: "fallback",
        reason: "compactor-error",
        code: safeCode(outcome.code),
        detail: "the compactor returned a typed error",
      };
    case "log":
      break;
  }
  const log = outcome.log;
  const version =
    typeof log === "object" && log !== null && !Array.isArray(log)
      ? (log as Record<string, unknown>).schemaVersion
      : undefined;
  if (version !== undefined && !versionSupported(version, ctx.versions)) {
    const range = ctx.versions ?? SUPPORTED_VERSIONS;
    return {
      action: "fallback",
      reason: "unsupported-version",
      code: "INVALID_LOG",
      detail: `schemaVersion is outside >=${range.min} <${range.below}`,
    };
  }
  const v = ctx.validate(log, { currentRound: ctx.currentRound, stateRef: ctx.stateRef });
  if (v.ok) return { action: "splice", log: log as CompactedFeedbackLog, warnings: v.value.warnings };
  if (v.error.code === "SECRET_LEAK")
    return { action: "fallback", reason: "secret-leak", code: "SECRET_LEAK", detail: v.error.message };
  if (v.error.field !== undefined && STALE_FIELDS.has(v.error.field)) {
    if (ctx.recompactionsLeft > 0)
      return { action: "recompact", reason: "stale-window", field: v.error.field };
    return { action: "fallback", reason: "stale-window", code: "INVALID_LOG", detail: v.error.message };
  }
  return { action: "fallback", reason: "invalid-log", code: v.error.code, detail: v.error.message };
}
