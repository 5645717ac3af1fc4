// FC-STAGE4-1..3: Stage 4 — integer relevance score and a total order over open root causes.
import { compareUnits } from "../canonical.ts";
import type { VerdictStatus } from "../types.ts";
import { WEIGHTS } from "./constants.ts";
import { type Cause, SEVERITY_ORDER } from "./model.ts";

const SEV_POINTS = { error: 1000, warning: 500, info: 0 } as const;

export function score(
  c: Cause,
  lastRound: number,
  lastVerdict: VerdictStatus,
): { score: number; blocking: boolean } {
  const d = lastRound - c.lastSeen;
  const recency = Math.floor(1000 / (1 + d));
  const fresh = c.firstSeen === lastRound ? 1000 : 0;
  const blocking = lastVerdict === "blocked" && c.rounds.includes(lastRound);
  return {
    score:
      WEIGHTS.recent * recency +
      WEIGHTS.fresh * fresh +
      WEIGHTS.severity * SEV_POINTS[c.severity] +
      WEIGHTS.blocker * (blocking ? 1000 : 0),
    blocking,
  };
}

function compareCauses(a: Cause, b: Cause): number {
  const pa = a.location?.path;
  const pb = b.location?.path;
  const pathOrder = pa === pb ? 0 : pa === undefined ? 1 : pb === undefined ? -1 : compareUnits(pa, pb);
  return (
    b.score - a.score ||
    SEVERITY_ORDER[b.severity] - SEVERITY_ORDER[a.severity] ||
    b.lastSeen - a.lastSeen ||
    b.firstSeen - a.firstSeen ||
    pathOrder ||
    (a.location?.startLine ?? 0) - (b.location?.startLine ?? 0) ||
    compareUnits(a.rule, b.rule) ||
    compareUnits(a.id, b.id)
  );
}

/** Scores every open cause and returns them in relevance order (a new array). */
export function order(open: Cause[], lastRound: number, lastVerdict: VerdictStatus): Cause[] {
  for (const c of open) {
    const s = score(c, lastRound, lastVerdict);
    c.score = s.score;
    c.blocking = s.blocking;
  }
  return [...open].sort(compareCauses);
}
