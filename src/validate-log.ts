// FC-ORCH-1..7: the orchestrator's validate-before-splice checks on a Compacted Feedback Log.
import { canonical } from "./canonical.ts";
import { type FcError, type Result, err, ok } from "./errors.ts";
import { distinctStrings } from "./pipeline/compact.ts";
import { scanForLeaks } from "./redact/index.ts";
import { isValidLog, lastLogSchemaProblem } from "./schemas.ts";
import type { CompactedFeedbackLog } from "./types.ts";

export const SUPPORTED_MAJOR = 1;

export interface ValidateOptions {
  currentRound?: number;
  stateRef?: string;
  leakScan?: (text: string) => { detector: string }[];
}

export interface ValidateReport {
  ok: true;
  warnings: string[];
}

const invalid = (message: string, field?: string): { ok: false; error: FcError } =>
  err("INVALID_LOG", message, field ? { field } : {});

export function validateLog(input: unknown, opts: ValidateOptions = {}): Result<ValidateReport> {
  if (!isValidLog(input)) {
    // FC-ORCH-1: the error names the field at fault (never its value).
    const p = lastLogSchemaProblem();
    return invalid(p.message, p.field);
  }
  const log = input as CompactedFeedbackLog;
  const major = Number(log.schemaVersion.split(".")[0]);
  if (major !== SUPPORTED_MAJOR)
    return invalid(
      `unsupported schemaVersion major ${major}; this checker reads ${SUPPORTED_MAJOR}.x`,
      "schemaVersion",
    );
  if (opts.currentRound !== undefined && log.sourceWindow.lastRound !== opts.currentRound) {
    return invalid(
      `stale compaction: sourceWindow.lastRound is ${log.sourceWindow.lastRound}, current round is ${opts.currentRound}; re-compact`,
      "sourceWindow.lastRound",
    );
  }
  if (opts.stateRef !== undefined && log.sourceWindow.canonicalStateRef !== opts.stateRef) {
    return invalid(
      "stale compaction: canonicalStateRef differs from the current state; re-compact",
      "sourceWindow.canonicalStateRef",
    );
  }
  const d = log.correctionDelta;
  if (log.compaction.renderedTokens > log.compaction.budgetTokens && d.omitted === null) {
    return invalid(
      "renderedTokens exceeds budgetTokens without an omitted marker",
      "compaction.renderedTokens",
    );
  }
  if (canonical(log.activeFailures) !== canonical(d.openRootCauses)) {
    return invalid("activeFailures differs from correctionDelta.openRootCauses", "activeFailures");
  }
  if (d.openRootCauses.some((c, i) => c.rank !== i + 1))
    return invalid("ranks are not 1..K in order", "correctionDelta.openRootCauses");
  if (d.attempt !== log.sourceWindow.lastRound + 1)
    return invalid("attempt is not lastRound + 1", "correctionDelta.attempt");
  if (d.generatedAt !== log.compaction.generatedAt)
    return invalid("generatedAt differs between compaction and correctionDelta", "generatedAt");
  const scan = opts.leakScan ?? scanForLeaks;
  const hits = [...scan(canonical(d)), ...scan(distinctStrings(log))];
  if (hits.length > 0) {
    const names = [...new Set(hits.map((h) => h.detector))].sort().join(", ");
    return err("SECRET_LEAK", `the leak scan matched (${names})`);
  }
  const warnings: string[] = [];
  if (log.confidence.method === "heuristic")
    warnings.push("confidence.method is heuristic: clustering may merge or split causes");
  return ok({ ok: true, warnings });
}
