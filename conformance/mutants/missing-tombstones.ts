// FC-REDACT-1, FC-LOG-7 (mutant): redacts, but records no tombstone for anything it removed.
import { type MutantModule, mapLog } from "./support.ts";

const mutant: MutantModule = {
  id: "missing-tombstones",
  description: "redactions is always empty: nothing records why text left the Delta",
  violates: ["FC-LOG-7", "FC-REDACT-TRUNCATION-1"],
  wrap: (reference) =>
    mapLog(reference, (log) => {
      log.redactions = [];
      return log;
    }),
};
export default mutant;
