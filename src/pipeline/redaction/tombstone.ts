// FC-REDACT-1, FC-CONSTRAINT-1: tombstone and constraint records shared by the redaction rules.
import { compareUnits } from "../../canonical.ts";
import type { Location, Redaction, RedactionRule } from "../../types.ts";

export const RULE_ORDER: RedactionRule[] = [
  "superseded-edit",
  "stale-state",
  "stale-assumption",
  "sensitive",
  "truncation",
];

export function tombstone(lastRound: number, from: string, rule: RedactionRule, reason: string): Redaction {
  return { from, rule, reason, auditLogId: `c${lastRound}.${rule}.${from}` };
}

export function sortTombstones(list: Redaction[]): Redaction[] {
  const seen = new Set<string>();
  return list
    .filter((t) => {
      const k = `${t.rule}\u0000${t.from}\u0000${t.reason}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort(
      (a, b) =>
        RULE_ORDER.indexOf(a.rule) - RULE_ORDER.indexOf(b.rule) ||
        compareUnits(a.from, b.from) ||
        compareUnits(a.reason, b.reason),
    );
}

/** A constraint before ordering (FC-CONSTRAINT-1): group 0 superseded edits, 1 context, 2 re-chase. */
export interface ConstraintDraft {
  group: 0 | 1 | 2;
  /** Sort keys inside the group, compared in order. */
  keys: (string | number)[];
  text: string;
  /** The finding the constraint derives from (for truncation tombstones). */
  from: string;
}

export function compareConstraints(a: ConstraintDraft, b: ConstraintDraft): number {
  if (a.group !== b.group) return a.group - b.group;
  for (let i = 0; i < Math.max(a.keys.length, b.keys.length); i++) {
    const x = a.keys[i];
    const y = b.keys[i];
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return compareUnits(String(x), String(y));
  }
  return 0;
}

/** `path:start-end`, `path:start`, `path` or `(no location)` (FC-REDACT-KEEP-1). */
export function formatLocation(l: Location | null): string {
  if (!l) return "(no location)";
  if (l.startLine === undefined) return l.path;
  if (l.endLine === undefined || l.endLine === l.startLine) return `${l.path}:${l.startLine}`;
  return `${l.path}:${l.startLine}-${l.endLine}`;
}
