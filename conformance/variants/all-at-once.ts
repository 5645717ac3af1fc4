// SPEC.md §0: every open point settled otherwise at once (ids, opaque ids, wording, confidence, limits, weights).
import otherConfidence from "./other-confidence.ts";
import otherIdHash from "./other-id-hash.ts";
import otherLimits from "./other-limits.ts";
import otherOpaqueIds from "./other-opaque-ids.ts";
import otherWeights from "./other-weights.ts";
import otherWording from "./other-wording.ts";
import type { VariantModule } from "./support.ts";

const parts = [otherWeights, otherLimits, otherWording, otherConfidence, otherOpaqueIds, otherIdHash];

const variant: VariantModule = {
  id: "all-at-once",
  description: "other ids, opaque ids, wording, confidence, limits and weights together",
  violates: [],
  harmless: true,
  variant: true,
  departs: [...new Set(parts.flatMap((p) => p.departs))],
  wrap: (reference) => parts.reduce((h, p) => p.wrap(h), reference),
};
export default variant;
