// FC-STAGE4-1, FC-STAGE4-2 (mutant): renders the open causes least relevant first.
import { type Json, type MutantModule, mapLog, setOpenCauses } from "./support.ts";

const mutant: MutantModule = {
  id: "reversed-ranking",
  description: "openRootCauses come in reverse relevance order (ranks renumbered 1..K)",
  violates: ["FC-STAGE4-4"],
  wrap: (reference) =>
    mapLog(reference, (log) => {
      const causes = [...((log.correctionDelta as Json).openRootCauses as Json[])].reverse();
      setOpenCauses(
        log,
        causes.map((c, i) => ({ ...c, rank: i + 1 })),
      );
      return log;
    }),
};
export default mutant;
