// FC-STAGE3-1, FC-REDACT-STALE-1 (mutant): ignores resolved/superseded statuses, so fixed findings come back.
import { findingsOf, type MutantModule, mapRequest } from "./support.ts";

const mutant: MutantModule = {
  id: "resolved-findings-return",
  description: "every finding is treated as open: resolved and superseded findings are back in the Delta",
  violates: ["FC-STAGE3-1", "FC-REDACT-STALE-1"],
  wrap: (reference) =>
    mapRequest(reference, (request) => {
      for (const f of findingsOf(request)) delete f.status;
      return request;
    }),
};
export default mutant;
