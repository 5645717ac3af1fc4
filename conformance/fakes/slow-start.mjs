// FC-CERT-7: writes ~1 MiB to stderr and waits FAKE_START_DELAY_MS (default 1500) before the handshake reply.
import { correct, INFO, serve } from "./lib.mjs";

const delay = Number(process.env.FAKE_START_DELAY_MS ?? "1500");
const line = "fake: warming up caches, this is just noise on stderr\n";
serve({
  onStart: async () => {
    for (let i = 0; i < 20000; i++) process.stderr.write(line);
    await new Promise((r) => setTimeout(r, delay));
    return { version: 1, implementation: INFO, capabilities: ["policy"] };
  },
  onRequest: (msg) => correct(msg),
});
