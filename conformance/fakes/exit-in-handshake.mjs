// FC-CERT-7: exits with code 7 as soon as it receives the start message.
import { serve } from "./lib.mjs";

serve({
  onStart: () => {
    process.stderr.write("fake: giving up during the handshake\n");
    process.exit(7);
  },
  onRequest: () => undefined,
});
