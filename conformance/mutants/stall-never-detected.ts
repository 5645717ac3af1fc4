// FC-STALL-1 (mutant): never flags a stall candidate.
import { type Json, type MutantModule, mapLog } from "./support.ts";

const mutant: MutantModule = {
  id: "stall-never-detected",
  description: "stallCandidate is always false, even when the prior Delta's stall view is unchanged",
  violates: ["FC-STALL-1"],
  wrap: (reference) =>
    mapLog(reference, (log) => {
      (log.compaction as Json).stallCandidate = false;
      return log;
    }),
};
export default mutant;
