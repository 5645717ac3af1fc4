// FC-REDACT-SENSITIVE-3 (mutant): one token-format row (PlanetScale) is missing from the redactor.
import type { ProtocolHandler } from "../iut.ts";
import { blindTo, compactWith } from "./redaction-support.ts";
import type { MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "provider-row-dropped",
  description:
    "the redactor has no PlanetScale row: pscale_tkn_/pscale_pw_/pscale_oauth_ tokens are not masked",
  violates: ["FC-REDACT-SENSITIVE-3"],
  wrap: (reference): ProtocolHandler => compactWith(reference, { text: blindTo(/pscale_[A-Za-z0-9_.=-]+/g) }),
};
export default mutant;
