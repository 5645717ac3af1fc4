// FC-CONSTRAINT-1 (mutant): constraints in reverse order and without the cap of 12.
import type { ProtocolHandler } from "../iut.ts";
import { isObj, type Json, type MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "constraints-unordered",
  description: "constraints come in reverse order",
  violates: ["FC-CONSTRAINT-1"],
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) => {
      const reply = await reference(cmd, message);
      if (cmd !== "compact" || !isObj(reply.log)) return reply;
      const delta = reply.log.correctionDelta as Json;
      delta.constraints = [...(delta.constraints as string[])].reverse();
      return reply;
    },
};
export default mutant;
