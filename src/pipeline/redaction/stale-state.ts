// FC-REDACT-STALE-1, FC-REDACT-KEEP-1: resolved or superseded causes leave the Delta, leaving a constraint.
import type { Redaction } from "../../types.ts";
import type { Cause } from "../model.ts";
import { type ConstraintDraft, formatLocation, tombstone } from "./tombstone.ts";

export function applyStaleState(
  causes: Cause[],
  alreadyHandled: Set<Cause>,
  lastRound: number,
): { tombstones: Redaction[]; constraints: ConstraintDraft[] } {
  const tombstones: Redaction[] = [];
  const constraints: ConstraintDraft[] = [];
  for (const c of causes) {
    if (c.effectiveStatus === "open" || alreadyHandled.has(c)) continue;
    const status = c.effectiveStatus;
    if (c.keepForContext) {
      constraints.push({
        group: 1,
        keys: [c.id],
        text: `context: ${c.rule} at ${formatLocation(c.location)} — ${status} in round ${c.lastSeen}; do not re-chase it`,
        from: c.id,
      });
    } else {
      tombstones.push(tombstone(lastRound, c.id, "stale-state", `${status} in round ${c.lastSeen}`));
      constraints.push({
        group: 2,
        keys: [-c.lastSeen, c.id],
        text: `do not re-chase ${status} finding ${c.id}`,
        from: c.id,
      });
    }
  }
  return { tombstones, constraints };
}
