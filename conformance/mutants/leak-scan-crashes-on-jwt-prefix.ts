// FC-REQ-11 (mutant): the leak scan's JWT reader throws on `eyJ` that starts no JWT (`keyJSON`) — INTERNAL.
import { scanForLeaks } from "../../src/redact/index.ts";
import type { ProtocolHandler } from "../iut.ts";
import { compactWith } from "./redaction-support.ts";
import type { MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "leak-scan-crashes-on-jwt-prefix",
  description: "the post-render leak scan throws when eyJ appears without a JWT after it",
  violates: ["FC-REQ-11"],
  wrap: (reference): ProtocolHandler =>
    compactWith(reference, {
      leakScan: (t) => {
        const hits = scanForLeaks(t);
        if (/eyJ(?![A-Za-z0-9_-]{8,}\.)/.test(t)) throw new TypeError("cannot read properties of undefined");
        return hits;
      },
    }),
};
export default mutant;
