// FC-ERR-3 (mutant): error messages quote the offending request text.
import type { ProtocolHandler } from "../iut.ts";
import { isObj, type MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "errors-echo-input",
  description: "a compaction error's message ends with a JSON excerpt of the request",
  violates: ["FC-ERR-3", "FC-PROTO-5"],
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) => {
      const reply = await reference(cmd, message);
      if (cmd !== "compact" || !isObj(reply.error)) return reply;
      const excerpt = JSON.stringify(message.request ?? null).slice(0, 4000);
      return {
        ...reply,
        error: { ...reply.error, message: `${String(reply.error.message)} near ${excerpt}` },
      };
    },
};
export default mutant;
