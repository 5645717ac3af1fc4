// FC-REDACT-SENSITIVE-8 (mutant): the redactor does not see through percent-encoding and `\u`/`\x` escapes — an encoded token reaches the log.
import type { ProtocolHandler } from "../iut.ts";
import { blindTo, compactWith } from "./redaction-support.ts";
import type { MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "encoded-tokens-not-decoded",
  description: "the redactor leaves runs of percent-encoded or escaped characters as they are (no decoding)",
  violates: ["FC-REDACT-SENSITIVE-8"],
  wrap: (reference): ProtocolHandler =>
    compactWith(reference, {
      text: blindTo(/(?:%(?:25)?[0-9A-Fa-f]{2}|\\u00[0-9A-Fa-f]{2}|\\x[0-9A-Fa-f]{2}){8,}/g),
    }),
};
export default mutant;
