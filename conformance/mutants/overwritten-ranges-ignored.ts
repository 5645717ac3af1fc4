// FC-REDACT-SUPERSEDED-1..2 (mutant): ignores canonicalState.overwritten, so stale edits stay in the Delta.
import { isObj, type MutantModule, mapRequest } from "./support.ts";

const mutant: MutantModule = {
  id: "overwritten-ranges-ignored",
  description:
    "canonicalState.overwritten is ignored: superseded edits stay open and no reverted-block constraint is written",
  violates: ["FC-REDACT-SUPERSEDED-1", "FC-REDACT-SUPERSEDED-2"],
  wrap: (reference) =>
    mapRequest(reference, (request) => {
      if (isObj(request.canonicalState)) delete request.canonicalState.overwritten;
      return request;
    }),
};
export default mutant;
