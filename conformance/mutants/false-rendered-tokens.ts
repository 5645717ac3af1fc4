// FC-RENDER-2 (mutant): reports a chars/4 estimate as renderedTokens instead of the o200k_base count.
import { canonical } from "../../src/canonical.ts";
import { type Json, type MutantModule, mapLog } from "./support.ts";

const mutant: MutantModule = {
  id: "false-rendered-tokens",
  description: "renderedTokens is ceil(length / 4) of the canonical Delta, not its o200k_base token count",
  violates: ["FC-RENDER-2"],
  wrap: (reference) =>
    mapLog(reference, (log) => {
      (log.compaction as Json).renderedTokens = Math.ceil(canonical(log.correctionDelta).length / 4);
      return log;
    }),
};
export default mutant;
