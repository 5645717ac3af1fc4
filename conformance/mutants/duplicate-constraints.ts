// FC-CONSTRAINT-2 (mutant): every constraint is repeated, so the Delta carries duplicates.
import type { ProtocolHandler } from "../iut.ts";
import { isObj, type Json, type MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "duplicate-constraints",
  description: "every constraint appears twice",
  violates: ["FC-CONSTRAINT-2"],
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) => {
      const reply = await reference(cmd, message);
      if (cmd !== "compact" || !isObj(reply.log)) return reply;
      const delta = reply.log.correctionDelta as Json;
      delta.constraints = (delta.constraints as string[]).flatMap((c) => [c, c]);
      return reply;
    },
};
export default mutant;
