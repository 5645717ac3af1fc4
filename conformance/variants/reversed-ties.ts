// FC-STAGE4-2 settled otherwise (FC-STAGE4-4 leaves the remaining ties open): tied causes in the opposite order.
import { rerankForced, rewriteLogs, type VariantModule } from "./support.ts";

const variant: VariantModule = {
  id: "reversed-ties",
  description:
    "ranks open causes lexicographically by lastSeen, freshness, severity and blocking, as other-weights does, with the causes tied on all four in the opposite order",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-STAGE4-2"],
  wrap: (reference) => rewriteLogs(reference, (log) => rerankForced(log, "reversed")),
};
export default variant;
