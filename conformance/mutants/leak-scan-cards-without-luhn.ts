// FC-LEAK-1 (mutant): the leak scan takes any standalone 13-19 digit run of a card network for a card, Luhn or not.
import { scanForLeaks } from "../../src/redact/index.ts";
import type { ProtocolHandler } from "../iut.ts";
import { compactWith } from "./redaction-support.ts";
import type { MutantModule } from "./support.ts";

/** A run of 13 to 19 digits opening like a Visa, Mastercard, American Express or Discover number, standing alone. */
const CARD_SHAPED = /(?<![\w.-])(?:4|5[1-5]|3[47]|6011|65)\d{11,17}(?![\w]|\.\d)/;

const mutant: MutantModule = {
  id: "leak-scan-cards-without-luhn",
  description:
    "the post-render leak scan reports SECRET_LEAK for any card-shaped number, one that fails the Luhn check too (an order number)",
  violates: ["FC-LEAK-1"],
  wrap: (reference): ProtocolHandler =>
    compactWith(reference, {
      leakScan: (t) => [...scanForLeaks(t), ...(CARD_SHAPED.test(t) ? [{ detector: "payment-card" }] : [])],
    }),
};
export default mutant;
