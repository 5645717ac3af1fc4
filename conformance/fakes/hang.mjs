// FC-CERT-4: completes the handshake, then never answers policy requests (the runner's timeout must fire).
import { correct, serve } from "./lib.mjs";

serve({ onRequest: (msg) => (msg.cmd === "policy.validate" ? undefined : correct(msg)) });
