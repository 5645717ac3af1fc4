// FC-REQ-11, FC-STAGE1-3 (mutant): the process dies on a NUL byte or a lone surrogate in a message.
import type { ProtocolHandler } from "../iut.ts";
import { findingsOf, inServeProcess, isObj, type MutantModule } from "./support.ts";

const HOSTILE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const mutant: MutantModule = {
  id: "crash-on-control-characters",
  description: "exits the process (code 70) when a message contains NUL or a lone surrogate",
  violates: ["FC-REQ-11"],
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) => {
      const hostile =
        cmd === "compact" &&
        isObj(message.request) &&
        findingsOf(message.request).some((f) => typeof f.message === "string" && HOSTILE.test(f.message));
      if (!hostile) return reference(cmd, message);
      if (inServeProcess()) process.exit(70);
      throw new Error("crashed");
    },
};
export default mutant;
