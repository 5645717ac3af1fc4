// FC-STAGE5-3 (mutant): packs as if the budget were unlimited, then reports the requested budget.
import type { ProtocolHandler } from "../iut.ts";
import { isObj, type MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "ignored-budget",
  description:
    "compacts with a budget of 1000000 tokens whatever was asked, and reports the requested budget",
  violates: ["FC-STAGE5-3", "FC-ORCH-4"],
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) => {
      if (cmd !== "compact") return reference(cmd, message);
      const asked = isObj(message.options) ? message.options.budgetTokens : undefined;
      const reply = await reference(cmd, { ...message, options: { budgetTokens: 1000000 } });
      if (!isObj(reply.log)) return reply;
      const compaction = reply.log.compaction as Record<string, unknown>;
      compaction.budgetTokens = typeof asked === "number" ? asked : 512;
      return reply;
    },
};
export default mutant;
