// FC-CONSTRAINT-1 settled otherwise: constraints in the reverse of the reference's order (the order is open).
import { type Json, rewriteLogs, type VariantModule } from "./support.ts";

const variant: VariantModule = {
  id: "other-constraint-order",
  description: "constraints come in the reverse of the reference's order (until issue 13 this was a mutant)",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-CONSTRAINT-1"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      const delta = log.correctionDelta as Json;
      delta.constraints = [...(delta.constraints as string[])].reverse();
      return true;
    }),
};
export default variant;
