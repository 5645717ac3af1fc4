// FC-CERT-11, SPEC.md §0: building blocks for legal variants — implementations that settle the design's open points
// differently from the reference (other ids, wording, scores, limits, weights, level) and must still pass `required`.
import { trimTo } from "../../src/text.ts";
import type { CompactLevel, ProtocolHandler } from "../iut.ts";
import { clone, isObj, type Json, type MutantModule } from "../mutants/support.ts";
import { canonicalJson } from "../oracle/canonical-json.ts";
import { o200kCount } from "../oracle/token-count.ts";

/** A legal variant: harmless by construction; `departs` names the reference-class requirements it settles otherwise. */
export interface VariantModule extends MutantModule {
  harmless: true;
  variant: true;
  departs: string[];
  level?: CompactLevel;
}

export { clone, isObj, type Json, trimTo };

/** The Delta's open causes, with activeFailures kept equal (FC-DELTA-1). */
export function setCauses(log: Json, causes: Json[]): void {
  (log.correctionDelta as Json).openRootCauses = causes;
  log.activeFailures = clone(causes);
}

/**
 * Recounts renderedTokens over the rewritten Delta (FC-RENDER-2). Returns false when the rewrite no longer fits the
 * budget: the variant then answers with the reference's own log for that request (both are legal answers).
 */
export function recount(log: Json): boolean {
  const compaction = log.compaction as Json;
  const n = o200kCount(canonicalJson(log.correctionDelta));
  compaction.renderedTokens = n;
  return n <= (compaction.budgetTokens as number);
}

/**
 * Wraps the reference: every compact log goes through `rewrite` (on a copy); when it returns false (the rewrite does
 * not fit the budget) the reference's log is sent instead.
 */
export function rewriteLogs(reference: ProtocolHandler, rewrite: (log: Json) => boolean): ProtocolHandler {
  return async (cmd, message) => {
    const reply = await reference(cmd, message);
    if (cmd !== "compact" || !isObj(reply.log)) return reply;
    const log = clone(reply.log);
    return rewrite(log) ? { ...reply, log } : reply;
  };
}

/** Replaces strings everywhere in a JSON value (keys stay), e.g. to rename ids consistently. */
export function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === "string") return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (isObj(v)) {
    const out: Json = {};
    for (const [k, x] of Object.entries(v)) out[k] = mapStrings(x, f);
    return out;
  }
  return v;
}

const SEV: Record<string, number> = { error: 2, warning: 1, info: 0 };

/**
 * Re-ranks the open causes lexicographically by lastSeen, freshness, severity and blocking (the order FC-STAGE4-4
 * forces, with the blocking term), ties kept in the reference's order or reversed. Only when every open cause is
 * rendered and no trace refers back to another cause (a back-reference follows the rank order); otherwise the log
 * stays the reference's. confidence.perCause follows the new order (FC-LOG-12).
 */
export function rerankForced(log: Json, ties: "kept" | "reversed"): boolean {
  const delta = log.correctionDelta as Json;
  const causes = delta.openRootCauses as Json[];
  if (delta.omitted !== null || causes.some((c) => String(c.trace ?? "").startsWith("same as round")))
    return true;
  const n = (log.sourceWindow as Json).lastRound as number;
  const key = (c: Json) => [
    c.lastSeen as number,
    c.firstSeen === n ? 1 : 0,
    SEV[String(c.severity)] ?? 0,
    c.blocking === true ? 1 : 0,
  ];
  const ranked = causes
    .map((c, i) => ({ c, i, k: key(c) }))
    .sort((a, b) => {
      for (let j = 0; j < a.k.length; j++) if (a.k[j] !== b.k[j]) return b.k[j]! - a.k[j]!;
      return ties === "kept" ? a.i - b.i : b.i - a.i;
    })
    .map(({ c }, i): Json => ({ ...c, rank: i + 1 }));
  setCauses(log, ranked);
  const confidence = log.confidence as Json;
  const score = new Map((confidence.perCause as Json[]).map((p) => [p.findingId, p.score]));
  confidence.perCause = ranked.map((c) => ({ findingId: c.findingId, score: score.get(c.findingId) }));
  return true;
}
