// FC-STAGE1-2, FC-REDACT-ASSUMPTION-1 (mutant): verdict notes never enter the pipeline.
import { type MutantModule, mapRequest, verdictsOf } from "./support.ts";

const mutant: MutantModule = {
  id: "notes-ignored",
  description: "verdict notes are dropped instead of becoming a verifier:notes finding",
  violates: ["FC-REDACT-ASSUMPTION-1"],
  wrap: (reference) =>
    mapRequest(reference, (request) => {
      for (const v of verdictsOf(request)) delete v.notes;
      return request;
    }),
};
export default mutant;
