// FC-STAGE2-3, FC-STAGE4-1 (mutant): every finding is treated as an error.
import { findingsOf, type MutantModule, mapRequest } from "./support.ts";

const mutant: MutantModule = {
  id: "severity-ignored",
  description: "reported severities are ignored; every finding counts as an error",
  violates: ["FC-STAGE4-4", "FC-LOG-10"],
  wrap: (reference) =>
    mapRequest(reference, (request) => {
      for (const f of findingsOf(request)) delete f.severity;
      return request;
    }),
};
export default mutant;
