// FC-REDACT-MANDATORY-1: tombstones for the spans the sensitive redactor masked (the masking itself happens in Stage 1).
import type { Redaction } from "../../types.ts";
import type { Cause } from "../model.ts";
import { tombstone } from "./tombstone.ts";

export function sensitiveTombstones(causes: Cause[], lastRound: number): Redaction[] {
  const out: Redaction[] = [];
  for (const c of causes) {
    if (c.hits.length === 0) continue;
    const counts = new Map<string, number>();
    for (const h of c.hits) counts.set(h.kind, (counts.get(h.kind) ?? 0) + 1);
    for (const [kind, n] of counts)
      out.push(tombstone(lastRound, c.id, "sensitive", `masked ${n} ${kind} span(s)`));
  }
  return out;
}
