// FC-ORCH-1..4, FC-ORCH-7: the orchestrator's structural checks on a log, as the suite computes them itself.
import { canonicalJson } from "./canonical-json.ts";
import { checkLogSchema } from "./schemas.ts";

export interface LogCheckOptions {
  /** FC-ORCH-3: the round the orchestrator is on. */
  currentRound?: number;
  /** FC-ORCH-3: the canonical state's current ref. */
  stateRef?: string;
}

/**
 * The first broken orchestrator check of FC-ORCH-1..4 and FC-ORCH-7, as a short phrase naming the member, or null
 * when the log passes them all. The leak scan (FC-ORCH-5) is the suite's leak check (runner/leak.ts), not this.
 */
export function logCheckFailure(log: unknown, opts: LogCheckOptions = {}): string | null {
  const schema = checkLogSchema(log);
  if (!schema.ok) return `the log does not satisfy the schema at '${schema.pointer}' (${schema.keyword})`;
  const l = log as {
    schemaVersion: string;
    sourceWindow: { lastRound: number; canonicalStateRef: string };
    compaction: { renderedTokens: number; budgetTokens: number; generatedAt: string };
    activeFailures: unknown[];
    correctionDelta: {
      attempt: number;
      generatedAt: string;
      omitted: unknown;
      openRootCauses: { rank: number }[];
    };
  };
  const d = l.correctionDelta;
  if (!/^1\./.test(l.schemaVersion)) return "schemaVersion is not 1.x";
  if (opts.currentRound !== undefined && l.sourceWindow.lastRound !== opts.currentRound)
    return "sourceWindow.lastRound is not the current round";
  if (opts.stateRef !== undefined && l.sourceWindow.canonicalStateRef !== opts.stateRef)
    return "sourceWindow.canonicalStateRef is not the current state";
  if (l.compaction.renderedTokens > l.compaction.budgetTokens && d.omitted === null)
    return "renderedTokens exceeds budgetTokens without an omitted marker";
  if (canonicalJson(l.activeFailures) !== canonicalJson(d.openRootCauses))
    return "activeFailures differs from correctionDelta.openRootCauses";
  if (d.openRootCauses.some((c, i) => c.rank !== i + 1)) return "ranks are not 1..K in order";
  if (d.attempt !== l.sourceWindow.lastRound + 1) return "attempt is not sourceWindow.lastRound + 1";
  if (d.generatedAt !== l.compaction.generatedAt)
    return "generatedAt differs between compaction and correctionDelta";
  return null;
}
