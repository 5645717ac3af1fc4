// FC-STAGE4-2 settled otherwise (FC-STAGE4-4 leaves the remaining ties open): tied causes in the opposite order.
import { type Json, rewriteLogs, setCauses, type VariantModule } from "./support.ts";

const SEV: Record<string, number> = { error: 2, warning: 1, info: 0 };

const variant: VariantModule = {
  id: "reversed-ties",
  description:
    "orders the open causes as the reference does, except that causes tied on lastSeen, freshness, severity and blocking come in the opposite order",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-STAGE4-2"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      const delta = log.correctionDelta as Json;
      const causes = delta.openRootCauses as Json[];
      // Re-ranking is only this variant's answer when every open cause is rendered and no trace refers back to
      // another cause (a back-reference follows the rank order); otherwise it answers as the reference does.
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
          return b.i - a.i;
        })
        .map(({ c }, i): Json => ({ ...c, rank: i + 1 }));
      setCauses(log, ranked);
      const confidence = log.confidence as Json;
      const score = new Map((confidence.perCause as Json[]).map((p) => [p.findingId, p.score]));
      confidence.perCause = ranked.map((c) => ({ findingId: c.findingId, score: score.get(c.findingId) }));
      return true;
    }),
};
export default variant;
