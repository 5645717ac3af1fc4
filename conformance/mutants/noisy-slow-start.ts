// FC-PROTO-1, FC-PROTO-2 (harmless variant): logs a lot on stderr and takes 1.5 s to start; answers like the reference.
import type { MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "noisy-slow-start",
  description:
    "writes 2000 log lines to stderr and waits 1.5 s before the handshake; otherwise the reference",
  violates: [],
  harmless: true,
  startDelayMs: 1500,
  stderrNoise: true,
  wrap: (reference) => reference,
};
export default mutant;
