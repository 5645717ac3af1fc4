// FC-STAGE5-4, FC-DELTA-1 (mutant): drops the causes that did not fit without an omitted marker or tombstones.
import { type Json, type MutantModule, mapLog } from "./support.ts";

const mutant: MutantModule = {
  id: "silent-truncation",
  description:
    "causes that do not fit vanish: omitted is null, no omission tombstones, no omitted-finding refs",
  violates: ["FC-STAGE5-5", "FC-DELTA-1", "FC-REDACT-TRUNCATION-1"],
  wrap: (reference) =>
    mapLog(reference, (log) => {
      (log.correctionDelta as Json).omitted = null;
      log.redactions = (log.redactions as Json[]).filter((t) => !String(t.reason).startsWith("omitted:"));
      const evidence = log.evidence as { refs: Json[] };
      evidence.refs = evidence.refs.filter((r) => r.kind !== "omitted-finding");
      return log;
    }),
};
export default mutant;
