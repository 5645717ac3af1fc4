// FC-REDACT-SENSITIVE-7 (mutant): the redactor's IBAN check is switched off — IBANs reach the log (the leak scan has no IBAN rule).
import type { ProtocolHandler } from "../iut.ts";
import { blindTo, compactWith } from "./redaction-support.ts";
import type { MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "iban-check-skipped",
  description: "the redactor leaves IBANs visible (one PII table entry switched off)",
  violates: ["FC-REDACT-SENSITIVE-7"],
  wrap: (reference): ProtocolHandler =>
    compactWith(reference, { text: blindTo(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g) }),
};
export default mutant;
