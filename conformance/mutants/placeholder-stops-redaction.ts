// FC-REDACT-SENSITIVE-9, FC-REDACT-SENSITIVE-7 (mutant): a text that already holds a placeholder is not redacted again.
import { redactText } from "../../src/redact/index.ts";
import type { ProtocolHandler } from "../iut.ts";
import { compactWith } from "./redaction-support.ts";
import type { MutantModule } from "./support.ts";

// Seed 45's 24990 as a third party's fault would appear: "already redacted" read as "nothing left to mask".
const mutant: MutantModule = {
  id: "placeholder-stops-redaction",
  description:
    "the redactor leaves a text alone once it holds a placeholder («redacted:…»), so a secret or an address beside it stays visible",
  violates: ["FC-REDACT-SENSITIVE-9", "FC-REDACT-SENSITIVE-7"],
  wrap: (reference): ProtocolHandler =>
    compactWith(reference, {
      text: (text, ctx) => (text.includes("«redacted:") ? { text, hits: [] } : redactText(text, ctx)),
    }),
};
export default mutant;
