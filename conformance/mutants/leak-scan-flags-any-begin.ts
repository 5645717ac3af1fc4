// FC-LEAK-1 (mutant): the leak scan takes any `-----BEGIN ` line for a private key, public certificates included.
import { scanForLeaks } from "../../src/redact/index.ts";
import type { ProtocolHandler } from "../iut.ts";
import { compactWith } from "./redaction-support.ts";
import type { MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "leak-scan-flags-any-begin",
  description:
    "the post-render leak scan reports SECRET_LEAK for any -----BEGIN header, a public certificate too",
  violates: ["FC-LEAK-1"],
  wrap: (reference): ProtocolHandler =>
    compactWith(reference, {
      leakScan: (t) => [
        ...scanForLeaks(t),
        ...(t.includes("-----BEGIN ") ? [{ detector: "private-key" }] : []),
      ],
    }),
};
export default mutant;
