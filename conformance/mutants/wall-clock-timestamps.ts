// FC-LOG-5, FC-PURE-1 (mutant): stamps generatedAt with the wall clock instead of r<N>.
import { type MutantModule, mapLog } from "./support.ts";

const mutant: MutantModule = {
  id: "wall-clock-timestamps",
  description: "generatedAt is the current ISO time in both places instead of r<N>",
  violates: ["FC-PURE-1"],
  wrap: (reference) =>
    mapLog(reference, (log) => {
      const now = new Date().toISOString();
      (log.compaction as Record<string, unknown>).generatedAt = now;
      (log.correctionDelta as Record<string, unknown>).generatedAt = now;
      return log;
    }),
};
export default mutant;
