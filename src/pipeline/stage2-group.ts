// FC-STAGE2-1..3, FC-ID-3: Stage 2 — group observations by exact id into root causes; detect id collisions.
import { compareUnits } from "../canonical.ts";
import { fail } from "../errors.ts";
import type { FindingStatus, Severity } from "../types.ts";
import { type Cause, type Observation, SEVERITY_ORDER } from "./model.ts";

const STATUS_PRECEDENCE: Record<FindingStatus, number> = { open: 2, superseded: 1, resolved: 0 };

export function group(observations: Observation[]): Cause[] {
  const byId = new Map<string, Observation[]>();
  for (const o of observations) {
    const list = byId.get(o.finding.id);
    if (list) {
      checkCollision(list[0]!, o);
      list.push(o);
    } else {
      byId.set(o.finding.id, [o]);
    }
  }
  const causes: Cause[] = [];
  for (const [id, obs] of byId) causes.push(toCause(id, obs));
  return causes.sort((a, b) => a.firstSeen - b.firstSeen || compareUnits(a.id, b.id));
}

/** FC-ID-3: same id, different rule / path / normalized message ⇒ fatal. The message names no input text. */
function checkCollision(a: Observation, b: Observation): void {
  const pa = a.finding.location?.path ?? null;
  const pb = b.finding.location?.path ?? null;
  if (
    a.finding.rule !== b.finding.rule ||
    pa !== pb ||
    a.normMessage !== b.normMessage ||
    a.isNotes !== b.isNotes
  ) {
    const what = a.finding.rule !== b.finding.rule ? "rule" : pa !== pb ? "location path" : "message";
    fail(
      "ID_COLLISION",
      `finding id '${a.finding.id}' names two different findings (rounds ${a.round} and ${b.round} differ in ${what})`,
    );
  }
}

function toCause(id: string, obs: Observation[]): Cause {
  // Observations arrive in round order, canonical order inside a round (Stage 1).
  const lastRound = obs[obs.length - 1]!.round;
  const latest = obs.filter((o) => o.round === lastRound);
  const rep = latest[0]!;
  let severity: Severity = rep.finding.severity;
  let status: FindingStatus = rep.finding.status;
  for (const o of latest) {
    if (SEVERITY_ORDER[o.finding.severity] > SEVERITY_ORDER[severity]) severity = o.finding.severity;
    if (STATUS_PRECEDENCE[o.finding.status] > STATUS_PRECEDENCE[status]) status = o.finding.status;
  }
  const rounds: number[] = [];
  let firstSeen = Number.POSITIVE_INFINITY;
  let lastSeen = 0;
  let trace: Cause["trace"] = null;
  // lineShift: the observations do not all carry the first one's line range.
  const start0 = obs[0]!.finding.location?.startLine;
  const end0 = obs[0]!.finding.location?.endLine;
  let lineShift = false;
  const hits = [];
  for (const o of obs) {
    if (rounds[rounds.length - 1] !== o.round) rounds.push(o.round);
    firstSeen = Math.min(firstSeen, o.finding.firstObservedIn);
    lastSeen = Math.max(lastSeen, o.finding.lastObservedIn);
    if (trace === null && o.trace !== null) trace = { text: o.trace, round: o.round }; // FC-STAGE3-2
    const loc = o.finding.location;
    if (loc?.startLine !== start0 || loc?.endLine !== end0) lineShift = true;
    if (o.hits.length > 0) hits.push(...o.hits);
  }
  return {
    id,
    rule: rep.finding.rule,
    location: rep.finding.location,
    severity,
    firstSeen,
    lastSeen,
    status,
    effectiveStatus: status,
    rounds,
    keepForContext: rep.keepForContext,
    message: rep.message,
    trace,
    isNotes: rep.isNotes,
    lineShift,
    hits,
    score: 0,
    blocking: false,
  };
}
