// FC-CERT-6: answers every request with seq + 1000.
import { correct, serve } from "./lib.mjs";

serve({ onRequest: (msg) => ({ ...correct(msg), seq: msg.seq + 1000 }) });
