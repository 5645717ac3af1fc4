// FC-STAGE1-6, FC-STAGE2-4, FC-REDACT-1 settled otherwise: the envelope's lists in another (still deterministic) order.
import { type Json, rewriteLogs, type VariantModule } from "./support.ts";

const byIdDescending = (a: Json, b: Json) =>
  String(a.findingId) < String(b.findingId) ? 1 : String(a.findingId) > String(b.findingId) ? -1 : 0;

const variant: VariantModule = {
  id: "other-log-order",
  description:
    "rootCauses and resolvedFailures by finding id descending, findings reversed (newest round first), tombstones reversed",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-STAGE1-6", "FC-STAGE2-4", "FC-REDACT-1"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      log.rootCauses = [...(log.rootCauses as Json[])].sort(byIdDescending);
      log.resolvedFailures = [...(log.resolvedFailures as Json[])].sort(byIdDescending);
      // The reference's order reversed: newest round first, and one round's findings in the opposite order too.
      log.findings = [...(log.findings as Json[])].reverse();
      log.redactions = [...(log.redactions as Json[])].reverse();
      return true;
    }),
};
export default variant;
