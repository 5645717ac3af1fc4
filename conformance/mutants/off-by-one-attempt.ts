// FC-STAGE5-1, FC-ORCH-7 (mutant): attempt is the last round's index instead of index + 1.
import { type Json, type MutantModule, mapLog } from "./support.ts";

const mutant: MutantModule = {
  id: "off-by-one-attempt",
  description: "attempt = N instead of N + 1",
  violates: ["FC-STAGE5-1", "FC-ORCH-7"],
  wrap: (reference) =>
    mapLog(reference, (log) => {
      const delta = log.correctionDelta as Json;
      delta.attempt = (delta.attempt as number) - 1;
      return log;
    }),
};
export default mutant;
