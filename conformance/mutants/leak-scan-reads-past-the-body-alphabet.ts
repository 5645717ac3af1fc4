// FC-LEAK-1 (mutant): the leak scan reads a provider prefix's body past the alphabet its record allows.
import { scanForLeaks } from "../../src/redact/index.ts";
import type { ProtocolHandler } from "../iut.ts";
import { compactWith } from "./redaction-support.ts";
import type { MutantModule } from "./support.ts";

// Seed 43's two scan survivors, as a third party's fault would appear: a Shopify or Grafana prefix followed by
// any long run of word characters counts as a token, though the records read `shpat_YOUR_ACCESS_…` as none.
const PAST_THE_ALPHABET = /(?<![A-Za-z0-9])(?:shp(?:at|ss|ca|pa)_|glsa_)[A-Za-z0-9_]{24,}/;

const mutant: MutantModule = {
  id: "leak-scan-reads-past-the-body-alphabet",
  description:
    "the post-render leak scan takes shpat_/glsa_ and any 24 word characters after them for a token, so a placeholder the records read as no token is refused with SECRET_LEAK",
  violates: ["FC-LEAK-1"],
  wrap: (reference): ProtocolHandler =>
    compactWith(reference, {
      leakScan: (t) => [...scanForLeaks(t), ...(PAST_THE_ALPHABET.test(t) ? [{ detector: "shopify" }] : [])],
    }),
};
export default mutant;
