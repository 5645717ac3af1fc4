// FC-CERT-22: completes the handshake, then never answers any request (not even an unknown command).
import { serve } from "./lib.mjs";

serve({ onRequest: () => undefined });
