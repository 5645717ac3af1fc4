// FC-CLI-5: the stage-by-stage explanation behind `compact --explain` (redacted data only).
import type { Redaction } from "../types.ts";
import type { Cause, Observation } from "./model.ts";
import type { CondenseOutput } from "./stage5-condense.ts";

export interface Explain {
  observations: Observation[];
  causes: Cause[];
  ordered: Cause[];
  condensed: CondenseOutput;
  tombstones: Redaction[];
  budget: number;
}

const loc = (c: { location: { path: string; startLine?: number } | null }) =>
  c.location
    ? `${c.location.path}${c.location.startLine ? `:${c.location.startLine}` : ""}`
    : "(no location)";

/** A plain-text report, one section per stage; every string in it was already redacted. */
export function renderExplain(e: Explain): string {
  const lines: string[] = [];
  lines.push(`Stage 1 — normalize: ${e.observations.length} observation(s)`);
  for (const o of e.observations.slice(0, 200)) {
    lines.push(
      `  r${o.round} ${o.finding.id} ${o.finding.rule} ${loc(o.finding)} [${o.finding.severity}/${o.finding.status}]`,
    );
  }
  if (e.observations.length > 200) lines.push(`  … ${e.observations.length - 200} more`);
  lines.push(`Stage 2 — group: ${e.causes.length} root cause(s)`);
  for (const c of e.causes.slice(0, 200)) {
    lines.push(
      `  ${c.id} rounds=[${c.rounds.join(",")}] first=${c.firstSeen} last=${c.lastSeen} status=${c.status}`,
    );
  }
  lines.push("Stage 3 — resolve:");
  for (const c of e.causes.slice(0, 200)) {
    lines.push(
      `  ${c.id} → ${c.effectiveStatus === "open" ? "open (survives)" : `${c.effectiveStatus} (resolvedFailures)`}`,
    );
  }
  lines.push("Stage 4 — order (score = 16·recency + 4·fresh + 2·severity + 1·blocking):");
  e.ordered.slice(0, 200).forEach((c, i) => {
    lines.push(
      `  #${i + 1} ${c.id} score=${c.score} ${c.severity}${c.blocking ? " blocking" : ""} ${loc(c)}`,
    );
  });
  lines.push(`Redaction: ${e.tombstones.length} tombstone(s)`);
  for (const t of e.tombstones.slice(0, 200)) lines.push(`  ${t.rule} ${t.from}: ${t.reason}`);
  const d = e.condensed.delta;
  lines.push(
    `Stage 5 — condense: budget ${e.budget} tokens, rendered ${e.condensed.renderedTokens}; ` +
      `${d.openRootCauses.length} rendered, ${e.condensed.omitted.length} omitted, ${d.constraints.length} constraint(s)`,
  );
  return `${lines.join("\n")}\n`;
}
