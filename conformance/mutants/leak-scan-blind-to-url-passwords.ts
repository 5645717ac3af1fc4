// FC-LEAK-1, FC-SCAN-1 (mutant): the leak scan's URL-password detector is switched off.
import { scanForLeaks } from "../../src/redact/index.ts";
import type { ProtocolHandler } from "../iut.ts";
import { compactWith } from "./redaction-support.ts";
import type { MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "leak-scan-blind-to-url-passwords",
  description: "the post-render leak scan never reports a password in URL user info",
  violates: ["FC-LEAK-1", "FC-SCAN-1"],
  wrap: (reference): ProtocolHandler =>
    compactWith(reference, { leakScan: (t) => scanForLeaks(t).filter((h) => h.detector !== "url-password") }),
};
export default mutant;
