// FC-STAGE4-1, FC-STAGE4-2 settled otherwise: lexicographic weights (recency, then freshness, severity, blocking).
import { rerankForced, rewriteLogs, type VariantModule } from "./support.ts";

const variant: VariantModule = {
  id: "other-weights",
  description:
    "ranks open causes lexicographically by lastSeen, freshness, severity and blocking (w_recent ≫ w_fresh > w_severity > w_blocker in the extreme)",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-STAGE4-1", "FC-STAGE4-2"],
  wrap: (reference) => rewriteLogs(reference, (log) => rerankForced(log, "kept")),
};
export default variant;
