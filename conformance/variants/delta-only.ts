// FC-PROTO-11: the reference at the delta-only level — compact answers {delta}, no envelope.
import { isObj, type VariantModule } from "./support.ts";

const variant: VariantModule = {
  id: "delta-only",
  description: "announces level delta-only and answers compact with the Correction Delta alone",
  violates: [],
  harmless: true,
  variant: true,
  departs: [],
  level: "delta-only",
  wrap: (reference) => async (cmd, message) => {
    const reply = await reference(cmd, message);
    if (cmd !== "compact" || !isObj(reply.log)) return reply;
    return { delta: reply.log.correctionDelta };
  },
};
export default variant;
