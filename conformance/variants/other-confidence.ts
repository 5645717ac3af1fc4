// FC-LOG-9 settled otherwise: other confidence scores (still in [0, 1], one per rendered cause in rank order).
import { type Json, rewriteLogs, type VariantModule } from "./support.ts";

const SCORES: Record<string, number> = { "1": 0.97, "0.9": 0.75, "0.8": 0.5 };

const variant: VariantModule = {
  id: "other-confidence",
  description: "confidence scores 0.97 / 0.75 / 0.5 instead of 1 / 0.9 / 0.8",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-LOG-9"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      for (const c of (log.confidence as Json).perCause as Json[]) c.score = SCORES[String(c.score)] ?? 0.6;
      return true;
    }),
};
export default variant;
