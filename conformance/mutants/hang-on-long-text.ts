// FC-REQ-11 (mutant): stops answering on a message longer than 10000 characters (a superlinear step, say).
import type { ProtocolHandler } from "../iut.ts";
import { findingsOf, inServeProcess, isObj, type MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "hang-on-long-text",
  description: "never answers a compact request whose message is longer than 10000 characters",
  violates: ["FC-REQ-11"],
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) => {
      const long =
        cmd === "compact" &&
        isObj(message.request) &&
        findingsOf(message.request).some((f) => typeof f.message === "string" && f.message.length > 10_000);
      if (!long) return reference(cmd, message);
      // As a process it hangs for good; inside a test runner's own process it gives up after a moment instead.
      if (inServeProcess()) await new Promise(() => {});
      await new Promise((r) => setTimeout(r, 20));
      throw new Error("hung");
    },
};
export default mutant;
