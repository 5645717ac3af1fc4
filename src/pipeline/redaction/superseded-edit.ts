// FC-REDACT-SUPERSEDED-1..2, FC-REDACT-KEEP-1: findings on line ranges the canonical state has since overwritten.
import type { OverwrittenRange, Redaction } from "../../types.ts";
import type { Cause } from "../model.ts";
import { type ConstraintDraft, formatLocation, tombstone } from "./tombstone.ts";

function intersects(c: Cause, r: OverwrittenRange): boolean {
  const l = c.location;
  if (!l || l.path !== r.path || l.startLine === undefined) return false;
  const end = l.endLine ?? l.startLine;
  return l.startLine <= r.endLine && r.startLine <= end && r.sinceRound >= c.lastSeen;
}

export function applySupersededEdit(
  causes: Cause[],
  ranges: OverwrittenRange[],
  lastRound: number,
): { tombstones: Redaction[]; constraints: ConstraintDraft[]; handled: Set<Cause> } {
  const tombstones: Redaction[] = [];
  const constraints: ConstraintDraft[] = [];
  const handled = new Set<Cause>();
  if (ranges.length === 0) return { tombstones, constraints, handled };
  const used = new Set<OverwrittenRange>();
  for (const c of causes) {
    if (c.isNotes) continue;
    // The first matching range in (path, start, end, sinceRound) order decides the reason.
    const match = ranges
      .filter((r) => intersects(c, r))
      .sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine || a.sinceRound - b.sinceRound)[0];
    if (!match) continue;
    for (const r of ranges) if (intersects(c, r)) used.add(r);
    c.effectiveStatus = "superseded";
    handled.add(c);
    if (c.keepForContext) {
      constraints.push({
        group: 1,
        keys: [c.id],
        text: `context: ${c.rule} at ${formatLocation(c.location)} — stale; superseded by canonicalState`,
        from: c.id,
      });
    } else {
      tombstones.push(
        tombstone(
          lastRound,
          c.id,
          "superseded-edit",
          `stale; superseded by canonicalState after round ${match.sinceRound}`,
        ),
      );
    }
  }
  for (const r of used) {
    constraints.push({
      group: 0,
      keys: [r.path, r.startLine, r.endLine],
      text: `do not re-introduce the reverted block at ${r.path}:${r.startLine}-${r.endLine}`,
      from: `range:${r.path}:${r.startLine}-${r.endLine}`,
    });
  }
  return { tombstones, constraints, handled };
}
