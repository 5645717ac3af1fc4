// FC-LOOP-5: findings the Verifier stopped reporting are carried into the round as resolved (pure).
import { canonical } from "../canonical.ts";
import { normMessage, sanitize } from "../text.ts";
import type { InputFinding, VerifierVerdict } from "../types.ts";

/** The identity the loop matches findings on: a supplied id, else rule + path + normalised message (FC-ID-2). */
export function findingKey(f: InputFinding): string {
  if (typeof f.id === "string") return `id:${f.id}`;
  return canonical([f.rule, f.location?.path ?? null, normMessage(sanitize(f.message))]);
}

/**
 * A Verifier re-derives findings from the tree and reports what fails now; the compactor resolves a cause only
 * when an observation says `resolved` (FC-STAGE2-3). So for a `fail` verdict in round `round`, every finding
 * that was open in the previous round and is not reported again is added as a `resolved` observation of this
 * round (same rule, location and message, so the compactor derives the same id). A `blocked` verdict carries
 * nothing: a Verifier that could not run proves nothing resolved.
 */
export function carryResolved(
  previous: { index: number; verdict: VerifierVerdict } | null,
  current: VerifierVerdict,
  round: number,
): { verdict: VerifierVerdict; carried: number } {
  if (previous === null || current.status !== "fail") return { verdict: current, carried: 0 };
  const now = new Set(current.findings.map(findingKey));
  const carried: InputFinding[] = [];
  for (const f of previous.verdict.findings) {
    if ((f.status ?? "open") !== "open") continue;
    const key = findingKey(f);
    if (now.has(key)) continue;
    now.add(key);
    const c: InputFinding = {
      rule: f.rule,
      message: f.message,
      location: f.location ?? null,
      severity: f.severity ?? "error",
      status: "resolved",
      firstObservedIn: f.firstObservedIn ?? f.lastObservedIn ?? previous.index,
      lastObservedIn: round,
      trace: null,
    };
    if (f.id !== undefined) c.id = f.id;
    if (f.keepForContext !== undefined) c.keepForContext = f.keepForContext;
    carried.push(c);
  }
  return { verdict: { ...current, findings: [...current.findings, ...carried] }, carried: carried.length };
}
