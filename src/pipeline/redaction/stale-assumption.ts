// FC-REDACT-ASSUMPTION-1: notes from earlier rounds yield to the latest verdict.
import type { Redaction } from "../../types.ts";
import type { Cause } from "../model.ts";
import { tombstone } from "./tombstone.ts";

export function applyStaleAssumption(
  causes: Cause[],
  lastRound: number,
): { tombstones: Redaction[]; handled: Set<Cause> } {
  const tombstones: Redaction[] = [];
  const handled = new Set<Cause>();
  for (const c of causes) {
    if (!c.isNotes || c.rounds.includes(lastRound)) continue;
    c.effectiveStatus = "superseded";
    handled.add(c);
    const k = c.rounds[c.rounds.length - 1]!;
    tombstones.push(
      tombstone(
        lastRound,
        c.id,
        "stale-assumption",
        `notes of round ${k} replaced by the verdict of round ${lastRound}`,
      ),
    );
  }
  return { tombstones, handled };
}
